"""Issue 3 "abuse": a flood of requests from one account does not starve the others.

One account hammers the server from 64 connections at once; meanwhile a second account makes ordinary requests
one at a time. The second account's latency must stay close to what it is on a quiet server, and the flood must
be served too (slowed, not refused en masse).
"""
import statistics
import sys
import threading
import time

import requests

from liveserver import Checks, LiveServer, register

results = Checks()
check = results.check


def timed_requests(base: str, token: str, count: int) -> list[float]:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    latencies = []
    for index in range(count):
        started = time.time()
        response = session.post(base + "/api/v1/tasks", json={"title": f"quiet {index}"}, timeout=10)
        latencies.append(time.time() - started)
        assert response.status_code == 201, response.text
    return latencies


def main() -> int:
    extra = sys.argv[1:]
    with LiveServer(*extra) as server:
        flooder = register(server.base, "flooder")["token"]
        quiet = register(server.base, "quietuser")["token"]
        baseline = timed_requests(server.base, quiet, 30)

        stop = threading.Event()
        flood_statuses: list[int] = []
        lock = threading.Lock()

        def flood() -> None:
            session = requests.Session()
            session.headers["Authorization"] = f"Bearer {flooder}"
            while not stop.is_set():
                try:
                    status = session.get(server.base + "/api/v1/tasks?limit=200", timeout=10).status_code
                except requests.RequestException:
                    status = 0
                with lock:
                    flood_statuses.append(status)

        threads = [threading.Thread(target=flood, daemon=True) for _ in range(64)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        during = timed_requests(server.base, quiet, 30)
        stop.set()
        for thread in threads:
            thread.join(timeout=15)

        base_p50, flood_p50 = statistics.median(baseline), statistics.median(during)
        print(f"quiet account p50: {base_p50 * 1000:.1f} ms alone, {flood_p50 * 1000:.1f} ms during the flood; "
              f"flood requests answered: {len(flood_statuses)}")
        # Measured here, debug build, 2 cores saturated by the flood: about 35 ms with the share of 16 requests per
        # account and 115 ms with it lifted, until SQLite reads moved off Swift's cooperative threads (issue 10,
        # finding 17); since then 55-100 ms either way, because a flood of reads no longer holds those threads.
        # In CI the other lane may hold both cores too (the sync simulation): a median of 275 ms was seen there once,
        # with the slowest request still 0.54 s. Starvation shows as seconds (the check below), so the median may
        # reach 400 ms on a machine busy with other work.
        check(flood_p50 < 0.400,
              f"the quiet account's median during the flood stays under 400 ms ({flood_p50 * 1000:.1f} ms)")
        check(max(during) < 1.0, f"the quiet account's slowest request during the flood took {max(during):.3f} s (< 1 s)")
        served = sum(1 for status in flood_statuses if status == 200)
        refused = sum(1 for status in flood_statuses if status == 429)
        check(served > 100, f"the flood itself was served ({served} answered 200, {refused} told to slow down)")
        check(all(status in (200, 429) for status in flood_statuses), "the flood got only 200 or 429, never a 5xx")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
