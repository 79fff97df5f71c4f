from rubric_ui.page_runs import render

render()
