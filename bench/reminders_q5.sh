#!/usr/bin/env bash
# SPEC Q-5: >= 99.9% of reminders delivered within 5 s of their moment with 100,000 due in one minute, in-app and
# by webhook to a local receiver; the baseline is 1,000 reminders alone in the same run (see bench/reminders_q5.py).
#   bench/reminders_q5.sh                          SQLite
#   DB=postgres bench/reminders_q5.sh              the same on a throwaway PostgreSQL
#   ACCOUNTS=10 bench/reminders_q5.sh              a smaller main phase (10 x 10 tasks x 100 = 10,000)
#   DOABLE_BIN=.build/debug/doable bench/reminders_q5.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/reminders_q5.py "$@"
