"""Issue 14, figure 3: the initial sync of 100,000 tasks to an empty device, end to end with the real client (target
< 10 s), against the raw pull loop in the same run. Run through bench/sync_initial.sh, which builds the release
binary.

Seeds one account with TASKS tasks (`doable admin seed`: 5 lists and the Inbox, 20% subtasks, labels, due dates and
notes) and starts `doable serve` with its metrics on a port of their own. Then, in this order:

  raw pull      Python pulls the whole state into nothing (`POST /api/v1/sync/pull`, no cursor, pages of 5,000, one
                keep-alive connection), reading and JSON-decoding each page: what the server and the wire cost;
  CLI login     `doable login --server URL --login NAME --password-stdin` into a fresh DOABLE_HOME, timed from
                the process's start to its exit: sign-in, the full sync into the replica (pages of 5,000, the client
                library's default) and the summary it prints ("Copied 100000 tasks in 6 lists");
  CLI sync      `doable sync` right after, on that device: a sync with nothing new (the client's fixed cost);
  raw pull      the raw loop again, so that the baseline is measured before and after the CLI runs.

Each row shows the server's own time on its pulls (metrics) and, for the CLI, the process's CPU time and peak
memory. CLI_RUNS repeats the login into another fresh folder.
"""
import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from sync_common import SEED_PASSWORD, Device, SyncServer, binary_path, engine_name, seed, timed_cli

TARGET = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=binary_path())
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 100_000)))
    parser.add_argument("--cli-runs", type=int, default=int(os.environ.get("CLI_RUNS", 1)))
    args = parser.parse_args()

    engine = engine_name()
    folder = Path(tempfile.mkdtemp(prefix="doable-sync-initial-"))
    rows = []
    try:
        print(f"{engine}: seeding one account with {args.tasks:,} tasks ...", flush=True)
        accounts, seeded = seed(args.binary, folder, 1, args.tasks)
        print(f"seeded in {seeded:.0f} s", flush=True)
        account = accounts[0]
        with SyncServer(args.binary, folder) as server:
            def raw(name: str) -> None:
                device = Device(server.base, account["token"])
                before = server.metrics()
                result = device.pull_all(limit=5000)
                pulls = server.metrics().since(before, "/api/v1/sync/pull")
                if result["tasks"] != args.tasks:
                    raise RuntimeError(f"{name}: {result['tasks']} tasks pulled, {args.tasks} expected")
                device.http.close()
                rows.append({"name": name, "wall": result["seconds"], "pages": result["pages"],
                             "bytes": result["bytes"], "server": pulls["sum"], "tasks": result["tasks"]})
                print(f"{name}: {result['seconds']:.2f} s", flush=True)

            def cli(name: str, home: Path, cli_args: list[str], stdin: str = "") -> dict:
                before = server.metrics()
                result = timed_cli(args.binary, home, cli_args, stdin)
                after = server.metrics()
                pulls = after.since(before, "/api/v1/sync/pull")
                rows.append({"name": name, "wall": result["wall"], "pages": pulls["count"], "server": pulls["sum"],
                             "cpu": result["cpu"], "maxrss": result["maxrss"],
                             "signin": after.since(before, "/api/v1/sessions")["sum"]})
                print(f"{name}: {result['wall']:.2f} s  ({result['out'].splitlines()[-1]})", flush=True)
                return result

            raw("raw pull, before")
            homes = []
            for run in range(args.cli_runs):
                home = folder / f"home{run}"
                homes.append(home)
                result = cli(f"CLI: doable login (fresh device{'' if args.cli_runs == 1 else f' {run + 1}'})",
                             home, ["login", "--server", server.base, "--login", account["username"],
                                    "--password-stdin"], SEED_PASSWORD + "\n")
                expected = f"Copied {args.tasks} tasks"
                if expected not in result["out"]:
                    raise RuntimeError(f"login did not copy every task: {result['out']}")
            replica = homes[0] / "replica.sqlite"
            replica_mb = sum(p.stat().st_size for p in homes[0].glob("replica.sqlite*")) / 1e6 if replica.exists() \
                else 0.0
            cli("CLI: doable sync (nothing new)", homes[0], ["sync"])
            raw("raw pull, after")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    raw_rows = [r for r in rows if r["name"].startswith("raw")]
    baseline = sum(r["wall"] for r in raw_rows) / len(raw_rows)
    print(f"\nDoable issue 14, figure 3 on {engine}: initial sync of {args.tasks:,} tasks to an empty device; "
          f"server {args.binary}")
    print(f"{'figure':<36}{'wall s':>8}{'x raw':>7}{'pages':>6}{'server s':>9}{'CLI CPU s':>10}{'CLI MB':>8}  notes")
    for row in rows:
        notes = f"{row['bytes'] / 1e6:.1f} MB of JSON" if "bytes" in row else ""
        if row.get("signin"):
            notes = f"sign-in {row['signin'] * 1000:.0f} ms on the server"
        cpu = f"{row['cpu']:>10.2f}" if "cpu" in row else f"{'':>10}"
        rss = f"{row['maxrss']:>8.0f}" if "maxrss" in row else f"{'':>8}"
        print(f"{row['name']:<36}{row['wall']:>8.2f}{row['wall'] / baseline:>7.2f}{row['pages']:>6}"
              f"{row['server']:>9.2f}{cpu}{rss}  {notes}")
    logins = [r for r in rows if "login" in r["name"]]
    best = min(r["wall"] for r in logins)
    print(f"x raw: against the mean of the two raw pulls ({baseline:.2f} s); replica on disk: {replica_mb:.1f} MB")
    print(f"target: initial sync of {args.tasks:,} tasks < {TARGET:.0f} s end to end: {best:.2f} s, "
          f"{'ok' if best < TARGET else 'OVER'}")
    return 0 if best < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
