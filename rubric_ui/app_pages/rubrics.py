from rubric_ui.page_rubrics import render

render()
