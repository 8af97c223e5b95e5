#!/usr/bin/env bash
# Q-10 (issue 32, item 7): response compression. The bytes on the wire of the Today page, a JSON page of 50 tasks and
# a CalDAV REPORT of 1,000 VTODOs, uncompressed and gzipped; and what gzip costs the server: Today pages per second
# with and without `Accept-Encoding: gzip`, each as a share of the /healthz rate in the same run (wrk), and the
# server's CPU time per Today page both ways.
#   bench/compression.sh                         SQLite
#   DB=postgres bench/compression.sh             the same on a throwaway PostgreSQL
#   DURATION=5s CONNECTIONS=16 bench/compression.sh
#   DOABLE_BIN=.build/debug/doable bench/compression.sh   another binary (no release build)
# The Python half is bench/response_compression.py: named compression.py, it shadowed the standard library's
# `compression` package (which urllib3 imports) on the path of the benchmarks beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import requests" 2>/dev/null; then
    scripts/install-test-deps.sh
fi

source bench/release-server.sh "$@"
exec .venv/bin/python bench/response_compression.py "$@"
