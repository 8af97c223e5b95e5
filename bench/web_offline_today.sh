#!/usr/bin/env bash
# REACH-2: Today drawn from the browser's replica with the network off, against the server-rendered Today online,
# with 1,000 tasks (bench/web_offline_today.py says what is measured).
#   bench/web_offline_today.sh                 SQLite
#   DB=postgres bench/web_offline_today.sh     the same on a throwaway PostgreSQL
#   DOABLE_BIN=.build/debug/doable bench/web_offline_today.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import playwright" 2>/dev/null; then
    scripts/install-test-deps.sh
fi
source bench/release-server.sh "$@"
exec .venv/bin/python bench/web_offline_today.py "$@"
