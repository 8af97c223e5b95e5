#!/usr/bin/env bash
# Runs every Doable test: the Swift suites (store conformance on SQLite and on a throwaway PostgreSQL, domain and
# API tests), then the checks against a live `doable serve` (schemathesis from the OpenAPI document, crash
# durability, authorization matrix, notifications), the browser suite of the web app and real CalDAV clients.
# Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every step's heading carries the minutes and seconds since the start, so that CI's log shows where the time goes.
started=$SECONDS
step() { printf '== [%d:%02d] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

scripts/install-test-deps.sh
# The house format (.swift-format, STYLE.md): `swift format format -i -r Sources Tests Package.swift bench` applies it.
step "swift format lint"
swift format lint --strict -r --configuration .swift-format Sources Tests Package.swift bench/HelloBench
step "build"
if ! swift build --build-tests >build.log 2>&1; then
    grep -E 'error|warning' build.log | head -50
    exit 1
fi
export DOABLE_BIN="$(swift build --show-bin-path)/doable"

step "swift test (SQLite and PostgreSQL)"
# The sync simulation (1,000 seeds, a few minutes of CPU) runs in the PostgreSQL lane below, beside the SQLite lane's
# checks that mostly wait on timers and sockets.
# CI shows only the end of a failed run's output, so a failure's own lines are repeated after it.
if ! scripts/with-postgres.sh env DOABLE_REQUIRE_POSTGRES=1 swift test --skip-build --skip SyncSimulationTests \
    2>&1 | tee swift-test.log; then
    echo "== what failed (from swift-test.log)"
    grep -E -B2 -A12 '✘|recorded an issue|error: |Fatal error|Signal|Crash' swift-test.log | grep -v -E '^(◇|✔)' | head -80
    exit 1
fi

# Two lanes side by side, each with its own servers on free ports: the live checks and the browser suite on SQLite,
# and the API checks once more on PostgreSQL (schemathesis, authorization, events, issue 10's data, HTTP-front and
# sign-in checks, reminders and notifications with OPS-2's two servers, the memory soak, the database going away; crash durability inspects
# the SQLite file, and the slow-client, flood and metrics checks exercise the HTTP front alone, the same whatever the
# engine). Most of these wait on timers and sockets more than on the two cores. Each lane's output is shown when it
# ends; the browser suite on PostgreSQL ends the first lane, never beside the other browser run.
sqlite_lane() {
    for check in scripts/schemathesis.sh tests/live/*.sh; do
        # Backups and restores go from each engine to the other: the PostgreSQL lane runs them.
        [ "$check" = tests/live/backup.sh ] && continue
        # PostgreSQL going away is a PostgreSQL check: the PostgreSQL lane runs it.
        [ "$check" = tests/live/db_unavailable.sh ] && continue
        step "$check"
        "$check"
    done
    # The web app in real Chromium (issue 11): every flow at phone and desktop size, axe, live updates, security.
    step "tests/web/run.sh"
    tests/web/run.sh
    # INTEROP-1 with real CalDAV clients: PyPI caldav, vdirsyncer + todoman, caldav-server-tester.
    step "tests/caldav/run.sh"
    tests/caldav/run.sh
    # Every flow of the browser suite once more on PostgreSQL, in this lane, so never beside the other browser run.
    # At one window size and colour scheme: the engine sits behind the same pages, and the run above checks every
    # size and scheme.
    step "tests/web/run.sh on PostgreSQL (desktop, light)"
    scripts/with-postgres.sh bash -c \
        "DOABLE_DATABASE_URL=\$DOABLE_TEST_DATABASE_URL DOABLE_WEB_SIZES=desktop DOABLE_WEB_THEMES=light tests/web/run.sh"
    step "SQLite lane done"
}
postgres_lane() {
    # The sync simulation is CPU work; the checks beside it mostly wait on timers and sockets. It runs beside them
    # and is waited for before the check that times how fast the server answers while PostgreSQL is gone.
    step "swift test --filter SyncSimulationTests (1,000 seeds), beside the checks below"
    swift test --skip-build --filter SyncSimulationTests >"$lanes/simulation.log" 2>&1 &
    local simulation=$!
    for check in scripts/schemathesis.sh tests/live/authz_matrix.sh tests/live/events.sh tests/live/hardening_data.sh \
                 tests/live/notifications.sh tests/live/http_front.sh tests/live/signin_abuse.sh tests/live/sync.sh \
                 tests/live/accounts.sh \
                 tests/live/backup.sh tests/live/soak_memory.sh; do
        step "$check on PostgreSQL"
        scripts/with-postgres.sh bash -c "DOABLE_DATABASE_URL=\$DOABLE_TEST_DATABASE_URL $check"
    done
    step "waiting for the sync simulation"
    local status=0
    wait "$simulation" || status=$?
    grep -vE '^\s*$' "$lanes/simulation.log" | tail -20
    [ "$status" -eq 0 ] || return "$status"
    step "tests/live/db_unavailable.sh on PostgreSQL"
    scripts/with-postgres.sh bash -c "DOABLE_DATABASE_URL=\$DOABLE_TEST_DATABASE_URL tests/live/db_unavailable.sh"
    step "tests/caldav/run.sh on PostgreSQL"
    scripts/with-postgres.sh bash -c "DOABLE_DATABASE_URL=\$DOABLE_TEST_DATABASE_URL tests/caldav/run.sh"
    step "PostgreSQL lane done"
}
lanes=$(mktemp -d)
( set -euo pipefail; sqlite_lane ) >"$lanes/sqlite.log" 2>&1 &
sqlite_pid=$!
( set -euo pipefail; postgres_lane ) >"$lanes/postgres.log" 2>&1 &
postgres_pid=$!
failed=0
wait "$postgres_pid" || failed=1
echo "==== lane: PostgreSQL API checks"
cat "$lanes/postgres.log"
wait "$sqlite_pid" || failed=1
echo "==== lane: SQLite live checks, browser suite (SQLite, then PostgreSQL) and CalDAV clients"
cat "$lanes/sqlite.log"
if [ "$failed" -ne 0 ]; then
    step "a lane failed (see above)"
    exit 1
fi
step "all tests passed"
