#!/usr/bin/env bash
# Runs tests/live/events.py against a live `doable serve` it starts itself (see the script's header): the change
# stream GET /api/v1/events on SQLite, or on PostgreSQL when DOABLE_TEST_DATABASE_URL (or DOABLE_DATABASE_URL) is
# set, e.g. `scripts/with-postgres.sh tests/live/events.sh`.
# Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
exec .venv/bin/python tests/live/events.py "$@"
