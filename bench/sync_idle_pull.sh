#!/usr/bin/env bash
# Issue 14, figure 1: POST /api/v1/sync/pull with a current cursor (nothing changed) against GET /healthz in the same
# run: latency p50/p95 with one connection, req/s with 32, the response's bytes and what one pull asks of the
# database (targets, design/sync.md: one indexed query, < 300 B, server < 5 ms). See bench/sync_idle_pull.py.
#   bench/sync_idle_pull.sh                       SQLite, 10 accounts, 100,000 tasks
#   DB=postgres bench/sync_idle_pull.sh           the same on a throwaway PostgreSQL
#   DURATION=5s TASKS=10000 bench/sync_idle_pull.sh   a quicker run
#   DOABLE_BIN=.build/debug/doable bench/sync_idle_pull.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

source bench/release-server.sh "$@"
exec .venv/bin/python bench/sync_idle_pull.py "$@"
