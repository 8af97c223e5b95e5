#!/usr/bin/env bash
# Issue 34, part 2: the disk fills up under SQLite (a tmpfs it mounts: run as root). See tests/live/storage_full.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python tests/live/storage_full.py "$@"
