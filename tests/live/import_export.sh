#!/usr/bin/env bash
# Runs tests/live/import_export.py: `doable import` and `doable export` (INTEROP-5) with the real binary as server
# and client, against a `doable serve` it starts and stops itself. On PostgreSQL when DOABLE_TEST_DATABASE_URL (or
# DOABLE_DATABASE_URL) is set. Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
exec .venv/bin/python tests/live/import_export.py "$@"
