"""What the UI says beside a draft of the embedded offline writer.

Kept out of the draft itself (a marker in the text would change its line and
word counts, and so the grader's verdicts) and out of offline.py, so a page
can show it without importing the agent stack.
"""

from __future__ import annotations

OFFLINE_DRAFT_NOTICE = "Drafted by the embedded offline writer: deterministic, no model call."
"""One sentence for the UI to show next to drafts of runs whose working model is `offline:writer`."""


WRITER_NOTICE_KEY = "writer_notice"
"""Where an offline draft's message carries how the writer read the task (`response_metadata[...]`): set when
the task named no genre the writer has and it wrote the nearest one. The engine stores it with the draft event
(`data["notice"]`) for the run view to show; it is never part of the draft's text."""


def is_offline_writer(model_spec: str) -> bool:
    """Whether a working-model spec is the embedded offline writer (`offline:writer`, with or without options)."""
    return model_spec.strip().split("?", 1)[0] == "offline:writer"
