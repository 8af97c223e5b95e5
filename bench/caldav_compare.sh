#!/usr/bin/env bash
# Issue 17 (INTEROP-1), issue 32 item 5: the same 10,000 VTODOs in Doable on SQLite, Doable on PostgreSQL, Radicale
# and Xandikos, with PyPI's caldav as the client, in one run: the initial full sync (PROPFIND listing +
# calendar-multiget), an incremental sync after one change (sync-collection) and a calendar-query time-range search,
# each the median of 5 warm runs, with the server CPU each spent and Doable's ratios to the better of the other two
# (goal: >= 10x less server CPU on the full sync and the search, on each engine). See bench/caldav_compare.py.
#   bench/caldav_compare.sh                        all four (a throwaway PostgreSQL through scripts/with-postgres.sh)
#   TODOS=2000 REPEAT=3 bench/caldav_compare.sh    a quicker run
#   SERVERS=doable,doable-postgres bench/caldav_compare.sh   some of the servers only (no ratios without the others)
#   DOABLE_BIN=/abs/path/doable bench/caldav_compare.sh   a release binary built already
# Radicale, Xandikos and caldav (pinned) go into their own virtual environment, CALDAV_BENCH_VENV
# (/tmp/doable-caldav-bench-venv by default), so that the servers' dependencies stay out of .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
servers=${SERVERS:-radicale,xandikos,doable,doable-postgres}
if [[ ",$servers," == *,doable-postgres,* ]] && [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh "$0" "$@"
fi
venv=${CALDAV_BENCH_VENV:-/tmp/doable-caldav-bench-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import caldav, radicale, xandikos, requests" 2>/dev/null \
    || "$venv/bin/pip" install -q --disable-pip-version-check caldav==3.6.0 radicale==3.9.0 xandikos==0.4.10 requests

if [[ ",$servers," == *,doable* ]]; then
    DB=sqlite source bench/release-server.sh "$@"  # the binary only; doable-postgres is given its URL by the driver
fi
unset DOABLE_DATABASE_URL
SERVERS=$servers exec "$venv/bin/python" bench/caldav_compare.py "$@"
