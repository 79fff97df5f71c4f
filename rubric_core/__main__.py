"""`python -m rubric_core`."""

import sys

from rubric_core import cli

if __name__ == "__main__":
    cli.PROCESS_ENDS_AFTER_RUN = True
    sys.exit(cli.main())
