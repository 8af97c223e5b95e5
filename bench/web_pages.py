"""Q-2 and issue 11: how fast the web app's pages become interactive in headless Chromium against a local server
whose account holds 1,000 tasks, the bytes of each page, and the server's rate of rendered Today pages per second as
a share of its /healthz rate in the same run. Run through bench/web_pages.sh, which builds the release binary.

The account comes from `doable admin seed --accounts 1 --lists-per-account 4 --tasks 1000`: the Inbox and four lists
of 200 tasks each (a fifth of them subtasks, a fifth completed, half with a due day from 10 days ago to 49 days ahead,
so some are overdue and some due today). The list page is shown with `show=all`, so all 200 tasks are rows.

Timings come from the Navigation Timing API (milliseconds from the start of the navigation):
  domInteractive            the HTML is parsed
  domContentLoadedEventEnd  deferred and module scripts have run (app.js and its imports run before it)
  app.js ran                app.js has run to its end (it adds class "js" to <html>; an init script notes when)
  loadEventEnd              the stylesheet, scripts and images are loaded
Each page is visited once to warm the browser's cache (assets are immutable) and then NAVIGATIONS times.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
from doable_web import Server  # noqa: E402

APP_READY_SCRIPT = """
(() => {
  // Runs before the page exists (no <html> yet), so it watches the whole document for <html class="js">.
  const note = () => { if (window.__appReady === undefined && document.documentElement &&
    document.documentElement.classList.contains('js')) window.__appReady = performance.now(); };
  new MutationObserver(note).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
})();
"""

TIMING = """() => {
  const n = performance.getEntriesByType('navigation')[0];
  return { interactive: n.domInteractive, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd,
           app: window.__appReady ?? null, rows: document.querySelectorAll('#main li.task').length };
}"""


def percentile(values, share):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def seed(binary: str, store_args: list[str], work: Path) -> dict:
    output = work / "seed.json"
    subprocess.run([binary, "admin", "seed", "--accounts", "1", "--lists-per-account", "4", "--tasks", "1000",
                    "--output", str(output), *store_args], check=True, stdout=subprocess.DEVNULL)
    return json.loads(output.read_text())["accounts"][0]


def sign_in(base: str, login: str, password: str) -> tuple[str, str]:
    """Signs in through the /signin form as a browser would; returns the session cookie's name and value."""
    http = requests.Session()
    page = http.get(base + "/signin", timeout=30).text
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    before = set(http.cookies.keys())
    answer = http.post(base + "/signin", data={"_csrf": token, "login": login, "password": password},
                       allow_redirects=False, timeout=30)
    assert answer.status_code in (302, 303), f"sign in answered {answer.status_code}"
    new = [c for c in answer.cookies if c.name not in before and c.value] or \
          [c for c in answer.cookies if "session" in c.name]
    assert new, f"no session cookie in {answer.headers.get('set-cookie')}"
    return new[0].name, new[0].value


def measure(browser, base: str, cookie: tuple[str, str], path: str, navigations: int) -> dict:
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": cookie[0], "value": cookie[1], "url": base}])
    context.add_init_script(APP_READY_SCRIPT)
    page = context.new_page()
    resources: dict[str, str] = {}
    page.on("response", lambda r: resources.setdefault(r.url, r.request.resource_type))
    page.goto(path, wait_until="load")  # warms the cache
    assert "/signin" not in page.url, "not signed in"
    samples = []
    for _ in range(navigations):
        page.goto(path, wait_until="load")
        sample = page.evaluate(TIMING)
        for _ in range(100):  # app.js runs before DOMContentLoaded, so this is at once unless the script broke
            if sample["app"] is not None:
                break
            time.sleep(0.02)
            sample = page.evaluate(TIMING)
        samples.append(sample)
    context.close()
    http = requests.Session()
    http.cookies.set(*cookie)
    sizes = {"html": 0, "css": 0, "js": 0}
    for url, kind in resources.items():
        key = {"document": "html", "stylesheet": "css", "script": "js"}.get(kind)
        if key and url.startswith(base) and "/api/v1/events" not in url:
            if key == "html" and url.rstrip("/") != (base + path).rstrip("/"):
                continue
            sizes[key] += len(http.get(url, headers={"Accept-Encoding": "identity"}, timeout=30).content)
    return {"samples": samples, "sizes": sizes}


def wrk(url: str, duration: str, connections: int, cookie: tuple[str, str] | None) -> dict:
    command = ["wrk", f"-t{2 if connections > 1 else 1}", f"-c{connections}", f"-d{duration}",
               "-s", str(ROOT / "bench" / "wrk" / "report.lua"), url]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie[0]}={cookie[1]}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("RESULT"))
    return {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--navigations", type=int, default=int(os.environ.get("NAVIGATIONS", 30)))
    parser.add_argument("--duration", default=os.environ.get("DURATION", "10s"), help="wrk duration per figure")
    parser.add_argument("--connections", type=int, default=int(os.environ.get("CONNECTIONS", 32)))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="doable-webbench-"))
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    store_args = ["--database-url", database_url] if database_url else ["--data-dir", str(work / "data")]
    try:
        print(f"seeding 1 account with 1,000 tasks ({'PostgreSQL' if database_url else 'SQLite'}) ...", flush=True)
        account = seed(args.binary, store_args, work)
        server = Server(binary=args.binary, data_dir=work / "data")
        with server:
            cookie = sign_in(server.base, account["username"], "seed password")
            big_list = account["listIds"][1]
            pages = [("Today", "/today"), ("List of 200", f"/lists/{big_list}?show=all")]
            results = {}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"],
                                                     headless=True)
                for name, path in pages:
                    print(f"measuring {name} ({args.navigations} navigations) ...", flush=True)
                    results[name] = measure(browser, server.base, cookie, path, args.navigations)
                browser.close()
            print(f"wrk: /healthz and /today for {args.duration} each, {args.connections} connections ...",
                  flush=True)
            health = wrk(server.base + "/healthz", args.duration, args.connections, None)
            today = wrk(server.base + "/today", args.duration, args.connections, cookie)
            today_check = requests.get(server.base + "/today", cookies=dict([cookie]), allow_redirects=False)
            assert today_check.status_code == 200 and "<main" in today_check.text, \
                f"/today with the cookie answered {today_check.status_code}: wrk measured something else"
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"\nDoable web pages, headless Chromium on loopback, server {args.binary}, 1,000 tasks; "
          f"median and p95 of {args.navigations} warm navigations (ms from navigation start)")
    header = f"{'page':<13}{'rows':>5}{'interactive':>15}{'DOMContentLoaded':>19}{'app.js ran':>15}{'load':>15}" \
             f"{'HTML B':>9}{'CSS B':>8}{'JS B':>8}"
    print(header)
    verdicts = []
    for name, result in results.items():
        samples = result["samples"]
        cells = []
        for key in ("interactive", "dcl", "app", "load"):
            values = [s[key] for s in samples if s[key] is not None]
            cells.append(f"{statistics.median(values):6.0f} /{percentile(values, 0.95):5.0f}" if values else "n/a")
        ready = [s["app"] if s["app"] is not None else s["dcl"] for s in samples]
        median, p95 = statistics.median(ready), percentile(ready, 0.95)
        verdicts.append(f"{name}: interactive (app.js ran) median {median:.0f} ms "
                        f"({'ok' if median < 300 else 'OVER'} < 300), p95 {p95:.0f} ms ({'ok' if p95 < 500 else 'OVER'} < 500)")
        sizes = result["sizes"]
        print(f"{name:<13}{samples[-1]['rows']:>5}{cells[0]:>15}{cells[1]:>19}{cells[2]:>15}{cells[3]:>15}"
              f"{sizes['html']:>9}{sizes['css']:>8}{sizes['js']:>8}")
    print("targets (Q-2, issue 11): median < 300 ms, p95 < 500 ms")
    for line in verdicts:
        print("  " + line)
    ratio = today["rps"] / health["rps"]
    print(f"\nrendered Today pages: {today['rps']:.0f}/s (p50 {today['p50']:.2f} ms, p95 {today['p95']:.2f} ms, "
          f"errors {int(today['errors'])})")
    print(f"/healthz:             {health['rps']:.0f}/s (p50 {health['p50']:.2f} ms, p95 {health['p95']:.2f} ms, "
          f"errors {int(health['errors'])})")
    print(f"Today pages per second as a share of the /healthz rate: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
