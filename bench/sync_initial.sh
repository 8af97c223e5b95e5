#!/usr/bin/env bash
# Issue 14, figure 3: the initial sync of 100,000 tasks to an empty device with the real client (`doable login` into a
# fresh DOABLE_HOME, timed; target < 10 s), against the raw pull loop (Python, pages of 5,000) in the same run.
# See bench/sync_initial.py.
#   bench/sync_initial.sh                         SQLite, 100,000 tasks in one account
#   DB=postgres bench/sync_initial.sh             the same on a throwaway PostgreSQL
#   TASKS=20000 CLI_RUNS=3 bench/sync_initial.sh  a smaller account, three fresh devices
#   DOABLE_BIN=.build/debug/doable bench/sync_initial.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/sync_initial.py "$@"
