"""Chat models plugged into the real loop: the embedded offline writer and grader (`offline.py`), and the
providers' models (`providers.py`).

Imports: `checks` (the offline grader is the deterministic checks) and the shared base modules (`rubric`,
`numbers`, `examples`). Nothing here imports the engine that runs these models.
"""
