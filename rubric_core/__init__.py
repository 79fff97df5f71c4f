"""Rubric Studio's core: everything but the pages, runnable and tested without Streamlit.

Its packages stand on one another in this order (a package imports only those under it):

    cli                                   the command line, the top
    assistant                             drafting and fixing rubrics, proved on held-out reviews
    suites                                one rubric over a dataset, matrices, gates
    exports                               eval datasets in and out
    judge                                 reviews, agreement, what-if regrades
    execution, views                      where runs run (threads, a pool, Dask); what pages and reports read
    engine                                the real create_deep_agent + RubricMiddleware loop, as events
    projects, config                      the user's agents and grader tools; a run's settings
    models                                the offline writer and grader and the providers' chat models
    access, store                         who may do what; the run store
    checks                                deterministic checks of a draft against a criterion
    rubric, verdicts, numbers, words, ... the shared base modules; redaction (every secret the process holds,
                                          replaced on every path out) is one of them

The order is the code's own dependencies; the package docstrings say what each imports, and name the imports that
still run back up (issue 43 item 1: store -> engine's event types, exports <-> judge.calibration, judge and
exports -> suites.suite_store, views <-> suites' matrices, projects.describe -> engine.stack). rubric_core never imports streamlit or rubric_ui
(an import-linter contract in pyproject.toml, run by `make lint`).
"""
