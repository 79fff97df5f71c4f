"""The feedback a paused run's agent would read once a person's overrides apply, as they are made.

The pause panel's feedback box showed the grader's text until Continue composed it again from the overrides, so an
overridden criterion read as satisfied there. The same two steps the loop takes on Continue (`apply_decision` on
the library's evaluation, then the library's revision prompt) give the box its text at each change.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rubric_core.engine.steering import apply_decision, feedback_text


def feedback_after_overrides(
    evaluation: Mapping[str, Any],
    overrides: Sequence[Mapping[str, Any]],
    *,
    reviewer: str,
    max_iterations: int,
) -> str:
    """What the agent reads if the run goes on with these overrides ({position, verdict, reason}); '' when the
    pass then ends the loop (nothing goes back to the agent). The evaluation itself is left as it was."""
    edited: dict[str, Any] = copy.deepcopy(dict(evaluation))
    apply_decision(edited, {"overrides": list(overrides), "reviewer": reviewer}, max_iterations=max_iterations)
    return feedback_text(edited)
