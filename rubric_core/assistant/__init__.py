"""The rubric assistant: draft a rubric from a task, diagnose a rubric version from its stored evidence, propose
edits, prove each on held-out human reviews, and accept a proven edit as a new version.

One concern per module:
  evidence.py    what the store knows about a rubric version: its runs, every graded cell, reviews, flips
  split.py       which runs' reviews the assistant may learn from and which it holds out (seeded, stored)
  findings.py    the doctor: per criterion, what the evidence says is wrong, with numbers and the cells behind it
  proposals.py   one to three concrete edits per finding (rules offline; an LLM when a model is given)
  proof.py       a what-if regrade of the stored drafts under an edit, scored on the held-out reviews
  fitness.py     what a version's held-out agreement makes it good for: exploration, monitoring or gate
  drafting.py    a rubric drafted from a task (rules offline, structured output with an LLM): the entry point
  draft_*.py, *_rules.py, task_*.py, note_*.py   the offline drafter's parts (docs/ASSISTANT.md, "Draft")
  llm.py         the structured-output calls both LLM paths make, bounded, with their tokens and cost
docs/ASSISTANT.md says how each number is computed.

Imports: `suites`, `judge`, `engine`, `models`, `checks`, `store` and the shared base modules. Nothing in rubric_core
but `cli` imports it.
"""
