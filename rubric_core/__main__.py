"""`python -m rubric_core`."""

import sys

from rubric_core.cli import main

if __name__ == "__main__":
    sys.exit(main())
