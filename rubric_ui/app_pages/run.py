from rubric_ui.page_run import render

render()
