"""`python -m rubric_core`: the same command line as the installed `rubric-studio`."""

import sys

from rubric_core.cli import following
from rubric_core.cli.main import main

if __name__ == "__main__":
    following.PROCESS_ENDS_AFTER_RUN = True
    sys.exit(main(prog="python -m rubric_core"))
