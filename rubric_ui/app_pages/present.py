from rubric_ui.screens.present import render

render()
