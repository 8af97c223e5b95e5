#!/usr/bin/env python3
"""SYNC-1..5 end to end, over real HTTP with the real `doable` binary as server and as client (issue 14).

Two devices of one account are two DOABLE_HOME folders on this machine, each with its own replica.

  1. Login: `doable login --password-stdin` copies everything; the token file is 0600 and the folder 0700.
  2. A task added on device A shows on device B after B syncs; `ls --json` has the API's shapes.
  3. Offline: the server is stopped. Both devices keep working (exit 0, "Working offline: N changes waiting." on
     standard error): A renames a task, completes one and adds three; B changes the same task's priority, adds
     two and deletes one. `status --json` counts the waiting changes.
  4. Restart on the same address: A, B, A sync. Both devices hold the same tasks, in the same order, as the
     server's API; the task edited on both has A's title and B's priority (per field); nothing is duplicated and
     nothing is lost.
  5. A sync killed midway (SIGKILL of the client after a short, growing delay, while it pushes 60 offline tasks)
     neither loses nor duplicates anything: the next sync sends the rest, each task exists once.
  6. The server killed (SIGKILL) while a device pushes: after a restart the next sync finishes the job, each
     task exists once.
  7. SYNC-5: `doable sync --watch` on B pulls as soon as the server announces A's change: B's copy has it within
     3 s without B doing anything.
  8. Bad input: `doable show nope` exits 1 with a message naming the id; `doable add` with a bad `--due` exits 1
     naming the flag; a command before login exits 3.

On PostgreSQL when DOABLE_TEST_DATABASE_URL (or DOABLE_DATABASE_URL) is set. Prints `N passed, M failed`.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import requests

from liveserver import Checks, LiveServer, register

DATABASE_URL = os.environ.get("DOABLE_TEST_DATABASE_URL") or os.environ.get("DOABLE_DATABASE_URL") or ""
checks = Checks()


class Device:
    def __init__(self, binary: str, home: Path):
        self.binary, self.home = binary, home

    def run(self, *args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
        env = {**os.environ, "DOABLE_HOME": str(self.home), "NO_COLOR": "1", "DOABLE_SYNC_TIMEOUT": "3"}
        return subprocess.run([self.binary, *args], input=stdin, capture_output=True, text=True, env=env,
                              timeout=timeout)

    def start(self, *args: str) -> subprocess.Popen:
        env = {**os.environ, "DOABLE_HOME": str(self.home), "NO_COLOR": "1"}
        return subprocess.Popen([self.binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def tasks(self) -> list[dict]:
        result = self.run("ls", "--json", "--status", "all", "--sort", "manual", "--offline")
        return json.loads(result.stdout) if result.returncode == 0 else []

    def status(self) -> dict:
        result = self.run("status", "--json", "--offline")
        return json.loads(result.stdout) if result.returncode == 0 else {}


def shape(task: dict) -> tuple:
    return (task["id"], task["title"], task["status"], task["priority"], task["listId"], task.get("deletedAt") is None)


def server_tasks(base: str, token: str) -> list[dict]:
    """Every live task of the account, page by page, through the REST API."""
    tasks: list[dict] = []
    offset = 0
    while offset is not None:
        answer = requests.get(f"{base}/api/v1/tasks?status=pending,inProgress,completed&limit=100&offset={offset}",
                              headers={"Authorization": f"Bearer {token}"}, timeout=10)
        answer.raise_for_status()
        tasks += answer.json()["tasks"]
        offset = answer.json().get("nextOffset")
    return tasks


def main() -> int:
    extra = ["--database-url", DATABASE_URL] if DATABASE_URL else []
    folder = Path(tempfile.mkdtemp(prefix="doable-sync-live-"))
    try:
        with LiveServer(*extra) as server:
            binary = server.binary
            account = register(server.base, "ann")
            token = account["token"]
            a, b = Device(binary, folder / "phone"), Device(binary, folder / "laptop")
            nobody = Device(binary, folder / "nobody")

            # 1. Login
            for device in (a, b):
                result = device.run("login", "--server", server.base, "--login", "ann", "--password-stdin",
                                    stdin="live password\n")
                checks.check(result.returncode == 0, f"SYNC-3 login on {device.home.name}", result.stderr)
            token_file = a.home / "token"
            checks.check(token_file.exists() and stat.S_IMODE(token_file.stat().st_mode) == 0o600,
                         "SYNC-3 the token file is 0600")
            checks.check(stat.S_IMODE(a.home.stat().st_mode) == 0o700, "SYNC-3 DOABLE_HOME is 0700")

            # 2. Online round trip
            added = a.run("add", "Water the plants", "--priority", "low", "--json")
            checks.check(added.returncode == 0, "SYNC-1 add on A", added.stderr)
            first = json.loads(added.stdout)["id"] if added.returncode == 0 else ""
            b.run("sync")
            on_b = {t["id"]: t for t in b.tasks()}
            checks.check(first in on_b and on_b[first]["title"] == "Water the plants", "SYNC-1 A's task shows on B")
            keys = {"id", "listId", "parentId", "title", "notes", "status", "priority", "due", "start", "labelIds",
                    "createdAt", "updatedAt", "deletedAt", "version", "rank"}
            checks.check(bool(on_b) and keys <= set(next(iter(on_b.values()))), "SYNC-3 --json has the API's keys",
                         str(sorted(next(iter(on_b.values())).keys())) if on_b else "")
            second = json.loads(a.run("add", "Pay rent", "--json").stdout)["id"]
            doomed = json.loads(a.run("add", "Cancel the gym", "--json").stdout)["id"]
            b.run("sync")

            # 3. Offline on both
            server.stop()
            offline_runs = [
                a.run("edit", first, "--title", "Water the plants (balcony)"),
                a.run("done", second),
                *[a.run("add", f"Phone task {n}") for n in range(3)],
                b.run("edit", first, "--priority", "high"),
                *[b.run("add", f"Laptop task {n}") for n in range(2)],
                b.run("rm", doomed),
            ]
            checks.check(all(r.returncode == 0 for r in offline_runs), "SYNC-3 every command works offline",
                         "\n".join(r.stderr for r in offline_runs if r.returncode != 0))
            checks.check(all("Working offline" in r.stderr for r in offline_runs),
                         "SYNC-3 offline commands say 'Working offline: N changes waiting.'",
                         offline_runs[0].stderr)
            pending_a = a.status().get("pendingChanges")
            checks.check(pending_a == 5, "SYNC-3 status counts A's 5 waiting changes", f"status: {a.status()}")
            sync_down = a.run("sync")
            checks.check(sync_down.returncode == 1 and "Traceback" not in sync_down.stderr,
                         "SYNC-3 sync with the server down exits 1 with a message", sync_down.stderr)

            # 4. Restart on the same address, converge
            server.start(port=server.port)
            for device in (a, b, a):
                result = device.run("sync")
                checks.check(result.returncode == 0, f"SYNC-4 sync after restart ({device.home.name})", result.stderr)
            tasks_a, tasks_b = a.tasks(), b.tasks()
            truth = server_tasks(server.base, token)
            checks.check([shape(t) for t in tasks_a] == [shape(t) for t in tasks_b],
                         "SYNC-4 both devices hold the same tasks in the same order",
                         f"A: {[t['title'] for t in tasks_a]}\nB: {[t['title'] for t in tasks_b]}")
            live_titles = sorted(t["title"] for t in tasks_a if t.get("deletedAt") is None)
            checks.check(sorted(t["title"] for t in truth) == live_titles,
                         "SYNC-4 the devices hold what the server's API has", f"server: {sorted(t['title'] for t in truth)}")
            merged = next((t for t in tasks_a if t["id"] == first), {})
            checks.check(merged.get("title") == "Water the plants (balcony)" and merged.get("priority") == "high",
                         "SYNC-2 the task edited on both keeps A's title and B's priority", str(merged))
            titles = [t["title"] for t in tasks_a]
            checks.check(len(titles) == len(set(titles)) == 7, "SYNC-4 seven live tasks, none twice", str(titles))
            trash = a.run("ls", "--trash", "--json", "--offline")
            checks.check(trash.returncode == 0 and [t["id"] for t in json.loads(trash.stdout)] == [doomed],
                         "SYNC-2 the task deleted on B is in A's trash", trash.stdout + trash.stderr)
            checks.check(a.status().get("pendingChanges") == 0 and b.status().get("pendingChanges") == 0,
                         "SYNC-4 nothing waits after converging")

            # 5. A client killed midway
            expected = set(titles)
            for round_number, delay in enumerate((0.05, 0.15, 0.3, 0.6)):
                names = [f"Batch {round_number} task {n}" for n in range(15)]
                for name in names:
                    a.run("add", name, "--offline")
                expected |= set(names)
                process = a.start("sync")
                time.sleep(delay)
                process.send_signal(signal.SIGKILL)
                process.wait()
            finish = a.run("sync")
            checks.check(finish.returncode == 0, "SYNC-4 the sync after killed ones finishes", finish.stderr)
            truth = server_tasks(server.base, token)
            server_titles = [t["title"] for t in truth]
            checks.check(len(server_titles) == len(set(server_titles)), "SYNC-4 a killed sync duplicates nothing",
                         str(sorted(server_titles)))
            checks.check({t for t in expected} <= set(server_titles) | {t["title"] for t in a.tasks() if t.get("deletedAt")},
                         "SYNC-4 a killed sync loses nothing", str(expected - set(server_titles)))

            # 6. The server killed while a device pushes
            names = [f"Crash task {n}" for n in range(40)]
            for name in names:
                b.run("add", name, "--offline")
            process = b.start("sync")
            time.sleep(0.3)
            server.kill()
            process.wait(timeout=60)
            server.start(port=server.port)
            finish = b.run("sync")
            checks.check(finish.returncode == 0, "Q-6 the sync after a server crash finishes", finish.stderr)
            a.run("sync")
            truth_titles = [t["title"] for t in server_tasks(server.base, token)]
            checks.check(all(truth_titles.count(name) == 1 for name in names),
                         "Q-6 after a server crash mid-push every task exists once",
                         str([n for n in names if truth_titles.count(n) != 1]))
            checks.check([shape(t) for t in a.tasks()] == [shape(t) for t in b.tasks()],
                         "SYNC-4 both devices converge after the crash")

            # 7. The live nudge
            synced_before = b.status().get("lastSyncAt")
            watcher = b.start("sync", "--watch")
            try:
                # Ready once its first sync is done (however slow the machine): from then on a change reaches it
                # either as a live event or through the sync its live channel's `ready` starts when it connects.
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and b.status().get("lastSyncAt") == synced_before:
                    time.sleep(0.1)
                nudged = json.loads(a.run("add", "Nudged task", "--json").stdout)["id"]
                seen_at = None
                started = time.monotonic()
                while time.monotonic() - started < 3:
                    if any(t["id"] == nudged for t in b.tasks()):
                        seen_at = time.monotonic() - started
                        break
                    time.sleep(0.1)
                checks.check(seen_at is not None, "SYNC-5 sync --watch brings A's change to B within 3 s",
                             f"seen after {seen_at}")
            finally:
                watcher.send_signal(signal.SIGINT)
                try:
                    watcher.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    watcher.kill()

            # 8. Errors
            missing = a.run("show", "nope", "--offline")
            checks.check(missing.returncode == 1 and "nope" in missing.stderr, "SYNC-3 an unknown id exits 1 naming it",
                         missing.stderr)
            bad_due = a.run("add", "Bad date", "--due", "someday soonish", "--offline")
            checks.check(bad_due.returncode == 1 and "--due" in bad_due.stderr, "SYNC-3 a bad --due names the flag",
                         bad_due.stderr)
            # Issue 29 item 4: the CLI's quick add follows the web app's rules.
            past = a.run("add", "Old deadline", "--due", "2020-01-02", "--offline")
            checks.check(past.returncode == 1 and "past" in past.stderr, "TASK-2 the CLI refuses a past --due",
                         past.stderr)
            # A zone where it is at least two hours past midnight now, so that an earlier time today exists.
            zone, local_hour = next((z, h) for z in ("UTC", "Asia/Tokyo", "America/New_York", "Asia/Kolkata")
                                    for h in [dt.datetime.now(ZoneInfo(z)).hour] if 2 <= h <= 22)
            requests.patch(f"{server.base}/api/v1/me", json={"preferences": {"timeZone": zone}},
                           headers={"Authorization": f"Bearer {token}"}, timeout=10).raise_for_status()
            a.run("sync")
            clock = f"{local_hour - 1:02d}:00"
            passed = a.run("add", f"Pay rent today {clock}", "--offline")
            checks.check(passed.returncode == 1 and f"{clock} has passed today" in passed.stderr
                         and f"tomorrow {clock}" in passed.stderr,
                         "TASK-1 a time already past today is refused with tomorrow offered, as on the web",
                         passed.stderr)
            unknown = a.run("add", "Buy apples #Orchard", "--offline")
            checks.check(unknown.returncode == 1 and "--create-list" in unknown.stderr,
                         "TASK-1 an unknown #list names --create-list", unknown.stderr)
            created = a.run("add", "Buy apples #Orchard", "--create-list", "--json", "--offline")
            lists = json.loads(a.run("lists", "--json", "--offline").stdout or "[]") if created.returncode == 0 else []
            orchard = [entry for entry in lists if entry.get("name") == "Orchard"]
            checks.check(created.returncode == 0 and len(orchard) == 1
                         and json.loads(created.stdout)["listId"] == orchard[0]["id"],
                         "TASK-1 --create-list makes the #list and adds the task to it", created.stderr)
            signed_out = nobody.run("ls")
            checks.check(signed_out.returncode == 3 and "login" in signed_out.stderr,
                         "SYNC-3 a command before login exits 3 and says to log in", signed_out.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
