"""Where Rubric Studio keeps its files."""

from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "RUBRIC_STUDIO_HOME"
DEFAULT_HOME = ".rubric-studio"


def data_dir() -> Path:
    """The data directory: $RUBRIC_STUDIO_HOME, else ./.rubric-studio."""
    return Path(os.environ.get(HOME_ENV) or DEFAULT_HOME).expanduser()
