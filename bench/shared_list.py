"""Issue 12: reading a 50-task list shared with the reader stays within 10% of reading the reader's own 50-task list
in the same run. Run through bench/shared_list.sh, which builds the release binary.

One `doable serve` (SQLite in a temporary folder, or PostgreSQL when DOABLE_DATABASE_URL is set) with three lists of
50 tasks: ann's "Own" and "Shared" (shared with ben as an editor) and ben's own "Ben's". ben then reads, with his own
token over one persistent connection, `GET /api/v1/tasks?list=…&limit=N`:

  uncached  his own list (the baseline) and ann's shared list, in pairs, each pair with a query string no earlier
            request used (N from 51 to 500, then the same with the parameters in the other order), so the
            rendered-page cache, keyed by the query string, never answers: every request authenticates, checks
            the caller's role on the list, reads 50 tasks and encodes them. The two requests of a pair use the
            same N and alternate which goes first.
  cached    the same two queries (limit=50) again and again: after the first, the page cache answers both.

Each figure is WARMUP pairs, then PAIRS timed pairs; a request's time is from sending it to having read the whole
response body (client side, loopback). Every response is checked to hold 50 tasks. After each pair the same
connection also times `GET /healthz` (the floor: the round trip and the client's own cost, ~1 ms with requests);
"net of floor" is (shared − floor) / (own − floor) of the medians, the ratio of the server's share of the time.
"""
import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import LiveServer  # noqa: E402

TASKS = 50
TARGET = 1.10


def percentile(values, share):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


class Account:
    def __init__(self, base: str, username: str):
        self.base, self.username = base, username
        response = requests.post(base + "/api/v1/accounts", timeout=30, json={
            "email": f"{username}@example.com", "password": "shared bench password", "username": username,
            "firstName": username.split("_")[0].capitalize(), "lastName": "Bench"})
        response.raise_for_status()
        self.token = response.json()["token"]
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {self.token}"

    def call(self, method: str, path: str, expect: int, **kwargs) -> dict:
        response = self.http.request(method, self.base + "/api/v1" + path, timeout=30, **kwargs)
        if response.status_code != expect:
            raise RuntimeError(f"{self.username}: {method} {path} -> {response.status_code}: {response.text[:300]}")
        return response.json() if response.content else {}

    def make_list(self, name: str, tasks: int) -> str:
        list_id = self.call("POST", "/lists", 201, json={"name": name})["id"]
        for i in range(tasks):
            self.call("POST", "/tasks", 201, json={"title": f"{name} task {i + 1}", "listId": list_id})
        return list_id


def timed_get(http: requests.Session, url: str) -> tuple[float, requests.Response]:
    started = time.perf_counter()
    response = http.get(url, timeout=30)
    response.content  # noqa: B018 - the body is read inside the timed span
    return time.perf_counter() - started, response


def run_pairs(reader: Account, queries: list[tuple[str, str]], warmup: int):
    """Times reader's GET of each (own query, shared query) pair, then a GET /healthz on the same connection (the
    floor: the round trip and the client's own cost); returns the timed seconds of each after `warmup` pairs."""
    own_times, shared_times, floor_times = [], [], []
    for n, (own_query, shared_query) in enumerate(queries):
        pair = [("own", own_query), ("shared", shared_query)]
        if n % 2:
            pair.reverse()
        for which, query in pair:
            seconds, response = timed_get(reader.http, f"{reader.base}/api/v1/tasks?{query}")
            if response.status_code != 200:
                raise RuntimeError(f"GET ?{query} -> {response.status_code}: {response.text[:300]}")
            count = len(response.json()["tasks"])
            if count != TASKS:
                raise RuntimeError(f"GET ?{query} answered {count} tasks, expected {TASKS}")
            if n >= warmup:
                (own_times if which == "own" else shared_times).append(seconds)
        seconds, response = timed_get(reader.http, f"{reader.base}/healthz")
        if response.status_code != 200:
            raise RuntimeError(f"GET /healthz -> {response.status_code}")
        if n >= warmup:
            floor_times.append(seconds)
    return own_times, shared_times, floor_times


def distinct_queries(list_id: str, count: int) -> list[str]:
    """`count` query strings for `list_id`, no two alike, each answering the whole 50-task list."""
    limits = range(TASKS + 1, 501)
    forms = [lambda n: f"list={list_id}&limit={n}", lambda n: f"limit={n}&list={list_id}",
             lambda n: f"list={list_id}&limit={n}&offset=0", lambda n: f"offset=0&limit={n}&list={list_id}"]
    queries = [form(n) for form in forms for n in limits]
    if count > len(queries):
        raise SystemExit(f"at most {len(queries)} distinct queries; ask for fewer pairs")
    return queries[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--pairs", type=int, default=int(os.environ.get("PAIRS", 500)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("WARMUP", 50)))
    args = parser.parse_args()

    database_url = os.environ.get("DOABLE_DATABASE_URL")
    engine = "PostgreSQL" if database_url else "SQLite"
    suffix = uuid.uuid4().hex[:6]
    extra = ["--database-url", database_url] if database_url else []
    with LiveServer(*extra, binary=args.binary) as server:
        print(f"{engine}: ann and ben, three lists of {TASKS} tasks ...", flush=True)
        ann, ben = Account(server.base, f"ann_{suffix}"), Account(server.base, f"ben_{suffix}")
        ann.make_list("Own", TASKS)
        shared = ann.make_list("Shared", TASKS)
        own = ben.make_list("Ben's", TASKS)
        ann.call("POST", f"/lists/{shared}/members", 201, json={"login": ben.username, "role": "editor"})

        total = args.warmup + args.pairs
        print(f"uncached: {args.warmup} + {args.pairs} pairs, a distinct query string per pair ...", flush=True)
        uncached = run_pairs(ben, list(zip(distinct_queries(own, total), distinct_queries(shared, total))), args.warmup)
        print(f"cached: {args.warmup} + {args.pairs} pairs of the same two queries ...", flush=True)
        same = [(f"list={own}&limit={TASKS}", f"list={shared}&limit={TASKS}")] * total
        cached = run_pairs(ben, same, args.warmup)

    print(f"\nDoable issue 12, {engine}: ben reads his own {TASKS}-task list (baseline) and ann's {TASKS}-task list "
          f"shared with him,\n{args.pairs} interleaved pairs each, one persistent connection, server {args.binary}")
    print(f"{'case':<10}{'request':<9}{'median ms':>11}{'p95 ms':>9}{'p99 ms':>9}{'shared/own':>12}"
          f"{'(p95)':>8}{'net of floor':>14}")
    verdicts = []
    for name, (own_times, shared_times, floor_times) in (("uncached", uncached), ("cached", cached)):
        own_median, shared_median = statistics.median(own_times), statistics.median(shared_times)
        floor = statistics.median(floor_times)
        ratio = shared_median / own_median
        ratio95 = percentile(shared_times, 0.95) / percentile(own_times, 0.95)
        net = (shared_median - floor) / (own_median - floor)
        for which, times in (("own", own_times), ("shared", shared_times), ("healthz", floor_times)):
            cells = f"{statistics.median(times) * 1000:>11.3f}{percentile(times, 0.95) * 1000:>9.3f}" \
                    f"{percentile(times, 0.99) * 1000:>9.3f}"
            extra_cells = f"{ratio:>12.3f}{ratio95:>8.3f}{net:>14.3f}" if which == "shared" else ""
            print(f"{name:<10}{which:<9}{cells}{extra_cells}")
        verdicts.append(f"{name}: shared/own {ratio:.3f} ({'ok' if ratio <= TARGET else 'OVER'} ≤ {TARGET:.2f}); "
                        f"net of the /healthz floor {net:.3f}")
    print(f"target (issue 12): reading a shared list within 10% of reading an own list, median ratio ≤ {TARGET:.2f}")
    for line in verdicts:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
