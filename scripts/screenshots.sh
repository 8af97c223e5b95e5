#!/usr/bin/env bash
# Refreshes the screenshots of the web app's main pages (sign in, Today, a list, a task, the month calendar,
# Upcoming, settings) at 360×740 and 1280×800 into docs/screenshots/ (today-phone.png, today-desktop.png, …):
# starts a `doable serve` on a temporary database, seeds a demo account (lists with colours and icons, tasks with
# due dates, priorities, labels and subtasks, some completed) and photographs it in headless chromium.
#   scripts/screenshots.sh                        light theme into docs/screenshots/
#   scripts/screenshots.sh --theme dark           today-dark-phone.png, …
#   scripts/screenshots.sh --out /tmp/shots --full-page
# Uses $DOABLE_BIN if set, else .build/debug/doable (built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ] || [ ! -x .venv/bin/python ] || \
   ! .venv/bin/python -c "import playwright, requests" 2>/dev/null; then
    scripts/install-test-deps.sh
fi
# list icons are emoji: without a colour emoji font they would show as empty boxes
if [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-color-emoji >/dev/null
fi
if [ -z "${DOABLE_BIN:-}" ]; then
    [ -x .build/debug/doable ] || swift build --product doable
    export DOABLE_BIN="$PWD/.build/debug/doable"
fi
exec .venv/bin/python tests/web/screenshots.py "$@"
