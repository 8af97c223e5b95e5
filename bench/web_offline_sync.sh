#!/usr/bin/env bash
# REACH-2: 200 changes made offline in the browser reaching the server once the network is back, against the same
# 200 changes as REST calls (bench/web_offline_sync.py says what is measured).
#   bench/web_offline_sync.sh                 SQLite
#   DB=postgres bench/web_offline_sync.sh     the same on a throwaway PostgreSQL
#   DOABLE_BIN=.build/debug/doable bench/web_offline_sync.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import playwright" 2>/dev/null; then
    scripts/install-test-deps.sh
fi
source bench/release-server.sh "$@"
exec .venv/bin/python bench/web_offline_sync.py "$@"
