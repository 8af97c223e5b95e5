#!/usr/bin/env bash
# Issue 16, GAME-6: GET /api/v1/stats?period=year and ?period=week for a member with 100,000 completed tasks, at one
# connection, against GET /healthz and GET /api/v1/tasks?limit=50 in the same run (see bench/game_bench.py). The
# member is seeded with `doable admin seed --completed-share 0.8 --game`: 125,000 tasks, 100,000 of them completed
# through the domain's completeTask (completion rows, rewards, ledger, closed game days) over the past 365 days.
#   bench/stats_100k.sh                          SQLite
#   DB=postgres bench/stats_100k.sh              the same on a throwaway PostgreSQL
#   COMPLETED=20000 DURATION=5 bench/stats_100k.sh   a quicker run
#   DOABLE_BIN=/abs/path/doable bench/stats_100k.sh  a release binary built already
#   KEEP=/tmp/stats100k bench/stats_100k.sh     seed into that folder and keep it; run again to measure it unseeded
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/game_bench.py stats
