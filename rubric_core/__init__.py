"""Rubric Studio's core: everything but the pages, runnable and tested without Streamlit.

Its packages stand on one another in this order (a package imports only those under it; two on one line never
import each other):

    cli                                   the command line, the top
    assistant, exports                    drafting and fixing rubrics; eval datasets in and out (a suite's too)
    judge, views                          reviews, agreement, what-if regrades; what pages and reports read
    suites                                one rubric over a dataset, matrices, gates
    execution                             where runs run (threads, a pool, Dask)
    engine                                the real create_deep_agent + RubricMiddleware loop, as events
    projects                              the user's agents and grader tools
    config                                a run's settings
    access, models                        who may do what; the offline writer and grader, the providers' models
    checks, store                         deterministic checks of a draft; the run store
    config_file, logs, review_words       the shared base modules that stand on others below them
    events, rubric, verdicts, pairing,    the shared base modules; redaction (every secret the process holds,
    numbers, words, redaction, ...        replaced on every path out) is one of them

The order is the code's own dependencies, and import-linter keeps it (pyproject.toml, run by `make lint`): the
layers above, no import cycle between the packages or between the modules of any package, and rubric_core never
imports streamlit or rubric_ui. docs/ARCHITECTURE.md says why each package stands where it does.
"""
