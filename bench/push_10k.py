"""REACH-3: how late push notifications reach the push service with 10,000 reminders due in one minute, against
the webhook calls of the same reminders in the same run (the baseline: the same queue, the same sender, no
encryption). Run through bench/push_10k.sh, which builds the release binary (DB=postgres: on PostgreSQL).

Built on bench/reminders_q5.py: ACCOUNTS accounts (default 100), each with one webhook to a local receiver and one
push device whose endpoint is the same receiver (a key pair and secret made here, as a browser makes them); TASKS
tasks per account with PER_TASK reminders each (default 10 × 10), armed so their moments spread over one minute.
Every reminder then goes out twice: a webhook call and an encrypted push. Lateness of a push: its arrival minus the
moment of the reminder its message names, read by decrypting the body with the device's private key (RFC 8291, as
the phone would); every push's VAPID token is checked too (tests/support/push_service.py).
"""
import argparse
import asyncio
import base64
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "live"))
import http_ece  # noqa: E402
from liveserver import LiveServer  # noqa: E402
from push_service import Device, PushService  # noqa: E402
from reminders_q5 import (MISSING, Client, arm_phase, build_phase, free_port, iso, lateness,  # noqa: E402
                          notification_rows, percentile, receive, wait_for)


def row(name: str, values: list[float]) -> str:
    done = [v for v in values if v != MISSING]
    return (f"  {name:<10} count {len(values):>6}   p50 {percentile(done, 0.5):6.2f} s   p95 {percentile(done, 0.95):6.2f} s"
            f"   p99 {percentile(done, 0.99):6.2f} s   max {max(done, default=float('nan')):6.2f} s"
            f"   missing {len(values) - len(done)}")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "receive":
        receive(int(sys.argv[2]), sys.argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--accounts", type=int, default=int(os.environ.get("ACCOUNTS", 100)))
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 10)), help="per account")
    parser.add_argument("--per-task", type=int, default=int(os.environ.get("PER_TASK", 10)))
    parser.add_argument("--lead", type=float, default=float(os.environ.get("LEAD", 60)))
    parser.add_argument("--spread", type=float, default=float(os.environ.get("SPREAD", 60)))
    parser.add_argument("--grace", type=float, default=float(os.environ.get("GRACE", 120)))
    parser.add_argument("--concurrency", type=int, default=int(os.environ.get("CONCURRENCY", 32)))
    args = parser.parse_args()
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    extra = ["--database-url", database_url] if database_url else []
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"doable-push-{uuid.uuid4().hex[:6]}"
    folder.mkdir()
    port = free_port()
    calls_file = folder / "calls.jsonl"
    receiver = subprocess.Popen([sys.executable, __file__, "receive", str(port), str(calls_file)])
    checker = PushService.__new__(PushService)  # only its VAPID check, for this receiver's origin
    checker.origin = f"http://127.0.0.1:{port}"
    try:
        with LiveServer(*extra, "--allow-outgoing", "127.0.0.1", binary=args.binary) as server:
            client = Client(server.port)
            phase = asyncio.run(build_phase(client, "push", args.accounts, args.tasks, args.per_task,
                                            f"http://127.0.0.1:{port}/hook", args.concurrency))
            devices = [Device(f"d{a}", f"http://127.0.0.1:{port}/push/{a}") for a in range(args.accounts)]
            asyncio.run(client.run([lambda c, a=a: client.call(c, "POST", "/push-subscriptions", phase["tokens"][a],
                                                               devices[a].subscription())
                                    for a in range(args.accounts)], args.concurrency, "push devices"))
            asyncio.run(arm_phase(client, phase, args.lead, args.spread, args.concurrency))
            print(f"  waiting: moments {iso(phase['first'])} .. {iso(phase['last'])}", flush=True)
            asyncio.run(wait_for(phase, server.data_dir, database_url, calls_file, args.grace))
            notes = notification_rows(server.data_dir, database_url)
        receiver.send_signal(signal.SIGTERM)
        receiver.wait(60)
        calls = [json.loads(line) for line in calls_file.read_text().splitlines()]
    finally:
        if receiver.poll() is None:
            receiver.kill()
        shutil.rmtree(folder, ignore_errors=True)

    hooks = lateness(phase, notes, calls)["webhook"]
    pushes, problems, seen = [], 0, set()
    for call in calls:
        if not call["p"].startswith("/push/"):
            continue
        device = devices[int(call["p"].rsplit("/", 1)[1])]
        problems += bool(checker.check_vapid(call["h"].get("authorization", "")))
        message = json.loads(http_ece.decrypt(base64.b64decode(call["x"]), private_key=device.private,
                                              auth_secret=device.auth, version="aes128gcm"))
        reminder = message["tag"].removeprefix("reminder-")
        if reminder in seen or reminder not in phase["reminder_task"]:
            continue
        seen.add(reminder)
        pushes.append(call["t"] - phase["moments"][phase["reminder_task"][reminder]])
    expected = len(phase["reminder_task"])
    pushes += [MISSING] * max(0, expected - len(pushes))
    engine = "PostgreSQL" if database_url else "SQLite"
    print(f"\nDoable REACH-3, {engine}: {expected:,} reminders due within {args.spread:.0f} s; lateness after the "
          f"reminder's moment, arrival at the local receiver; server {args.binary}")
    print(row("push", pushes))
    print(row("webhook", hooks))
    push95 = percentile([v for v in pushes if v != MISSING], 0.95)
    hook95 = percentile([v for v in hooks if v != MISSING], 0.95)
    print(f"  push p95 ÷ webhook p95: {push95 / hook95:.2f}" if hook95 > 0 else "")
    print(f"  pushes with a bad VAPID token: {problems}")
    return 1 if problems or MISSING in pushes else 0


if __name__ == "__main__":
    sys.exit(main())
