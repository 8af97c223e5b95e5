"""Issue 17 (INTEROP-1) and issue 32 item 5: the same 10,000 VTODOs in Doable (on SQLite and on PostgreSQL),
Radicale and Xandikos, synced and searched with PyPI's `caldav` library, in one run. Goal: Doable, on each engine,
spends at least 10 times less server CPU than the better of the two on the full sync and on the search. Run through
bench/caldav_compare.sh, which installs the two servers and the client, builds the release binary and starts a
throwaway PostgreSQL.

One server at a time (so that none shares the two cores with another) is started empty (bench/caldav_servers.py),
loaded with TODOS todos (bench/caldav_todos.py: `PUT <UID>.ics` with `If-None-Match: *` over LOAD_THREADS
connections; Radicale and Xandikos, whose PUTs slow down as the collection grows, take all but the last TAIL in
bulk, see bench/caldav_servers.py; the load time and PUT rate are printed but are not figures), then measured, each
figure WARMUP times untimed and REPEAT times timed (the median is the figure), by one `caldav.DAVClient` on one
keep-alive connection:

  full sync    what a client with an empty cache does: PROPFIND Depth 0 for the collection's `sync-token` (DAVx5
               and tasks.org read it first), PROPFIND Depth 1 for every member's `getetag` (the listing, as
               vdirsyncer does it), then `calendar-multiget` of every href in chunks of MULTIGET_CHUNK (tasks.org's
               30), through python-caldav's `Calendar.get_property`, `get_properties(depth=1)` and
               `Calendar.multiget`. (python-caldav's own
               `calendar.objects(load_objects=True)` is not used: it lists with sync-collection, then GETs each
               object on its own, 10,000 GETs, which no sync client does.)
  incremental  one todo changed with a PUT (untimed), then `calendar.objects_by_sync_token(token,
               load_objects=True)`: a sync-collection REPORT with the previous token, then a GET of the one changed
               object; the answer must hold exactly that object. python-caldav's silent fallback (a full listing) is
               turned off, so a server without sync-collection fails this figure instead; all three have it.
  search       `calendar.search(todo=True, include_completed=True, start, end)` over 36.5 days of the year, one
               calendar-query REPORT with a VTODO time-range (python-caldav widens the range by a day on each side and
               filters client-side); about a tenth of the todos match. Its warm-up is at least 5 runs, because
               Xandikos builds an index for a filter once it has seen it 5 times.

Each row gives the client's wall time (the figure), the part of it spent in HTTP (request sent to body read: the
server and the loopback), the rest (python-caldav's own parsing, about the same for every server, which caps the
wall ratio), the server's CPU time (/proc: utime + stime of the server process; for Doable/PG plus every process of
its PostgreSQL cluster, reaped backends included) and the number of requests. The ratios are the better other
server's figure over Doable's: on server CPU (the goal), on the wall time and on the HTTP time.
"""
from __future__ import annotations

import argparse
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import caldav
from caldav.elements import dav

from caldav_servers import Doable, Radicale, Xandikos, rss_mb
from caldav_todos import SEARCH_END, SEARCH_START, Uploader, changed, make_todos

ROOT = Path(__file__).resolve().parents[1]
GOAL = 10.0
FIGURES = ("full sync", "incremental", "search")


class HTTPMeter:
    """Counts the requests of a DAVClient's session and the seconds spent in them (body read included)."""

    def __init__(self, client: caldav.DAVClient):
        self.seconds, self.requests = 0.0, 0
        send = client.session.request

        def timed(*args, **kwargs):
            started = time.perf_counter()
            response = send(*args, **kwargs)
            response.content  # noqa: B018 - read inside the timed span
            self.seconds += time.perf_counter() - started
            self.requests += 1
            return response

        client.session.request = timed


def full_sync(calendar: caldav.Calendar, chunk: int) -> tuple[int, str]:
    token = calendar.get_property(dav.SyncToken())
    listing = calendar.get_properties([dav.GetEtag()], depth=1, parse_response_xml=False)
    collection = calendar.url.path.rstrip("/")
    hrefs = [r.href for r in listing.results if r.href.rstrip("/") != collection]
    loaded = 0
    for start in range(0, len(hrefs), chunk):
        objects = calendar.multiget([calendar.url.join(href) for href in hrefs[start:start + chunk]])
        loaded += sum(1 for o in objects if o.data and "BEGIN:VTODO" in o.data)
    if loaded != len(hrefs):
        raise RuntimeError(f"multiget loaded {loaded} of {len(hrefs)} listed objects")
    return loaded, token


def incremental_sync(calendar: caldav.Calendar, token: str, expect_summary: str) -> tuple[int, str]:
    result = calendar.objects_by_sync_token(token, load_objects=True, disable_fallback=True)
    objects = list(result)
    if len(objects) != 1 or expect_summary not in (objects[0].data or ""):
        raise RuntimeError(f"sync-collection answered {len(objects)} objects, expected the one changed")
    return len(objects), result.sync_token


def search(calendar: caldav.Calendar) -> int:
    return len(calendar.search(todo=True, include_completed=True, start=SEARCH_START, end=SEARCH_END))


class Run:
    """The measured runs of one figure on one server."""

    def __init__(self):
        self.walls, self.https, self.cpus, self.requests, self.results = [], [], [], [], []

    def measure(self, meter: HTTPMeter, cpu, action):
        http_before, requests_before, cpu_before = meter.seconds, meter.requests, cpu()
        started = time.perf_counter()
        result = action()
        self.walls.append(time.perf_counter() - started)
        self.https.append(meter.seconds - http_before)
        self.cpus.append(cpu() - cpu_before)
        self.requests.append(meter.requests - requests_before)
        self.results.append(result)
        return result


def measure_server(server, todos, args) -> dict:
    uploader = Uploader(server.calendar_url, server.auth, args.load_threads)
    tail = todos if not hasattr(server, "bulk_load") or args.load == "put" else todos[-args.tail:]
    bulk = todos[:len(todos) - len(tail)]
    load_seconds = 0.0
    if bulk:
        print(f"{server.name} {server.version}: loading {len(bulk):,} todos in bulk ...", flush=True)
        started = time.perf_counter()
        server.bulk_load(bulk)
        load_seconds = time.perf_counter() - started
        print(f"  in {load_seconds:.1f} s", flush=True)
    print(f"{server.name} {server.version}: PUT of {len(tail):,} todos, one each ...", flush=True)
    put_seconds = uploader.load(tail)
    load_seconds += put_seconds
    print(f"  {len(tail) / put_seconds:,.0f} PUT/s over {args.load_threads} connections, "
          f"server memory {rss_mb(server.pid):.0f} MB", flush=True)

    client = caldav.DAVClient(url=server.calendar_url, username=server.auth[0], password=server.auth[1], timeout=600)
    meter = HTTPMeter(client)
    calendar = client.calendar(url=server.calendar_url)
    runs = {figure: Run() for figure in FIGURES}
    token = ""

    for n in range(args.warmup + args.repeat):
        run = runs["full sync"] if n >= args.warmup else Run()
        count, token = run.measure(meter, server.cpu_seconds, lambda: full_sync(calendar, args.chunk))
        if count != len(todos):
            raise RuntimeError(f"{server.name}: full sync found {count} todos, expected {len(todos)}")
    print(f"  full sync: {statistics.median(runs['full sync'].walls):.3f} s", flush=True)

    for n in range(args.warmup + args.repeat):
        run = runs["incremental"] if n >= args.warmup else Run()
        todo = todos[(n * 997) % len(todos)]
        uploader.put(todo, changed(todo, n + 1), create=False)
        _, token = run.measure(meter, server.cpu_seconds,
                               lambda: incremental_sync(calendar, token, f"Changed in round {n + 1}"))
    print(f"  incremental: {statistics.median(runs['incremental'].walls) * 1000:.1f} ms", flush=True)

    for n in range(max(args.warmup, 5) + args.search_repeat):
        run = runs["search"] if n >= max(args.warmup, 5) else Run()
        run.measure(meter, server.cpu_seconds, lambda: search(calendar))
    print(f"  search: {statistics.median(runs['search'].walls) * 1000:.1f} ms, "
          f"{runs['search'].results[-1]:,} todos", flush=True)
    return {"load": load_seconds, "bulk": len(bulk), "puts": len(tail), "put_rate": len(tail) / put_seconds,
            "runs": runs, "rss": rss_mb(server.pid)}


def expected_matches(todos) -> int:
    """Todos whose DUE falls in the search window (the non-recurring, plainly due ones), for a sanity line."""
    low, high = SEARCH_START.strftime("%Y%m%d"), SEARCH_END.strftime("%Y%m%d")
    return sum(1 for t in todos if low <= t.body.split("DUE", 1)[1].split(":", 1)[1][:8] < high)


def print_table(results: dict, args, todos) -> None:
    """One row per server and figure; each Doable row (SQLite, PostgreSQL) adds its ratios to the other two servers:
    server CPU (the goal), then wall and HTTP time, each against the one of Radicale and Xandikos that is better on
    that measure."""
    print(f"\nCalDAV, {len(todos):,} VTODOs in one calendar, python-caldav {caldav.__version__}, median of "
          f"{args.repeat} warm runs ({args.search_repeat} for the search); {platform.python_implementation()} {platform.python_version()}; load "
          f"{os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(f"{'server':<10}{'figure':<13}{'seconds':>9}{'http s':>9}{'client s':>9}{'server cpu s':>13}"
          f"{'requests':>9}{'todos':>7}{'x less cpu':>11}{'x wall':>7}{'x http':>7}  goal: >= {GOAL:g}x less CPU")
    bounds = []
    verdicts = []
    for figure in FIGURES:
        others = {name: result["runs"][figure] for name, result in results.items() if not name.startswith("Doable")}
        for name, result in results.items():
            run = result["runs"][figure]
            wall, http, cpu = statistics.median(run.walls), statistics.median(run.https), statistics.mean(run.cpus)
            counts = run.results[-1] if isinstance(run.results[-1], int) else run.results[-1][0]
            cells = (f"{name:<10}{figure:<13}{wall:>9.4f}{http:>9.4f}{wall - http:>9.4f}"
                     f"{cpu:>13.3f}{statistics.median(run.requests):>9.0f}{counts:>7,}")
            if name.startswith("Doable") and others:
                best = {measure: min(others, key=lambda other: (statistics.mean if measure == "cpus" else
                                                                 statistics.median)(getattr(others[other], measure)))
                        for measure in ("cpus", "walls", "https")}
                average = {"cpus": statistics.mean, "walls": statistics.median, "https": statistics.median}
                ratio = {measure: average[measure](getattr(others[best[measure]], measure)) / value if value else math.inf
                         for measure, value in (("cpus", cpu), ("walls", wall), ("https", http))}
                verdict = "yes" if ratio["cpus"] >= GOAL else "NO"
                cells += (f"{ratio['cpus']:>11.1f}{ratio['walls']:>7.1f}{ratio['https']:>7.1f}  cpu {verdict} "
                          f"(vs {best['cpus']})")
                verdicts.append(f"{name} {figure}: {ratio['cpus']:.1f}x less CPU ({verdict})")
                bounds.append(f"{name} {figure} {statistics.median(others[best['walls']].walls) / (wall - http):.1f}x")
            print(cells)
    print("server cpu s: utime + stime from /proc of the server process, for Doable/PG plus its PostgreSQL cluster "
          "(postmaster, backends, background workers, reaped children), the mean of the timed runs (clock ticks are "
          f"{1 / os.sysconf('SC_CLK_TCK'):g} s; searches are timed {args.search_repeat} times); seconds and http s "
          "are medians. Ratios: the better of Radicale and Xandikos on that measure over Doable's.")
    if bounds:
        print("client s is python-caldav's own time (parsing, objects, search post-filter), about the same for every "
              "server; it caps Doable's wall ratio at: " + ", ".join(bounds))
    for name, result in results.items():
        bulk = f"{result['bulk']:,} in bulk, then " if result["bulk"] else ""
        print(f"{name}: loaded in {result['load']:.1f} s ({bulk}{result['puts']:,} PUTs at {result['put_rate']:,.0f}/s "
              f"over {args.load_threads} connections), memory {result['rss']:.0f} MB after the figures")
    print(f"todos with a DUE in the search window: {expected_matches(todos):,} (recurring ones and python-caldav's "
          "extra day on each side add a few)")
    for line in verdicts:
        print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--todos", type=int, default=int(os.environ.get("TODOS", 10_000)))
    parser.add_argument("--repeat", type=int, default=int(os.environ.get("REPEAT", 5)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("WARMUP", 1)))
    parser.add_argument("--search-repeat", type=int, default=int(os.environ.get("SEARCH_REPEAT", 20)),
                        help="timed searches (more than REPEAT: a search costs a few clock ticks of CPU)")
    parser.add_argument("--chunk", type=int, default=int(os.environ.get("MULTIGET_CHUNK", 30)))
    parser.add_argument("--load", choices=("bulk", "put"), default=os.environ.get("LOAD", "bulk"),
                        help="put: PUT every todo one by one into Radicale and Xandikos too (about 45 minutes each)")
    parser.add_argument("--tail", type=int, default=int(os.environ.get("TAIL", 100)),
                        help="todos PUT one by one after the bulk load (their rate is printed)")
    parser.add_argument("--load-threads", type=int, default=int(os.environ.get("LOAD_THREADS", 8)))
    parser.add_argument("--servers", default=os.environ.get("SERVERS", "radicale,xandikos,doable,doable-postgres"),
                        help="doable-postgres runs Doable on the PostgreSQL of DOABLE_TEST_DATABASE_URL")
    args = parser.parse_args()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers on the way out
    todos = make_todos(args.todos)
    makers = {"radicale": Radicale, "xandikos": Xandikos, "doable": lambda: Doable(args.binary),
              "doable-postgres": lambda: Doable(args.binary, os.environ["DOABLE_TEST_DATABASE_URL"])}
    results = {}
    for key in args.servers.split(","):
        server = makers[key.strip().lower()]()
        with server:
            try:
                results[server.name] = measure_server(server, todos, args)
            except Exception:
                print(f"{server.name} log:\n{server.log_tail()}", file=sys.stderr)
                raise
    print_table(results, args, todos)
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
