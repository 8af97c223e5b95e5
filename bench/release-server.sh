# Sourced by the benchmark scripts that drive `doable serve` from Python: with DB=postgres the calling script runs
# again inside a throwaway PostgreSQL (scripts/with-postgres.sh) and the server uses it; DOABLE_BIN names the binary,
# else the release build is brought up to date and used.
DB=${DB:-sqlite}
if [ "$DB" = postgres ] && [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh env DB=postgres "$0" "$@"
fi
if [ "$DB" = postgres ]; then export DOABLE_DATABASE_URL="$DOABLE_TEST_DATABASE_URL"; fi

if [ -z "${DOABLE_BIN:-}" ]; then
    swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
    export DOABLE_BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/doable"
fi
