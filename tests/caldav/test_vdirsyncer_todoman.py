"""INTEROP-1 with vdirsyncer and todoman: a vdir on disk kept in two-way sync with Doable, edited with `todo`, as the
vdirsyncer tutorial for todoman sets it up. Every tool runs as a subprocess with its own config in a temporary
folder (HOME and the XDG folders there too), so nothing on the machine is read or written."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


class Vdir:
    """vdirsyncer's pair of one Doable account and a local folder of calendars, plus todoman over that folder."""

    def __init__(self, folder: Path, account, collections: str = '["from a", "from b"]'):
        self.folder, self.account = folder, account
        self.calendars = folder / "calendars"
        self.calendars.mkdir()
        self.vdirsyncer_config = folder / "vdirsyncer.conf"
        self.vdirsyncer_config.write_text(f"""\
[general]
status_path = "{folder / 'status'}/"

[pair doable]
a = "doable_remote"
b = "doable_local"
collections = {collections}
metadata = ["displayname", "color"]
conflict_resolution = "a wins"
implicit = "create"

[storage doable_remote]
type = "caldav"
url = "{account.base}/dav/"
username = "{account.username}"
password = "{account.app_password}"

[storage doable_local]
type = "filesystem"
path = "{self.calendars}/"
fileext = ".ics"
""")
        self.todoman_config = folder / "todoman.py"
        self.todoman_config.write_text(f"""\
path = "{self.calendars}/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_due = 0
cache_path = "{folder / 'todoman-cache.sqlite3'}"
""")
        self.env = {**os.environ, "HOME": str(folder), "XDG_CONFIG_HOME": str(folder / "config"),
                    "XDG_CACHE_HOME": str(folder / "cache"), "XDG_DATA_HOME": str(folder / "data"), "TZ": "UTC"}

    def run(self, *command: str) -> str:
        done = subprocess.run(command, capture_output=True, text=True, env=self.env, timeout=60,
                              stdin=subprocess.DEVNULL)
        assert done.returncode == 0, f"{' '.join(command)} -> {done.returncode}\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def vdirsyncer(self, *arguments: str) -> str:
        return self.run(str(BIN / "vdirsyncer"), "-c", str(self.vdirsyncer_config), *arguments)

    def sync(self) -> None:
        """What a member's cron job does: discover new collections, sync items, then names and colours."""
        self.vdirsyncer("discover", "--no-list")
        self.vdirsyncer("sync")
        self.vdirsyncer("metasync")

    def todo(self, *arguments: str) -> str:
        return self.run(str(BIN / "todo"), "--config", str(self.todoman_config), "--color", "never", *arguments)

    def todos(self) -> list[dict]:
        """Every task todoman sees, completed ones too, in its stable JSON form."""
        return json.loads(self.todo("--porcelain", "list", "--status", "ANY"))

    def todo_named(self, summary: str) -> dict:
        found = [todo for todo in self.todos() if todo["summary"] == summary]
        assert len(found) == 1, f"{summary!r} in {[todo['summary'] for todo in self.todos()]}"
        return found[0]


@pytest.fixture
def vdir(tmp_path, account) -> Vdir:
    return Vdir(tmp_path, account)


def test_interop1_todoman_new_task_reaches_the_api(vdir, account, task_list):
    vdir.sync()
    assert (vdir.calendars / task_list["id"] / "displayname").read_text().strip() == "CalDAV interop"
    vdir.todo("new", "--list", "CalDAV interop", "Buy milk")
    vdir.sync()
    tasks = account.api.tasks(list=task_list["id"])
    assert [task["title"] for task in tasks] == ["Buy milk"]
    assert tasks[0]["status"] == "pending"
    files = list((vdir.calendars / task_list["id"]).glob("*.ics"))
    assert len(files) == 1 and "SUMMARY:Buy milk" in files[0].read_text()


def test_interop1_completion_in_the_api_reaches_todoman(vdir, account, task_list):
    task = account.api.create_task("Renew the passport", task_list["id"])
    vdir.sync()
    assert vdir.todo_named("Renew the passport")["completed"] is False
    account.api.complete(task["id"])
    vdir.sync()
    synced = vdir.todo_named("Renew the passport")
    assert synced["completed"] is True and synced["completed_at"]
    assert "Renew the passport" not in vdir.todo("--porcelain", "list")  # the default view hides completed ones


def test_interop1_todoman_edits_of_due_and_priority_reach_the_api(vdir, account, task_list):
    task = account.api.create_task("Book the dentist", task_list["id"])
    vdir.sync()
    todo_id = str(vdir.todo_named("Book the dentist")["id"])
    vdir.todo("edit", todo_id, "--due", "2030-05-01", "--priority", "high")
    vdir.sync()
    edited = account.api.task(task["id"])
    assert edited["due"].startswith("2030-05-01") and edited["priority"] == "high", edited
    vdir.todo("done", todo_id)
    vdir.sync()
    assert account.api.task(task["id"])["status"] == "completed"


def test_interop1_deletion_in_the_api_removes_the_local_task(vdir, account, task_list):
    kept = account.api.create_task("Keep me", task_list["id"])
    gone = account.api.create_task("Delete me", task_list["id"])
    vdir.sync()
    assert {todo["summary"] for todo in vdir.todos()} == {"Keep me", "Delete me"}
    account.api.delete_task(gone["id"])
    vdir.sync()
    assert [todo["summary"] for todo in vdir.todos()] == ["Keep me"]
    assert account.api.task(kept["id"])["title"] == "Keep me"


def test_interop1_todoman_deletion_trashes_the_task(vdir, account, task_list):
    task = account.api.create_task("Old idea", task_list["id"])
    account.api.create_task("Good idea", task_list["id"])  # vdirsyncer refuses to empty a whole collection
    vdir.sync()
    vdir.todo("delete", "--yes", str(vdir.todo_named("Old idea")["id"]))
    vdir.sync()
    assert task["id"] in [item["id"] for item in account.api.trash()["tasks"]]
    assert account.api.titles(list=task_list["id"]) == ["Good idea"]


def test_interop1_vdirsyncer_creates_lists_from_local_calendars(vdir, account):
    """Folders made on disk become lists: vdirsyncer creates each collection with an extended MKCOL (no display name)
    at a name it chooses, then syncs into that URL."""
    before = {item["id"] for item in account.api.lists()}
    for folder, title in (("groceries", "Apples"), ("chores", "Sweep the floor")):
        (vdir.calendars / folder).mkdir()
        vdir.todo("new", "--list", folder, title)
    vdir.sync()
    made = {item["id"]: account.api.titles(list=item["id"]) for item in account.api.lists() if item["id"] not in before}
    assert sorted(made.values()) == [["Apples"], ["Sweep the floor"]], made
    groceries = next(list_id for list_id, titles in made.items() if titles == ["Apples"])
    account.api.create_task("Pears", groceries)
    vdir.sync()
    local = {todo["summary"] for todo in vdir.todos()}
    assert {"Apples", "Pears", "Sweep the floor"} <= local
    assert sorted(path.name for path in vdir.calendars.iterdir() if path.is_dir()) == sorted(
        ["chores", "groceries", *before]), "a list made from a folder must not come back as a second folder"
