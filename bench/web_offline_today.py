"""REACH-2: how fast Today becomes usable with the network off, drawn from the browser's replica (IndexedDB) by the
offline page, against the same Today rendered by the server online, in the same run. The account holds 1,000 tasks
(`doable admin seed --accounts 1 --lists-per-account 4 --tasks 1000`, as bench/web_pages.py), all in the replica.

A navigation counts as usable when its task rows are on the page and its scripts have run: online, when app.js has
run (it adds class "js" to <html>; the rows are in the HTML); offline, when offline.js has drawn the rows from the
replica (the first `li.task` in #main). Both in ms from the navigation's start (Navigation Timing), median and p95 of
NAVIGATIONS warm navigations; the ratio is offline ÷ online. Run through bench/web_offline_today.sh."""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "bench"))
from doable_web import Server  # noqa: E402
from web_pages import percentile, seed  # noqa: E402

READY_SCRIPT = """
(() => {
  const note = () => {
    const root = document.documentElement;
    if (window.__js === undefined && root && root.classList.contains('js')) window.__js = performance.now();
    if (window.__rows === undefined && document.querySelector('#main li.task')) window.__rows = performance.now();
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
})();
"""


WAIT = """async (offline) => {
  for (let i = 0; i < 1500; i++) {
    if (window.__rows !== undefined && (offline || window.__js !== undefined))
      return offline ? window.__rows : Math.max(window.__js, window.__rows);
    await new Promise(r => setTimeout(r, 10));
  }
  throw new Error('the page never became usable');
}"""


def signed_in(browser, base: str, username: str, init_script: str | None = None):
    """A phone-sized browser signed in as the seeded account through the form, its page under the service worker:
    (context, page, worker)."""
    context = browser.new_context(base_url=base, viewport={"width": 360, "height": 740})
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.goto("/signin")
    page.get_by_label("Email or username").fill(username)
    page.get_by_label("Password", exact=True).fill("seed password")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/today")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    return context, page, context.service_workers[0]


def navigate(page, path: str, offline: bool) -> float:
    """ms from the navigation's start until it is usable (an evaluated function: the app's CSP forbids eval)."""
    page.goto(path, wait_until="load")
    return page.evaluate(WAIT, offline)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--navigations", type=int, default=int(os.environ.get("NAVIGATIONS", 30)))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="doable-offline-today-"))
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    store_args = ["--database-url", database_url] if database_url else ["--data-dir", str(work / "data")]
    try:
        account = seed(args.binary, store_args, work)
        with Server(binary=args.binary, data_dir=work / "data") as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"], headless=True)
            context, page, worker = signed_in(browser, server.base, account["username"], READY_SCRIPT)
            worker.evaluate("sync(true)")
            held = worker.evaluate("Replica.all('tasks').then(t => t.length)")
            assert held >= 1000, f"the replica holds {held} tasks"
            online = [navigate(page, "/today", False) for _ in range(args.navigations + 1)][1:]
            online_rows = page.locator("#main li.task").count()
            context.set_offline(True)
            offline = [navigate(page, "/today", True) for _ in range(args.navigations + 1)][1:]
            offline_rows = page.locator("#main li.task").count()
            assert "Offline" in page.locator("#offline-banner").inner_text()
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    engine = "PostgreSQL" if database_url else "SQLite"
    print(f"\nToday with 1,000 tasks in the account ({engine}), headless Chromium at 360×740, "
          f"{args.navigations} warm navigations each (ms from navigation start to usable)")
    for name, values, rows in (("online, server-rendered", online, online_rows),
                               ("offline, from the replica", offline, offline_rows)):
        print(f"  {name:<27} rows {rows:>4}   median {statistics.median(values):6.1f}   "
              f"p95 {percentile(values, 0.95):6.1f}")
    print(f"  offline ÷ online: median {statistics.median(offline) / statistics.median(online):.2f}, "
          f"p95 {percentile(offline, 0.95) / percentile(online, 0.95):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
