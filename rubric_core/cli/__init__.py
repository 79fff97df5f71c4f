"""The command line: `rubric-studio` (installed) and `python -m rubric_core`, one module per command group.

`main.py` builds the parser from the groups (`run.py`, `store.py`, `suite.py`,
`suite_report.py`, `judge.py`, `ui.py`); what several groups share lives in
`common.py` (errors, exit codes, argument types, the store) and `following.py`
(following a live run, Ctrl-C and SIGTERM). Groups import only those two and
`dask.py`, never each other or `main.py`, so the package has no import cycle
(`make lint` checks it with import-linter).

Imports: anything in rubric_core (the top layer). Nothing imports it but `rubric_core.__main__`.
"""
