from rubric_ui.screens.review import render

render()
