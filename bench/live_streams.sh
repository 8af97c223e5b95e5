#!/usr/bin/env bash
# Q-8 (issue 32, item 6): 1,000 live event streams (GET /api/v1/events) open on one server with 1M tasks stored:
# resident memory < 150 MB, and a change reaches all 1,000 streams within 1 s at p95, against the baselines of the
# server's memory with no stream open and of the delivery to one stream, in the same run.
#   bench/live_streams.sh                                  SQLite, 1,000,000 tasks, 100 accounts x 10 streams
#   TASKS=100000 bench/live_streams.sh                     a quicker run
#   ACCOUNTS=1000 STREAMS_PER_ACCOUNT=1 bench/live_streams.sh   1,000 members with one stream each
#   DB=postgres bench/live_streams.sh                      the same on a throwaway PostgreSQL
#   DOABLE_BIN=.build/debug/doable bench/live_streams.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
# 1,000 streams are 1,000 sockets in the client and 1,000 in the server (which inherits the limit).
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

source bench/release-server.sh "$@"
exec .venv/bin/python bench/live_streams.py "$@"
