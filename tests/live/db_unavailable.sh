#!/usr/bin/env bash
# Issue 34, part 1: PostgreSQL stops and comes back under a running server (see tests/live/db_unavailable.py).
# Needs the cluster control commands scripts/with-postgres.sh exports:
#   scripts/with-postgres.sh bash -c 'DOABLE_DATABASE_URL=$DOABLE_TEST_DATABASE_URL tests/live/db_unavailable.sh'
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python tests/live/db_unavailable.py "$@"
