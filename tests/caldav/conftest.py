"""Fixtures of the CalDAV interop suite (INTEROP-1): one `doable serve` for the session (tests/live/liveserver.py's,
on SQLite in a temporary folder, or on PostgreSQL when $DOABLE_DATABASE_URL is set, which the server inherits) and a
fresh member with an app password for every test, reached through real clients: PyPI's `caldav`, vdirsyncer with
todoman, and caldav-server-tester."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import caldav
import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.append(str(ROOT / "tests" / "web"))
from davhttp import DavHttp  # noqa: E402
from doable_web import Api, Member, Server, register  # noqa: E402


@dataclass
class DavAccount:
    """A member as a CalDAV client sees them: a login (username) and an app password (ACC-5), with the REST API
    beside for arranging data and checking what a client did."""
    base: str
    member: Member
    app_password: str

    @property
    def username(self) -> str:
        return self.member.username

    @property
    def api(self) -> Api:
        return self.member.api

    @property
    def home(self) -> str:
        return f"/dav/calendars/{self.username}/"

    def calendar_path(self, list_id: str) -> str:
        return f"{self.home}{list_id}/"

    def client(self, url: str | None = None, login: str | None = None, password: str | None = None):
        return caldav.DAVClient(url=url or self.base + "/dav/", username=login or self.username,
                                password=password or self.app_password)

    def raw(self, login: str | None = None, password: str | None = None) -> DavHttp:
        return DavHttp(self.base, login or self.username, password or self.app_password)


@pytest.fixture(scope="session")
def server():
    with Server() as running:
        yield running


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.base


def make_account(base: str) -> DavAccount:
    member = register(base)
    issued = member.api.call("POST", "/tokens", json={"name": "CalDAV tests", "kind": "appPassword"})
    return DavAccount(base, member, issued["secret"])


@pytest.fixture
def account(base_url) -> DavAccount:
    return make_account(base_url)


@pytest.fixture
def new_account(base_url):
    """Makes more accounts in one test (sharing)."""
    return lambda: make_account(base_url)


@pytest.fixture
def task_list(account) -> dict:
    """A list of the member's own, made through the REST API: a calendar to write to."""
    return account.api.create_list("CalDAV interop")


@pytest.fixture
def calendar(account, task_list):
    """`task_list` as the `caldav` library's Calendar, found by discovery."""
    principal = account.client().principal()
    found = [cal for cal in principal.calendars() if cal.url.path.rstrip("/").endswith(task_list["id"])]
    assert len(found) == 1, f"list {task_list['id']} not among {[str(c.url) for c in principal.calendars()]}"
    return found[0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, shows the end of the server's log (its warnings and errors) under the test's report."""
    outcome = yield
    report = outcome.get_result()
    server = getattr(item, "funcargs", {}).get("server")
    if report.failed and isinstance(server, Server):
        report.sections.append(("doable serve log (tail)", server.log_tail(30)))
