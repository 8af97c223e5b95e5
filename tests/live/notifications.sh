#!/usr/bin/env bash
# Runs tests/live/notifications.py against a live `doable serve` it starts itself (see the script's header):
# reminders in-app, by email (an aiosmtpd sink) and by signed webhooks, quiet hours, snooze, retries, durability
# across SIGKILL; on SQLite, or on PostgreSQL when DOABLE_DATABASE_URL (or DOABLE_TEST_DATABASE_URL) is set, which
# adds OPS-2 (two servers, 10,000 reminders), e.g.
#   scripts/with-postgres.sh bash -c 'DOABLE_DATABASE_URL=$DOABLE_TEST_DATABASE_URL tests/live/notifications.sh'
# Uses $DOABLE_BIN if set, else the binary of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c "import requests, aiosmtpd" 2>/dev/null \
    || .venv/bin/pip install -q --disable-pip-version-check requests aiosmtpd
exec .venv/bin/python tests/live/notifications.py "$@"
