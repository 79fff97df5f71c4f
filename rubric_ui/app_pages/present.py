from rubric_ui.page_present import render

render()
