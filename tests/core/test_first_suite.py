"""A suite's items get the library's grader prompt without the agent stack in this process.

Items with a reference answer and no grader prompt of their own are graded against RubricMiddleware's own
prompt followed by the reference. Reading that prompt imported deepagents (seconds) in the dashboard for each
suite started there, though its items run in worker processes; it is now read from the library's source. The
check runs in a fresh interpreter, where nothing is imported yet; it fails on the old code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rubric_core.engine.stack import library_grader_prompt

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys
from rubric_core.config import RunConfig
from rubric_core.suites import suite_store as ss
from rubric_core.suites.example import example_dataset, example_rubric

item = next(i for i in example_dataset().items if i.reference)
config = RunConfig.from_dict({"task": "x", "rubric": example_rubric(1)}).to_dict()
suite = {"config": {k: v for k, v in config.items() if k != "task"}}
built = ss.item_config(suite, {"task": item.task, "reference": item.reference, "position": 0})
print(repr(built.grader_prompt), sorted(m for m in ("deepagents", "langchain", "langgraph") if m in sys.modules))
"""


def test_an_items_grader_prompt_is_the_librarys_without_the_agent_stack(home: Path) -> None:
    from deepagents.middleware.rubric import GRADER_SYSTEM_PROMPT

    from rubric_core.suites.example import example_dataset
    from rubric_core.suites.reference import REFERENCE_NOTE

    assert library_grader_prompt() == GRADER_SYSTEM_PROMPT
    proc = subprocess.run(
        [sys.executable, "-c", CODE],
        cwd=ROOT,
        env={"RUBRIC_STUDIO_HOME": str(home), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    prompt, imported = proc.stdout.strip().splitlines()[-1].rsplit(" [", 1)
    reference = next(i for i in example_dataset().items if i.reference).reference
    assert prompt == repr(GRADER_SYSTEM_PROMPT + REFERENCE_NOTE.format(reference=reference))
    assert imported == "]"
