#!/usr/bin/env bash
# Issue 32, item 8: `doable today` on a device whose replica holds 100,000 tasks (copied by `doable login` from a
# seeded server), median of RUNS, against `doable --help` (the process's start) in the same run; target < 300 ms.
# See bench/cli_today_100k.py.
#   bench/cli_today_100k.sh                                  release build, SQLite server
#   TASKS=20000 RUNS=5 bench/cli_today_100k.sh               a smaller account
#   BEFORE_BIN=/path/to/old/doable bench/cli_today_100k.sh   also times an older binary, on a copy of the replica
#                                                            made before the new one migrates it
#   DOABLE_BIN=.build/debug/doable bench/cli_today_100k.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/cli_today_100k.py "$@"
