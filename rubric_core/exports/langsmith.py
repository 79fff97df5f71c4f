"""Upload a LangSmith-format export to a LangSmith dataset, when a key is configured."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path


class UploadFailed(Exception):
    """The LangSmith upload failed; the message says so with its whole cause (the file was written)."""


def langsmith_configured() -> bool:
    """Whether a LangSmith key is in the environment."""
    return bool(os.environ.get("LANGSMITH_API_KEY") or os.environ.get("LANGCHAIN_API_KEY"))


def upload_to_langsmith(path: Path, dataset: str | None) -> str:
    """Upload a langsmith-format file to a dataset; a clear message when no key is configured.

    UploadFailed when LangSmith refuses or cannot be reached: its whole cause, keys redacted (a cause cut
    short is often the part that said what to fix).
    """
    if not langsmith_configured():
        return (
            f"Wrote {path}. Not uploaded: set LANGSMITH_API_KEY (and LANGSMITH_ENDPOINT for a self-hosted "
            "LangSmith) to upload to a LangSmith dataset."
        )
    from langsmith import Client

    name = dataset or f"rubric-studio-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}"
    client = Client()
    examples = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    try:
        ds = (
            client.read_dataset(dataset_name=name)
            if client.has_dataset(dataset_name=name)
            else client.create_dataset(name, description="Exported from Rubric Studio")
        )
        for start in range(0, len(examples), 100):
            chunk = examples[start : start + 100]
            client.create_examples(
                dataset_id=ds.id,
                examples=[
                    {"inputs": e["inputs"], "reference_outputs": e["reference_outputs"], "metadata": e["metadata"]}
                    for e in chunk
                ],
            )
    except Exception as exc:  # noqa: BLE001 -- the upload is optional; report, keep the file
        from rubric_core.engine.runner import redact

        cause = " ".join(redact(str(exc), None).split()) or "no reason given"
        msg = f"Wrote {path}, but the LangSmith upload failed: {type(exc).__name__}: {cause}"
        raise UploadFailed(msg) from None
    return f"Wrote {path} and uploaded {len(examples)} examples to LangSmith dataset {name!r}."
