#!/usr/bin/env bash
# Installs what the tests need and a fresh machine may lack: Debian packages (PostgreSQL, SQLite and zlib headers,
# curl, Leaflet, chromium and a font for the browser tests) and a Python virtual environment in .venv with the test
# tools. Safe to run again; it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
# Q-10: compress-nio links the system's zlib (gzip answers).
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v strace >/dev/null 2>&1 || missing+=(strace)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
# MKT-12: the marketplace's real map is Debian's Leaflet, which the server serves from /usr/share/javascript/leaflet.
[ -f /usr/share/javascript/leaflet/leaflet.js ] || missing+=(libjs-leaflet)
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} ..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# zxingcpp: the independent decoder DoableArtTests read QR codes back with (ACC-10); httpx and h2: HTTP/2 (OPS-5);
# pyotp: authenticator codes for the browser tests of two-factor sign-in (ACC-10).
if ! .venv/bin/python -c "import schemathesis, requests, pytest, playwright, axe_playwright_python, aiosmtpd, PIL, zxingcpp, httpx, h2, pyotp" \
    >/dev/null 2>&1
then
    .venv/bin/pip install -q --disable-pip-version-check -r scripts/test-requirements.txt
fi
# The CalDAV clients live apart (see scripts/caldav-test-requirements.txt).
if [ ! -x .venv-caldav/bin/python ]; then
    python3 -m venv .venv-caldav
fi
if ! .venv-caldav/bin/python -c "import pytest, requests, caldav, caldav_server_tester, vdirsyncer, todoman, vobject" \
    >/dev/null 2>&1
then
    .venv-caldav/bin/pip install -q --disable-pip-version-check -r scripts/caldav-test-requirements.txt
fi
