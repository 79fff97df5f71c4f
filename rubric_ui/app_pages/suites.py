from rubric_ui.screens.suites import render

render()
