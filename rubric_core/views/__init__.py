"""What pages, the command line and reports read of a run: its view, payloads, diffs, heatmaps, matrix views.

Imports: `suites` (the matrix view reads `suites.matrix` and `suites.matrix_stats`), `store`, `models.notice` and
the shared base modules (`events`). Drawing is rubric_ui's; this package only shapes data.
"""
