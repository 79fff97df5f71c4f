from rubric_ui.page_suites import render

render()
