#!/usr/bin/env bash
# Issue 12: reading a 50-task list shared with the reader against reading the reader's own 50-task list, in the same
# run (target: shared ≤ 1.10 × own), uncached (a distinct query string per request pair, so the full read path with
# the role check runs) and cached (the same query repeated, answered by the rendered-page cache).
#   bench/shared_list.sh                        SQLite
#   DB=postgres bench/shared_list.sh            the same on a throwaway PostgreSQL
#   PAIRS=1000 bench/shared_list.sh             more request pairs per figure (default 500, after 50 warm-up pairs)
#   DOABLE_BIN=.build/debug/doable bench/shared_list.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/shared_list.py "$@"
