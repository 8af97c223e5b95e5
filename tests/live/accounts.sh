#!/usr/bin/env bash
# Runs tests/live/accounts.py (issue 31, see its header): reset links by email, TOTP with pyotp, sessions and devices,
# `doable admin …`, invitations and confirmed addresses against an aiosmtpd sink; on PostgreSQL (DOABLE_DATABASE_URL
# or DOABLE_TEST_DATABASE_URL) also OPS-2 with two servers on one database.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python tests/live/accounts.py "$@"
