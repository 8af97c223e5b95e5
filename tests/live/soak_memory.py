"""Issue 10, finding 16: the server's memory stays flat under a long run of ordinary requests.

Starts `doable serve` with the page cache off (so nothing is meant to be kept), warms it up, then sends rounds of
the requests a client makes most (list tasks with and without filters, one task, lists, labels, profile, a create
and a complete) from several connections, and samples the resident set size after each round. After the warm-up
the growth per request must stay under a few hundred bytes (the leak it guards against left 2-3 KB per request)
and the last rounds must not keep rising. On PostgreSQL when DOABLE_DATABASE_URL is set.
SOAK_REQUESTS (default 24,000) sets the length of the measured run.
"""
import os
import sys
import threading
import time
import uuid

import requests

from liveserver import Checks, LiveServer, register

results = Checks()
check = results.check
THREADS = 4


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def worker(base: str, token: str, count: int, errors: list[str]) -> None:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    api = base + "/api/v1"
    task = session.post(api + "/tasks", json={"title": "soak"}, timeout=30).json()["id"]
    for index in range(count):
        kind = index % 8
        if kind == 0:
            response = session.get(api + "/tasks", params={"limit": "50"}, timeout=30)
        elif kind == 1:
            response = session.get(api + "/tasks", params={"q": "soak", "status": "pending"}, timeout=30)
        elif kind == 2:
            response = session.get(api + f"/tasks/{task}", timeout=30)
        elif kind == 3:
            response = session.get(api + "/lists", timeout=30)
        elif kind == 4:
            response = session.get(api + "/labels", timeout=30)
        elif kind == 5:
            response = session.get(api + "/me", timeout=30)
        elif kind == 6:
            response = session.patch(api + f"/tasks/{task}", json={"notes": f"round {index}"}, timeout=30)
        else:
            response = session.get(api + "/tasks", params={"offset": str(index % 500), "limit": "10"}, timeout=30)
        if response.status_code >= 400:
            errors.append(f"{response.request.method} {response.url}: {response.status_code}")


def run_round(base: str, tokens: list[str], requests_per_round: int) -> list[str]:
    errors: list[str] = []
    threads = [threading.Thread(target=worker, args=(base, token, requests_per_round // THREADS, errors))
               for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def main() -> int:
    total = int(os.environ.get("SOAK_REQUESTS", "24000"))
    rounds = 8
    per_round = total // rounds
    with LiveServer("--page-cache-mb", "0") as server:
        pid = server.process.pid
        tokens = [register(server.base, f"soak_{uuid.uuid4().hex[:10]}")["token"] for _ in range(THREADS)]
        started = time.monotonic()
        errors = run_round(server.base, tokens, max(per_round, 4_000))  # warm-up: pools, caches, allocator arenas
        baseline = rss_kb(pid)
        samples = []
        for _ in range(rounds):
            errors += run_round(server.base, tokens, per_round)
            samples.append(rss_kb(pid))
        elapsed = time.monotonic() - started
        check(not errors, f"every soak request answered below 400 ({len(errors)} did not)", "\n".join(errors[:5]))
        growth = samples[-1] - baseline
        per_request = growth * 1024 / (rounds * per_round)
        print(f"     RSS after warm-up {baseline / 1024:.1f} MB, then "
              + ", ".join(f"{sample / 1024:.1f}" for sample in samples)
              + f" MB over {rounds * per_round} requests in {elapsed:.0f} s: {per_request:.0f} bytes per request")
        check(per_request < 300, f"issue 10 #16: memory grows {per_request:.0f} bytes per request (< 300)")
        second_half = samples[-1] - samples[rounds // 2 - 1]
        check(second_half * 1024 / (rounds // 2 * per_round) < 300,
              f"issue 10 #16: and is flat in the second half ({second_half / 1024:+.1f} MB)")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
