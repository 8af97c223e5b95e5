#!/usr/bin/env bash
# Q-2 and issue 11: the web app's pages in headless Chromium against a local release server whose account holds
# 1,000 tasks — time from navigation to an interactive Today page and to an interactive list page of 200 tasks
# (median and p95 of 30 navigations; targets: median < 300 ms, p95 < 500 ms), the HTML/CSS/JS bytes of each page,
# and the server's rate of rendered Today pages per second as a share of its /healthz rate in the same run (wrk).
#   bench/web_pages.sh                         SQLite
#   DB=postgres bench/web_pages.sh             the same on a throwaway PostgreSQL
#   NAVIGATIONS=60 DURATION=5s bench/web_pages.sh
#   DOABLE_BIN=.build/debug/doable bench/web_pages.sh   another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || \
   ! .venv/bin/python -c "import playwright, requests" 2>/dev/null; then
    scripts/install-test-deps.sh
fi

source bench/release-server.sh "$@"
exec .venv/bin/python bench/web_pages.py "$@"
