"""Issue 12: a change to a list with 20 members reaches all 20 live connections within 1 s (p99). Run through
bench/shared_live.sh, which builds the release binary.

One `doable serve` (SQLite in a temporary folder, or PostgreSQL when DOABLE_DATABASE_URL is set). ann owns two lists,
each with one task: "Ann's" (not shared) and "Family", shared with 20 accounts (m01..m20, editors).

  baseline  only ann's own stream (`GET /api/v1/events`) is open; ann changes the title of the task in her
            unshared list CHANGES times, one change every INTERVAL: the latency of one connection seeing its own
            account's change.
  shared    each of the 20 members opens its own stream (one thread and one connection each); ann changes the title
            of the task in "Family" CHANGES times, one every INTERVAL. Every change is one entry in each member's
            feed, so each stream gets CHANGES events for the task: 20 × CHANGES deliveries.

A delivery's latency is from just before ann's `PATCH /api/v1/tasks/{id}` is sent to the moment the stream's reader
thread has the event (the k-th `change` event with the task's id on a stream answers the k-th PATCH; every stream's
events are checked to be exactly those, in feed order). WARMUP changes before each phase are not counted. Streams
are read by tests/live/events.py's reader, which timestamps every SSE item on arrival.
"""
import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

from shared_list import Account, percentile  # bench/ is this script's folder

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from events import Stream  # noqa: E402
from liveserver import LiveServer  # noqa: E402

TARGET = 1.0
MISSING = float("inf")


def run_changes(ann: Account, task_id: str, streams: list[Stream], changes: int, warmup: int, interval: float,
                label: str) -> dict:
    """Makes warmup + changes title changes to task_id, one every interval; returns each counted change's send
    time, PATCH round trip and, per stream, the arrival time of the matching event (MISSING when none came)."""
    before = [len(task_events(s, task_id)) for s in streams]
    sent, answered = [], []
    start = time.monotonic()
    for k in range(warmup + changes):
        pause = start + k * interval - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        t0 = time.monotonic()
        ann.call("PATCH", f"/tasks/{task_id}", 200, json={"title": f"{label} change {k + 1}"})
        sent.append(t0)
        answered.append(time.monotonic() - t0)
    total = warmup + changes
    for s, had in zip(streams, before):
        s.wait(lambda st: len(task_events(st, task_id)) >= had + total or st.end is not None, 10)
    arrivals, problems = [], []
    for s, had in zip(streams, before):
        events = task_events(s, task_id)[had:]
        if len(events) != total:
            problems.append(f"{s.name}: {len(events)} of {total} events for the task (end: {s.end})")
        sequences = [int(e["id"]) for e in events]
        if sequences != sorted(set(sequences)):
            problems.append(f"{s.name}: sequences out of order: {sequences[:10]}")
        times = [e["t"] for e in events] + [MISSING] * (total - len(events))
        arrivals.append(times[warmup:])
    return {"sent": sent[warmup:], "answered": answered[warmup:], "arrivals": arrivals, "problems": problems}


def task_events(stream: Stream, task_id: str) -> list[dict]:
    return [e for e in stream.events("change")
            if e["json"] and e["json"].get("entity") == "task" and e["json"].get("id") == task_id]


def latencies(result: dict, only: list[int] | None = None) -> list[float]:
    streams = range(len(result["arrivals"])) if only is None else only
    return [result["arrivals"][i][k] - sent for i in streams for k, sent in enumerate(result["sent"])]


def row(name: str, connections: int, values: list[float]) -> str:
    finite = [v for v in values if v != MISSING]
    missed = len(values) - len(finite)
    if not finite:
        return f"{name:<46}{connections:>6}{len(values):>12}   (nothing arrived)"
    return (f"{name:<46}{connections:>6}{len(values):>12}{statistics.median(values) * 1000:>9.1f}"
            f"{percentile(values, 0.99) * 1000:>9.1f}{max(finite) * 1000:>9.1f}{missed:>8}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--members", type=int, default=int(os.environ.get("MEMBERS", 20)))
    parser.add_argument("--changes", type=int, default=int(os.environ.get("CHANGES", 50)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("WARMUP", 3)))
    parser.add_argument("--interval", type=float, default=float(os.environ.get("INTERVAL", 0.1)), help="seconds")
    args = parser.parse_args()

    database_url = os.environ.get("DOABLE_DATABASE_URL")
    engine = "PostgreSQL" if database_url else "SQLite"
    suffix = uuid.uuid4().hex[:6]
    extra = ["--database-url", database_url] if database_url else []
    streams: list[Stream] = []
    with LiveServer(*extra, binary=args.binary) as server:
        try:
            print(f"{engine}: ann and {args.members} members ...", flush=True)
            ann = Account(server.base, f"ann_{suffix}")
            members = [Account(server.base, f"m{i + 1:02d}_{suffix}") for i in range(args.members)]
            own_list = ann.call("POST", "/lists", 201, json={"name": "Ann's"})["id"]
            own_task = ann.call("POST", "/tasks", 201, json={"title": "own task", "listId": own_list})["id"]
            family = ann.call("POST", "/lists", 201, json={"name": "Family"})["id"]
            shared_task = ann.call("POST", "/tasks", 201, json={"title": "shared task", "listId": family})["id"]
            for m in members:
                ann.call("POST", f"/lists/{family}/members", 201, json={"login": m.username, "role": "editor"})

            ann_stream = Stream(server.base, ann.token, name="ann")
            streams.append(ann_stream)
            if ann_stream.wait_ready() is None:
                raise RuntimeError(f"ann's stream did not open: {ann_stream.status} {ann_stream.end}")
            print(f"baseline: {args.warmup} + {args.changes} changes to ann's own task, her stream alone ...",
                  flush=True)
            baseline = run_changes(ann, own_task, [ann_stream], args.changes, args.warmup, args.interval, "own")

            member_streams = [Stream(server.base, m.token, name=m.username) for m in members]
            streams += member_streams
            for s in member_streams:
                if s.wait_ready() is None:
                    raise RuntimeError(f"{s.name}'s stream did not open: {s.status} {s.end}")
            print(f"shared: {args.warmup} + {args.changes} changes to the task of the list shared with "
                  f"{args.members} members, {args.members + 1} streams open ...", flush=True)
            shared = run_changes(ann, shared_task, member_streams + [ann_stream], args.changes, args.warmup,
                                 args.interval, "shared")
        finally:
            for s in streams:
                s.close()

    member_values = latencies(shared, list(range(args.members)))
    ann_shared = latencies(shared, [args.members])
    base_values = latencies(baseline)
    print(f"\nDoable issue 12, {engine}: delivery of a change over GET /api/v1/events, from just before the PATCH is "
          f"sent\nto the event's arrival on the stream; {args.changes} changes, one every "
          f"{args.interval * 1000:.0f} ms; server {args.binary}")
    print(f"{'figure':<46}{'conns':>6}{'deliveries':>12}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'missed':>8}")
    print(row("baseline: ann's own change, her stream alone", 1, base_values))
    print(row(f"shared list: to each of {args.members} members", args.members, member_values))
    print(row("  the same changes to ann's own stream", 1, ann_shared))
    print(row("PATCH answered (baseline)", 1, baseline["answered"]))
    print(row("PATCH answered (shared list)", 1, shared["answered"]))
    p99, base_p99 = percentile(member_values, 0.99), percentile(base_values, 0.99)
    p50, base_p50 = statistics.median(member_values), statistics.median(base_values)
    print(f"shared / baseline: p50 {p50 / base_p50:.2f}, p99 {p99 / base_p99:.2f}")
    over = sum(1 for v in member_values if v > TARGET)
    print(f"target (issue 12): p99 < {TARGET * 1000:.0f} ms over all {len(member_values)} deliveries: "
          f"{p99 * 1000:.1f} ms, {'ok' if p99 < TARGET else 'OVER'}; deliveries over 1 s: {over}")
    problems = baseline["problems"] + shared["problems"]
    for line in problems:
        print("PROBLEM " + line)
    return 1 if problems or p99 >= TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
