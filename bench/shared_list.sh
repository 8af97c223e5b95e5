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
exec .venv/bin/python bench/shared_list.py "$@"
