"""Q-10 (issue 32, item 7): what response compression saves on the wire and what it costs the server. Run through
bench/compression.sh, which builds the release binary.

The account comes from `doable admin seed --accounts 1 --lists-per-account 4 --tasks 1000`, as in bench/web_pages.py
(its Today page holds the overdue tasks and those due today). A second list gets 1,000 VTODOs of
bench/caldav_todos.py over CalDAV for the REPORT. Bytes are counted as they come off the socket (not decoded).
Rates come from wrk at CONNECTIONS connections for DURATION each: /healthz, then /today without and with
`Accept-Encoding: gzip`; the server's CPU time (user + system, from /proc) over each run divided by its requests
gives the CPU per page.
"""
import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "bench"))
from caldav_todos import Uploader, make_todos  # noqa: E402
from doable_web import Server  # noqa: E402
from web_pages import seed, sign_in  # noqa: E402

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter>
</C:calendar-query>"""


def wire(method: str, url: str, encoding: str, **kwargs) -> tuple[int, bytes, requests.Response]:
    """The body's bytes as sent (still compressed) and decoded, for one request."""
    headers = {"Accept-Encoding": encoding, **kwargs.pop("headers", {})}
    response = requests.request(method, url, headers=headers, stream=True, timeout=120, **kwargs)
    raw = response.raw.read(decode_content=False)
    assert response.status_code in (200, 207), f"{method} {url} answered {response.status_code}"
    coded = response.headers.get("Content-Encoding")
    assert (coded == "gzip") == (encoding == "gzip"), f"{url}: Content-Encoding {coded} for {encoding}"
    body = gzip.decompress(raw) if coded == "gzip" else raw
    return len(raw), body, response


def both(method: str, url: str, **kwargs) -> dict:
    plain, plain_body, _ = wire(method, url, "identity", **kwargs)
    packed, packed_body, _ = wire(method, url, "gzip", **kwargs)
    return {"identity": plain, "gzip": packed, "same": len(plain_body) == len(packed_body)}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(url: str, duration: str, connections: int, headers: list[str], pid: int) -> dict:
    command = ["wrk", f"-t{2 if connections > 1 else 1}", f"-c{connections}", f"-d{duration}",
               "-s", str(ROOT / "bench" / "wrk" / "report.lua"), url]
    for header in headers:
        command[1:1] = ["-H", header]
    before = cpu_seconds(pid)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    spent = cpu_seconds(pid) - before
    line = next(l for l in out.splitlines() if l.startswith("RESULT"))
    result = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}
    result["cpu_ms"] = spent * 1000 / max(1.0, result["requests"])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--duration", default=os.environ.get("DURATION", "10s"), help="wrk duration per figure")
    parser.add_argument("--connections", type=int, default=int(os.environ.get("CONNECTIONS", 16)))
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="doable-gzipbench-"))
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    engine = "PostgreSQL" if database_url else "SQLite"
    store_args = ["--database-url", database_url] if database_url else ["--data-dir", str(work / "data")]
    try:
        print(f"seeding 1 account with 1,000 tasks ({engine}) ...", flush=True)
        account = seed(args.binary, store_args, work)
        server = Server(*(["--database-url", database_url] if database_url else []), binary=args.binary,
                        data_dir=work / "data")
        with server:
            base, pid = server.base, server.process.pid
            cookie = sign_in(base, account["username"], "seed password")
            token = requests.post(base + "/api/v1/sessions", timeout=30,
                                  json={"login": account["username"], "password": "seed password"}).json()["token"]
            api = {"Authorization": f"Bearer {token}"}
            today = both("GET", base + "/today", cookies=dict([cookie]))
            _, page, _ = wire("GET", base + "/today", "identity", cookies=dict([cookie]))
            rows = len(re.findall(rb'<li\b[^>]*\bclass="task[" ]', page))
            tasks = both("GET", base + f"/api/v1/tasks?list={account['listIds'][1]}&limit=50", headers=api)

            print("uploading 1,000 VTODOs over CalDAV for the REPORT ...", flush=True)
            secret = requests.post(base + "/api/v1/tokens", headers=api, timeout=30,
                                   json={"name": "bench", "kind": "appPassword"}).json()["secret"]
            made = requests.post(base + "/api/v1/lists", headers=api, json={"name": "CalDAV 1000"}, timeout=30)
            auth = (account["username"], secret)
            calendar = f"{base}/dav/calendars/{account['username']}/{made.json()['id']}/"
            Uploader(calendar, auth, threads=4).load(make_todos(1000))
            report = both("REPORT", calendar, data=REPORT.encode(), auth=auth,
                          headers={"Depth": "1", "Content-Type": "application/xml; charset=utf-8"})

            print(f"wrk: /healthz, /today identity, /today gzip; {args.duration} each, "
                  f"{args.connections} connections ...", flush=True)
            session = [f"Cookie: {cookie[0]}={cookie[1]}"]
            health = wrk(base + "/healthz", args.duration, args.connections, [], pid)
            plain = wrk(base + "/today", args.duration, args.connections, session + ["Accept-Encoding: identity"], pid)
            packed = wrk(base + "/today", args.duration, args.connections, session + ["Accept-Encoding: gzip"], pid)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"\nDoable response compression ({engine}), server {args.binary}, loopback")
    print(f"{'answer':<34}{'identity B':>12}{'gzip B':>10}{'ratio':>8}")
    for name, sizes in ((f"Today page ({rows} rows)", today), ("JSON page of 50 tasks", tasks),
                        ("CalDAV REPORT, 1,000 VTODOs", report)):
        assert sizes["same"], f"{name}: the gzip body does not inflate to the identity one"
        print(f"{name:<34}{sizes['identity']:>12}{sizes['gzip']:>10}{sizes['gzip'] / sizes['identity']:>8.3f}")
    print(f"\n{'wrk':<24}{'req/s':>9}{'÷ healthz':>11}{'p50 ms':>9}{'p95 ms':>9}{'CPU ms/req':>12}{'errors':>8}")
    for name, run in (("/healthz", health), ("/today identity", plain), ("/today gzip", packed)):
        print(f"{name:<24}{run['rps']:>9.0f}{run['rps'] / health['rps']:>11.3f}{run['p50']:>9.2f}{run['p95']:>9.2f}"
              f"{run['cpu_ms']:>12.3f}{int(run['errors']):>8}")
    print(f"\ngzip's cost: Today pages/s with gzip ÷ without: {packed['rps'] / plain['rps']:.3f}; "
          f"CPU per page with ÷ without: {packed['cpu_ms'] / plain['cpu_ms']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
