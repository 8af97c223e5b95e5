"""Runs the schemathesis command line with two changes: ast.parse is serialized across threads, and every call says
it comes from a client address of its own.

CPython 3.11 keeps the AST converter's recursion depth in interpreter-wide state, so two threads parsing at once can
fail with "AST constructor recursion depth mismatch". With `--workers 2`, Hypothesis does exactly that when it
describes a strategy built from a lambda, and the run reports a runtime error in whichever operation lost the race.
The lock costs nothing measurable: the parses are of a few source lines, and cached.

Addresses: the server slows down an address after ten failed password checks, doubling to 8 s per attempt (ACC-2,
tests/live/signin_abuse.py checks it). Schemathesis sends hundreds of wrong passwords from 127.0.0.1 (sign-in,
password change, account deletion), so most of its run was spent waiting out those delays. With
SCHEMATHESIS_CLIENT_ADDRESSES=1 each call carries `X-Forwarded-For` with an address of the IPv6 documentation range
of its own, which the server (started with `--trusted-proxy 127.0.0.1`) takes as the client's, as behind a proxy.
"""

import ast
import itertools
import os
import sys
import threading

_parse = ast.parse
_lock = threading.Lock()


def _serialized_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _serialized_parse

import schemathesis as _schemathesis  # noqa: E402  (after the patch, so every import sees it)
from schemathesis.cli import schemathesis  # noqa: E402

_calls = itertools.count(1)

if os.environ.get("SCHEMATHESIS_CLIENT_ADDRESSES") == "1":
    @_schemathesis.hook
    def before_call(context, case, **kwargs):
        number = next(_calls)
        case.headers = {**(case.headers or {}), "X-Forwarded-For": f"2001:db8::{number >> 16:x}:{number & 0xFFFF:x}"}

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
