"""The 10,000 VTODOs of bench/caldav_compare.py, the same bytes for every server, and their upload.

Shapes are those of the clients in ../shared/design/caldav.md: each todo has UID, DTSTAMP, CREATED, LAST-MODIFIED,
SUMMARY and a DUE spread over 2027 (a date for a third of them, a UTC date-time otherwise), so that a time-range
search over a tenth of the year matches about a tenth of them; a quarter have a DTSTART a few days before the DUE,
a third a PRIORITY (1, 5 or 9), a quarter CATEGORIES, a tenth a DESCRIPTION, a tenth are completed (STATUS,
COMPLETED, PERCENT-COMPLETE), one in ten is a subtask (RELATED-TO a todo before it) and one in a hundred repeats
(RRULE, weekly, four times). Every todo has a DUE because a VTODO with none of DTSTART, DUE, COMPLETED and CREATED
matches any time range (RFC 4791 §9.9), which would blur the search figure.
"""
from __future__ import annotations

import datetime as dt
import random
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import requests

YEAR = 2027
SEARCH_START = dt.datetime(YEAR, 3, 1, tzinfo=dt.timezone.utc)
SEARCH_END = SEARCH_START + dt.timedelta(days=36.5)  # a tenth of the year
WORDS = ("call", "plumber", "milk", "report", "invoice", "garden", "review", "book", "tickets", "dentist", "draft",
         "email", "budget", "laundry", "renew", "passport", "fix", "bike", "order", "paint")
CATEGORIES = ("work", "home", "errands", "health", "money")
STAMP = "20261101T090000Z"


@dataclass(frozen=True)
class Todo:
    uid: str
    name: str  # the resource name, `<UID>.ics` as DAVx5 and Apple Reminders send
    body: str
    parent: str | None


def utc(moment: dt.datetime) -> str:
    return moment.strftime("%Y%m%dT%H%M%SZ")


def make_todos(count: int, seed: int = 17) -> list[Todo]:
    rng = random.Random(seed)
    year_start = dt.datetime(YEAR, 1, 1, tzinfo=dt.timezone.utc)
    todos: list[Todo] = []
    for n in range(count):
        uid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        due = year_start + dt.timedelta(minutes=rng.randrange(365 * 24 * 60))
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable//bench caldav_compare//EN", "BEGIN:VTODO",
                 f"UID:{uid}", f"DTSTAMP:{STAMP}", f"CREATED:{STAMP}", f"LAST-MODIFIED:{STAMP}",
                 f"SUMMARY:{' '.join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()} #{n + 1}"]
        date_only = n % 3 == 0
        if n % 4 == 1:
            start = due - dt.timedelta(days=rng.randint(1, 5))
            lines.append(f"DTSTART;VALUE=DATE:{start:%Y%m%d}" if date_only else f"DTSTART:{utc(start)}")
        lines.append(f"DUE;VALUE=DATE:{due:%Y%m%d}" if date_only else f"DUE:{utc(due)}")
        if n % 3 == 2:
            lines.append(f"PRIORITY:{rng.choice((1, 5, 9))}")
        if n % 4 == 3:
            lines.append("CATEGORIES:" + ",".join(rng.sample(CATEGORIES, rng.randint(1, 2))))
        if n % 10 == 4:
            lines.append("DESCRIPTION:" + " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30))))
        if n % 10 == 7:
            lines += ["STATUS:COMPLETED", f"COMPLETED:{STAMP}", "PERCENT-COMPLETE:100"]
        else:
            lines.append("STATUS:NEEDS-ACTION")
        if n % 100 == 50:
            lines.append("RRULE:FREQ=WEEKLY;COUNT=4")
        parent = None
        if n % 10 == 9:  # a subtask of an earlier top-level todo
            parent = rng.choice([t.uid for t in todos[-30:] if t.parent is None])
            lines.append(f"RELATED-TO;RELTYPE=PARENT:{parent}")
        lines += ["END:VTODO", "END:VCALENDAR"]
        todos.append(Todo(uid, f"{uid}.ics", "\r\n".join(lines) + "\r\n", parent))
    return todos


def changed(todo: Todo, round_: int) -> str:
    """The todo's body with a new SUMMARY, LAST-MODIFIED and SEQUENCE: the one change of an incremental sync."""
    moment = utc(dt.datetime(2026, 11, 2, tzinfo=dt.timezone.utc) + dt.timedelta(minutes=round_))
    lines = []
    for line in todo.body.split("\r\n"):
        if line.startswith("SUMMARY:"):
            line = f"SUMMARY:Changed in round {round_}"
        elif line.startswith("LAST-MODIFIED:"):
            line = f"LAST-MODIFIED:{moment}"
        elif line.startswith("DTSTAMP:"):
            line = f"DTSTAMP:{moment}\r\nSEQUENCE:{round_}"
        lines.append(line)
    return "\r\n".join(lines)


class Uploader:
    """PUTs todos into one calendar collection over `threads` keep-alive connections (one requests.Session each)."""

    def __init__(self, calendar_url: str, auth: tuple[str, str], threads: int = 8):
        self.calendar_url, self.auth, self.threads = calendar_url, auth, threads
        self.local = threading.local()

    def session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
            self.local.session.auth = self.auth
        return self.local.session

    def put(self, todo: Todo, body: str | None = None, create: bool = True) -> str:
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if create:
            headers["If-None-Match"] = "*"
        response = self.session().put(self.calendar_url + todo.name, data=(body or todo.body).encode(),
                                      headers=headers, timeout=120)
        if response.status_code not in (200, 201, 204):
            raise RuntimeError(f"PUT {todo.name} -> {response.status_code}: {response.text[:300]}")
        return response.headers.get("ETag", "")

    def load(self, todos: list[Todo]) -> float:
        """PUTs every todo, parents before their subtasks; returns the seconds it took."""
        started = time.perf_counter()
        with ThreadPoolExecutor(self.threads) as pool:
            for wave in ([t for t in todos if t.parent is None], [t for t in todos if t.parent is not None]):
                list(pool.map(self.put, wave))
        return time.perf_counter() - started
