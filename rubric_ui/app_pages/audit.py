from rubric_ui.page_audit import render

render()
