"""OPS-4 and Q-6 (issue 26): backups, restores and durability, against real `doable serve` processes on both engines.

- Q-6: strace attached to a SQLite server counts at least one fdatasync/fsync per sequentially acknowledged write;
  a server asked to run on a PostgreSQL cluster with fsync off refuses to start unless told it is throwaway.
- OPS-4: a member with one of everything (lists, labels, subtasks, comments, trash, reminders, a webhook and its
  deliveries, a photo, tokens, a shared list, a posting with a bid, the game, a CalDAV object, a sync device) and
  a writer adding tasks while `doable backup` runs; the archive is restored into the *other* engine and backed up
  again there: the two archives compare equal table by table, every task acknowledged before the backup began is
  in it, and every writer task in it has its label (a batch is there whole or not at all). The restored server
  signs the member in with the same password, takes the old token and app password (CalDAV too), serves the photo
  byte for byte, and tells the old sync cursor to reset. Then the same from the other engine back.
- Bad input and faults: truncated, one flipped byte, a newer schema, a JSON file; a target holding data (refused,
  then replaced with --force); a read-only and a full folder; SIGKILL of a backup and of a restore midway.

Needs DOABLE_TEST_DATABASE_URL (scripts/with-postgres.sh); runs as root for the tmpfs mounts."""
from __future__ import annotations

import base64
import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from authz_matrix import PNG, Member  # noqa: E402
from liveserver import Checks, Server, doable_binary, free_port  # noqa: E402

BIN = doable_binary()
PG_URL = os.environ.get("DOABLE_TEST_DATABASE_URL") or os.environ.get("DOABLE_DATABASE_URL")
# Every command names its store explicitly.
os.environ.pop("DOABLE_DATABASE_URL", None)
WORK = Path(tempfile.mkdtemp(prefix="doable-backup-"))
checks = Checks()
check = checks.check


class Target:
    """Where a store lives: a SQLite folder or a PostgreSQL schema of its own."""

    def __init__(self, engine: str, name: str):
        self.engine, self.name = engine, name
        self.folder = WORK / name
        self.folder.mkdir()
        self.url = f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema=bk_{name}_{uuid.uuid4().hex[:6]}" \
            if engine == "postgresql" else None

    @property
    def args(self) -> list[str]:
        return ["--database-url", self.url] if self.url else ["--data-dir", str(self.folder / "data")]

    def server(self, *extra: str) -> Server:
        # Member.furnish makes a webhook to a closed loopback port: loopback is allowed (OPS-7).
        server = Server(self.folder / "data", self.folder / "server.log", "--log-level", "warning",
                        "--allow-outgoing", "127.0.0.1", *(["--database-url", self.url] if self.url else []),
                        *extra, binary=BIN)
        server.start()
        return server

    def run(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
        return subprocess.run([BIN, *args, *self.args], capture_output=True, text=True, timeout=timeout)


def backup(target: Target, path: Path, *extra: str) -> subprocess.CompletedProcess:
    return target.run("backup", "-o", str(path), *extra)


def restore(target: Target, path: Path, *extra: str) -> subprocess.CompletedProcess:
    return target.run("restore", str(path), *extra)


# ------------------------------------------------------------------------------------------------ archives


def read_archive(path: Path) -> tuple[dict, dict[str, list[list]]]:
    """The manifest and every part's rows, as Python values."""
    data = path.read_bytes()
    header, rest = data.split(b"\n", 1)
    assert header == b"DOABLE-BACKUP 1", header
    manifest_line, body = rest.split(b"\n", 1)
    manifest = json.loads(manifest_line)
    parts, offset = {}, 0
    for part in manifest["parts"]:
        chunk = body[offset:offset + part["bytes"]]
        offset += part["bytes"]
        parts[part["name"]] = [json.loads(line) for line in chunk.splitlines() if line]
    return manifest, parts


def normalized(manifest: dict, parts: dict[str, list[list]]) -> dict[str, dict]:
    """Rows keyed by table, as sorted tuples of comparable cells: booleans as 0/1, JSON text parsed, and the feed
    positions a restore moves on (accounts' change_seq and feed_floor) left out."""
    out = {}
    for part in manifest["parts"]:
        names = [c["name"] for c in part["columns"]]
        rows = []
        for row in parts[part["name"]]:
            cells = {}
            for name, value in zip(names, row):
                if part["name"] == "accounts" and name in ("change_seq", "feed_floor"):
                    continue
                if isinstance(value, bool):
                    value = int(value)
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                if isinstance(value, str) and value[:1] in "{[":
                    try:
                        value = json.dumps(json.loads(value), sort_keys=True)
                    except ValueError:
                        pass
                cells[name] = value
            rows.append(json.dumps(cells, sort_keys=True))
        out[part["name"]] = sorted(rows)
    return out


def compare_archives(first: Path, second: Path, label: str) -> None:
    m1, p1 = read_archive(first)
    m2, p2 = read_archive(second)
    n1, n2 = normalized(m1, p1), normalized(m2, p2)
    check(set(n1) == set(n2), f"{label}: the same tables", f"only first: {set(n1) - set(n2)}, only second: {set(n2) - set(n1)}")
    differing = [t for t in sorted(set(n1) & set(n2)) if n1[t] != n2[t]]
    detail = ""
    for table in differing[:3]:
        a, b = set(n1[table]), set(n2[table])
        detail += f"{table}: {len(n1[table])} vs {len(n2[table])} rows; first only: {list(a - b)[:1]}; second only: {list(b - a)[:1]}\n"
    check(not differing, f"{label}: every table's rows equal ({sum(len(v) for v in n1.values())} rows in "
          f"{len(n1)} tables)", detail)
    m1_accounts = {r[0]: r for r in p1["accounts"]}
    names = [c["name"] for c in m1["parts"][[p["name"] for p in m1["parts"]].index("accounts")]["columns"]]
    seq = names.index("change_seq")
    names2 = [c["name"] for c in m2["parts"][[p["name"] for p in m2["parts"]].index("accounts")]["columns"]]
    seq2, floor2 = names2.index("change_seq"), names2.index("feed_floor")
    moved = all(r[seq2] == m1_accounts[r[0]][seq] + 1_000_000_000 and r[floor2] == r[seq2] for r in p2["accounts"])
    check(moved, f"{label}: every account's feed moved on by the restore (old cursors resync)")


# ------------------------------------------------------------------------------------------------ durability


def count_syncs(pid: int, action) -> int:
    out = WORK / f"strace-{uuid.uuid4().hex[:6]}.txt"
    tracer = subprocess.Popen(["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-p", str(pid), "-o", str(out)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.0)  # attached to every thread before the first write
    action()
    tracer.send_signal(signal.SIGINT)
    tracer.wait(timeout=30)
    total = 0
    for line in out.read_text().splitlines():
        fields = line.split()
        if fields and fields[-1] in ("fsync", "fdatasync"):
            total += int(fields[3]) if len(fields) >= 6 else int(fields[-2])
    return total


def check_sqlite_syncs_every_write() -> None:
    target = Target("sqlite", "durable")
    server = target.server()
    try:
        token = requests.post(server.base + "/api/v1/accounts", timeout=10, json={
            "email": "dur@example.com", "password": "live password", "username": "dur", "firstName": "D",
            "lastName": "U"}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        statuses = []

        def hundred_writes():
            for i in range(100):
                statuses.append(requests.post(server.base + "/api/v1/tasks", headers=headers, timeout=10,
                                              json={"title": f"durable {i}"}).status_code)

        syncs = count_syncs(server.process.pid, hundred_writes)
        check(statuses == [201] * 100, "Q-6: 100 sequential creates acknowledged")
        check(syncs >= 100, f"Q-6: SQLite synced to disk at least once per acknowledged write ({syncs} syncs for 100)")

        # Group commit: writes that arrive together share a transaction and its sync.
        concurrent = []

        def sixteen_writers():
            def writer(n):
                session = requests.Session()
                for i in range(25):
                    concurrent.append(session.post(server.base + "/api/v1/tasks", headers=headers, timeout=30,
                                                   json={"title": f"together {n}.{i}"}).status_code)
            threads = [threading.Thread(target=writer, args=(n,)) for n in range(16)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()

        shared = count_syncs(server.process.pid, sixteen_writers)
        check(concurrent == [201] * 400 and shared < 400,
              f"Q-6: 400 creates from 16 clients at once share their syncs ({shared} syncs)")
    finally:
        server.stop()


def check_postgres_refuses_unsafe_settings() -> None:
    target = Target("postgresql", "unsafe")
    env = {k: v for k, v in os.environ.items() if k != "DOABLE_ALLOW_UNSAFE_DURABILITY"}
    process = subprocess.run([BIN, "serve", "--port", str(free_port()), "--database-url", target.url], env=env,
                             capture_output=True, text=True, timeout=60)
    said = process.stdout + process.stderr
    check(process.returncode != 0 and "fsync = off" in said and "--allow-unsafe-durability" in said,
          "Q-6: doable serve refuses a PostgreSQL cluster with fsync off, saying how to proceed",
          f"exit {process.returncode}: {said[-600:]}")
    server = target.server("--allow-unsafe-durability")
    check(requests.get(server.base + "/readyz", timeout=5).status_code == 200,
          "Q-6: --allow-unsafe-durability starts it anyway")
    server.stop()


# ------------------------------------------------------------------------------------------------ round trip


def furnish(base: str) -> tuple[Member, Member, dict]:
    ann, bob = Member("Ann", base), Member("Bob", base)
    ann.furnish()
    bob.furnish()
    extra = {}
    # A list shared with Bob, a posting Bob bids on, the game on, an app password, a CalDAV object, a sync device.
    ann.make(f"/api/v1/lists/{ann.ids['list']}/members", {"login": bob.username, "role": "editor"})
    posting = ann.make("/api/v1/market/postings", {"title": "Mow the lawn", "description": "200 m²",
                                                   "category": "Gardening", "maxBid": 40,
                                                   "location": {"latitude": 52.52, "longitude": 13.405}})
    bob.make(f"/api/v1/market/postings/{posting['id']}/bids", {"amount": 30, "message": "Saturday?"})
    ann.call("PATCH", "/api/v1/game", json={"enabled": True})
    ann.call("POST", f"/api/v1/tasks/{ann.ids['subtask']}/complete")
    app = ann.make("/api/v1/tokens", {"name": "phone", "kind": "appPassword"})
    extra["app_password"] = app["secret"]
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:backup-test-1\r\n"
           "SUMMARY:From a phone\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    extra["caldav"] = requests.put(f"{base}/dav/calendars/{ann.username}/{ann.ids['list']}/backup-test-1.ics",
                                   data=ics, auth=(ann.username, ann.password), timeout=10,
                                   headers={"Content-Type": "text/calendar"}).status_code
    extra["dav_token"] = sync_collection(base, ann, "")[1]
    client = str(uuid.uuid4())
    pull = ann.call("POST", "/api/v1/sync/pull", json={"clientId": client}).json()
    extra["sync"] = (client, pull["cursor"])
    return ann, bob, extra


SYNC_COLLECTION = ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>{}'
                   '</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>')


def sync_collection(base: str, member: Member, token: str) -> tuple[int, str]:
    """RFC 6578 on the member's list calendar: the status and the new sync token."""
    response = requests.request("REPORT", f"{base}/dav/calendars/{member.username}/{member.ids['list']}/",
                                data=SYNC_COLLECTION.format(token), auth=(member.username, member.password),
                                headers={"Content-Type": "application/xml", "Depth": "1"}, timeout=10)
    found = re.search(r"<[a-zA-Z]*:?sync-token>([^<]+)</", response.text)
    return response.status_code, found.group(1) if found else ""


class Writer(threading.Thread):
    """Adds labelled tasks one after another and notes when each was acknowledged."""

    def __init__(self, base: str, member: Member):
        super().__init__(daemon=True)
        self.base, self.member, self.acked, self.stopped = base, member, [], threading.Event()

    def run(self) -> None:
        i = 0
        while not self.stopped.is_set():
            response = self.member.call("POST", "/api/v1/tasks", json={
                "title": f"load {i}", "listId": self.member.ids["list"], "labelIds": [self.member.ids["label"]]})
            if response.status_code == 201:
                self.acked.append((time.time(), response.json()["id"]))
            i += 1


def round_trip(source: Target, destination: Target) -> None:
    label = f"{source.engine} → {destination.engine}"
    server = source.server()
    ann, bob, extra = furnish(server.base)
    check(extra["caldav"] in (201, 204), f"{label}: a CalDAV client put a task", str(extra["caldav"]))
    photo = ann.call("GET", f"/api/v1/attachments/{ann.ids['attachment']}").content
    writer = Writer(server.base, bob)
    writer.start()
    time.sleep(1.0)
    archive = WORK / f"{source.name}.doable-backup"
    began = time.time()
    made = backup(source, archive, "--json")
    time.sleep(0.5)
    writer.stopped.set()
    writer.join(timeout=30)
    server.stop()
    check(made.returncode == 0, f"{label}: doable backup while a writer runs", made.stderr[-800:])
    manifest = json.loads(made.stdout)
    check(manifest["schemaVersion"] >= 10 and all(len(p["sha256"]) == 64 for p in manifest["parts"]),
          f"{label}: --json prints the manifest with a SHA-256 per part")
    _, parts = read_archive(archive)
    task_columns = [c["name"] for c in next(p for p in manifest["parts"] if p["name"] == "tasks")["columns"]]
    archived = {row[task_columns.index("id")] for row in parts["tasks"]}
    before = [task for at, task in writer.acked if at < began]
    check(before and all(task in archived for task in before),
          f"{label}: every task acknowledged before the backup began is in it ({len(before)} of {len(writer.acked)})")
    label_rows = {row[0] for row in parts["task_labels"]}
    written = [task for _, task in writer.acked if task in archived]
    check(all(task in label_rows for task in written),
          f"{label}: every writer task in the archive has its label (batches whole, {len(written)} tasks)")
    # Into the other engine, then backed up there: the same rows.
    restored = restore(destination, archive)
    check(restored.returncode == 0 and "Restored" in restored.stdout and "tasks" in restored.stdout,
          f"{label}: doable restore into the other engine prints rows per kind", restored.stdout + restored.stderr)
    again = WORK / f"{destination.name}.doable-backup"
    check(backup(destination, again).returncode == 0, f"{label}: backup of the restored store")
    compare_archives(archive, again, label)
    # The restored server: same password, same tokens, same photo, CalDAV, and a sync that resets.
    server = destination.server()
    try:
        signed = requests.post(server.base + "/api/v1/sessions", timeout=10,
                               json={"login": ann.username, "password": ann.password})
        check(signed.status_code in (200, 201), f"{label}: the member signs in with the same password",
              f"{signed.status_code} {signed.text[:200]}")
        ann.base = bob.base = server.base
        check(ann.call("GET", "/api/v1/me").status_code == 200, f"{label}: the old session token still works")
        check(ann.call("GET", f"/api/v1/attachments/{ann.ids['attachment']}").content == photo,
              f"{label}: the photo comes back byte for byte")
        dav = requests.request("PROPFIND", f"{server.base}/dav/calendars/{ann.username}/", timeout=10,
                               auth=(ann.username, extra["app_password"]), headers={"Depth": "1"})
        check(dav.status_code == 207,
              f"{label}: the app password still signs a CalDAV client in", f"{dav.status_code}")
        client, cursor = extra["sync"]
        pull = ann.call("POST", "/api/v1/sync/pull", json={"clientId": client, "cursor": cursor}).json()
        check(pull.get("reset") is True, f"{label}: an offline device's old cursor gets a full reset, not a delta",
              json.dumps(pull)[:300])
        status, _ = sync_collection(server.base, ann, extra["dav_token"])
        check(status == 403, f"{label}: a CalDAV client's old sync token is refused, so it syncs from scratch",
              str(status))
        check(bob.call("GET", f"/api/v1/tasks?listId={bob.ids['list']}").status_code == 200,
              f"{label}: the other member's lists are there")
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------------ bad input


def check_bad_archives(source: Target) -> None:
    good = WORK / f"{source.name}.doable-backup"
    data = good.read_bytes()
    victim = Target(source.engine, f"victim_{source.name}")
    server = victim.server()
    Member("Cid", server.base).furnish()
    server.stop()
    before = backup(victim, WORK / "victim-before.doable-backup")
    cases = {
        "truncated": (data[:len(data) * 2 // 3], "truncated"),
        "one flipped byte": (data[:-50] + bytes([data[-50] ^ 0x01]) + data[-49:], "damaged"),
        "a newer schema": (data.replace(b'"schemaVersion":', b'"schemaVersion":9', 1), "newer Doable"),
        "a JSON file": (json.dumps({"tasks": []}).encode(), "not a Doable backup"),
    }
    for name, (content, words) in cases.items():
        path = WORK / f"bad-{name.replace(' ', '-')}.doable-backup"
        path.write_bytes(content)
        result = restore(victim, path, "--force")
        check(result.returncode != 0 and words in result.stderr,
              f"restore refuses {name} with its own message", f"exit {result.returncode}: {result.stderr[-300:]}")
    after = backup(victim, WORK / "victim-after.doable-backup")
    if before.returncode == 0 and after.returncode == 0:
        m1, p1 = read_archive(WORK / "victim-before.doable-backup")
        m2, p2 = read_archive(WORK / "victim-after.doable-backup")
        check(normalized(m1, p1) == normalized(m2, p2), "refused restores left the target as it was")
    refused = restore(victim, good)
    check(refused.returncode != 0 and "already holds data" in refused.stderr and "--force" in refused.stderr,
          "restore refuses a target that holds data unless --force", refused.stderr[-300:])
    forced = restore(victim, good, "--force")
    check(forced.returncode == 0, "restore --force replaces it", forced.stderr[-300:])


def check_backup_folders(source: Target) -> None:
    readonly, full = WORK / "ro", WORK / "full"
    readonly.mkdir()
    full.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(readonly)]).returncode != 0:
        check(False, "mount a read-only tmpfs (the tests run as root)")
        return
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(full)], check=True)
    try:
        result = backup(source, readonly / "b.doable-backup")
        check(result.returncode != 0 and "Read-only" in result.stderr and not any(readonly.iterdir()),
              "backup to a read-only folder: a clear error, no file", result.stderr[-300:])
        result = backup(source, full / "b.doable-backup")
        check(result.returncode != 0 and "No space left" in result.stderr and not any(full.iterdir()),
              "backup to a full folder: a clear error, no partial file", f"{result.stderr[-300:]} {list(full.iterdir())}")
    finally:
        subprocess.run(["umount", str(readonly)])
        subprocess.run(["umount", str(full)])


def kill_midway(command: list[str], verb: str) -> str | None:
    """Runs command with standard error on a pseudo-terminal, so that it draws its progress line, and SIGKILLs it as
    soon as that line shows rows done under verb: midway by what the process itself says, not by a guess at how
    long it takes on this machine. Returns the progress line it was killed at, or None when it ended first."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    seen = ""
    progress = re.compile(rf"{verb} (\w+)\s+(?:\[[^\]]*\]\s+)?([0-9,]+)(?:/[0-9,]+)? rows")
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(leader, 4096).decode(errors="replace")
                except OSError:
                    chunk = ""
                if not chunk and process.poll() is not None:
                    return None
                seen += chunk
                for line in reversed(seen.split("\r")):
                    found = progress.search(line)
                    if found and int(found.group(2).replace(",", "")) > 0:
                        process.kill()
                        return line.replace("\x1b[2K", "").strip()
            elif process.poll() is not None:
                return None
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        os.close(leader)


def check_kills(source: Target) -> None:
    big = Target(source.engine, f"big_{source.name}")
    seeded = big.run("admin", "seed", "--accounts", "20", "--tasks", "60000")
    check(seeded.returncode == 0, "seed 60,000 tasks for the kill checks", seeded.stderr[-300:])
    archive = WORK / f"big_{source.name}.doable-backup"
    midway = kill_midway([BIN, "backup", "-o", str(archive), *big.args], "Backing up")
    check(midway, "doable backup was killed midway (its progress line showed rows written)", midway or "")
    check(not archive.exists(), "SIGKILL of doable backup midway leaves no file that looks complete",
          f"{list(WORK.glob('big_*'))}")
    check(backup(big, archive).returncode == 0, "the big backup, whole")
    victim = Target(source.engine, f"kill_{source.name}")
    server = victim.server()
    Member("Dee", server.base).furnish()
    server.stop()
    backup(victim, WORK / "kill-before.doable-backup")
    midway = kill_midway([BIN, "restore", str(archive), "--force", *victim.args], "Restoring")
    check(midway, "doable restore was killed midway (its progress line showed rows restored)", midway or "")
    backup(victim, WORK / "kill-after.doable-backup")
    m1, p1 = read_archive(WORK / "kill-before.doable-backup")
    m2, p2 = read_archive(WORK / "kill-after.doable-backup")
    check(normalized(m1, p1) == normalized(m2, p2), "SIGKILL of doable restore midway leaves the target as it was")


def metric(base: str, name: str) -> float | None:
    found = re.search(rf"^{name}(?:{{[^}}]*}})? ([0-9.e+-]+)$", requests.get(base + "/metrics", timeout=10).text, re.M)
    return float(found.group(1)) if found else None


def check_scheduled_backups(source: Target) -> None:
    """OPS-4: --backup-dir takes one once the database is ready, prunes beyond --backup-keep, and a failure is
    counted in /metrics while the server goes on."""
    folder = WORK / f"scheduled_{source.name}"
    folder.mkdir()
    for day in ("20000101", "20000102", "20000103"):
        (folder / f"doable-{day}-000000.doable-backup").write_text("an old one")
    (folder / ".doable-x.doable-backup.partial-1234abcd").write_text("left by a crash")
    metrics_port = free_port()
    server = source.server("--backup-dir", str(folder), "--backup-every", "1h", "--backup-keep", "2",
                           "--metrics-port", str(metrics_port))
    try:
        metrics = f"http://127.0.0.1:{metrics_port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (metric(metrics, "doable_backup_last_success_timestamp") or 0):
            time.sleep(0.2)
        names = sorted(p.name for p in folder.iterdir())
        fresh = [n for n in names if not n.startswith("doable-2000")]
        check(len(names) == 2 and names[0] == "doable-20000103-000000.doable-backup" and len(fresh) == 1,
              "scheduled backup written at start; the oldest beyond --backup-keep 2 and a crash's leftover removed",
              str(names))
        last = metric(metrics, "doable_backup_last_success_timestamp") or 0
        check(abs(last - time.time()) < 120, "/metrics: doable_backup_last_success_timestamp is now", str(last))
        if fresh:
            restored = restore(Target(source.engine, f"from_scheduled_{source.name}"), folder / fresh[0])
            check(restored.returncode == 0, "a scheduled backup restores", restored.stderr[-300:])
    finally:
        server.stop()
    readonly = WORK / f"scheduled_ro_{source.name}"
    readonly.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(readonly)]).returncode != 0:
        check(False, "mount a read-only tmpfs (the tests run as root)")
        return
    metrics_port = free_port()
    server = source.server("--backup-dir", str(readonly), "--metrics-port", str(metrics_port))
    try:
        metrics = f"http://127.0.0.1:{metrics_port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (metric(metrics, "doable_backup_failures_total") or 0):
            time.sleep(0.2)
        check((metric(metrics, "doable_backup_failures_total") or 0) >= 1
              and requests.get(server.base + "/readyz", timeout=5).status_code == 200,
              "a scheduled backup that fails is counted in /metrics and the server goes on")
        check("Backup failed" in server.log_tail(200), "and it is logged")
    finally:
        server.stop()
        subprocess.run(["umount", str(readonly)])


def main() -> int:
    if not PG_URL:
        print("backup.py needs DOABLE_TEST_DATABASE_URL (run it through scripts/with-postgres.sh)")
        return 1
    try:
        check_sqlite_syncs_every_write()
        check_postgres_refuses_unsafe_settings()
        sqlite, postgres = Target("sqlite", "s1"), Target("postgresql", "p1")
        round_trip(sqlite, Target("postgresql", "p2"))
        round_trip(postgres, Target("sqlite", "s2"))
        check_bad_archives(sqlite)
        check_bad_archives(postgres)
        check_backup_folders(sqlite)
        check_scheduled_backups(sqlite)
        check_scheduled_backups(postgres)
        check_kills(sqlite)
        check_kills(postgres)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
