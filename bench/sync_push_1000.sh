#!/usr/bin/env bash
# Issue 14, figure 4: 1,000 edits made offline with `doable edit … --offline`, then pushed by one `doable sync` (timed;
# target < 1 s), and the raw push of 10 × 100 mutations, against 1,000 single REST PATCHes in the same run.
# See bench/sync_push_1000.py.
#   bench/sync_push_1000.sh                       SQLite, 10,000 tasks in one account
#   DB=postgres bench/sync_push_1000.sh           the same on a throwaway PostgreSQL
#   EDITS=200 bench/sync_push_1000.sh             fewer edits (quicker: each CLI edit is a process)
#   DOABLE_BIN=.build/debug/doable bench/sync_push_1000.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/sync_push_1000.py "$@"
