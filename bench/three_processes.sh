#!/usr/bin/env bash
# OPS-2 (issue 32, item 9): three `doable serve` processes on one PostgreSQL behind nginx on the same 2 cores.
# Create and list throughput through nginx to the three, against one process directly and one process behind the
# same nginx, in one run (it cannot scale on 2 cores; it must not collapse); and live clients on the three
# processes each see every change within 1 s (p95 and max), with the processes idle and under the create load.
#   bench/three_processes.sh                          100,000 tasks, wrk for 10 s per figure
#   TASKS=20000 DURATION=5s bench/three_processes.sh  a quicker run
#   DOABLE_BIN=.build/debug/doable bench/three_processes.sh   another binary (no release build)
# Always on a throwaway PostgreSQL (scripts/with-postgres.sh); installs Debian's nginx and wrk when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export DB=postgres
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null; }
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

source bench/release-server.sh "$@"
exec .venv/bin/python bench/three_processes.py "$@"
