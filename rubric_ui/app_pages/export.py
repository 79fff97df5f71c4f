from rubric_ui.screens.export import render

render()
