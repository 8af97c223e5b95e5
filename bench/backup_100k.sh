#!/usr/bin/env bash
# Issue 26 (OPS-4): `doable backup` and `doable restore` of 100,000 tasks, each engine into itself and into the other,
# and task creation (wrk, 32 connections) while backups run back to back, against creation alone in the same run
# (see bench/backup_bench.py). Runs inside a throwaway PostgreSQL so both engines are there.
#   bench/backup_100k.sh                     the source on SQLite
#   DB=postgres bench/backup_100k.sh         the source on PostgreSQL
#   TASKS=20000 DURATION=5 bench/backup_100k.sh   a quicker run
#   DOABLE_BIN=/abs/path/doable bench/backup_100k.sh   a release binary built already
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh "$0" "$@"
fi
if [ -z "${DOABLE_BIN:-}" ]; then
    swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
    export DOABLE_BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/doable"
fi
exec python3 bench/backup_bench.py
