#!/usr/bin/env bash
# Issue 12: a change to a list with 20 members reaches all 20 live connections (GET /api/v1/events) within 1 s
# (p99 over 50 changes × 20 streams), against the baseline of the owner's one stream seeing her own change in the
# same run.
#   bench/shared_live.sh                        SQLite
#   DB=postgres bench/shared_live.sh            the same on a throwaway PostgreSQL
#   CHANGES=200 INTERVAL=0.05 bench/shared_live.sh   more changes, closer together (defaults 50 and 0.1 s)
#   DOABLE_BIN=.build/debug/doable bench/shared_live.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/shared_live.py "$@"
