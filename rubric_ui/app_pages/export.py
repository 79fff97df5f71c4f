from rubric_ui.page_export import render

render()
