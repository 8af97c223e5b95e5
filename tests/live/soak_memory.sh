#!/usr/bin/env bash
# Issue 10, finding 16: resident memory stays flat under a long run of requests (see tests/live/soak_memory.py).
# On PostgreSQL when DOABLE_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python tests/live/soak_memory.py
