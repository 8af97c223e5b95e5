"""Issue 14, figure 4: 1,000 edits made offline, then pushed (target < 1 s), against 1,000 single REST PATCHes in
the same run. Run through bench/sync_push_1000.sh, which builds the release binary.

Seeds one account with TASKS tasks (`doable admin seed`, default 10,000) and starts `doable serve` with its metrics on
a port of their own. Each phase changes the title of EDITS other tasks (three disjoint sets, so no edit meets another's
field clock), in this order:

  baseline   `PATCH /api/v1/tasks/{id}` {"title": …}, one after the other on one keep-alive connection (Python);
  raw push   a fresh device (client id) pushes EDITS `task.update` mutations (title only) in pushes of 100, one after
             the other (Python); every result must be `applied` with nothing superseded;
  CLI        `doable login` into a fresh DOABLE_HOME (a full sync, not timed), then EDITS processes of
             `doable edit ID --title … --offline` (timed apart: each one is a process start and a replica load), then
             the figure: `doable sync`, which pushes the 1,000 queued mutations in batches of 100 and pulls the
             result (the process's whole run, timed from its start to its exit).

The server's own time on the pushes, PATCHes and pulls comes from its metrics. After the CLI's sync a fresh device
pulls everything and checks that every edit of every phase is there.
"""
import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sync_common import (MS_HEADER, SEED_PASSWORD, Connection, Device, SyncServer, binary_path, engine_name, ms_row,
                         seed, server_time, timed_cli)

TARGET = 1.0
BATCH = 100


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=binary_path())
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 10_000)))
    parser.add_argument("--edits", type=int, default=int(os.environ.get("EDITS", 1000)))
    args = parser.parse_args()
    if args.tasks < 3 * args.edits:
        parser.error("TASKS must be at least three times EDITS")

    engine = engine_name()
    folder = Path(tempfile.mkdtemp(prefix="doable-sync-push-"))
    suffix = os.urandom(3).hex()
    try:
        print(f"{engine}: seeding one account with {args.tasks:,} tasks ...", flush=True)
        accounts, _ = seed(args.binary, folder, 1, args.tasks)
        account = accounts[0]
        with SyncServer(args.binary, folder) as server:
            reader = Device(server.base, account["token"], "reader")
            ids = []
            while True:
                page, _, _ = reader.pull(5000)
                ids += [t["id"] for t in page["tasks"] if t["deletedAt"] is None]
                if not page["more"]:
                    break
            patch_ids, push_ids, cli_ids = (ids[i * args.edits:(i + 1) * args.edits] for i in range(3))
            expected = {}

            print(f"baseline: {args.edits} PATCHes ...", flush=True)
            http = Connection(server.base, account["token"])
            before = server.metrics()
            patches = []
            started = time.perf_counter()
            for n, task in enumerate(patch_ids):
                title = f"patch {suffix} {n}"
                _, seconds = http.call("PATCH", f"/api/v1/tasks/{task}", {"title": title})
                patches.append(seconds)
                expected[task] = title
            patch_total = time.perf_counter() - started
            patch_server = server.metrics().since(before, "/api/v1/tasks/{id}", "PATCH")

            print(f"raw push: {args.edits} mutations in pushes of {BATCH} ...", flush=True)
            device = Device(server.base, account["token"], "raw")
            batches = []
            for start in range(0, args.edits, BATCH):
                batch = []
                for n, task in enumerate(push_ids[start:start + BATCH], start):
                    title = f"push {suffix} {n}"
                    batch.append(device.mutation("task.update", {"id": task, "fields": {"title": title}}))
                    expected[task] = title
                batches.append(batch)
            before = server.metrics()
            pushes = []
            started = time.perf_counter()
            for batch in batches:
                answer, seconds = device.push(batch)
                if any(r.get("superseded") for r in answer["results"]):
                    raise RuntimeError(f"raw push: superseded fields: {answer['results'][:3]}")
                pushes.append(seconds)
            push_total = time.perf_counter() - started
            push_server = server.metrics().since(before, "/api/v1/sync/push")

            home = folder / "home"
            print("CLI: login (full sync, not timed) ...", flush=True)
            timed_cli(args.binary, home, ["login", "--server", server.base, "--login", account["username"],
                                          "--password-stdin"], SEED_PASSWORD + "\n")
            print(f"CLI: {args.edits} x doable edit --offline ...", flush=True)
            edits = []
            for n, task in enumerate(cli_ids):
                title = f"cli {suffix} {n}"
                edits.append(timed_cli(args.binary, home, ["edit", task, "--title", title, "--offline"])["wall"])
                expected[task] = title
            status = timed_cli(args.binary, home, ["status", "--offline"])["out"]
            print("CLI: doable sync ...", flush=True)
            before = server.metrics()
            sync = timed_cli(args.binary, home, ["sync"])
            after = server.metrics()
            cli_push = after.since(before, "/api/v1/sync/push")
            cli_pull = after.since(before, "/api/v1/sync/pull")
            if f"sent {args.edits} changes" not in sync["out"]:
                raise RuntimeError(f"doable sync did not send {args.edits} changes: {sync['out']}")

            check = Device(server.base, account["token"], "check")
            titles = {}
            while True:
                page, _, _ = check.pull(5000)
                titles.update({t["id"]: t["title"] for t in page["tasks"]})
                if not page["more"]:
                    break
            wrong = [task for task, title in expected.items() if titles.get(task) != title]
            if wrong:
                raise RuntimeError(f"{len(wrong)} edits are not on the server, e.g. {wrong[:3]}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nDoable issue 14, figure 4 on {engine}: {args.edits:,} edits of task titles reaching the server; "
          f"{args.tasks:,} tasks in the account; server {args.binary}")
    print(f"{'figure':<52}{'total s':>8}{'x PATCH':>8}  server time")
    print(f"{f'baseline: {args.edits:,} REST PATCHes, one at a time':<52}{patch_total:>8.2f}{1:>8.2f}  "
          f"{server_time(patch_server)}")
    print(f"{f'raw push: {args.edits:,} mutations in pushes of {BATCH}':<52}{push_total:>8.2f}"
          f"{push_total / patch_total:>8.2f}  {server_time(push_server)}")
    print(f"{'CLI: doable sync (the figure)':<52}{sync['wall']:>8.2f}{sync['wall'] / patch_total:>8.2f}  "
          f"push {server_time(cli_push)}; pull {server_time(cli_pull)}")
    print(f"{f'CLI: {args.edits:,} x doable edit --offline (not in the figure)':<52}{sum(edits):>8.2f}")
    print()
    print(MS_HEADER)
    print(ms_row("one REST PATCH", patches))
    print(ms_row(f"one push of {BATCH} mutations", pushes, f"({sum(pushes) / args.edits * 1000:.2f} ms a mutation)"))
    print(ms_row("one doable edit --offline (process)", edits))
    print(f"CLI before the sync: {status.splitlines()[0] if status else ''} ... "
          f"{next((line for line in status.splitlines() if 'waiting' in line.lower()), '')}")
    print(f"CLI sync: CPU {sync['cpu']:.2f} s, peak memory {sync['maxrss']:.0f} MB; every edit of every phase is on "
          f"the server")
    ok = sync["wall"] < TARGET
    print(f"target: {args.edits:,} offline edits pushed in < {TARGET:.0f} s: doable sync {sync['wall']:.2f} s "
          f"({'ok' if ok else 'OVER'}), raw push {push_total:.2f} s ({'ok' if push_total < TARGET else 'OVER'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
