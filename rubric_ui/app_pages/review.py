from rubric_ui.page_review import render

render()
