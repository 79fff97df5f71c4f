from rubric_ui.screens.assistant import render

render()
