"""The three CalDAV servers of bench/caldav_compare.py, each started on a free loopback port with an empty store and
one empty calendar collection for VTODOs: `calendar_url`, `auth` (HTTP Basic) and the server's process id (for its
CPU time and memory).

  Doable     `doable serve` (SQLite in a temporary folder, or "Doable/PG" on the PostgreSQL of a URL), an
             account registered through the API, an app password (ACC-5) for Basic, and a list made through the API,
             served as /dav/calendars/<username>/<listId>/;
  Radicale   `python -m radicale`, filesystem storage in a temporary folder, no authentication (any Basic login is
             accepted and is the owner), default settings otherwise, a calendar made with MKCALENDAR;
  Xandikos   `xandikos serve --defaults` (a git store in a temporary folder, no authentication), its default
             calendar /user/calendars/calendar/.

PUTting todos one by one costs Radicale and Xandikos time that grows with the collection (each Radicale PUT reads
every item for its UID check, each Xandikos PUT commits a new git tree of every item): measured here, Radicale fell
to about 6 PUT/s past 3,000 items and Xandikos to about 20 PUT/s at 3,000, so 10,000 would take each about 45
minutes. `bulk_load` puts all but the last todos in through each server's own code in one go instead; the stored
items are those the PUTs would have made.
"""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import LiveServer, free_port  # noqa: E402

from caldav_todos import Todo  # noqa: E402

MKCALENDAR_BODY = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>Bench</D:displayname>
<C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>"""


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cluster_cpu_seconds(database_url: str) -> float:
    """CPU time so far of the PostgreSQL cluster listening on the URL's port: its postmaster, every live child
    (backends, checkpointer, WAL writer, autovacuum) and the children it has reaped (cutime + cstime), so that a
    backend that came and went still counts. The database's CPU is part of what Doable on PostgreSQL costs."""
    port = urlparse(database_url).port
    clock = os.sysconf("SC_CLK_TCK")
    postmaster, children = None, []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if b"-p" in cmdline and cmdline.index(b"-p") + 1 < len(cmdline) and cmdline[cmdline.index(b"-p") + 1] \
                == str(port).encode() and cmdline[0].endswith(b"postgres"):
            postmaster = (int(entry.name), fields)
        children.append((int(fields[1]), fields))  # (parent pid, fields)
    if postmaster is None:
        raise RuntimeError(f"no postmaster found listening on port {port}")
    pid, fields = postmaster
    total = sum(int(fields[i]) for i in (11, 12, 13, 14))
    total += sum(int(f[11]) + int(f[12]) for parent, f in children if parent == pid)
    return total / clock


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


class PythonServer:
    """A CalDAV server run from this virtual environment in a temporary folder; a context manager."""

    name = ""
    package = ""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix=f"caldav-bench-{self.name.lower()}-"))
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.auth = ("bench", "bench")
        self.calendar_url = ""

    @property
    def version(self) -> str:
        return importlib.metadata.version(self.package)

    @property
    def pid(self) -> int:
        return self.process.pid

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pid)

    def command(self) -> list[str]:
        raise NotImplementedError

    def make_calendar(self) -> str:
        raise NotImplementedError

    def start_process(self) -> None:
        self.process = subprocess.Popen(self.command(), stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, cwd=self.folder)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited while starting:\n{self.log_tail()}")
            try:
                requests.request("PROPFIND", self.base + "/", auth=self.auth, headers={"Depth": "0"}, timeout=2)
                return
            except requests.RequestException:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{self.name} not ready within 60 s:\n{self.log_tail()}")
                time.sleep(0.1)

    def stop_process(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        self.log = open(self.folder / "server.log", "ab")
        self.start_process()
        self.calendar_url = self.make_calendar()
        return self

    def __exit__(self, *exc):
        self.stop_process()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def log_tail(self, lines: int = 30) -> str:
        self.log.flush()
        return "\n".join((self.folder / "server.log").read_text(errors="replace").splitlines()[-lines:])


class Radicale(PythonServer):
    name, package = "Radicale", "radicale"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}",
                "--storage-filesystem-folder", str(self.folder / "collections"), "--auth-type", "none",
                "--logging-level", "warning"]

    def make_calendar(self) -> str:
        url = f"{self.base}/{self.auth[0]}/tasks/"
        response = requests.request("MKCALENDAR", url, data=MKCALENDAR_BODY, auth=self.auth, timeout=30)
        if response.status_code != 201:
            raise RuntimeError(f"Radicale MKCALENDAR -> {response.status_code}: {response.text[:300]}")
        return url

    def bulk_load(self, todos: list[Todo]) -> None:
        """One PUT of a VCALENDAR holding every VTODO on the collection, which Radicale stores as one item per UID,
        named `<UID>.ics` (as the PUTs of single todos name them)."""
        body = "".join(["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Doable//bench caldav_compare//EN\r\n",
                        *(t.body[t.body.index("BEGIN:VTODO"):t.body.index("END:VCALENDAR")] for t in todos),
                        "END:VCALENDAR\r\n"])
        response = requests.put(self.calendar_url, data=body.encode(), auth=self.auth, timeout=3600,
                                headers={"Content-Type": "text/calendar; charset=utf-8"})
        if response.status_code not in (200, 201, 204):
            raise RuntimeError(f"Radicale bulk PUT -> {response.status_code}: {response.text[:300]}")


class Xandikos(PythonServer):
    name, package = "Xandikos", "xandikos"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "xandikos", "serve", "-d", str(self.folder / "store"), "--defaults",
                "-l", "127.0.0.1", "-p", str(self.port), "--no-detect-systemd"]

    def make_calendar(self) -> str:
        return f"{self.base}/user/calendars/calendar/"

    def bulk_load(self, todos: list[Todo]) -> None:
        """With the server stopped, what Xandikos's PUT does for each todo (parse, validate, store the normalised
        iCalendar as `<name>` in the collection's git work tree and index) but with one commit for all, through
        Xandikos's own store; then the server is started again on the same port."""
        from dulwich.index import index_entry_from_stat, locked_index
        from dulwich.objects import Blob
        from xandikos.icalendar import ICalendarFile
        from xandikos.store.git import GitStore

        self.stop_process()
        store = GitStore.open_from_path(str(self.folder / "store" / "user" / "calendars" / "calendar"))
        blobs = []
        with locked_index(store.repo.index_path()) as index:
            for todo in todos:
                item = ICalendarFile([todo.body.encode()], "text/calendar")
                item.validate()
                blob = Blob.from_string(b"".join(item.normalized()))
                path = Path(store.repo.path) / todo.name
                path.write_bytes(blob.data)
                index[todo.name.encode()] = index_entry_from_stat(os.lstat(path), blob.id)
                blobs.append((blob, None))
            store.repo.object_store.add_objects(blobs)
            store._commit_tree(index, b"bench: bulk load")
        self.start_process()


class Doable:
    """`doable serve` through the live tests' `LiveServer` (bcrypt cost 4, warnings only), on SQLite in a temporary
    folder or, given `database_url`, on that PostgreSQL (whose CPU `cpu_seconds` counts too)."""

    def __init__(self, binary: str, database_url: str | None = None):
        self.binary = binary
        self.database_url = database_url
        self.engine = "PostgreSQL" if database_url else "SQLite"
        self.name = "Doable/PG" if database_url else "Doable"
        self.server = LiveServer(*(["--database-url", database_url] if database_url else []), binary=binary)
        self.calendar_url = ""

    @property
    def version(self) -> str:
        return f"{Path(self.binary).name} ({self.engine})"

    @property
    def pid(self) -> int:
        return self.server.process.pid

    def cpu_seconds(self) -> float:
        """The server's CPU time, plus its PostgreSQL cluster's on PostgreSQL."""
        own = cpu_seconds(self.pid)
        return own + (postgres_cluster_cpu_seconds(self.database_url) if self.database_url else 0.0)

    def __enter__(self):
        self.server.__enter__()
        base = self.server.base
        username = f"bench_{uuid.uuid4().hex[:8]}"
        account = requests.post(base + "/api/v1/accounts", timeout=30, json={
            "email": f"{username}@example.com", "password": "caldav bench password", "username": username,
            "firstName": "CalDAV", "lastName": "Bench"})
        account.raise_for_status()
        api = requests.Session()
        api.headers["Authorization"] = f"Bearer {account.json()['token']}"
        issued = api.post(base + "/api/v1/tokens", json={"name": "caldav bench", "kind": "appPassword"}, timeout=30)
        issued.raise_for_status()
        self.auth = (username, issued.json()["secret"])
        made = api.post(base + "/api/v1/lists", json={"name": "Bench"}, timeout=30)
        made.raise_for_status()
        discovery = requests.request("PROPFIND", base + "/dav/", auth=self.auth, headers={"Depth": "0"}, timeout=30)
        if discovery.status_code != 207:
            raise RuntimeError(f"Doable: PROPFIND /dav/ -> {discovery.status_code} (is CalDAV in this build?)")
        self.calendar_url = f"{base}/dav/calendars/{username}/{made.json()['id']}/"
        return self

    def __exit__(self, *exc):
        self.server.__exit__(*exc)

    def log_tail(self, lines: int = 30) -> str:
        return self.server.log_tail(lines)
