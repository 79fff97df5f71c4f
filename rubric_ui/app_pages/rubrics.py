from rubric_ui.screens.rubrics import render

render()
