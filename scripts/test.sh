#!/usr/bin/env bash
# Runs every Doable test: the Swift suites (store conformance on SQLite and on a throwaway PostgreSQL, domain and
# API tests), then the checks against a live `doable serve` (schemathesis from the OpenAPI document, crash
# durability, authorization matrix, notifications) and the browser suite of the web app. Installs what is missing
# first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-test-deps.sh
echo "== build"
if ! swift build --build-tests >build.log 2>&1; then
    grep -E 'error|warning' build.log | head -50
    exit 1
fi
export DOABLE_BIN="$(swift build --show-bin-path)/doable"

echo "== swift test (SQLite and PostgreSQL)"
scripts/with-postgres.sh env DOABLE_REQUIRE_POSTGRES=1 swift test --skip-build

for check in scripts/schemathesis.sh tests/live/*.sh; do
    echo "== $check"
    "$check"
done

# The web app in real Chromium (issue 11): every flow at phone and desktop size, axe, live updates, security.
echo "== tests/web/run.sh"
tests/web/run.sh

# The API checks once more with the server on PostgreSQL: schemathesis, authorization, events, issue 10's data,
# HTTP-front and sign-in checks, reminders and notifications (with OPS-2: two servers, 10,000 reminders), the memory
# soak and the browser suite (crash durability inspects the SQLite file; the slow-client, flood and metrics checks
# exercise the HTTP front alone, the same whatever the engine).
for check in scripts/schemathesis.sh tests/live/authz_matrix.sh tests/live/events.sh tests/live/hardening_data.sh \
             tests/live/notifications.sh tests/live/soak_memory.sh tests/live/http_front.sh \
             tests/live/signin_abuse.sh tests/web/run.sh; do
    echo "== $check on PostgreSQL"
    scripts/with-postgres.sh bash -c "DOABLE_DATABASE_URL=\$DOABLE_TEST_DATABASE_URL $check"
done
echo "== all tests passed"
