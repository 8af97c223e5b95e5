"""SPEC Q-5: >= 99.9% of reminders delivered within 5 s of their moment with 100,000 due in one minute, in-app and
by webhook. Run through bench/reminders_q5.sh, which builds the release binary (DB=postgres: on PostgreSQL).

One `doable serve` (SQLite in a temporary folder, or PostgreSQL when DOABLE_DATABASE_URL is set) and one webhook
receiver, a separate process of this script (`receive`): an asyncio HTTP/1.1 server that answers 200 at once and
notes the wall-clock arrival of every call, its headers and its body.

Each phase uses fresh accounts; each account has the in-app and webhook channels on and one webhook to the receiver
subscribed to `reminder`. Every account gets TASKS tasks, each with PER_TASK reminders relative to its due date
(offsetMinutes 0), first due two days away. Creating 100,000 reminders through the API takes longer than the 90 s
lead, so the reminders are created first and then armed: one PATCH per task sets its due moment (and with it the
moment of its reminders, in the same write) to T0 + i * 60 s / tasks, T0 = 90 s after arming starts. So the moments
are spread evenly over one minute, PER_TASK reminders on each.

  baseline  1,000 reminders alone (10 accounts x 10 tasks x 10), in the same server before the main phase.
  main      100,000 reminders (100 accounts x 10 tasks x 100).

Lateness of an in-app notification: its `created_at` in the database (the clock reading of the transaction that
fires the reminder and writes the notification) minus the moment of its task's reminders. Lateness of a webhook
call: its arrival at the receiver minus the moment of the reminder named by the body's `data.reminderId`. Every
call's X-Doable-Signature is checked against the webhook's secret; a missing notification or call counts as late.
"""
import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import LiveServer  # noqa: E402

TARGET_SHARE, TARGET_SECONDS = 0.999, 5.0
MISSING = float("inf")


# ---------------------------------------------------------------------------------------------- the receiver

def receive(port: int, out: str) -> None:
    """Serves until SIGTERM, then writes one JSON line per call: arrival (wall clock), headers we need, the path, and
    the body as text and as base64 (bench/push_10k.py reads encrypted push bodies from it too)."""
    records = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                path = head.split(b" ", 2)[1].decode() if head.count(b" ") >= 2 else ""
                length = 0
                headers = {}
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    name = name.strip().lower()
                    if name == b"content-length":
                        length = int(value)
                    elif name.startswith(b"x-doable-") or name in (b"authorization", b"ttl", b"urgency"):
                        headers[name.decode()] = value.strip().decode()
                body = await reader.readexactly(length) if length else b""
                records.append((time.time(), headers, body, path))
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=1024)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        async with server:
            await stop.wait()

    asyncio.run(main())
    with open(out, "w") as file:
        for arrival, headers, body, path in records:
            file.write(json.dumps({"t": arrival, "h": headers, "b": body.decode("utf-8", "replace"), "p": path,
                                   "x": base64.b64encode(body).decode()}) + "\n")


# ---------------------------------------------------------------------------------------------- a small client

class Busy(RuntimeError):
    """A 503: the server's query time limit ran out."""


class Client:
    """HTTP/1.1 keep-alive connections to the server, for many small JSON requests at once."""

    def __init__(self, port: int):
        self.port = port
        self.busy = 0  # 503 answers (query time limit), retried

    async def connect(self):
        return await asyncio.open_connection("127.0.0.1", self.port)

    async def call(self, connection, method: str, path: str, token: str | None, body=None, expect=(200, 201),
                   retry_busy: bool = False):
        for _ in range(10):
            try:
                return await self.call_once(connection, method, path, token, body, expect)
            except Busy:
                if not retry_busy:
                    raise
                self.busy += 1
                await asyncio.sleep(1)
        return await self.call_once(connection, method, path, token, body, expect)

    async def call_once(self, connection, method: str, path: str, token: str | None, body, expect):
        reader, writer = connection
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        status_head = await reader.readuntil(b"\r\n\r\n")
        lines = status_head.split(b"\r\n")
        status = int(lines[0].split()[1])
        length = 0
        for line in lines[1:]:
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        payload = await reader.readexactly(length) if length else b""
        if status == 503 and 503 not in expect:
            raise Busy(f"{method} {path} -> 503: {payload[:300]!r}")
        if status not in expect:
            raise RuntimeError(f"{method} {path} -> {status}: {payload[:300]!r}")
        return json.loads(payload) if payload else {}

    async def run(self, jobs, concurrency: int, label: str):
        """Runs `jobs` (callables taking a connection and returning a coroutine) on `concurrency` connections;
        returns their results in order, and prints the rate."""
        results = [None] * len(jobs)
        queue = iter(range(len(jobs)))
        started = time.monotonic()

        async def worker():
            connection = await self.connect()
            try:
                for index in queue:
                    for attempt in range(3):
                        try:
                            results[index] = await jobs[index](connection)
                            break
                        except (ConnectionError, asyncio.IncompleteReadError):
                            connection[1].close()
                            connection = await self.connect()
                            if attempt == 2:
                                raise
            finally:
                connection[1].close()

        await asyncio.gather(*(worker() for _ in range(min(concurrency, len(jobs)))))
        took = time.monotonic() - started
        print(f"  {label}: {len(jobs)} in {took:.1f} s ({len(jobs) / took:.0f}/s)", flush=True)
        return results


# ---------------------------------------------------------------------------------------------- one phase

def iso(seconds: float) -> str:
    whole = int(seconds)
    millis = int(round((seconds - whole) * 1000))
    if millis == 1000:
        whole, millis = whole + 1, 0
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + f".{millis:03d}Z"


async def build_phase(client: Client, name: str, accounts: int, tasks: int, per_task: int, hook_url: str,
                      concurrency: int) -> dict:
    """Accounts with a webhook, tasks and reminders (not yet armed)."""
    run = uuid.uuid4().hex[:6]
    print(f"{name}: {accounts} accounts x {tasks} tasks x {per_task} reminders = {accounts * tasks * per_task}",
          flush=True)

    def register(i):
        username = f"q5{name[:4]}{i}_{run}"
        return lambda c: client.call(c, "POST", "/accounts", None, {
            "email": f"{username}@example.com", "password": "q5 bench password", "username": username,
            "firstName": "Q", "lastName": "Five"})
    sessions = await client.run([register(i) for i in range(accounts)], min(concurrency, 8), "register")
    tokens = [s["token"] for s in sessions]
    await client.run([lambda c, t=t: client.call(c, "PATCH", "/me", t, {"preferences": {
        "notificationChannels": {"inApp": True, "email": False, "webhook": True}}}) for t in tokens],
        concurrency, "channels: in-app and webhook")
    hooks = await client.run([lambda c, t=t: client.call(c, "POST", "/webhooks", t, {
        "url": hook_url, "events": ["reminder"]}) for t in tokens], concurrency, "webhooks")
    far = iso(time.time() + 2 * 86_400)
    task_jobs = [(a, k) for a in range(accounts) for k in range(tasks)]
    made = await client.run([lambda c, a=a, k=k: client.call(c, "POST", "/tasks", tokens[a], {
        "title": f"Q-5 {name} task {a}.{k}", "due": far}) for a, k in task_jobs], concurrency, "tasks")
    task_ids = [t["id"] for t in made]

    # One task's reminders one after the other, different tasks at once (before d086506, concurrent creates on one
    # task deadlocked on PostgreSQL and answered 503; a 503 is still retried, and counted).
    async def remind(c, i):
        made = []
        for _ in range(per_task):
            made.append((await client.call(c, "POST", f"/tasks/{task_ids[i]}/reminders", tokens[task_jobs[i][0]],
                                           {"relativeTo": "due", "offsetMinutes": 0}, retry_busy=True))["id"])
        return made
    started = time.monotonic()
    per_task_ids = await client.run([lambda c, i=i: remind(c, i) for i in range(len(task_ids))], concurrency,
                                    f"tasks' reminders ({per_task} each)")
    took = time.monotonic() - started
    print(f"  reminders: {len(task_ids) * per_task} in {took:.1f} s ({len(task_ids) * per_task / took:.0f}/s), "
          f"{client.busy} answers 503 retried", flush=True)
    reminder_task = {r: i for i, ids in enumerate(per_task_ids) for r in ids}
    return {"name": name, "tokens": tokens, "secrets": [h["secret"] for h in hooks],
            "hook_owner": {h["id"]: a for a, h in enumerate(hooks)}, "task_ids": task_ids,
            "task_owner": [a for a, _ in task_jobs], "reminder_task": reminder_task}


async def arm_phase(client: Client, phase: dict, lead: float, spread: float, concurrency: int) -> None:
    """Sets each task's due moment: T0 + i * spread / tasks, T0 = lead seconds from now."""
    count = len(phase["task_ids"])
    start = time.time() + lead
    order = list(range(count))
    moments = [start + i * spread / count for i in order]
    moments = [round(m, 3) for m in moments]
    phase["moments"] = moments
    await client.run([lambda c, i=i: client.call(c, "PATCH", f"/tasks/{phase['task_ids'][i]}",
                                                 phase["tokens"][phase["task_owner"][i]], {"due": iso(moments[i])})
                      for i in order], concurrency, f"arm (due moments over {spread:.0f} s, first in {lead:.0f} s)")
    phase["first"], phase["last"] = min(moments), max(moments)
    print(f"  armed; the first moment is {start - time.time():.1f} s away", flush=True)


# ---------------------------------------------------------------------------------------------- reading results

def notification_rows(data_dir: Path, database_url: str | None) -> list[tuple[str, int]]:
    """(task id, created_at ms) of every reminder notification."""
    if database_url:
        psql = shutil.which("psql") or next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"))), None)
        out = subprocess.run([str(psql), database_url, "-At", "-F", ",", "-c",
                              "SELECT task_id, created_at FROM notifications WHERE kind = 'reminder'"],
                             capture_output=True, text=True, check=True).stdout
        return [(task, int(ms)) for task, ms in (line.split(",") for line in out.splitlines() if line)]
    with sqlite3.connect(f"file:{data_dir / 'doable.sqlite'}?mode=ro", uri=True) as db:
        return db.execute("SELECT task_id, created_at FROM notifications WHERE kind = 'reminder'").fetchall()


def lateness(phase: dict, notes: list[tuple[str, int]], calls: list[dict]) -> dict:
    task_index = {task: i for i, task in enumerate(phase["task_ids"])}
    per_task = len(phase["reminder_task"]) // len(phase["task_ids"])
    in_app = [ms / 1000 - phase["moments"][task_index[task]] for task, ms in notes if task in task_index]
    expected = len(phase["reminder_task"])
    in_app += [MISSING] * max(0, expected - len(in_app))
    hooks, bad_signatures, repeats, seen = [], 0, 0, set()
    for call in calls:
        if call.get("p", "").startswith("/push"):
            continue
        body = json.loads(call["b"])
        reminder = (body.get("data") or {}).get("reminderId")
        if reminder not in phase["reminder_task"]:
            continue
        if call["h"].get("x-doable-delivery") in seen:
            repeats += 1
            continue
        seen.add(call["h"].get("x-doable-delivery"))
        owner = phase["task_owner"][phase["reminder_task"][reminder]]
        digest = hmac.new(phase["secrets"][owner].encode(), call["b"].encode(), hashlib.sha256).hexdigest()
        if call["h"].get("x-doable-signature") != f"sha256={digest}":
            bad_signatures += 1
        hooks.append(call["t"] - phase["moments"][phase["reminder_task"][reminder]])
    hooks += [MISSING] * max(0, expected - len(hooks))
    return {"in_app": in_app, "webhook": hooks, "bad_signatures": bad_signatures, "repeats": repeats,
            "expected": expected, "per_task": per_task}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def row(name: str, values: list[float]) -> str:
    finite = [v for v in values if v != MISSING]
    within = sum(1 for v in values if v <= TARGET_SECONDS) / len(values)
    if not finite:
        return f"{name:<34}{len(values):>9}   (nothing arrived)"
    return (f"{name:<34}{len(values):>9}{within * 100:>10.3f}%{statistics.median(values):>9.3f}"
            f"{percentile(values, 0.99):>9.3f}{max(finite):>9.3f}{len(values) - len(finite):>9}")


# ---------------------------------------------------------------------------------------------- main

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def wait_for(phase: dict, data_dir: Path, database_url: str | None, calls_file: Path, grace: float) -> None:
    """Until every notification is written (the database says) or `grace` seconds after the last moment."""
    expected = len(phase["reminder_task"])
    task_set = set(phase["task_ids"])
    while True:
        now = time.time()
        if now > phase["last"] + grace:
            return
        if now > phase["last"]:
            done = sum(1 for task, _ in notification_rows(data_dir, database_url) if task in task_set)
            if done >= expected:
                await asyncio.sleep(10)  # the webhook calls follow the notifications closely
                return
        await asyncio.sleep(2)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "receive":
        receive(int(sys.argv[2]), sys.argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--accounts", type=int, default=int(os.environ.get("ACCOUNTS", 100)))
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 10)), help="per account")
    parser.add_argument("--per-task", type=int, default=int(os.environ.get("PER_TASK", 100)))
    parser.add_argument("--lead", type=float, default=float(os.environ.get("LEAD", 90)))
    parser.add_argument("--spread", type=float, default=float(os.environ.get("SPREAD", 60)))
    parser.add_argument("--grace", type=float, default=float(os.environ.get("GRACE", 240)),
                        help="seconds after the last moment to wait at most")
    parser.add_argument("--concurrency", type=int, default=int(os.environ.get("CONCURRENCY", 32)))
    parser.add_argument("--skip-baseline", action="store_true")
    args = parser.parse_args()

    database_url = os.environ.get("DOABLE_DATABASE_URL")
    engine = "PostgreSQL" if database_url else "SQLite"
    extra = ["--database-url", database_url] if database_url else []
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"doable-q5-{uuid.uuid4().hex[:6]}"
    folder.mkdir()
    hook_port = free_port()
    calls_file = folder / "calls.jsonl"
    receiver = subprocess.Popen([sys.executable, __file__, "receive", str(hook_port), str(calls_file)])
    results = []
    try:
        # The receiver is on loopback, which webhooks reach only when an admin allows it (OPS-7).
        with LiveServer(*extra, "--allow-outgoing", "127.0.0.1", binary=args.binary) as server:
            client = Client(server.port)
            hook = f"http://127.0.0.1:{hook_port}/q5"
            phases = []
            if not args.skip_baseline:
                phases.append(("baseline", 10, 10, 10))
            phases.append(("main", args.accounts, args.tasks, args.per_task))
            built = []
            for name, accounts, tasks, per_task in phases:
                built.append(asyncio.run(build_phase(client, name, accounts, tasks, per_task, hook,
                                                     args.concurrency)))
            for phase in built:
                asyncio.run(arm_phase(client, phase, args.lead, args.spread, args.concurrency))
                print(f"  waiting for {phase['name']}: moments {iso(phase['first'])} .. {iso(phase['last'])}",
                      flush=True)
                asyncio.run(wait_for(phase, server.data_dir, database_url, calls_file, args.grace))
            notes = notification_rows(server.data_dir, database_url)
            log_errors = [line for line in server.log_tail(100000).splitlines()
                          if any(what in line for what in ("Firing reminders failed", "Delivery queue failed",
                                                           "Recording a delivery failed", "Fatal error"))]
        receiver.send_signal(signal.SIGTERM)
        receiver.wait(60)
        calls = [json.loads(line) for line in calls_file.read_text().splitlines()]
        for phase in built:
            results.append((phase, lateness(phase, notes, calls)))
    finally:
        if receiver.poll() is None:
            receiver.kill()
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nDoable SPEC Q-5, {engine}: lateness of reminders after their moment, in seconds; in-app: the "
          f"notification's createdAt, webhook: arrival at the local receiver; server {args.binary}")
    print(f"{'figure':<34}{'count':>9}{'<= 5 s':>11}{'p50 s':>9}{'p99 s':>9}{'max s':>9}{'missing':>9}")
    status = 0
    summary = {}
    for phase, figures in results:
        for channel in ("in_app", "webhook"):
            label = f"{phase['name']}: {'in-app' if channel == 'in_app' else 'webhook'}"
            print(row(label, figures[channel]))
            summary[(phase["name"], channel)] = figures[channel]
        if figures["bad_signatures"] or figures["repeats"]:
            print(f"PROBLEM {phase['name']}: {figures['bad_signatures']} bad signatures, {figures['repeats']} "
                  "repeated deliveries")
            status = 1
    for channel in ("in_app", "webhook"):
        main_values = summary.get(("main", channel))
        base_values = summary.get(("baseline", channel))
        if main_values and base_values:
            base_p99 = percentile(base_values, 0.99)
            print(f"{channel}: main p99 / baseline p99 = {percentile(main_values, 0.99) / base_p99:.1f}"
                  if base_p99 > 0 else "")
        if main_values:
            within = sum(1 for v in main_values if v <= TARGET_SECONDS) / len(main_values)
            verdict = "met" if within >= TARGET_SHARE else "MISSED"
            print(f"target Q-5 ({channel}): >= {TARGET_SHARE * 100:.1f}% within {TARGET_SECONDS:.0f} s: "
                  f"{within * 100:.3f}%, {verdict}")
            if within < TARGET_SHARE:
                status = 1
    for line in log_errors[:10]:
        print("server log: " + line)
    return status


if __name__ == "__main__":
    sys.exit(main())
