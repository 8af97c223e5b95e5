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
DB=${DB:-sqlite}
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

if [ "$DB" = postgres ] && [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh env DB=postgres "$0" "$@"
fi
if [ "$DB" = postgres ]; then export DOABLE_DATABASE_URL="$DOABLE_TEST_DATABASE_URL"; fi

if [ -z "${DOABLE_BIN:-}" ]; then
    swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
    export DOABLE_BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/doable"
fi
exec .venv/bin/python bench/shared_live.py "$@"
