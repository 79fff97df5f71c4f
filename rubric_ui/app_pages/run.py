from rubric_ui.screens.run import render

render()
