"""INTEROP-5: a 10,000-task import "finishes in seconds and shows progress in the CLI". Run through
bench/import_10k.sh, which builds the release binary.

For each format, a fresh account on one `doable serve` (its metrics on a port of their own):

  import      `doable import FILE` on a signed-in device, timed from the process's start to its exit: reading the
              file, the upload (progress on standard error), the server parsing, checking and writing all 10,000
              tasks in one transaction, the report, and the quick sync that brings the new tasks to the device;
  baseline    `doable login` on a fresh device of the same account, timed the same way: signing in and copying
              the same 10,000 tasks to an empty replica (the initial sync, issue 14's figure 3).

The ratio is import / baseline: what importing costs beyond moving the same tasks to a device at all. The server's
own time on POST /api/v1/imports (metrics) shows how much of the import is the server's. The files are generated:
Todoist CSV with a task and nine subtasks per group, a label and a due date on each, a note every tenth row;
Taskwarrior with a task depending on nine others (nested as subtasks), a third of them completed, tags, projects
and annotations.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

from sync_common import SyncServer, binary_path, engine_name, timed_cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "live"))
from liveserver import register  # noqa: E402

PASSWORD = "bench password"


def todoist_csv(tasks: int) -> str:
    lines = ["TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,"
             "DURATION_UNIT"]
    for number in range(tasks):
        indent = 1 if number % 10 == 0 else 2
        lines.append(f"task,Task {number} @area{number % 12},Details of task {number},{number % 4 + 1},{indent},"
                     f"Bench (1),,2031-{number % 12 + 1:02d}-{number % 28 + 1:02d},en,UTC,{number % 90 + 5},minute")
        if number % 10 == 5:
            lines.append(f"note,A comment on task {number},,,,Bench (1),,,,,,")
    return "\n".join(lines) + "\n"


def taskwarrior_json(tasks: int) -> str:
    uuids = [str(uuid.uuid4()) for _ in range(tasks)]
    items = []
    for number in range(tasks):
        item = {"id": number + 1, "uuid": uuids[number], "description": f"Task {number}",
                "entry": "20260101T090000Z", "modified": "20260102T090000Z", "status": "pending",
                "project": f"Project{number % 8}", "tags": [f"tag{number % 10}", "bench"], "urgency": 1.5,
                "priority": "HML"[number % 3], "due": f"2031{number % 12 + 1:02d}{number % 28 + 1:02d}T170000Z",
                "annotations": [{"entry": "20260103T090000Z", "description": f"A note on {number}"}]}
        if number % 3 == 1:
            item.update(status="completed", end="20260105T120000Z")
        if number % 10 == 0:
            item["depends"] = uuids[number + 1:number + 10]
        items.append(item)
    return json.dumps(items)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=binary_path())
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 10_000)))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="doable-import-bench-"))
    rows = []
    try:
        files = {"Todoist CSV": (folder / "todoist.csv", todoist_csv(args.tasks)),
                 "Taskwarrior JSON": (folder / "taskwarrior.json", taskwarrior_json(args.tasks))}
        for path, text in files.values():
            path.write_text(text, encoding="utf-8")
        with SyncServer(args.binary, folder) as server:
            for number, (name, (path, _)) in enumerate(files.items()):
                username = f"bench{number}_{uuid.uuid4().hex[:6]}"
                register(server.base, username, PASSWORD)
                login = ["login", "--server", server.base, "--login", username, "--password-stdin"]
                device = folder / f"device{number}"
                timed_cli(args.binary, device, login, PASSWORD + "\n")
                before = server.metrics()
                imported = timed_cli(args.binary, device, ["import", str(path), "--list", f"Bench {number}"])
                server_time = server.metrics().since(before, "/api/v1/imports")["sum"]
                if f"Imported {args.tasks} tasks" not in imported["out"]:
                    raise RuntimeError(f"{name}: {imported['out'][:500]}")
                copied = timed_cli(args.binary, folder / f"fresh{number}", login, PASSWORD + "\n")
                if f"Copied {args.tasks} tasks" not in copied["out"]:
                    raise RuntimeError(f"{name}: the fresh device copied {copied['out'][:300]}")
                rows.append({"name": name, "bytes": path.stat().st_size, "import": imported["wall"],
                             "server": server_time, "cpu": imported["cpu"], "baseline": copied["wall"]})
                print(f"{name}: import {imported['wall']:.2f} s, fresh login {copied['wall']:.2f} s", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nDoable INTEROP-5 on {engine_name()}: importing {args.tasks:,} tasks with `doable import`; "
          f"server {args.binary}")
    print(f"{'file':<18}{'MB':>6}{'import s':>10}{'server s':>10}{'CLI CPU s':>10}{'login s':>9}{'x login':>9}")
    for row in rows:
        print(f"{row['name']:<18}{row['bytes'] / 1e6:>6.1f}{row['import']:>10.2f}{row['server']:>10.2f}"
              f"{row['cpu']:>10.2f}{row['baseline']:>9.2f}{row['import'] / row['baseline']:>9.2f}")
    print("import: the whole `doable import` (upload, server, report, the sync bringing the tasks to the device); "
          "server: its time on POST /api/v1/imports; login: `doable login` copying the same tasks to a fresh "
          "device; x login: import / login.")
    slowest = max(row["import"] for row in rows)
    print(f"target: a {args.tasks:,}-task import in seconds: slowest {slowest:.2f} s, "
          f"{'ok' if slowest < 10 else 'OVER'}")
    return 0 if slowest < 10 else 1


if __name__ == "__main__":
    sys.exit(main())
