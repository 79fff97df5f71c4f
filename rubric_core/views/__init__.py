"""What pages, the command line and reports read of a run: its view, payloads, diffs, heatmaps, matrix views.

Imports: `store`, `engine.events`, `models.notice` and the shared base modules. Known circle (issue 43 item 1): the
matrix view imports `suites.matrix` and `suites.matrix_stats`, and suites' comparisons import views back. Drawing is
rubric_ui's; this package only shapes data.
"""
