"""Q-8 (issue 32, item 6): 1,000 live event streams on one server with 1M tasks stored. Run through
bench/live_streams.sh, which builds the release binary and raises the limit of open files.

What is realistic: a change reaches a thousand streams when a list is shared by many people, each with a few
devices or tabs open. The default is the seed's 100 accounts (TASKS tasks spread over them), all members of one
list shared by the first, each with 10 streams open (phone, laptop, tabs): 1,000 streams, and a change to a task
of that list is one entry in each of the 100 feeds, delivered 10 times each. ACCOUNTS=1000 STREAMS_PER_ACCOUNT=1
is the harder shape (1,000 members with one stream each: 1,000 feeds to read per change).

  baseline  the server after start with no stream open (its resident memory), then one member's single stream:
            CHANGES title changes of the shared task by its owner, one every INTERVAL, each timed from just before
            the PATCH is sent to the event's arrival.
  streams   the baseline stream closed, ACCOUNTS x STREAMS_PER_ACCOUNT streams opened (each waits for its `ready`),
            resident memory read, then the same CHANGES changes: for each, the time until every stream had it
            (the slowest stream), and every single delivery.

The client is one asyncio loop over raw sockets (HTTP/1.1, chunked decoding by hand), cheap per stream; every
stream's `change` events are checked: exactly the changes made, in feed order, sequences without a gap, and the
streams of one account with the same sequences. Memory is VmRSS (and the peak, VmHWM) of /proc/PID/status.
"""
import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import Server  # noqa: E402

MEMORY_TARGET_MB = 150
DELIVERY_TARGET = 1.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p * len(ordered) + 0.5) - 1))]


def memory(pid: int) -> dict[str, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


class Stream:
    """One `GET /api/v1/events` over a raw socket; keeps the arrival time and sequence of each `change` event of
    the watched task, and every change sequence seen."""

    def __init__(self, name: str, account: int, host: str, port: int, token: str, task_id: str):
        self.name, self.account, self.host, self.port, self.token = name, account, host, port, token
        self.needle = task_id.encode()
        self.arrivals: list[tuple[float, int]] = []
        self.sequences: list[int] = []
        self.ready = asyncio.get_running_loop().create_future()
        self.end: str | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task | None = None
        self.buffer = b""

    async def open(self) -> None:
        reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(
            f"GET /api/v1/events HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAuthorization: Bearer {self.token}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        status = head.split(b" ", 2)[1]
        if status != b"200" or b"chunked" not in head.lower():
            raise RuntimeError(f"{self.name}: {head[:200]!r}")
        self.task = asyncio.create_task(self.read(reader))
        await asyncio.wait_for(asyncio.shield(self.ready), 30)

    async def read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    self.end = "clean"
                    break
                data = await reader.readexactly(size + 2)
                self.feed(data[:-2], time.monotonic())
        except (asyncio.IncompleteReadError, ConnectionError, ValueError) as error:
            self.end = f"cut: {error!r}"
        except asyncio.CancelledError:
            pass
        if not self.ready.done():
            self.ready.set_exception(RuntimeError(f"{self.name} ended before ready: {self.end}"))

    def feed(self, data: bytes, now: float) -> None:
        self.buffer += data
        *events, self.buffer = self.buffer.split(b"\n\n")
        for event in events:
            if event.startswith(b"event: change\n"):
                sequence = int(event.split(b"\n", 2)[1][4:])
                self.sequences.append(sequence)
                if self.needle in event:
                    self.arrivals.append((now, sequence))
            elif event.startswith(b"event: ready\n") and not self.ready.done():
                self.ready.set_result(None)

    def close(self) -> None:
        if self.task:
            self.task.cancel()
        if self.writer:
            self.writer.close()


class Owner:
    def __init__(self, base: str, token: str):
        self.base, self.http = base, requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def call(self, method: str, path: str, expect: int, **kwargs) -> dict:
        response = self.http.request(method, self.base + "/api/v1" + path, timeout=60, **kwargs)
        if response.status_code != expect:
            raise RuntimeError(f"{method} {path} -> {response.status_code}: {response.text[:300]}")
        return response.json() if response.content else {}


async def run_changes(owners: list[Owner], task_id: str, streams: list[Stream], changes: int, warmup: int,
                      interval: float, label: str) -> dict:
    """Makes warmup + changes title changes, one every interval, through each of `owners` (one per server) in
    turn; returns, per counted change, its send time and each stream's arrival of the matching event (inf when none
    came), and the problems found."""
    had = [len(s.arrivals) for s in streams]
    sent, answered = [], []
    start = time.monotonic()
    total = warmup + changes
    for k in range(total):
        pause = start + k * interval - time.monotonic()
        if pause > 0:
            await asyncio.sleep(pause)

        def patch(k=k) -> tuple[float, float]:
            t0 = time.monotonic()
            owners[k % len(owners)].call("PATCH", f"/tasks/{task_id}", 200, json={"title": f"{label} change {k + 1}"})
            return t0, time.monotonic() - t0

        t0, took = await asyncio.to_thread(patch)
        sent.append(t0)
        answered.append(took)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(len(s.arrivals) < h + total and s.end is None
                                              for s, h in zip(streams, had)):
        await asyncio.sleep(0.05)
    problems, arrivals = [], []
    for s, h in zip(streams, had):
        got = s.arrivals[h:]
        if len(got) != total:
            problems.append(f"{s.name}: {len(got)} of {total} events for the task (end: {s.end})")
        times = [t for t, _ in got] + [float("inf")] * (total - len(got))
        arrivals.append(times[warmup:total])
    return {"sent": sent[warmup:], "answered": answered[warmup:], "arrivals": arrivals, "problems": problems}


def order_problems(streams: list[Stream]) -> list[str]:
    """Every stream's change sequences follow each other without a gap, and one account's streams agree."""
    problems, by_account = [], {}
    for s in streams:
        if any(b != a + 1 for a, b in zip(s.sequences, s.sequences[1:])):
            problems.append(f"{s.name}: sequences with a gap or out of order: {s.sequences[:20]}")
        first = by_account.setdefault(s.account, s.sequences)
        if s.sequences != first:
            problems.append(f"{s.name}: sequences differ from its account's other stream")
    return problems


def row(name: str, values: list[float]) -> str:
    finite = [v for v in values if v != float("inf")]
    if not finite:
        return f"{name:<52}{len(values):>8}   (nothing arrived)"
    return (f"{name:<52}{len(values):>8}{statistics.median(values) * 1000:>9.1f}{percentile(values, 0.95) * 1000:>9.1f}"
            f"{max(finite) * 1000:>9.1f}{len(values) - len(finite):>8}")


async def bench(args: argparse.Namespace, server: Server, seed: dict) -> int:
    accounts = seed["accounts"][:args.accounts]
    pid = server.process.pid
    await asyncio.sleep(2)
    idle = memory(pid)
    owner = Owner(server.base, accounts[0]["token"])
    shared = owner.call("POST", "/lists", 201, json={"name": "Everyone"})["id"]
    task_id = owner.call("POST", "/tasks", 201, json={"title": "shared task", "listId": shared})["id"]
    for a in accounts[1:]:
        owner.call("POST", f"/lists/{shared}/members", 201, json={"login": a["username"], "role": "editor"})
    print(f"{len(accounts)} accounts share one list; idle server {idle['VmRSS']:.1f} MB", flush=True)

    host, port = "127.0.0.1", server.port
    one = Stream("baseline", 1, host, port, accounts[1]["token"], task_id)
    await one.open()
    print(f"baseline: {args.warmup} + {args.changes} changes, one stream ...", flush=True)
    baseline = await run_changes([owner], task_id, [one], args.changes, args.warmup, args.interval, "baseline")
    one.close()
    baseline_problems = baseline["problems"] + order_problems([one])

    streams = [Stream(f"{a['username']}#{i + 1}", n, host, port, a["token"], task_id)
               for i in range(args.streams_per_account) for n, a in enumerate(accounts)]
    opening = time.monotonic()
    for batch in range(0, len(streams), 50):
        await asyncio.gather(*(s.open() for s in streams[batch:batch + 50]))
    opened_in = time.monotonic() - opening
    await asyncio.sleep(3)
    with_streams = memory(pid)
    print(f"{len(streams)} streams open in {opened_in:.1f} s; server {with_streams['VmRSS']:.1f} MB; "
          f"{args.warmup} + {args.changes} changes ...", flush=True)
    result = await run_changes([owner], task_id, streams, args.changes, args.warmup, args.interval, "streams")
    after = memory(pid)
    problems = result["problems"] + order_problems(streams)
    for s in streams:
        s.close()

    every = [max(arrival[k] for arrival in result["arrivals"]) - sent for k, sent in enumerate(result["sent"])]
    deliveries = [arrival[k] - sent for arrival in result["arrivals"] for k, sent in enumerate(result["sent"])]
    base_values = [arrival[k] - sent for arrival in baseline["arrivals"] for k, sent in enumerate(baseline["sent"])]
    print(f"\nDoable Q-8 (issue 32 item 6), {args.engine}, {args.tasks:,} tasks: {len(streams)} streams = "
          f"{len(accounts)} accounts x {args.streams_per_account}; {args.changes} changes, one every "
          f"{args.interval * 1000:.0f} ms, timed from just before the PATCH; server {args.binary}")
    print(f"{'figure':<52}{'n':>8}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'missed':>8}")
    print(row("baseline: delivery to 1 stream", base_values))
    print(row(f"a change reaches all {len(streams)} streams (slowest)", every))
    print(row(f"  each single delivery of {len(streams)} streams", deliveries))
    print(row("  PATCH answered (baseline)", baseline["answered"]))
    print(row(f"  PATCH answered ({len(streams)} streams)", result["answered"]))
    p95, base_p95 = percentile(every, 0.95), percentile(base_values, 0.95)
    print(f"all streams / one stream: p50 {statistics.median(every) / statistics.median(base_values):.1f}, "
          f"p95 {p95 / base_p95:.1f}")
    per_stream_kb = (with_streams["VmRSS"] - idle["VmRSS"]) * 1024 / len(streams)
    print(f"resident memory: {idle['VmRSS']:.1f} MB idle after start, {with_streams['VmRSS']:.1f} MB with "
          f"{len(streams)} streams ({per_stream_kb:.0f} KB a stream), {after['VmRSS']:.1f} MB after the changes, "
          f"peak {after['VmHWM']:.1f} MB")
    memory_ok = after["VmRSS"] < MEMORY_TARGET_MB and with_streams["VmRSS"] < MEMORY_TARGET_MB
    print(f"target Q-8: resident < {MEMORY_TARGET_MB} MB with the streams: {max(with_streams['VmRSS'], after['VmRSS']):.1f} MB, "
          f"{'ok' if memory_ok else 'OVER'}; every stream within {DELIVERY_TARGET * 1000:.0f} ms at p95: "
          f"{p95 * 1000:.1f} ms, {'ok' if p95 < DELIVERY_TARGET else 'OVER'}")
    for line in baseline_problems + problems:
        print("PROBLEM " + line)
    return 1 if baseline_problems or problems or not memory_ok or p95 >= DELIVERY_TARGET else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 1_000_000)))
    parser.add_argument("--accounts", type=int, default=int(os.environ.get("ACCOUNTS", 100)))
    parser.add_argument("--streams-per-account", type=int, default=int(os.environ.get("STREAMS_PER_ACCOUNT", 10)))
    parser.add_argument("--changes", type=int, default=int(os.environ.get("CHANGES", 40)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("WARMUP", 3)))
    parser.add_argument("--interval", type=float, default=float(os.environ.get("INTERVAL", 0.5)), help="seconds")
    args = parser.parse_args()
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    args.engine = "PostgreSQL" if database_url else "SQLite"
    store = ["--database-url", database_url] if database_url else []

    folder = Path(tempfile.mkdtemp(prefix="doable-streams-"))
    try:
        data = folder / "data"
        print(f"seeding {args.tasks:,} tasks over {args.accounts} accounts ({args.engine}) ...", flush=True)
        started = time.monotonic()
        subprocess.run([args.binary, "admin", "seed", "--accounts", str(args.accounts), "--tasks", str(args.tasks),
                        "--output", str(folder / "seed.json"), "--data-dir", str(data), *store],
                       check=True, stdout=subprocess.DEVNULL)
        print(f"seed took {time.monotonic() - started:.0f} s", flush=True)
        seed = json.loads((folder / "seed.json").read_text())
        server = Server(data, folder / "server.log", "--log-level", "warning", *store, binary=args.binary)
        server.start(timeout=120)
        try:
            return asyncio.run(bench(args, server, seed))
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
