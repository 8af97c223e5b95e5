"""REACH-2: how long the browser's replica takes to bring 200 changes made offline to the server once the network is
back (push, then the pull that confirms them), against the same 200 changes sent as 200 REST calls one after the
other on one connection, in the same run. The account holds 1,000 tasks (`doable admin seed`, as
bench/web_pages.py); the changes are 50 new tasks, 50 renames, 50 completions and 50 moves to another list, queued
by the offline page's own `Replica.enqueue` (what its buttons call), with the network off for the whole time they
were made. Timed from the moment the network is back until the worker's outbox is empty; each change is then
checked on the server. Run through bench/web_offline_sync.sh."""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "bench"))
from doable_web import Server  # noqa: E402
from web_offline_today import signed_in  # noqa: E402
from web_pages import seed  # noqa: E402

QUEUE = """async ([tasks, inbox, other]) => {
  const R = self.Replica;
  for (let i = 0; i < 50; i++) await R.enqueue('task.create', { id: R.uuid7(), listId: inbox, title: 'Offline ' + i }, 'Add');
  for (let i = 0; i < 50; i++) await R.enqueue('task.update', { id: tasks[i], fields: { title: 'Renamed ' + i } }, 'Edit');
  for (let i = 50; i < 100; i++) await R.enqueue('task.complete', { id: tasks[i] }, 'Complete');
  for (let i = 100; i < 150; i++) await R.enqueue('task.move', { id: tasks[i], listId: other, parentId: null }, 'Move');
  return (await R.all('outbox')).length;
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable")))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("ROUNDS", 5)))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="doable-offline-sync-"))
    database_url = os.environ.get("DOABLE_DATABASE_URL")
    store_args = ["--database-url", database_url] if database_url else ["--data-dir", str(work / "data")]
    web, rest = [], []
    try:
        account = seed(args.binary, store_args, work)
        with Server(binary=args.binary, data_dir=work / "data") as server, sync_playwright() as playwright:
            api = requests.Session()
            token = api.post(server.base + "/api/v1/sessions", json={"login": account["username"],
                             "password": "seed password"}, timeout=30).json()["token"]
            api.headers["Authorization"] = f"Bearer {token}"
            browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"], headless=True)
            context, page, worker = signed_in(browser, server.base, account["username"])
            inbox = api.get(server.base + "/api/v1/me", timeout=30).json()["inboxId"]
            for round_number in range(args.rounds):
                worker.evaluate("sync(true)")
                lists = [l["id"] for l in api.get(server.base + "/api/v1/lists", timeout=30).json()["lists"]]
                other = next(l for l in lists if l != inbox)
                open_tasks = worker.evaluate(
                    "Replica.all('tasks').then(ts => ts.filter(t => t.status != 'completed' && !t.parentId"
                    " && !t.deletedAt).map(t => t.id))")
                chosen = open_tasks[:300]
                context.set_offline(True)
                page.goto("/today")
                assert page.evaluate(QUEUE, [chosen[:150], inbox, other]) == 200
                context.set_offline(False)
                started = time.perf_counter()
                worker.evaluate("sync(true)")
                while worker.evaluate("Replica.all('outbox').then(o => o.length)"):
                    worker.evaluate("sync(true)")
                web.append(time.perf_counter() - started)
                titles = {t["title"] for t in api.get(server.base + "/api/v1/tasks", params={"q": "Offline", "limit": 500},
                                                      timeout=30).json()["tasks"]}
                assert {f"Offline {i}" for i in range(50)} <= titles, "not every offline task arrived"
                assert api.get(f"{server.base}/api/v1/tasks/{chosen[60]}", timeout=30).json()["status"] == "completed"
                # The baseline: the same kinds of change as REST calls, one after the other.
                rest_tasks = chosen[150:300]
                started = time.perf_counter()
                for i in range(50):
                    api.post(server.base + "/api/v1/tasks", json={"title": f"REST {round_number}-{i}",
                             "listId": inbox}, timeout=30).raise_for_status()
                for i in range(50):
                    api.patch(f"{server.base}/api/v1/tasks/{rest_tasks[i]}", json={"title": f"Renamed by REST {i}"},
                              timeout=30).raise_for_status()
                for i in range(50, 100):
                    api.post(f"{server.base}/api/v1/tasks/{rest_tasks[i]}/complete", json={}, timeout=30).raise_for_status()
                for i in range(100, 150):
                    api.post(f"{server.base}/api/v1/tasks/{rest_tasks[i]}/move", json={"listId": other},
                             timeout=30).raise_for_status()
                rest.append(time.perf_counter() - started)
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    engine = "PostgreSQL" if database_url else "SQLite"
    print(f"\n200 changes made offline reaching the server ({engine}, 1,000 tasks in the account), {args.rounds} rounds")
    print(f"  web replica (push + confirming pull)   median {statistics.median(web) * 1000:7.0f} ms   "
          f"max {max(web) * 1000:7.0f} ms")
    print(f"  200 REST calls, one after the other    median {statistics.median(rest) * 1000:7.0f} ms   "
          f"max {max(rest) * 1000:7.0f} ms")
    print(f"  web replica ÷ REST: {statistics.median(web) / statistics.median(rest):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
