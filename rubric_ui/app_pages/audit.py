from rubric_ui.screens.audit import render

render()
