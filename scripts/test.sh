#!/usr/bin/env bash
# Runs every Doable test: the Swift suites (store conformance on SQLite and on a throwaway PostgreSQL, domain and
# API tests), then the checks against a live `doable serve` (schemathesis from the OpenAPI document, crash
# durability, authorization matrix). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-test-deps.sh
echo "== build"
swift build --build-tests 2>&1 | grep -vE '^(\[[0-9]+/[0-9]+\]|Building|Compiling|Write|Emitting|Linking)' || true
swift build --build-tests >/dev/null
export DOABLE_BIN="$(swift build --show-bin-path)/doable"

echo "== swift test (SQLite and PostgreSQL)"
scripts/with-postgres.sh env DOABLE_REQUIRE_POSTGRES=1 swift test --skip-build

for check in tests/live/*.sh; do
    echo "== $check"
    "$check"
done
echo "== all tests passed"
