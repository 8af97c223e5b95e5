#!/usr/bin/env bash
# Issue 16, QR-01 / SPEC Q-1: completing a task with the companion game on, the answer carrying its reward, at 1 and
# 32 connections, against the same completions with the game off and GET /healthz in the same run (see
# bench/game_bench.py; load from wrk, bench/wrk/complete_fresh.lua).
#   bench/game_complete.sh                       SQLite, 64 accounts (32 with the game off, 32 with it on), 192,000
#                                                tasks seeded; each request completes a task still open
#   DB=postgres bench/game_complete.sh           the same on a throwaway PostgreSQL
#   TASKS=100000 DURATION=5 bench/game_complete.sh   a quicker run
#   DOABLE_BIN=/abs/path/doable bench/game_complete.sh   a release binary built already
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/game_bench.py complete
