from rubric_ui.screens.runs import render

render()
