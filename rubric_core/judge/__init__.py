"""Judge the judge: human reviews, grader agreement and consistency, and what-if regrades.

Every function takes a list of run ids, so a suite run (its item runs) is a
thin wrapper; iterations and turns are the store's 0-based numbers here (the
command line and the pages show them 1-based).

Imports: `suites` (a suite run's items, for `judges`), `engine`, `store`, `models`, `projects`, `config` and the
shared base modules (`pairing`, `review_words`). The calibration export is `exports`' (exports stand on judge).
"""
