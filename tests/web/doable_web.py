"""What the browser tests, the screenshot script and the page benchmark share: starting a `doable serve`, the API
client used to arrange data quickly, and a realistic demo account.

The server is tests/live/liveserver.py's (binary $DOABLE_BIN, else the debug build). It inherits
$DOABLE_DATABASE_URL, so `DOABLE_DATABASE_URL=postgres://… tests/web/run.sh` runs everything on PostgreSQL."""
from __future__ import annotations

import datetime as dt
import email
import email.policy
import itertools
import json
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "web test password"


# One way to start a server for every suite: the live checks' (tests/live/liveserver.py), in a folder of its own.
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import LiveServer as Server  # noqa: E402,F401


class Mailbox:
    """NOTIF-2: tests/support/smtp_sink.py on a free port, keeping every email it accepts in a temporary folder; use
    as a context manager and point `doable serve --smtp-url smtp://127.0.0.1:{port}` at it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="doable-mail-"))
        self.process: subprocess.Popen | None = None
        self.port = 0

    def __enter__(self) -> "Mailbox":
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "support" / "smtp_sink.py"), "--out", str(self.folder / "mail")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line.startswith("READY "):
            self.__exit__()
            raise RuntimeError(f"the SMTP sink did not start: {line!r}")
        self.port = int(line.split()[1])
        return self

    def __exit__(self, *exc) -> None:
        if self.process and self.process.poll() is None:
            if self.process.stdin:
                self.process.stdin.close()  # the sink stops when its stdin closes
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def messages(self, to: str) -> list[email.message.EmailMessage]:
        """The emails sent to `to` so far, oldest first."""
        found = []
        for meta in sorted((self.folder / "mail").glob("*.json"), key=lambda path: int(path.stem)):
            raw = meta.with_suffix(".eml")
            if raw.exists() and to in json.loads(meta.read_text()).get("rcpt_tos", []):
                found.append(email.message_from_bytes(raw.read_bytes(), policy=email.policy.default))
        return found

    def wait_for(self, to: str, subject: str = "", timeout: float = 20) -> email.message.EmailMessage:
        """The first email to `to` whose subject contains `subject`, waiting up to `timeout` seconds for it."""
        deadline = time.monotonic() + timeout
        while True:
            for message in self.messages(to):
                if subject in str(message["Subject"] or "") and message.get_body(("plain",)) is not None:
                    return message
            if time.monotonic() > deadline:
                raise AssertionError(f"no email to {to} with {subject!r} within {timeout} s")
            time.sleep(0.1)


_counter = itertools.count(1)


def unique_username(prefix: str = "web") -> str:
    """Letters, digits and underscores, 3 to 30 characters, unique across runs (PostgreSQL keeps its data)."""
    return f"{prefix}_{uuid.uuid4().hex[:10]}{next(_counter)}"[:30]


class ApiError(AssertionError):
    pass


@dataclass
class Api:
    """The REST API as one member, for arranging data and checking what a page did."""
    base: str
    token: str
    http: requests.Session = field(default_factory=requests.Session)

    def __post_init__(self) -> None:
        self.http.headers["Authorization"] = f"Bearer {self.token}"

    def call(self, method: str, path: str, expect: tuple[int, ...] = (200, 201, 204), **kwargs):
        response = self.http.request(method, self.base + "/api/v1" + path, timeout=30, **kwargs)
        if expect and response.status_code not in expect:
            raise ApiError(f"{method} {path} -> {response.status_code}: {response.text[:500]}")
        if response.status_code == 204 or not response.content:
            return None
        return response.json()

    def me(self) -> dict:
        return self.call("GET", "/me")

    def patch_me(self, **fields) -> dict:
        return self.call("PATCH", "/me", json=fields)

    def lists(self) -> list[dict]:
        body = self.call("GET", "/lists")
        return body["lists"] if isinstance(body, dict) else body

    def list_named(self, name: str) -> dict | None:
        return next((item for item in self.lists() if item["name"] == name), None)

    def create_list(self, name: str, color: str = "blue", icon: str | None = None, **more) -> dict:
        body = {"name": name, "color": color, **more}
        if icon:
            body["icon"] = icon
        return self.call("POST", "/lists", json=body)

    def create_label(self, name: str, color: str = "gray") -> dict:
        return self.call("POST", "/labels", json={"name": name, "color": color})

    def labels(self) -> list[dict]:
        body = self.call("GET", "/labels")
        return body["labels"] if isinstance(body, dict) else body

    def create_task(self, title: str, list_id: str | None = None, **more) -> dict:
        body = {"title": title, **more}
        if list_id:
            body["listId"] = list_id
        return self.call("POST", "/tasks", json=body)

    def task(self, task_id: str) -> dict | None:
        response = self.http.get(f"{self.base}/api/v1/tasks/{task_id}", timeout=30)
        if response.status_code == 404:
            return None
        if response.status_code != 200:
            raise ApiError(f"GET /tasks/{task_id} -> {response.status_code}: {response.text[:300]}")
        return response.json()

    def patch_task(self, task_id: str, **fields) -> dict:
        return self.call("PATCH", f"/tasks/{task_id}", json=fields)

    def complete(self, task_id: str) -> dict:
        return self.call("POST", f"/tasks/{task_id}/complete", json={})

    def delete_task(self, task_id: str) -> None:
        self.call("DELETE", f"/tasks/{task_id}")

    def tasks(self, **query) -> list[dict]:
        """Every task matching the query, over all pages."""
        out: list[dict] = []
        offset = 0
        while True:
            page = self.call("GET", "/tasks", params={**query, "limit": 500, "offset": offset})
            out += page["tasks"]
            if not page.get("nextOffset"):
                return out
            offset = page["nextOffset"]

    def titles(self, **query) -> list[str]:
        return [task["title"] for task in self.tasks(**query)]

    def trash(self) -> dict:
        return self.call("GET", "/trash")


@dataclass
class Member:
    username: str
    password: str
    email: str
    api: Api

    @property
    def inbox_id(self) -> str:
        return self.api.me()["inboxId"]


def register(base: str, username: str | None = None, password: str = PASSWORD, **more) -> Member:
    username = username or unique_username()
    email = f"{username}@example.com"
    response = requests.post(base + "/api/v1/accounts", json={
        "email": email, "password": password, "username": username, "firstName": "Web", "lastName": "Tester",
        **more}, timeout=30)
    if response.status_code != 201:
        raise ApiError(f"register -> {response.status_code}: {response.text[:300]}")
    return Member(username, password, email, Api(base, response.json()["token"]))


def sign_in_api(base: str, login: str, password: str) -> requests.Response:
    return requests.post(base + "/api/v1/sessions", json={"login": login, "password": password}, timeout=30)


def days_from_today(days: int) -> str:
    """A whole day relative to today (UTC, the default time zone of a new member)."""
    return (dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=days)).isoformat()


def seed_demo(member: Member) -> dict:
    """A realistic account for screenshots: lists with colours and icons, tasks with due dates, priorities, labels
    and subtasks, some completed. Returns the ids a caller may want to visit."""
    api = member.api
    api.patch_me(firstName="Ann", lastName="Lee")
    labels = {name: api.create_label(name, color)["id"] for name, color in
              [("errand", "orange"), ("home", "teal"), ("deep work", "indigo"), ("call", "pink")]}
    groceries = api.create_list("Groceries", "green", "🛒", description="Weekly shop")
    work = api.create_list("Work", "indigo", "💼", description="Projects and meetings")
    home = api.create_list("Home", "orange", "🏠")
    trip = api.create_list("Trip to Lisbon", "teal", "✈️")
    ids = {"lists": {"Groceries": groceries["id"], "Work": work["id"], "Home": home["id"],
                     "Trip to Lisbon": trip["id"]}}

    def task(title, lst, due=None, priority="none", labels_=(), notes="", parent=None, done=False, **more):
        body = {"priority": priority, "labelIds": [labels[name] for name in labels_], **more}
        if due is not None:
            body["due"] = due
        if notes:
            body["notes"] = notes
        if parent:
            body["parentId"] = parent
        created = api.create_task(title, lst["id"], **body)
        if done:
            api.complete(created["id"])
        return created["id"]

    today, tomorrow = days_from_today(0), days_from_today(1)
    task("Buy milk", groceries, due=today, priority="high", labels_=["errand"])
    task("Fresh bread", groceries, due=today, labels_=["errand"])
    task("Coffee beans", groceries, priority="medium")
    task("Olive oil", groceries, done=True)
    task("Tomatoes", groceries)
    report = task("Quarterly report", work, due=days_from_today(2), priority="high", labels_=["deep work"],
                  notes="Numbers from finance, summary for the board.", estimatedMinutes=120, category="work")
    for index, title in enumerate(["Collect figures", "Draft summary", "Charts", "Review with Sam"]):
        task(title, work, parent=report, done=index < 2)
    ids["task"] = report
    task("Call the plumber", home, due=today, priority="medium", labels_=["call", "home"])
    task("Team meeting notes", work, due=tomorrow, labels_=["deep work"])
    task("Reply to Maria", work, due=today, priority="low", labels_=["call"])
    task("Water the plants", home, due=days_from_today(3), labels_=["home"])
    task("Fix the bike light", home, priority="low")
    task("Pay electricity bill", home, due=days_from_today(5), priority="high")
    task("Clean the gutters", home, done=True)
    packing = task("Pack for Lisbon", trip, due=days_from_today(9), priority="medium")
    for index, title in enumerate(["Passport", "Charger", "Sunscreen"]):
        task(title, trip, parent=packing, done=index == 0)
    task("Book hotel", trip, due=days_from_today(4), priority="high", done=True)
    task("Museum tickets", trip, due=days_from_today(11))
    task("Dentist appointment", home, due=days_from_today(16), labels_=["call"])
    return ids
