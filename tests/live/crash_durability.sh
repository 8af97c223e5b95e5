#!/usr/bin/env bash
# Runs tests/live/crash_durability.py against a live `doable serve` it starts itself (see the script's header).
# Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
exec .venv/bin/python tests/live/crash_durability.py "$@"
