#!/usr/bin/env bash
# Issue 32, item 8: `doable admin seed` of 100,000 tasks into one account against 10 accounts of 10,000 each, each
# into a fresh database, in one run; prints the ratio against the target (≤ 1.5). See bench/big_account.py.
#   bench/big_account.sh                                   SQLite, release build
#   DB=postgres bench/big_account.sh                       the same on a throwaway PostgreSQL
#   TASKS=20000 bench/big_account.sh                       20,000 into one account against 10 × 2,000
#   DOABLE_BIN=.build/debug/doable bench/big_account.sh    another binary (no release build)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/release-server.sh "$@"
exec python3 bench/big_account.py "$@"
