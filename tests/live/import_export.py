#!/usr/bin/env python3
"""INTEROP-5 with the `doable` CLI against a live `doable serve`: import and export from the command line.

  1. `doable import garden.csv --dry-run` says what would be made and changes nothing.
  2. `doable import garden.csv --list Garden`: the upload and "Importing…" on standard error, "Imported 3 tasks
     into 'Garden' (a new list)" and the skipped line with its reason on standard output; the tasks are on the
     server (nested, labelled) and, after the command's sync, in `doable ls --list Garden`.
  3. A Taskwarrior file without an extension with `--format taskwarrior --list-id <prefix>` into that list; `--json`
     prints the API's report.
  4. Refusals: a file that is not of its format exits 1 naming the problem; `--list-id` with `--list` exits 2;
     an unknown extension asks for --format (exit 1); `--offline` exits 1; nothing was imported by any of them.
  5. `doable export --format csv` prints the CSV with its header; `export --format ics -o FILE` writes the
     calendar and says so on standard error; `export` with no format is the JSON of everything.

On PostgreSQL when DOABLE_TEST_DATABASE_URL (or DOABLE_DATABASE_URL) is set. Prints `N passed, M failed`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

from liveserver import Checks, LiveServer, register

DATABASE_URL = os.environ.get("DOABLE_TEST_DATABASE_URL") or os.environ.get("DOABLE_DATABASE_URL") or ""
PASSWORD = "live password"
CSV = """TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE
task,Plan the garden @home,Raised beds,4,1,Ann (1),,2031-03-01,en,UTC
task,Buy seeds,,3,2,Ann (1),,,en,UTC
task,Sharpen the shears,,1,1,Ann (1),,every monday,en,UTC
task,,,1,1,Ann (1),,,en,UTC
"""
TASKWARRIOR = json.dumps([
    {"uuid": "a1", "description": "Write the report", "status": "pending", "priority": "H", "depends": ["a2"]},
    {"uuid": "a2", "description": "Draw charts", "status": "completed", "end": "20260110T120000Z"},
])
checks = Checks()


def run(binary: str, home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "DOABLE_HOME": str(home), "NO_COLOR": "1", "DOABLE_SYNC_TIMEOUT": "5"}
    return subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


def main() -> int:
    extra = ["--database-url", DATABASE_URL] if DATABASE_URL else []
    folder = Path(tempfile.mkdtemp(prefix="doable-import-live-"))
    try:
        return check_all(extra, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_all(extra: list[str], folder: Path) -> int:
    with LiveServer(*extra) as server:
        binary = server.binary
        username = "importer_" + os.urandom(3).hex()
        token = register(server.base, username, PASSWORD)["token"]
        api = requests.Session()
        api.headers["Authorization"] = f"Bearer {token}"

        def lists() -> dict[str, str]:
            return {item["name"]: item["id"] for item in api.get(server.base + "/api/v1/lists").json()["lists"]}

        def tasks(list_id: str) -> list[dict]:
            return api.get(server.base + "/api/v1/tasks", params={
                "list": list_id, "status": "pending,inProgress,completed", "limit": 500}).json()["tasks"]

        home = folder / "home"
        login = run(binary, home, "login", "--server", server.base, "--login", username, "--password-stdin",
                    stdin=PASSWORD + "\n")
        checks.check(login.returncode == 0, "login", login.stderr)
        garden = folder / "garden.csv"
        garden.write_text(CSV, encoding="utf-8")

        dry = run(binary, home, "import", str(garden), "--dry-run")
        checks.check(dry.returncode == 0 and "Would import 3 tasks into 'Todoist import " in dry.stdout
                     and "nothing was changed" in dry.stdout, "INTEROP-5 import --dry-run says what would happen",
                     dry.stdout + dry.stderr)
        checks.check(set(lists()) == {"Inbox"}, "INTEROP-5 a dry run changes nothing", str(lists()))

        imported = run(binary, home, "import", str(garden), "--list", "Garden")
        checks.check(imported.returncode == 0 and "Imported 3 tasks into 'Garden' (a new list)." in imported.stdout,
                     "INTEROP-5 import into a new list by name", imported.stdout + imported.stderr)
        checks.check("Uploading" in imported.stderr and "Importing…" in imported.stderr,
                     "INTEROP-5 import shows the upload and the wait on standard error", imported.stderr)
        checks.check("line 5: The task has no title." in imported.stdout and "New labels: home." in imported.stdout,
                     "INTEROP-5 import lists what was skipped with the reason", imported.stdout)
        garden_id = lists().get("Garden", "")
        on_server = {task["title"]: task for task in tasks(garden_id)}
        checks.check(set(on_server) == {"Plan the garden", "Buy seeds", "Sharpen the shears"}
                     and on_server["Buy seeds"]["parentId"] == on_server["Plan the garden"]["id"]
                     and on_server["Sharpen the shears"]["recurrence"] == "FREQ=WEEKLY;BYDAY=MO",
                     "INTEROP-5 the imported tasks are on the server, nested and repeating", str(on_server)[:500])
        listed = run(binary, home, "ls", "--list", "Garden", "--offline")
        checks.check(listed.returncode == 0 and "Buy seeds" in listed.stdout and "Plan the garden" in listed.stdout,
                     "INTEROP-5 the command's sync brought the tasks to the device", listed.stdout + listed.stderr)

        report = folder / "report"
        report.write_text(TASKWARRIOR, encoding="utf-8")
        by_prefix = run(binary, home, "import", str(report), "--format", "taskwarrior", "--list-id", garden_id[:13],
                        "--json")
        answer = json.loads(by_prefix.stdout) if by_prefix.returncode == 0 else {}
        checks.check(answer.get("listId") == garden_id and answer.get("created") == 2
                     and answer.get("tasks", [{}])[1].get("parentTitle") == "Write the report",
                     "INTEROP-5 --format and --list-id (a prefix), --json prints the report",
                     by_prefix.stdout[:500] + by_prefix.stderr)
        charts = next((task for task in tasks(garden_id) if task["title"] == "Draw charts"), {})
        checks.check(charts.get("status") == "completed", "INTEROP-5 completion is kept", str(charts))

        before = len(tasks(garden_id))
        wrong = folder / "wrong.csv"
        wrong.write_text("name,due\nMilk,today\n", encoding="utf-8")
        refused = run(binary, home, "import", str(wrong))
        checks.check(refused.returncode == 1 and "This is not a Todoist CSV export" in refused.stderr,
                     "INTEROP-5 a file of another shape exits 1 naming the problem", refused.stderr)
        both = run(binary, home, "import", str(garden), "--list", "Garden", "--list-id", garden_id)
        checks.check(both.returncode == 2 and "not both" in both.stderr, "INTEROP-5 --list with --list-id exits 2",
                     both.stderr)
        unknown = folder / "tasks.txt"
        unknown.write_text(CSV, encoding="utf-8")
        asked = run(binary, home, "import", str(unknown))
        checks.check(asked.returncode == 1 and "--format" in asked.stderr, "INTEROP-5 an unknown extension asks for "
                     "--format", asked.stderr)
        offline = run(binary, home, "import", str(garden), "--offline")
        checks.check(offline.returncode == 1 and "needs the server" in offline.stderr,
                     "INTEROP-5 import --offline exits 1", offline.stderr)
        checks.check(len(tasks(garden_id)) == before and set(lists()) == {"Inbox", "Garden"},
                     "INTEROP-5 refused imports imported nothing", str(lists()))

        csv = run(binary, home, "export", "--format", "csv")
        checks.check(csv.returncode == 0 and csv.stdout.startswith("id,list,parent id,title,notes,status")
                     and "Sharpen the shears" in csv.stdout, "INTEROP-5 export --format csv", csv.stdout[:300])
        ics_path = folder / "tasks.ics"
        ics = run(binary, home, "export", "--format", "ics", "-o", str(ics_path))
        checks.check(ics.returncode == 0 and ics_path.read_text().startswith("BEGIN:VCALENDAR")
                     and f"Wrote {ics_path.stat().st_size} bytes to {ics_path}" in ics.stderr,
                     "INTEROP-5 export --format ics -o FILE", ics.stderr)
        everything = run(binary, home, "export")
        checks.check(everything.returncode == 0 and len(json.loads(everything.stdout)["tasks"]) == 5,
                     "INTEROP-5 export is the JSON of everything by default", everything.stdout[:200])
        log = server.log_tail(100000)
        checks.check("Unhandled error" not in log and "Fatal error" not in log, "the server logged no error",
                     log[-1000:])
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
