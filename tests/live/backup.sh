#!/usr/bin/env bash
# Runs tests/live/backup.py (OPS-4 and Q-6: backups and restores across both engines, durability) with the live
# servers it starts itself. Needs PostgreSQL: run it through scripts/with-postgres.sh (the test command does), or it
# starts a throwaway one. Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
command -v strace >/dev/null 2>&1 || scripts/install-test-deps.sh
if [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh .venv/bin/python tests/live/backup.py "$@"
fi
exec .venv/bin/python tests/live/backup.py "$@"
