"""A suite run followed on the command line: a progress bar on a terminal, or one JSON record per suite event."""

from __future__ import annotations

import json
import sys
from typing import Any


class SuiteProgress:
    """A progress bar on a terminal (tqdm, on stderr), one JSON event per line with --jsonl, else quiet."""

    def __init__(self, jsonl: bool, total: int) -> None:
        self.jsonl = jsonl
        self.bar: Any = None
        if not jsonl and sys.stderr.isatty():
            from tqdm import tqdm

            # The bar redraws itself with carriage returns: it writes to the terminal itself, not through the
            # filter that shows control characters (cli/terminal.py); the item ids it shows are made safe here.
            raw = getattr(sys.stderr, "raw", sys.stderr)
            self.bar = tqdm(total=total, unit="item", file=raw, dynamic_ncols=True)

    def __call__(self, event: dict[str, Any]) -> None:
        if self.jsonl:
            if event.get("column") is not None:  # numbered from 1 in every record, as the page and the flags say
                event = {**event, "column": int(event["column"]) + 1}
            sys.stdout.write(json.dumps(event, default=str) + "\n")
            sys.stdout.flush()
        elif self.bar is not None:
            if event["type"] == "suite_started":
                self.bar.n = event["already_finished"]
                self.bar.refresh()
            elif event["type"] == "item_finished":
                self.bar.update(1)
                from rubric_core.cli.terminal import terminal_safe

                self.bar.set_postfix_str(terminal_safe(f"{event['item_id']}: {event['status']}"), refresh=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
