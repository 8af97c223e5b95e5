#!/usr/bin/env bash
# Runs the CalDAV interop suite (tests/caldav/, INTEROP-1) against a `doable serve` it starts itself: PyPI's caldav
# library, vdirsyncer with todoman, and caldav-server-tester, each a real client over HTTP.
#   tests/caldav/run.sh                      all of it
#   tests/caldav/run.sh -k sync              some of it (arguments go to pytest, run in tests/caldav)
#   scripts/with-postgres.sh bash -c 'DOABLE_DATABASE_URL=$DOABLE_TEST_DATABASE_URL tests/caldav/run.sh'
# Uses $DOABLE_BIN if set, else .build/debug/doable. Installs the Python packages if missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -x .venv-caldav/bin/python ] || ! .venv-caldav/bin/python -c "import caldav, caldav_server_tester, vdirsyncer, todoman" \
        2>/dev/null; then
    scripts/install-test-deps.sh
fi
export DOABLE_BIN="${DOABLE_BIN:-$PWD/.build/debug/doable}"
cd tests/caldav
exec ../../.venv-caldav/bin/python -m pytest -q "$@"
