"""Issue 15's marketplace figures, one per run (`bench/market_near.sh`, `market_search.sh`, `market_bids.sh`):

- near: GET /api/v1/market/postings?near=LAT,LON&radiusKm=5 at random points of the seeded area;
- search: GET /api/v1/market/postings?q=… with one and two words of the seed's vocabulary, and the empty query;
- bids: POST /api/v1/market/postings/{id}/bids on one hot posting, each connection its own bidder.

Each figure is measured beside a baseline in the same run and server: GET /healthz for the reads, creating a task
(POST /api/v1/tasks) for the bids. Latency p50/p95 with one connection (client-side, from sending to the whole body)
and requests per second with 32 connections (one thread and keep-alive connection each), plus the server's own
time of the route from its Prometheus histogram. POSTINGS (default 1,000,000) and SECONDS (default 10) shorten a run.
"""
from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sync_common import Connection, SyncServer, binary_path, engine_name, percentile, server_time  # noqa: E402

WORDS = ["buy", "milk", "call", "plumber", "write", "report", "clean", "kitchen", "book", "flight", "pay", "rent",
         "water", "plants", "fix", "bike", "read", "chapter", "email", "team", "plan", "party", "walk", "dog",
         "study", "exam", "review", "code", "order", "groceries", "paint", "fence", "visit", "doctor", "renew",
         "passport", "bake", "bread", "tidy", "garage"]  # Sources/doable/Seed.swift
AREA = (47.3, 55.0, 5.9, 15.0)


def single(base: str, token: str | None, paths, seconds: float, method: str = "GET", body=None, expect=200):
    connection = Connection(base, token)
    times = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _, took = connection.call(method, next(paths), body() if body else None, expect=expect)
        times.append(took)
    connection.close()
    return times


def parallel(base: str, tokens: list[str | None], paths_for, seconds: float, method: str = "GET", body=None,
             expect=200):
    counts, times, errors = [0] * len(tokens), [], []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def run(index: int):
        connection = Connection(base, tokens[index])
        paths = paths_for(index)
        mine = []
        try:
            while time.monotonic() < stop:
                _, took = connection.call(method, next(paths), body() if body else None, expect=expect)
                mine.append(took)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(str(error)[:200])
        connection.close()
        with lock:
            counts[index] = len(mine)
            times.extend(mine)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(tokens))]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.monotonic() - started), times, errors


def ms(value: float) -> str:
    return f"{value * 1000:.2f} ms"


def forever(make):
    while True:
        yield make()


def main() -> None:
    figure = sys.argv[1] if len(sys.argv) > 1 else "near"
    postings = int(os.environ.get("POSTINGS", "1000000"))
    seconds = float(os.environ.get("SECONDS", "10"))
    accounts = 40 if figure == "bids" else 10
    rng = random.Random(15)
    with tempfile.TemporaryDirectory(prefix="doable-market-") as folder:
        folder = Path(folder)
        seeded, seed_seconds = seed_market(binary_path(), folder, accounts, postings if figure != "bids" else 1)
        print(f"{engine_name()}: seeded {postings if figure != 'bids' else 1:,} postings over {accounts} accounts "
              f"in {seed_seconds:.0f} s")
        server = SyncServer(binary_path(), folder)
        server.start()
        try:
            base = server.base
            token = seeded[0]["token"]
            health = lambda: forever(lambda: "/healthz")  # noqa: E731
            if figure == "near":
                def make():
                    return (f"/api/v1/market/postings?near={rng.uniform(AREA[0], AREA[1]):.5f},"
                            f"{rng.uniform(AREA[2], AREA[3]):.5f}&radiusKm=5")
                route = "/api/v1/market/postings"
            elif figure == "search":
                def make():
                    choice = rng.random()
                    if choice < 0.1:
                        return "/api/v1/market/postings"
                    words = rng.sample(WORDS, 1 if choice < 0.6 else 2)
                    return "/api/v1/market/postings?q=" + "+".join(words)
                route = "/api/v1/market/postings"
            else:
                run_bids(server, base, seeded, seconds)
                return
            # How many results a query finds, on a sample.
            sample = Connection(base, token)
            found = [len(json.loads(sample.call("GET", make())[0])["postings"]) for _ in range(50)]
            sample.close()
            before = server.metrics()
            one = single(base, token, forever(make), seconds)
            middle = server.metrics()
            base_one = single(base, None, health(), seconds)
            rate, many, errors = parallel(base, [token] * 32, lambda _: forever(make), seconds)
            after = server.metrics()
            base_rate, _, _ = parallel(base, [None] * 32, lambda _: health(), seconds)
            print(f"{figure} (mean {sum(found) / len(found):.1f} results of a page of at most 50)")
            print(f"  1 connection:  p50 {ms(percentile(one, 0.5))}, p95 {ms(percentile(one, 0.95))} "
                  f"({len(one):,} requests); /healthz p50 {ms(percentile(base_one, 0.5))}, "
                  f"p95 {ms(percentile(base_one, 0.95))}")
            print(f"  server time, 1 connection: {server_time(middle.since(before, route, 'GET'))}")
            print(f"  32 connections: {rate:,.0f} req/s, p95 {ms(percentile(many, 0.95))}; /healthz {base_rate:,.0f} "
                  f"req/s; ratio {rate / base_rate:.3f}{'; errors: ' + str(errors[:2]) if errors else ''}")
            print(f"  server time, 32 connections: {server_time(after.since(middle, route, 'GET'))}")
        finally:
            server.stop()


def run_bids(server, base: str, seeded: list[dict], seconds: float) -> None:
    poster = Connection(base, seeded[0]["token"])
    posting = json.loads(poster.call("POST", "/api/v1/market/postings", {
        "title": "Hot posting", "description": "Everyone bids on this one.", "category": "Other",
        "maxBid": 1000000, "location": None}, expect=201)[0])
    path = f"/api/v1/market/postings/{posting['id']}/bids"
    bidders = [entry["token"] for entry in seeded[1:]]
    amount = random.Random(3)

    def bid():
        return {"amount": round(amount.uniform(1, 999999), 2)}

    def task():
        return {"title": "Baseline task"}

    placed: set[str] = set()
    for connections in (1, 8, 32):
        tokens = bidders[:connections]
        # A bidder's first bid answers 201; every later one changes its open bid (200) and writes the posting again.
        for token in tokens:
            if token not in placed:
                Connection(base, token).call("POST", path, bid(), expect=201)
                placed.add(token)
        rate, times, errors = parallel(base, tokens, lambda _: forever(lambda: path), seconds, "POST", bid,
                                       expect=200)
        base_rate, _, _ = parallel(base, tokens, lambda _: forever(lambda: "/api/v1/tasks"), seconds, "POST", task,
                                   expect=201)
        print(f"  {connections:2d} bidders: {rate:,.0f} bids/s (p95 {ms(percentile(times, 0.95))}); creating tasks "
              f"{base_rate:,.0f}/s; ratio {rate / base_rate:.3f}{'; errors: ' + str(errors[:2]) if errors else ''}")
    final = json.loads(poster.call("GET", f"/api/v1/market/postings/{posting['id']}")[0])
    print(f"  the hot posting: {final['bidCount']} open bids, status {final['status']}, lowest {final['lowestBid']}")


def seed_market(binary: str, folder: Path, accounts: int, postings: int):
    import subprocess
    from sync_common import database_url
    store = ["--database-url", database_url()] if database_url() else ["--data-dir", str(folder / "data")]
    started = time.monotonic()
    subprocess.run([binary, "admin", "seed", "--accounts", str(accounts), "--tasks", str(accounts * 10),
                    "--postings", str(postings), "--output", str(folder / "seed.json"), *store], check=True,
                   stdout=subprocess.DEVNULL)
    return json.loads((folder / "seed.json").read_text())["accounts"], time.monotonic() - started


if __name__ == "__main__":
    main()
