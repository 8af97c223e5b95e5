"""Issue 14, figure 2: one edit on device A seen on device B through the live nudge (SYNC-5): targets p50 < 150 ms,
p95 < 500 ms; SPEC Q-4, one change synced in < 5 ms on the server. Run through bench/sync_nudge.sh, which builds
the release binary.

Seeds one account (`doable admin seed`, TASKS tasks, default 10,000). Devices A and B (two client ids of the
account, each on its own keep-alive connection) pull everything first. B listens on `GET /api/v1/events` (the
reader of tests/live/events.py, a thread that timestamps each item on arrival); a second thread of B pulls at once
on every `change` event it has not acted on yet, until `more` is false, and notes when each task title first comes
back in a pull answer. A then makes WARMUP + SAMPLES edits of one task, one every INTERVAL: each a push of one
`task.update` that sets only `title` (to a value not used before). An edit's latency is from just before A sends its
push to the moment B has read the pull answer that holds the new title. Baseline: the same push's own round trip
(A's client side). Also shown: when B's stream had the change's event, and the server's own time of each push and
pull (its metrics), which is Q-4's figure: the push's time on the server, loopback, one change.
"""
import argparse
import os
import statistics
import sys
import shutil
import tempfile
import threading
import time
from pathlib import Path

from sync_common import (MS_HEADER, Device, SyncServer, binary_path, engine_name, ms_row, percentile, seed,
                         server_time)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from events import Stream  # noqa: E402

TARGET_P50, TARGET_P95, TARGET_SERVER = 0.150, 0.500, 0.005


class Listener:
    """Device B: pulls whenever its stream has a change event it has not acted on; `seen[title]` is when a pull
    answer first held a task with that title (time.monotonic, like the stream's timestamps)."""

    def __init__(self, device: Device, stream: Stream):
        self.device, self.stream = device, stream
        self.seen: dict[str, float] = {}
        self.pulls: list[float] = []
        self.cond = threading.Condition()
        self.stopping = False
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True, name="device B")
        self.thread.start()

    def _run(self) -> None:
        handled = 0
        try:
            while not self.stopping:
                self.stream.wait(lambda s: len(s.events("change")) > handled or self.stopping or s.end, 1.0)
                count = len(self.stream.events("change"))
                if count == handled:
                    if self.stream.end:
                        raise RuntimeError(f"B's stream ended: {self.stream.end}")
                    continue
                handled = count
                while True:
                    page, _, seconds = self.device.pull()
                    now = time.monotonic()
                    self.pulls.append(seconds)
                    with self.cond:
                        for task in page["tasks"]:
                            self.seen.setdefault(task["title"], now)
                        self.cond.notify_all()
                    if not page["more"]:
                        break
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            self.error = error
            with self.cond:
                self.cond.notify_all()

    def wait_for(self, title: str, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        with self.cond:
            while title not in self.seen and self.error is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)
            return self.seen.get(title)

    def stop(self) -> None:
        self.stopping = True
        self.thread.join(timeout=5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=binary_path())
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 10_000)))
    parser.add_argument("--samples", type=int, default=int(os.environ.get("SAMPLES", 200)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("WARMUP", 10)))
    parser.add_argument("--interval", type=float, default=float(os.environ.get("INTERVAL", 0.05)), help="seconds")
    args = parser.parse_args()

    engine = engine_name()
    folder = Path(tempfile.mkdtemp(prefix="doable-sync-nudge-"))
    stream = listener = None
    try:
        print(f"{engine}: seeding one account with {args.tasks:,} tasks ...", flush=True)
        accounts, _ = seed(args.binary, folder, 1, args.tasks)
        token = accounts[0]["token"]
        with SyncServer(args.binary, folder) as server:
            a, b = Device(server.base, token, "A"), Device(server.base, token, "B")
            a.pull_all()
            first = b.pull_all()
            # The task to edit: the first of a fresh full sync's first page (any task the account sees will do).
            probe = Device(server.base, token, "probe")
            task = probe.pull(limit=1)[0]["tasks"][0]
            print(f"A and B synced ({first['tasks']:,} tasks each); editing task {task['id']} ...", flush=True)

            stream = Stream(server.base, token, name="B")
            if stream.wait_ready() is None:
                raise RuntimeError(f"B's stream did not open: {stream.status} {stream.end}")
            listener = Listener(b, stream)
            suffix = os.urandom(3).hex()
            pushes, latencies, events, missed = [], [], [], 0
            before = None
            start = time.monotonic()
            for k in range(args.warmup + args.samples):
                if k == args.warmup:
                    before = server.metrics()
                pause = start + k * args.interval - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
                title = f"nudge {suffix} {k}"
                mutation = a.mutation("task.update", {"id": task["id"], "fields": {"title": title}})
                had = len(stream.events("change"))
                t0 = time.monotonic()
                _, rtt = a.push([mutation])
                seen = listener.wait_for(title, 5.0)
                if listener.error:
                    raise listener.error
                if k < args.warmup:
                    continue
                pushes.append(rtt)
                if seen is None:
                    missed += 1
                    latencies.append(float("inf"))
                    continue
                latencies.append(seen - t0)
                arrived = [e for e in stream.events("change")[had:] if e["json"] and e["json"].get("id") == task["id"]]
                if arrived:
                    events.append(arrived[0]["t"] - t0)
            after = server.metrics()
            pull_times = list(listener.pulls)
    finally:
        if listener:
            listener.stop()
        if stream:
            stream.close()
        shutil.rmtree(folder, ignore_errors=True)

    push_server = after.since(before, "/api/v1/sync/push")
    pull_server = after.since(before, "/api/v1/sync/pull")
    print(f"\nDoable issue 14, figure 2 on {engine}: an edit on device A seen on device B through the nudge; "
          f"{args.samples} edits of one task's title,\none every {args.interval * 1000:.0f} ms, after {args.warmup} "
          f"not counted; {args.tasks:,} tasks; server {args.binary}")
    print(MS_HEADER)
    print(ms_row("baseline: A's push round trip", pushes))
    print(ms_row("A push start -> B's stream has the event", events))
    print(ms_row("A push start -> B's pull answer has the title", latencies, "(the figure)"))
    print(ms_row("B's pull round trips", pull_times))
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    print(f"figure / baseline: p50 {p50 / statistics.median(pushes):.2f}, p95 {p95 / percentile(pushes, 0.95):.2f}")
    print(f"server time, push of one task.update: {server_time(push_server)}")
    print(f"server time, B's pulls: {server_time(pull_server)}")
    ok = p50 < TARGET_P50 and p95 < TARGET_P95 and missed == 0
    print(f"target: p50 < {TARGET_P50 * 1000:.0f} ms, p95 < {TARGET_P95 * 1000:.0f} ms: p50 {p50 * 1000:.1f}, "
          f"p95 {p95 * 1000:.1f} ms, {'ok' if ok else 'MISSED'}; not seen within 5 s: {missed}")
    print(f"Q-4: one change synced in < {TARGET_SERVER * 1000:.0f} ms on the server: push mean "
          f"{push_server['mean'] * 1000:.2f} ms, {'ok' if push_server['mean'] < TARGET_SERVER else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
