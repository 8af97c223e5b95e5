"""Runs the schemathesis command line with one change: ast.parse is serialized across threads.

CPython 3.11 keeps the AST converter's recursion depth in interpreter-wide state, so two threads parsing at once can
fail with "AST constructor recursion depth mismatch". With `--workers 2`, Hypothesis does exactly that when it
describes a strategy built from a lambda, and the run reports a runtime error in whichever operation lost the race.
The lock costs nothing measurable: the parses are of a few source lines, and cached.
"""

import ast
import sys
import threading

_parse = ast.parse
_lock = threading.Lock()


def _serialized_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _serialized_parse

from schemathesis.cli import schemathesis  # noqa: E402  (after the patch, so every import sees it)

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
