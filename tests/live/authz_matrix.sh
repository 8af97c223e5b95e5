#!/usr/bin/env bash
# Runs tests/live/authz_matrix.py against a live `doable serve` it starts itself (see the script's header).
# Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests, http_ece" 2>/dev/null || \
    .venv/bin/pip install -q --disable-pip-version-check requests http-ece cryptography
exec .venv/bin/python tests/live/authz_matrix.py "$@"
