"""An example project for Rubric Studio: a Python fixer agent and the grader tool that tests its work."""
