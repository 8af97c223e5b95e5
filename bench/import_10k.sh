#!/usr/bin/env bash
# INTEROP-5: `doable import` of a generated 10,000-task Todoist CSV and a 10,000-task Taskwarrior export, end to end
# with the real client against a server it starts, against `doable login` copying the same 10,000 tasks to a fresh
# device (what moving them over the network costs anyway). See bench/import_10k.py.
#   bench/import_10k.sh                                   SQLite, release build
#   DB=postgres bench/import_10k.sh                       the same on a throwaway PostgreSQL
#   TASKS=2000 bench/import_10k.sh                        a smaller file
#   DOABLE_BIN=.build/debug/doable bench/import_10k.sh    another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/import_10k.py "$@"
