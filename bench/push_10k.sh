#!/usr/bin/env bash
# REACH-3: lateness of push notifications for 10,000 reminders due in one minute, against their webhook calls
# in the same run (bench/push_10k.py says what is measured).
#   bench/push_10k.sh                 SQLite
#   DB=postgres bench/push_10k.sh     the same on a throwaway PostgreSQL
#   DOABLE_BIN=.build/debug/doable bench/push_10k.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import playwright, http_ece" 2>/dev/null; then
    scripts/install-test-deps.sh
fi
source bench/release-server.sh "$@"
exec .venv/bin/python bench/push_10k.py "$@"
