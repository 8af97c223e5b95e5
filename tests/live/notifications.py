#!/usr/bin/env python3
"""NOTIF-1, NOTIF-2, NOTIF-3, NOTIF-5, INTEROP-4, OPS-2, Q-6: reminders and their deliveries, end to end.

Starts `doable serve --smtp-url` against an aiosmtpd sink (tests/support/smtp_sink.py) and a webhook receiver in
this process (a threaded HTTP server), with `--reminder-stale-minutes 0`, then:

  1. NOTIF-1/NOTIF-2: a reminder at now+3 s and one 1 minute before a due date 1 min 3 s away arrive in the
     notification centre, at the SMTP sink (subject, text and HTML parts, the link to /tasks/{id}, List-Unsubscribe,
     X-Doable-Delivery matching the delivery log) and at a webhook (X-Doable-Event, X-Doable-Delivery = body id,
     X-Doable-Signature verified), each exactly once, within 5 s of its moment and not before it. INTEROP-4 task
     events: task.created reaches a webhook subscribed to it, once per task.
  2. NOTIF-3: snooze after firing: minutes 1 -> nextAt = now + 60 s, preset 5m, preset tomorrow (09:00 in the
     member's zone), until now+3 s -> it fires again (in-app and email); silenced -> nextAt null and a silenced
     reminder never fires. Quiet hours covering now (Europe/Berlin), mode `defer`: nothing arrives on any channel
     and the reminder's nextAt and snoozedUntil are the end of the quiet hours; mode `silent`: in-app only, no
     delivery queued.
  3. INTEROP-4: a receiver answering 500 -> the delivery log shows it pending with 1 attempt, lastError HTTP 500 and
     nextAttemptAt in the future (backoff >= 15 s; waiting for the retries would take minutes); a receiver that
     hangs and one that redirects forever do not delay a good receiver of the same event (within 5 s); the redirect
     is not followed (OPS-7): the delivery fails at once. URL rules: ftp://, mailto:, no host, credentials, and this server's own address
     (127.0.0.1, localhost, [::1] on its port) -> 400 naming `url`; an unknown event -> 400 naming `events`.
     NOTIF-1 bad input (issue 13): 20 years away, in the past, no start date, no trigger -> 400 naming the field;
     130 reminders made on one task at once (16 in parallel) -> exactly 100 made, the rest 400 naming `reminders`.
  4. NOTIF-5/Q-6 durability: 1,000 reminders (10 members x 2 tasks x 50, each 0 minutes before its task's due
     date, email on) are made, then the tasks' due dates move to 7 s ahead, 0.1 s apart, so the reminders come due
     over 2 s however long making them took; the server is SIGKILLed 1 s after the first are due and started again
     on the same database. Once every email delivery is recorded as sent (claims of the killed process wait out
     their 120 s lease, so this takes about 2 minutes): every reminder fired exactly once in-app (per task 50
     notifications, per member unreadCount 100), within 5 s of the restart if it came due while the server was
     down (or of the end of the killed process's 15 s claim), and shows firedFor and no nextAt; every reminder was
     emailed (per task 50 distinct X-Doable-Delivery at the sink), nothing twice except a message the killed
     process had handed over but not recorded (issue 13 allows that one repeat).
  5. OPS-2 (PostgreSQL only: DOABLE_DATABASE_URL or DOABLE_TEST_DATABASE_URL set; runs while step 4 waits): a second
     `doable serve` on the same database; 100 members x 100 reminders (in-app only; 2 per task made through the
     two servers' API, the other 98 copied in SQL with psql, as this PostgreSQL makes only ~40 a second through the
     API; NOTIF_OPS_API_ONLY=1 makes all through the API) at 100 moments 0.6 s apart (one minute; a task's 100
     share one); exactly 10,000 reminder notifications, 100 per member, each task's 100 and no more, none before
     its moment, and every reminder shows firedFor.

Timings (lateness of each channel against the reminder's moment, the share within 5 s) are printed as `time ...`
lines. Needs the `doable` binary: $DOABLE_BIN, else `$(swift build --show-bin-path)/doable`.
Prints `N passed, M failed` last; exits 1 on any failure.
"""
from __future__ import annotations

import email
import email.policy
import hashlib
import hmac
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from zoneinfo import ZoneInfo

import requests

from liveserver import ROOT, Checks, Server

DATABASE_URL = os.environ.get("DOABLE_DATABASE_URL") or os.environ.get("DOABLE_TEST_DATABASE_URL") or ""
ENGINE = "PostgreSQL" if DATABASE_URL else "SQLite"
PUBLIC_URL = "http://doable.example"
TIMEOUT = 20
ON_TIME = 5.0  # NOTIF-5: delivered within 5 s of its moment
ZONE = "Europe/Berlin"
REMINDER_LEASE = 15.0  # how long a reminder claim holds (Domain.FiringOptions.leaseSeconds)

results = Checks()
timings: list[str] = []


def check(ok: bool, name: str, detail: str = "") -> bool:
    return results.check(ok, f"[{ENGINE}] {name}", detail)


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def epoch(text: str | None) -> float | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def wait_for(predicate, timeout: float, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def lateness_report(name: str, late: list[float]) -> None:
    """One `time` line: how many, the share within 5 s of the moment, median, p99 and max lateness."""
    if not late:
        timings.append(f"time {name}: nothing measured")
        return
    ordered = sorted(late)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    share = sum(1 for x in ordered if x <= ON_TIME) / len(ordered)
    timings.append(f"time {name}: n={len(ordered)} within {ON_TIME:.0f} s {share:.1%} median "
                   f"{statistics.median(ordered):.2f} s p99 {p99:.2f} s max {ordered[-1]:.2f} s")


# ---------------------------------------------------------------------------------------------- SMTP sink


class MailSink:
    """tests/support/smtp_sink.py in a subprocess; `messages()` parses what it stored (arrival = file time)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/support/smtp_sink.py"), "--out", str(folder)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError(f"SMTP sink did not start: {line!r}")
        self.port = int(line.split()[1])
        self.parsed: dict[str, dict] = {}

    def messages(self) -> list[dict]:
        for path in sorted(self.folder.glob("*.eml")):
            if path.name in self.parsed or not path.with_suffix(".json").exists():
                continue
            raw = path.read_bytes()
            message = email.message_from_bytes(raw, policy=email.policy.default)
            if message["X-Doable-Delivery"] is None or not raw.rstrip().endswith(b"--"):
                continue  # still being written
            meta = json.loads(path.with_suffix(".json").read_text())
            self.parsed[path.name] = {"message": message, "t": path.stat().st_mtime, "to": meta["rcpt_tos"],
                                      "subject": str(message["Subject"]), "delivery": str(message["X-Doable-Delivery"])}
        return list(self.parsed.values())

    def to(self, address: str) -> list[dict]:
        return [m for m in self.messages() if address in m["to"]]

    def stop(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


# ---------------------------------------------------------------------------------------------- webhook receiver


class Receiver:
    """A local webhook receiver. By the path's first segment: /good answers 200, /fail 500, /flaky 500 twice then
    200, /hang holds the request until the test ends, /loop redirects to itself. Every call is recorded with its
    raw body and arrival time."""

    def __init__(self):
        self.calls: list[dict] = []
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.flaky: dict[str, int] = {}
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                call = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body,
                        "t": time.time()}
                try:
                    call["json"] = json.loads(body)
                except ValueError:
                    call["json"] = None
                with receiver.lock:
                    receiver.calls.append(call)
                    kind = self.path.strip("/").split("/")[0]
                    if kind == "flaky":
                        receiver.flaky[self.path] = receiver.flaky.get(self.path, 0) + 1
                        status = 500 if receiver.flaky[self.path] <= 2 else 200
                    else:
                        status = {"fail": 500, "loop": 302}.get(kind, 200)
                if kind == "hang":
                    receiver.release.wait(60)
                try:
                    self.send_response(status)
                    if status == 302:
                        self.send_header("Location", self.path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def at(self, path: str) -> list[dict]:
        with self.lock:
            return [c for c in self.calls if c["path"] == path]

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def signature_ok(call: dict, secret: str) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), call["body"], hashlib.sha256).hexdigest()
    return hmac.compare_digest(call["headers"].get("x-doable-signature", ""), expected)


# ---------------------------------------------------------------------------------------------- API


class Member:
    """One account, talking to whatever port `server` listens on now (it changes on restart)."""

    def __init__(self, server: Server, name: str):
        self.server = server
        suffix = uuid.uuid4().hex[:8]
        self.username = f"{name}_{suffix}"
        self.email = f"{self.username}@example.com"
        response = requests.post(server.base + "/api/v1/accounts", json={
            "email": self.email, "password": "notify me please", "username": self.username,
            "firstName": "Notif", "lastName": name}, timeout=TIMEOUT)
        response.raise_for_status()
        self.token = response.json()["token"]
        self.id = response.json()["account"]["id"]
        self.local = threading.local()

    @property
    def session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
            self.local.session.headers["Authorization"] = f"Bearer {self.token}"
        return self.local.session

    def call(self, method: str, path: str, expect: int | None = None, base: str | None = None,
             **kwargs) -> requests.Response:
        response = self.session.request(method, (base or self.server.base) + "/api/v1" + path, timeout=TIMEOUT,
                                        **kwargs)
        if expect is not None and response.status_code != expect:
            raise AssertionError(f"{method} {path} -> {response.status_code}, expected {expect}: "
                                 f"{response.text[:300]}")
        return response

    def preferences(self, **prefs) -> dict:
        return self.call("PATCH", "/me", 200, json={"preferences": prefs}).json()

    def task(self, title: str, **fields) -> dict:
        return self.call("POST", "/tasks", 201, json={"title": title, **fields}).json()

    def remind(self, task_id: str, base: str | None = None, **trigger) -> dict:
        return self.call("POST", f"/tasks/{task_id}/reminders", 201, base=base, json=trigger).json()

    def reminders(self, task_id: str) -> list[dict]:
        return self.call("GET", f"/tasks/{task_id}/reminders", 200).json()["reminders"]

    def reminder(self, task_id: str, reminder_id: str) -> dict | None:
        return next((r for r in self.reminders(task_id) if r["id"] == reminder_id), None)

    def notifications(self, base: str | None = None) -> dict:
        return self.call("GET", "/notifications?limit=100", 200, base=base).json()

    def deliveries(self) -> list[dict]:
        return self.call("GET", "/deliveries?limit=200", 200).json()["deliveries"]

    def webhook(self, url: str, events: list[str]) -> dict:
        return self.call("POST", "/webhooks", 201, json={"url": url, "events": events}).json()


def notes_for(member: Member, task_id: str) -> list[dict]:
    return [n for n in member.notifications()["notifications"] if n["taskId"] == task_id and n["kind"] == "reminder"]


def error_field(response: requests.Response) -> str | None:
    try:
        return response.json()["error"]["field"]
    except (ValueError, KeyError, TypeError):
        return None


# ---------------------------------------------------------------------------------------------- 1 and 5: durability


DURABLE_MEMBERS, DURABLE_TASKS, DURABLE_PER_TASK = 10, 2, 50


def durability_start(server: Server) -> dict:
    """Makes 1,000 reminders (each 0 minutes before its task's due date, a day away), then moves the 20 tasks' due
    dates to 5 s from now, 0.1 s apart, so the reminders come due over 2 s however long making them took; SIGKILLs
    the server 1 s after the first are due and starts it again on the same database."""
    members = [Member(server, f"dur{i}") for i in range(DURABLE_MEMBERS)]
    for member in members:
        member.preferences(notificationChannels={"inApp": True, "email": True, "webhook": False})
    far = iso(time.time() + 86_400)
    made_tasks = []  # (member, task id, title)
    for number, member in enumerate(members):
        for j in range(DURABLE_TASKS):
            title = f"Durable {number}-{j} {uuid.uuid4().hex[:6]}"
            made_tasks.append((member, member.task(title, due=far)["id"], title))
    jobs = [(m, tid) for (m, tid, _) in made_tasks for _ in range(DURABLE_PER_TASK)]
    made = time.time()
    with ThreadPoolExecutor(16) as pool:
        created = list(pool.map(lambda job: job[0].remind(job[1], relativeTo="due", offsetMinutes=0)["id"], jobs))
    made = time.time() - made
    first = round(time.time() + 7.0, 3)  # moving the due dates takes up to 3 s on PostgreSQL
    tasks = [(m, tid, title, round(first + k * 0.1, 3)) for k, (m, tid, title) in enumerate(made_tasks)]
    with ThreadPoolExecutor(10) as pool:
        list(pool.map(lambda t: t[0].call("PATCH", f"/tasks/{t[1]}", 200, json={"due": iso(t[3])}), tasks))
    ahead = first - time.time()
    timings.append(f"time NOTIF-5 setup: {len(created)} reminders made in {made:.1f} s "
                   f"({len(created) / made:.0f}/s); due dates moved, the first due {ahead:.1f} s later")
    moved = tasks[0][0].reminders(tasks[0][1])
    check(len(set(created)) == len(jobs) and ahead > 1.0 and all(epoch(r["nextAt"]) == first for r in moved),
          f"NOTIF-1/NOTIF-5 setup: {len(jobs)} reminders made; they moved with their tasks' due dates",
          f"{ahead:.1f} s ahead; {json.dumps(moved[:1])}")
    time.sleep(max(0.0, first + 1.0 - time.time()))
    killed_at = time.time()
    server.kill()
    respawned_at = time.time()  # anything the sink stores before this came from the killed process
    server.start()
    restarted_at = time.time()
    timings.append(f"time NOTIF-5 kill: SIGKILL {killed_at - first:.2f} s after the first moment, ready again "
                   f"{restarted_at - killed_at:.2f} s later")
    return {"members": members, "tasks": tasks, "killed_at": killed_at, "respawned_at": respawned_at,
            "restarted_at": restarted_at}


def durability_finish(state: dict, sink: MailSink) -> None:
    members, tasks, killed_at = state["members"], state["tasks"], state["killed_at"]
    total = len(tasks) * DURABLE_PER_TASK
    per_member = DURABLE_TASKS * DURABLE_PER_TASK

    addresses = {member.email for member in members}

    def settled() -> bool:
        # Cheap looks first (the sink, the unread counts); the delivery log costs the server a query per delivery.
        if len({m["delivery"] for m in sink.messages() if set(m["to"]) & addresses}) < total:
            return False
        if any(member.notifications()["unreadCount"] < per_member for member in members):
            return False
        for member in members:
            emails = [d for d in member.deliveries() if d["channel"] == "email"]
            if len(emails) < per_member or any(d["state"] != "sent" for d in emails):
                return False
        return True

    # Deliveries the killed process had claimed wait out their lease (120 s) before they are sent again.
    ok = wait_for(settled, timeout=max(10.0, killed_at + 160 - time.time()), interval=2.0)
    settled_at = time.time()
    timings.append(f"time NOTIF-5 settled {settled_at - killed_at:.1f} s after the kill" if ok else
                   f"time NOTIF-5 not settled {settled_at - killed_at:.1f} s after the kill")

    # In-app: exactly one notification per reminder.
    problems, fired = [], []  # fired: (moment, createdAt) of every reminder notification
    for member in members:
        listing = member.notifications()
        notes = listing["notifications"]
        if listing["unreadCount"] != per_member or len(notes) != per_member:
            problems.append(f"{member.username}: unreadCount {listing['unreadCount']}, listed {len(notes)}, "
                            f"expected {per_member}")
        for (owner, task_id, title, moment) in tasks:
            if owner is not member:
                continue
            mine = [n for n in notes if n["taskId"] == task_id]
            if len(mine) != DURABLE_PER_TASK or any(n["kind"] != "reminder" for n in mine):
                problems.append(f"task {title}: {len(mine)} notifications, expected {DURABLE_PER_TASK}")
            fired += [(moment, epoch(n["createdAt"])) for n in mine]
        others = [n for n in notes if n["kind"] != "reminder"]
        if others:
            problems.append(f"{member.username}: unexpected notifications {[n['kind'] for n in others][:5]}")
    check(not problems, f"NOTIF-5/Q-6 after SIGKILL: {total} reminders, each exactly one in-app notification",
          "\n".join(problems[:20]))
    early = [at - moment for moment, at in fired if at < moment - 0.5]
    check(not early, "NOTIF-1 no reminder notification before its moment", f"{len(early)} early, e.g. {early[:5]}")

    # Reminders: each fired for its moment, none due again.
    problems = []
    for (member, task_id, title, moment) in tasks:
        for reminder in member.reminders(task_id):
            if reminder["nextAt"] is not None or epoch(reminder["firedFor"] or "1970-01-01T00:00:00Z") != moment:
                problems.append(f"{title}: {reminder}")
    check(not problems, "NOTIF-5 every reminder shows firedFor its moment and no nextAt", "\n".join(problems[:5]))

    # Email: one message per reminder; a repeat only of a message the killed process had handed over already.
    messages = [m for m in sink.messages() if set(m["to"]) & addresses]
    by_delivery: dict[str, list[dict]] = {}
    for message in messages:
        by_delivery.setdefault(message["delivery"], []).append(message)
    repeats = {d: ms for d, ms in by_delivery.items() if len(ms) > 1}
    # The killed process's last messages reach the sink a little after the kill; the new one sends once ready.
    handed_over_by = min(state["respawned_at"] + 0.5, state["restarted_at"])
    allowed = {d for d, ms in repeats.items() if len(ms) == 2 and min(m["t"] for m in ms) < handed_over_by}
    problems, mailed = [], []  # mailed: (moment, first arrival) of every email delivery
    for (member, task_id, title, moment) in tasks:
        distinct = {m["delivery"] for m in messages if m["subject"] == f"Reminder: {title}" and member.email in m["to"]}
        if len(distinct) != DURABLE_PER_TASK:
            problems.append(f"task {title}: {len(distinct)} distinct emails, expected {DURABLE_PER_TASK}")
        mailed += [(moment, min(m["t"] for m in by_delivery[d])) for d in distinct]
    check(not problems and len(by_delivery) == total,
          f"NOTIF-5/Q-6 after SIGKILL: {total} reminders, each exactly one email delivery at the sink "
          f"({len(messages)} messages, {len(by_delivery)} distinct X-Doable-Delivery)", "\n".join(problems[:20]))
    check(set(repeats) <= allowed,
          f"NOTIF-5 no email sent twice, except one the killed process had sent but not recorded "
          f"({len(allowed)} such repeat(s))",
          "\n".join(f"{d}: {len(ms)} copies at {sorted(round(m['t'] - killed_at, 2) for m in ms)} s after the kill"
                    for d, ms in [(d, ms) for d, ms in repeats.items() if d not in allowed][:10]))

    restarted = state["restarted_at"]
    before = [(moment, at) for moment, at in fired if at < killed_at]
    after = [(moment, at) for moment, at in fired if at >= killed_at]
    lateness_report("NOTIF-5 in-app, fired before the kill", [at - moment for moment, at in before])
    lateness_report("NOTIF-5 in-app, fired after the restart (late by the downtime)",
                    [at - moment for moment, at in after])
    lateness_report("NOTIF-5 email, all 1,000 (late by the downtime)", [at - moment for moment, at in mailed])
    # Due while the server was down: due at the restart at the latest, so counted from the restart; a reminder the
    # killed process had claimed but not fired waits for its claim to run out (REMINDER_LEASE after the kill at most).
    slow = [at - max(moment, restarted) for moment, at in after if at - max(moment, restarted) > ON_TIME]
    too_slow = [at - killed_at for moment, at in after if at > killed_at + REMINDER_LEASE + ON_TIME
                and at - max(moment, restarted) > ON_TIME]
    timings.append(f"time NOTIF-5 in-app: {len(before)} fired before the kill, {len(after)} after the restart "
                   f"({restarted - killed_at:.1f} s of downtime), {len(slow)} of them more than 5 s after it"
                   + (f" ({min(slow):.1f} to {max(slow):.1f} s: claimed by the killed process, they waited out the "
                      f"{REMINDER_LEASE:.0f} s claim)" if slow else ""))
    check(not too_slow, f"NOTIF-5 reminders due while the server was down fire within 5 s of the restart, or of the "
          f"end of the killed process's claim ({REMINDER_LEASE:.0f} s)",
          f"{len(too_slow)} fired {min(too_slow, default=0):.1f} to {max(too_slow, default=0):.1f} s after the kill")
    slow_mail = [at - max(moment, restarted) for moment, at in mailed
                 if at >= killed_at and at - max(moment, restarted) > ON_TIME]
    leased = [x for x in slow_mail if x > 60]
    timings.append(f"time NOTIF-5 email: {sum(1 for _, at in mailed if at < killed_at)} sent before the kill; "
                   f"{len(slow_mail)} more than 5 s after the restart, {len(leased)} of them more than 60 s"
                   + (f" ({min(leased):.0f} to {max(leased):.0f} s: claimed by the killed process, they waited out "
                      "the delivery lease)" if leased else ""))


# ---------------------------------------------------------------------------------------------- 2: delivery


def delivery_checks(server: Server, sink: MailSink, hooks: Receiver) -> None:
    alice = Member(server, "alice")
    alice.preferences(timeZone=ZONE, notificationChannels={"inApp": True, "email": True, "webhook": True})
    hook = alice.webhook(hooks.url(f"/good/{alice.username}"), ["reminder", "task.created"])
    check(hook.get("secret", "").startswith("whsec_") and set(hook["events"]) == {"reminder", "task.created"},
          "INTEROP-4 webhook made; its secret is shown once",
          json.dumps(hook))
    listed = alice.call("GET", "/webhooks", 200).json()["webhooks"]
    check(len(listed) == 1 and listed[0].get("secret") is None,
          "INTEROP-4 the webhook list does not show the secret again", json.dumps(listed))
    secret = hook["secret"]

    now = time.time()
    plants = alice.task("Water the plants", due=iso(now + 7200))
    at_moment = round(now + 3, 3)
    r1 = alice.remind(plants["id"], at=iso(at_moment))
    due = round(now + 63, 3)
    call = alice.task("Call the plumber", due=iso(due))
    r2 = alice.remind(call["id"], relativeTo="due", offsetMinutes=-1)
    rel_moment = due - 60
    check(epoch(r2["nextAt"]) == rel_moment and r2["relativeTo"] == "due" and r2["offsetMinutes"] == -1,
          "NOTIF-1 relative reminder: nextAt is 1 minute before the due date", json.dumps(r2))
    check(epoch(r1["nextAt"]) == at_moment, "NOTIF-1 reminder at a moment: nextAt is the moment", json.dumps(r1))

    cases = [("at a moment", plants, r1, at_moment), ("1 minute before due", call, r2, rel_moment)]
    for label, task, reminder, moment in cases:
        def arrived():
            notes = notes_for(alice, task["id"])
            mails = [m for m in sink.to(alice.email) if m["subject"] == f"Reminder: {task['title']}"]
            calls = [c for c in hooks.at(f"/good/{alice.username}")
                     if (c["json"] or {}).get("data", {}).get("reminderId") == reminder["id"]]
            return (notes, mails, calls) if notes and mails and calls else None

        got = wait_for(arrived, timeout=moment + ON_TIME + 3 - time.time())
        notes = notes_for(alice, task["id"])
        mails = [m for m in sink.to(alice.email) if m["subject"] == f"Reminder: {task['title']}"]
        calls = [c for c in hooks.at(f"/good/{alice.username}")
                 if (c["json"] or {}).get("data", {}).get("reminderId") == reminder["id"]]
        in_app = epoch(notes[0]["createdAt"]) - moment if notes else None
        by_mail = mails[0]["t"] - moment if mails else None
        by_hook = calls[0]["t"] - moment if calls else None
        timings.append(f"time NOTIF-2 reminder {label}: in-app {in_app if in_app is None else round(in_app, 2)} s, "
                       f"email {by_mail if by_mail is None else round(by_mail, 2)} s, "
                       f"webhook {by_hook if by_hook is None else round(by_hook, 2)} s after its moment")
        for channel, late, items in (("in-app", in_app, notes), ("email", by_mail, mails), ("webhook", by_hook, calls)):
            check(late is not None and -0.5 <= late <= ON_TIME and len(items) == 1,
                  f"NOTIF-1/2 reminder {label}: exactly one {channel} delivery, within 5 s of its moment",
                  f"lateness {late}, {len(items)} deliveries" + ("" if got else "; not all channels arrived"))
        if notes:
            note = notes[0]
            check(note["title"] == task["title"] and note["readAt"] is None and note["body"].startswith("Due "),
                  f"NOTIF-2 reminder {label}: the notification names the task", json.dumps(note))
        if mails:
            check_email(alice, task, mails[0], label)
        if calls:
            check_webhook_call(calls[0], secret, task, reminder, label)
    unread = alice.notifications()["unreadCount"]
    check(unread == 2, "NOTIF-2 notification centre: unreadCount counts both reminders", f"unreadCount {unread}")
    fired = alice.reminder(plants["id"], r1["id"])
    check(fired and fired["nextAt"] is None and epoch(fired["firedFor"]) == at_moment,
          "NOTIF-1 a fired reminder shows firedFor and no nextAt", json.dumps(fired))

    def task_events() -> list[dict]:
        return [c for c in hooks.at(f"/good/{alice.username}") if c["headers"].get("x-doable-event") == "task.created"]

    wanted = sorted([plants["id"], call["id"]])
    wait_for(lambda: sorted((c["json"] or {}).get("data", {}).get("taskId") for c in task_events()) == wanted,
             timeout=5)
    created = task_events()
    ids = sorted((c["json"] or {}).get("data", {}).get("taskId") for c in created)
    check(ids == sorted([plants["id"], call["id"]]) and all(signature_ok(c, secret) for c in created)
          and all((c["json"] or {}).get("data", {}).get("task", {}).get("id") in ids for c in created),
          "INTEROP-4 task.created: one signed call per new task, with the task", f"task ids {ids}")

    # Issue 29: "Send test" makes one signed webhook.test call at once, logged with the deliveries.
    sent = alice.call("POST", f"/webhooks/{hook['id']}/test", 202).json()
    check(sent.get("event") == "webhook.test" and sent.get("state") == "pending",
          "INTEROP-4 send test: queued as webhook.test", json.dumps(sent))

    def test_calls() -> list[dict]:
        return [c for c in hooks.at(f"/good/{alice.username}") if c["headers"].get("x-doable-event") == "webhook.test"]

    wait_for(lambda: test_calls() or None, timeout=5)
    calls = test_calls()
    check(len(calls) == 1 and signature_ok(calls[0], secret) and (calls[0]["json"] or {}).get("id") == sent.get("id")
          and (calls[0]["json"] or {}).get("data", {}).get("title") == "A test from Doable",
          "INTEROP-4 send test: one signed call arrives within 5 s, with the delivery's id",
          json.dumps([c.get("json") for c in calls]))
    logged = wait_for(lambda: next((d for d in alice.deliveries() if d["id"] == sent.get("id") and d["state"] == "sent"),
                                   None), timeout=5)
    check(logged is not None, "INTEROP-4 send test: the delivery log shows it sent", json.dumps(alice.deliveries()[:3]))

    snooze_checks(alice, plants, r1, sink, hooks)


def check_email(member: Member, task: dict, mail: dict, label: str) -> None:
    message = mail["message"]
    parts = {part.get_content_type(): part.get_content() for part in message.walk()
             if part.get_content_type() in ("text/plain", "text/html")}
    link = f"{PUBLIC_URL}/tasks/{task['id']}"
    unsubscribe = str(message["List-Unsubscribe"] or "")
    problems = []
    if message.get_content_type() != "multipart/alternative":
        problems.append(f"content type {message.get_content_type()}")
    if set(parts) != {"text/plain", "text/html"}:
        problems.append(f"parts {sorted(parts)}")
    if link not in parts.get("text/plain", "") or f'href="{link}"' not in parts.get("text/html", ""):
        problems.append(f"no link {link} in both parts")
    if task["title"] not in parts.get("text/plain", "") or task["title"] not in parts.get("text/html", ""):
        problems.append("the task's title is missing from a part")
    if not (unsubscribe.startswith(f"<{PUBLIC_URL}/email/") and unsubscribe.endswith("/unsubscribe>")):
        problems.append(f"List-Unsubscribe {unsubscribe!r}")
    if unsubscribe.strip("<>") not in parts.get("text/plain", ""):
        problems.append("the unsubscribe link is not in the text")
    if mail["to"] != [member.email]:
        problems.append(f"recipients {mail['to']}")
    logged = {d["id"]: d for d in member.deliveries() if d["channel"] == "email"}
    entry = logged.get(mail["delivery"])
    if entry is None or entry["state"] != "sent" or len(entry["attempts"]) != 1:
        problems.append(f"X-Doable-Delivery {mail['delivery']} in the log: {entry}")
    check(not problems, f"NOTIF-2 email for the reminder {label}: subject, text and HTML parts, task link, "
          "List-Unsubscribe, X-Doable-Delivery in the delivery log", "\n".join(problems))


def check_webhook_call(call: dict, secret: str, task: dict, reminder: dict, label: str) -> None:
    body, headers = call["json"] or {}, call["headers"]
    problems = []
    if not signature_ok(call, secret):
        problems.append(f"signature {headers.get('x-doable-signature')} does not verify")
    if headers.get("x-doable-event") != "reminder" or body.get("event") != "reminder":
        problems.append(f"event {headers.get('x-doable-event')} / {body.get('event')}")
    if not body.get("id") or headers.get("x-doable-delivery") != body.get("id"):
        problems.append(f"X-Doable-Delivery {headers.get('x-doable-delivery')} vs body id {body.get('id')}")
    data = body.get("data", {})
    if (data.get("taskId"), data.get("reminderId"), data.get("title")) != (task["id"], reminder["id"], task["title"]):
        problems.append(f"data {data}")
    if not headers.get("content-type", "").startswith("application/json") or body.get("createdAt") is None:
        problems.append(f"content type {headers.get('content-type')}, createdAt {body.get('createdAt')}")
    check(not problems, f"NOTIF-2/INTEROP-4 webhook for the reminder {label}: signed (HMAC-SHA256 verified), event, "
          "delivery id, task and reminder", "\n".join(problems))


# ---------------------------------------------------------------------------------------------- 3: NOTIF-3


def snooze_checks(alice: Member, task: dict, reminder: dict, sink: MailSink, hooks: Receiver) -> None:
    path = f"/reminders/{reminder['id']}/snooze"
    now = time.time()
    snoozed = alice.call("POST", path, 200, json={"minutes": 1}).json()
    check(snoozed["nextAt"] is not None and abs(epoch(snoozed["nextAt"]) - (now + 60)) < 3
          and snoozed["snoozedUntil"] == snoozed["nextAt"],
          "NOTIF-3 snooze 1 minute after firing: nextAt = now + 60 s", json.dumps(snoozed))
    now = time.time()
    five = alice.call("POST", path, 200, json={"preset": "5m"}).json()
    check(abs(epoch(five["nextAt"]) - (now + 300)) < 3, "NOTIF-3 snooze preset 5m: nextAt = now + 5 min",
          json.dumps(five))
    tomorrow = alice.call("POST", path, 200, json={"preset": "tomorrow"}).json()
    local = datetime.fromtimestamp(epoch(tomorrow["nextAt"]), ZoneInfo(ZONE))
    expected_day = (datetime.now(ZoneInfo(ZONE)) + timedelta(days=1)).date()
    check((local.date(), local.hour, local.minute) == (expected_day, 9, 0),
          f"NOTIF-3 snooze preset tomorrow: 09:00 tomorrow in the member's time zone ({ZONE})",
          f"nextAt {tomorrow['nextAt']} = {local.isoformat()}")
    bad = alice.call("POST", path, json={"preset": "forever"})
    check(bad.status_code == 400 and error_field(bad) == "preset",
          "NOTIF-3 snooze with an unknown preset -> 400 preset",
          f"{bad.status_code} {bad.text[:200]}")

    # Snoozed until 3 s from now: it fires again. A second reminder, silenced before its moment, never fires.
    again = round(time.time() + 3, 3)
    alice.call("POST", path, 200, json={"until": iso(again)})
    quiet = alice.remind(task["id"], at=iso(again))
    silenced = alice.call("PATCH", f"/reminders/{quiet['id']}", 200, json={"silenced": True}).json()
    check(silenced["silenced"] is True and silenced["nextAt"] is None,
          "NOTIF-3 silenced: true -> nextAt null", json.dumps(silenced))
    refired = wait_for(lambda: len(notes_for(alice, task["id"])) >= 2, timeout=again + ON_TIME - time.time())
    notes = notes_for(alice, task["id"])
    late = max(epoch(n["createdAt"]) for n in notes) - again if notes else None
    time.sleep(max(0.0, again + 1.5 - time.time()))
    notes = notes_for(alice, task["id"])
    check(bool(refired) and len(notes) == 2 and late is not None and late <= ON_TIME,
          "NOTIF-3 a snoozed reminder fires again at the snooze's end (within 5 s); the silenced one does not",
          f"{len(notes)} notifications for the task (expected 2: the first firing and the snoozed one), "
          f"lateness {late}")
    after = alice.call("PATCH", f"/reminders/{reminder['id']}", 200, json={"silenced": True}).json()
    check(after["nextAt"] is None and after["snoozedUntil"] is None, "NOTIF-3 silencing a fired reminder: nextAt null",
          json.dumps(after))
    mails = [m for m in sink.to(alice.email) if m["subject"] == f"Reminder: {task['title']}"]
    check(wait_for(lambda: len([m for m in sink.to(alice.email) if m["subject"] == f"Reminder: {task['title']}"]) == 2,
                   timeout=3),
          "NOTIF-3 the snoozed reminder's second firing is emailed too (one more message, no more)",
          f"{len(mails)} messages")


def quiet_hours_checks(server: Server, sink: MailSink, hooks: Receiver) -> None:
    zone = ZoneInfo(ZONE)
    now_local = datetime.now(zone)
    start = (now_local - timedelta(minutes=60)).strftime("%H:%M")
    end_local = (now_local + timedelta(minutes=60)).replace(second=0, microsecond=0)
    end = end_local.strftime("%H:%M")
    people = {}
    for mode in ("defer", "silent"):
        member = Member(server, f"quiet_{mode}")
        member.preferences(timeZone=ZONE, quietHours={"start": start, "end": end, "mode": mode},
                           notificationChannels={"inApp": True, "email": True, "webhook": True})
        member.webhook(hooks.url(f"/good/{member.username}"), ["reminder"])
        task = member.task(f"Quiet {mode}")
        people[mode] = (member, task)
    moment = round(time.time() + 3, 3)
    reminders = {mode: member.remind(task["id"], at=iso(moment)) for mode, (member, task) in people.items()}

    member, task = people["silent"]
    got = wait_for(lambda: notes_for(member, task["id"]), timeout=moment + ON_TIME - time.time())
    late = epoch(got[0]["createdAt"]) - moment if got else None
    check(bool(got) and late <= ON_TIME, f"NOTIF-3 quiet hours {start}-{end} {ZONE}, silent: in-app within 5 s",
          f"lateness {late}")
    time.sleep(max(0.0, moment + 2.5 - time.time()))
    queued = member.deliveries()
    check(not queued and not sink.to(member.email) and not hooks.at(f"/good/{member.username}"),
          "NOTIF-3 quiet hours, silent: no email, no webhook (nothing queued)",
          f"deliveries {queued[:2]}")

    member, task = people["defer"]
    reminder = member.reminder(task["id"], reminders["defer"]["id"])
    expected = end_local.timestamp()
    listing = member.notifications()
    check(reminder is not None and epoch(reminder["nextAt"]) == expected
          and reminder["snoozedUntil"] == reminder["nextAt"],
          f"NOTIF-3 quiet hours, defer: the reminder waits for the end of the quiet hours ({end} {ZONE})",
          f"reminder {reminder}, expected nextAt {iso(expected)}")
    check(listing["unreadCount"] == 0 and not member.deliveries() and not sink.to(member.email)
          and not hooks.at(f"/good/{member.username}"),
          "NOTIF-3 quiet hours, defer: nothing arrives now on any channel",
          f"unread {listing['unreadCount']}")


def reminder_rule_checks(server: Server, sink: MailSink, hooks: Receiver) -> None:
    """Issue 13's bad input for reminders, and the 100-per-task limit when many are made at once."""
    member = Member(server, "rules")
    task = member.task("Rules", due=iso(time.time() + 3600))
    undated = member.task("No dates")
    now = time.time()
    for body, field, why in (({"at": iso(now + 20 * 366 * 86_400)}, "at", "20 years away"),
                             ({"at": iso(now - 3600)}, "at", "an hour ago"),
                             ({"relativeTo": "start", "offsetMinutes": -15}, "relativeTo", "no start date"),
                             ({"relativeTo": "due", "offsetMinutes": 10 ** 7}, "offsetMinutes", "19 years before"),
                             ({}, "at", "neither at nor relativeTo")):
        target = undated if why == "no start date" else task
        response = member.call("POST", f"/tasks/{target['id']}/reminders", json=body)
        check(response.status_code == 400 and error_field(response) == field,
              f"NOTIF-1 a reminder {why} -> 400 naming {field}", f"{response.status_code} {response.text[:200]}")
    # 130 at once, 16 in parallel: exactly 100 are made, the rest answer 400 naming `reminders`.
    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(lambda _: member.call("POST", f"/tasks/{task['id']}/reminders",
                                                      json={"relativeTo": "due", "offsetMinutes": -5}), range(130)))
    made = sum(1 for a in answers if a.status_code == 201)
    refused = [a for a in answers if a.status_code == 400 and error_field(a) == "reminders"]
    stored = len(member.reminders(task["id"]))
    check(made == 100 and len(refused) == 30 and stored == 100,
          "NOTIF-1 at most 100 reminders per task, also when 130 are made at once (16 in parallel)",
          f"{made} made, {len(refused)} refused, {stored} stored; other answers: "
          f"{sorted({a.status_code for a in answers} - {201, 400})}")


# ---------------------------------------------------------------------------------------------- 4: INTEROP-4


def webhook_checks(server: Server, sink: MailSink, hooks: Receiver) -> None:
    wendy = Member(server, "wendy")
    paths = {kind: f"/{kind}/{wendy.username}" for kind in ("hang", "loop", "fail", "good")}
    secrets = {kind: wendy.webhook(hooks.url(path), ["reminder"])["secret"] for kind, path in paths.items()}
    task = wendy.task("Webhook drill")
    moment = round(time.time() + 3, 3)
    wendy.remind(task["id"], at=iso(moment))
    good = wait_for(lambda: hooks.at(paths["good"]), timeout=moment + ON_TIME + 2 - time.time())
    late = good[0]["t"] - moment if good else None
    hung = hooks.at(paths["hang"])
    timings.append(f"time INTEROP-4 good receiver {late if late is None else round(late, 2)} s after the moment, "
                   f"with a hanging one (called: {bool(hung)}) and a redirect loop")
    check(bool(good) and late <= ON_TIME and signature_ok(good[0], secrets["good"]),
          "INTEROP-4 a hanging receiver and a redirect loop do not delay another webhook (signed, within 5 s)",
          f"lateness {late}")

    def failed_once():
        calls = hooks.at(paths["fail"])
        entries = [d for d in wendy.deliveries() if calls and d["id"] == calls[0]["headers"].get("x-doable-delivery")]
        return entries[0] if entries and entries[0]["attempts"] else None

    entry = wait_for(failed_once, timeout=5)
    calls = hooks.at(paths["fail"])
    now = time.time()
    check(entry is not None and entry["state"] == "pending" and len(entry["attempts"]) == 1
          and entry["attempts"][0]["succeeded"] is False and entry["lastError"] == "HTTP 500"
          and entry["nextAttemptAt"] is not None and epoch(entry["nextAttemptAt"]) > now + 10,
          "INTEROP-4 a receiver answering 500: pending, 1 attempt recorded, lastError HTTP 500, retried later "
          "(backoff >= 15 s)", json.dumps(entry))
    if entry and entry.get("nextAttemptAt"):
        timings.append(f"time INTEROP-4 retry of the 500 in {epoch(entry['nextAttemptAt']) - now:.0f} s")
    check(len(calls) == 1 and signature_ok(calls[0], secrets["fail"]),
          "INTEROP-4 the failing receiver was called once so far, signed", f"{len(calls)} calls")

    def loop_failed():
        loops = hooks.at(paths["loop"])
        if not loops:
            return None
        entries = [d for d in wendy.deliveries() if d["id"] == loops[0]["headers"].get("x-doable-delivery")]
        return entries[0] if entries and entries[0]["state"] != "pending" else None

    entry = wait_for(loop_failed, timeout=5)
    check(entry is not None and entry["state"] == "failed" and len(hooks.at(paths["loop"])) == 1
          and (entry["lastError"] or "").endswith("redirects are not followed"),
          "INTEROP-4 and OPS-7 a receiver that redirects: failed at once, the redirect not followed",
          f"{json.dumps(entry)}; {len(hooks.at(paths['loop']))} calls")

    # URL rules.
    port = server.port
    for url, why in (("ftp://127.0.0.1/hook", "ftp://"), ("http://", "no host"), ("http:///hook", "no host"),
                     ("mailto:someone@example.com", "not http"),
                     (hooks.url("/x").replace("://", "://u:p@"), "credentials"),
                     (f"http://127.0.0.1:{port}/hook", "this server (127.0.0.1)"),
                     (f"http://localhost:{port}/api/v1/tasks", "this server (localhost)"),
                     (f"http://[::1]:{port}/hook", "this server ([::1])"),
                     # OPS-7: only 127.0.0.1 is allowed here; the rest of loopback and private networks are not.
                     (f"http://127.0.0.2:{hooks.port}/good/x", "loopback outside the allowed range"),
                     (f"http://2130706434:{hooks.port}/good/x", "127.0.0.2 as one number"),
                     (f"http://0x7f000002:{hooks.port}/good/x", "127.0.0.2 in hexadecimal"),
                     ("http://169.254.169.254/latest/meta-data/", "link-local metadata service"),
                     ("http://10.0.0.1/hook", "private network"), ("http://[fd00::1]/hook", "unique-local")):
        response = wendy.call("POST", "/webhooks", json={"url": url, "events": ["reminder"]})
        check(response.status_code == 400 and error_field(response) == "url",
              f"INTEROP-4 webhook URL {url!r} ({why}) -> 400 naming url",
              f"{response.status_code} {response.text[:200]}")
    response = wendy.call("POST", "/webhooks", json={"url": hooks.url("/good/x"), "events": ["task.exploded"]})
    check(response.status_code == 400 and error_field(response) == "events",
          "INTEROP-4 an unknown event -> 400 naming events", f"{response.status_code} {response.text[:200]}")


# ---------------------------------------------------------------------------------------------- 6: OPS-2


OPS_MEMBERS, OPS_PER_TASK = 100, 100
OPS_WINDOW = 60.0  # the due dates spread over one minute
# Reminders per task made through the API; the rest are copies of them made in SQL, because this machine's
# PostgreSQL build makes only about 40 reminders a second through the API (10,000 would take 4 minutes).
# NOTIF_OPS_API_ONLY=1 makes all 10,000 through the API.
OPS_API_PER_TASK = OPS_PER_TASK if os.environ.get("NOTIF_OPS_API_ONLY") == "1" or not shutil.which("psql") else 2


def psql(sql: str) -> str:
    done = subprocess.run(["psql", DATABASE_URL, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql], capture_output=True,
                          text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"psql failed: {done.stderr.strip()}")
    return done.stdout.strip()


def copy_reminders(task_ids: list[str], copies: int) -> None:
    """Adds `copies` copies (new ids) of one of each task's reminders, column by column as the table has them."""
    columns = psql("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                   "AND table_name = 'reminders' ORDER BY ordinal_position").split()
    values = ", ".join("gen_random_uuid()" if c == "id" else f"r.{c}" for c in columns)
    ids = ", ".join(f"'{t}'::uuid" for t in task_ids)
    psql(f"INSERT INTO reminders ({', '.join(columns)}) SELECT {values} FROM (SELECT DISTINCT ON (task_id) * "
         f"FROM reminders WHERE task_id IN ({ids}) ORDER BY task_id, id) r CROSS JOIN generate_series(1, {copies})")


def ops2_checks(first: Server, folder: Path, extra: list[str]) -> None:
    """OPS-2: two servers on one PostgreSQL, 10,000 reminders due in one minute, each fires once."""
    second = Server(folder / "data-b", folder / "server-b.log", *extra)
    second.start()
    try:
        bases = [first.base, second.base]
        with ThreadPoolExecutor(16) as pool:
            members = list(pool.map(lambda i: Member(first if i % 2 == 0 else second, f"ops{i}"), range(OPS_MEMBERS)))
            tasks = list(pool.map(lambda i: members[i].task(f"Shared {i}"), range(OPS_MEMBERS)))
        # Task i's reminders are all at first_due + i * 0.6 s: 100 moments over one minute, 100 reminders each.
        jobs = [(i, k) for i in range(OPS_MEMBERS) for k in range(OPS_API_PER_TASK)]
        first_due = time.time() + 20 + len(jobs) / 25  # time to make them at 25 a second, and some
        dues = [round(first_due + i * OPS_WINDOW / OPS_MEMBERS, 3) for i in range(OPS_MEMBERS)]
        made = time.time()
        with ThreadPoolExecutor(32) as pool:
            ids = list(pool.map(lambda job: members[job[0]].remind(
                tasks[job[0]]["id"], base=bases[(job[0] + job[1]) % 2], at=iso(dues[job[0]]))["id"], jobs))
        made = time.time() - made
        if OPS_API_PER_TASK < OPS_PER_TASK:
            copy_reminders([t["id"] for t in tasks], OPS_PER_TASK - OPS_API_PER_TASK)
        timings.append(f"time OPS-2 setup: {len(ids)} reminders made through two servers in {made:.1f} s "
                       f"({len(ids) / made:.0f}/s), {OPS_MEMBERS * (OPS_PER_TASK - OPS_API_PER_TASK)} copied in SQL")
        ahead = first_due - time.time()
        listed = members[0].reminders(tasks[0]["id"])
        check(ahead > 0 and len(listed) == OPS_PER_TASK and all(epoch(r["nextAt"]) == dues[0] for r in listed),
              f"OPS-2 setup: {OPS_MEMBERS * OPS_PER_TASK} reminders due in one minute, the first {ahead:.0f} s ahead",
              f"{len(listed)} reminders on the first task: {json.dumps(listed[:1])}")

        def fired_so_far() -> int:
            with ThreadPoolExecutor(16) as pool:
                return sum(pool.map(lambda i: members[i].notifications(base=bases[i % 2])["unreadCount"],
                                    range(OPS_MEMBERS)))

        expected = OPS_MEMBERS * OPS_PER_TASK
        done = wait_for(lambda: fired_so_far() >= expected, timeout=dues[-1] + 90 - time.time(), interval=2.0)
        time.sleep(2)  # a second firing would come at once
        problems, late = [], []
        total = 0
        for i, member in enumerate(members):
            listing = member.notifications(base=bases[(i + 1) % 2])
            notes = listing["notifications"]
            total += listing["unreadCount"]
            if listing["unreadCount"] != OPS_PER_TASK or len({n["id"] for n in notes}) != OPS_PER_TASK \
                    or any(n["taskId"] != tasks[i]["id"] or n["kind"] != "reminder" for n in notes):
                problems.append(f"{member.username}: unreadCount {listing['unreadCount']}, "
                                f"{len({n['id'] for n in notes})} distinct listed")
            late += [epoch(n["createdAt"]) - dues[i] for n in notes]
        check(bool(done) and not problems and total == expected,
              f"OPS-2 two servers on one PostgreSQL: {expected} reminders due in one minute, each notified exactly "
              f"once ({total} notifications)", "\n".join(problems[:20]))
        early = [x for x in late if x < -0.5]
        check(not early, "OPS-2 no reminder fired before its moment", f"{len(early)} early")
        lateness_report("OPS-2 in-app, 10,000 due in one minute, two servers", late)
        unfired = [r for i in (0, OPS_MEMBERS - 1) for r in members[i].reminders(tasks[i]["id"])
                   if r["nextAt"] is not None or epoch(r["firedFor"] or "1970-01-01T00:00:00Z") != dues[i]]
        check(not unfired, "OPS-2 every reminder shows firedFor its moment and no nextAt (first and last task)",
              json.dumps(unfired[:2]))
    finally:
        second.stop()
        if results.failures:
            print("---- second server log (tail)")
            print(second.log_tail(30))


# ---------------------------------------------------------------------------------------------- main


def main() -> int:
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="doable-notif-"))
    if DATABASE_URL:
        os.environ["DOABLE_DATABASE_URL"] = DATABASE_URL  # the children read it; it stays out of the process list
    sink = MailSink(folder / "mail")
    hooks = Receiver()
    extra = ["--log-level", "warning", "--smtp-url", f"smtp://127.0.0.1:{sink.port}", "--mail-from",
             "reminders@doable.example", "--public-url", PUBLIC_URL, "--reminder-stale-minutes", "0",
             # The webhook receiver is on loopback, which only an admin's allowance lets webhooks reach (OPS-7).
             "--allow-outgoing", "127.0.0.1"]
    server = Server(folder / "data", folder / "server.log", *extra)
    print(f"engine {ENGINE}; SMTP sink on {sink.port}, webhook receiver on {hooks.port}")
    try:
        server.start()
        for part in (delivery_checks, quiet_hours_checks, webhook_checks, reminder_rule_checks):
            try:
                part(server, sink, hooks)
            except Exception:  # noqa: BLE001 - a broken part is a failure; the others still run
                check(False, f"{part.__name__} ran to the end", traceback.format_exc())
        state = durability_start(server)
        if DATABASE_URL:  # while the killed process's claims run out
            try:
                ops2_checks(server, folder, extra)
            except Exception:  # noqa: BLE001
                check(False, "ops2_checks ran to the end", traceback.format_exc())
        durability_finish(state, sink)
    except Exception:  # noqa: BLE001 - any crash of the harness is a failure with the server's log
        check(False, "harness ran to the end", traceback.format_exc())
    finally:
        server.stop()
        hooks.stop()
        sink.stop()
        if results.failures:
            print("---- server log (tail)")
            print(server.log_tail(40))
        shutil.rmtree(folder, ignore_errors=True)
    for line in timings:
        print(line)
    print(f"runtime {time.monotonic() - started:.1f} s")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
