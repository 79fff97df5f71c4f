"""Judge the judge: human reviews, grader agreement and consistency, and what-if regrades.

Every function takes a list of run ids, so a suite run (its item runs) is a
thin wrapper; iterations and turns are the store's 0-based numbers here (the
command line and the pages show them 1-based).

Imports: `engine`, `store`, `models`, `projects`, `config`, `views` and the shared base modules. Known circles
(issue 43 item 1): `calibration` imports `exports` (which imports it), `judges` imports `suites.suite_store`.
"""
