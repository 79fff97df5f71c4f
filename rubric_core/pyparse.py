"""`ast.parse` behind one lock per process.

CPython 3.11 before 3.11.8 keeps the recursion depth of its AST-to-Python conversion in state shared by the
interpreter's threads: two threads parsing at once can fail with "SystemError: AST constructor recursion depth
mismatch" (CPython gh-106905). Suite items and checks run in threads of one process, so every parse in this
package goes through here. A parse of a draft's code or of one library file takes milliseconds; the lock costs
nothing measurable beside a model call.
"""

from __future__ import annotations

import ast
import threading

_LOCK = threading.Lock()
_parse = ast.parse


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """`ast.parse(source, filename)`, one thread at a time; raises what `ast.parse` raises."""
    with _LOCK:
        return _parse(source, filename)
