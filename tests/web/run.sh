#!/usr/bin/env bash
# Runs the browser suite (tests/web/) against a `doable serve` it starts itself: headless Debian chromium driven by
# Playwright for Python, axe for accessibility. Every flow runs at 360×740 and at 1280×800.
#   tests/web/run.sh                      all of it
#   tests/web/run.sh -k quick_add         some of it (arguments go to pytest, run in tests/web)
#   tests/web/run.sh test_accounts.py
#   DOABLE_DATABASE_URL=postgres://… tests/web/run.sh   the server on PostgreSQL
#   scripts/with-postgres.sh bash -c 'DOABLE_DATABASE_URL=$DOABLE_TEST_DATABASE_URL tests/web/run.sh'
# Uses $DOABLE_BIN if set, else .build/debug/doable. Installs chromium, fonts and the Python packages if missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || \
   ! .venv/bin/python -c "import pytest, playwright, axe_playwright_python, PIL, http_ece" 2>/dev/null; then
    scripts/install-test-deps.sh
fi
export DOABLE_BIN="${DOABLE_BIN:-$PWD/.build/debug/doable}"
cd tests/web
exec ../../.venv/bin/python -m pytest -x -q "$@"
