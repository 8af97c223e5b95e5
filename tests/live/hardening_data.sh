#!/usr/bin/env bash
# Issue 10: query-parameter bounds, Unicode text, ICS export and concurrent moves against a live `doable serve`
# (see tests/live/hardening_data.py). On PostgreSQL when DOABLE_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python tests/live/hardening_data.py
