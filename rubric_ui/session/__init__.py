"""What every script run stands on: the process's store and run manager (resources), who is signed in and what
they may do (access), this browser session's API keys and kept widget values (keys, state), the page files by
path, and the marker a full run draws last. Nothing here imports a widget or a page (lint-imports)."""
