#!/usr/bin/env bash
# Issue 15: the marketplace's "bids" figure against its baseline in the same run (see bench/market_bench.py).
#   bench/market_bids.sh                          SQLite, 1,000,000 postings over a country-sized area
#   DB=postgres bench/market_bids.sh              the same on a throwaway PostgreSQL
#   POSTINGS=100000 SECONDS=5 bench/market_bids.sh   a quicker run
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests" 2>/dev/null || .venv/bin/pip install -q --disable-pip-version-check requests

source bench/release-server.sh "$@"
exec .venv/bin/python bench/market_bench.py bids
