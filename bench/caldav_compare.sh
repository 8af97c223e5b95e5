#!/usr/bin/env bash
# Issue 17 (INTEROP-1): the same 10,000 VTODOs in Doable, Radicale and Xandikos, with PyPI's caldav as the client, in
# one run: the initial full sync (PROPFIND listing + calendar-multiget), an incremental sync after one change
# (sync-collection) and a calendar-query time-range search, each the median of 5 warm runs, with Doable's ratio to the
# faster of the other two (goal: >= 10x on each). See bench/caldav_compare.py.
#   bench/caldav_compare.sh                        SQLite
#   DB=postgres bench/caldav_compare.sh            Doable on a throwaway PostgreSQL
#   TODOS=2000 REPEAT=3 bench/caldav_compare.sh    a quicker run
#   SERVERS=radicale,xandikos bench/caldav_compare.sh   some of the servers only (no ratios without Doable)
#   DOABLE_BIN=/abs/path/doable bench/caldav_compare.sh   a release binary built already
# Radicale, Xandikos and caldav (pinned) go into their own virtual environment, CALDAV_BENCH_VENV
# (/tmp/doable-caldav-bench-venv by default), so that the servers' dependencies stay out of .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${CALDAV_BENCH_VENV:-/tmp/doable-caldav-bench-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import caldav, radicale, xandikos, requests" 2>/dev/null \
    || "$venv/bin/pip" install -q --disable-pip-version-check caldav==3.6.0 radicale==3.9.0 xandikos==0.4.10 requests

if [[ ",${SERVERS:-doable}," == *,doable,* ]]; then
    source bench/release-server.sh "$@"
fi
exec "$venv/bin/python" bench/caldav_compare.py "$@"
