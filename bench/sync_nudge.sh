#!/usr/bin/env bash
# Issue 14, figure 2: an edit on device A seen on device B, which listens on GET /api/v1/events and pulls on each
# change event (targets: p50 < 150 ms, p95 < 500 ms; SPEC Q-4: < 5 ms on the server), against the push's own round
# trip in the same run. See bench/sync_nudge.py.
#   bench/sync_nudge.sh                           SQLite, 200 edits, one every 50 ms
#   DB=postgres bench/sync_nudge.sh               the same on a throwaway PostgreSQL
#   SAMPLES=500 INTERVAL=0.02 bench/sync_nudge.sh more edits, closer together
#   DOABLE_BIN=.build/debug/doable bench/sync_nudge.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/sync_nudge.py "$@"
