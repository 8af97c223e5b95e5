"""Issue 14, figure 1: a pull with nothing changed (design/sync.md: one indexed query, < 300 B, server < 5 ms),
against `GET /healthz` in the same run. Run through bench/sync_idle_pull.sh, which builds the release binary.

Seeds ACCOUNTS accounts with TASKS tasks in all (`doable admin seed`, default 10 × 10,000: a feed of about 100,000
entries), starts `doable serve` with its metrics on a port of their own, and lets one device of the first account
pull everything (pages of 5,000) so that its cursor is current. Then, with wrk on loopback (bench/wrk/sync_pull.lua),
for DURATION each, in this order:

  healthz c=1, pull c=1     latency of one connection: p50/p95 (wrk, client side) and the server's own time
                            (the metrics' mean, and the histogram buckets holding p50/p95);
  healthz c=32, pull c=32   throughput: req/s and latency under load.

Every pull sends the same current cursor, so each answer is the empty page (checked before and after: no entities,
`more` false, the cursor unchanged). Its size is the body's bytes and the whole response's (status line and headers
too). What the pull costs the database: on SQLite, `sqlite3_step` and `sqlite3_prepare_v3` calls counted with perf
uprobes on libsqlite3 over PROBE_PULLS pulls, less the same stretch of `GET /healthz` (the server's own background
work); on PostgreSQL, index and sequential scans per table from pg_stat_user_tables over the same pulls.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sync_common import (Connection, Device, SyncServer, binary_path, database_url, engine_name, seed,
                         server_time)

ROOT = Path(__file__).resolve().parents[1]
TARGET_BYTES, TARGET_SERVER = 300, 0.005
PROBES = {"probe_libsqlite3:doable_bench_step": "sqlite3_step",
          "probe_libsqlite3:doable_bench_prepare": "sqlite3_prepare_v3"}


def wrk(name: str, connections: int, duration: str, url: str, script: str, env: dict) -> dict:
    threads = 1 if connections < 2 else 2
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}", "-s", script, url],
                         capture_output=True, text=True, env=env, check=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("RESULT"))
    values = dict(pair.split("=") for pair in line.split()[1:])
    return {"name": name, "connections": connections, **{k: float(v) for k, v in values.items()}}


def response_size(http: Connection, body: dict) -> tuple[int, int, dict]:
    payload, _ = http.call("POST", "/api/v1/sync/pull", body)
    head = len("HTTP/1.1 200 OK\r\n") + sum(len(k) + 2 + len(v) + 2 for k, v in http.last_headers) + 2
    return len(payload), len(payload) + head, json.loads(payload)


def sqlite_calls(pid: int, run) -> dict[str, int] | None:
    """perf's count of each probe in the server process while `run()` runs; None when perf cannot do it."""
    if not shutil.which("perf"):
        return None
    stat = subprocess.Popen(["perf", "stat", "-x", ",", *sum((["-e", p] for p in PROBES), []), "-p", str(pid)],
                            stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    run()
    stat.send_signal(2)
    _, err = stat.communicate()
    counts = {}
    for line in err.splitlines():
        parts = line.split(",")
        if len(parts) > 2 and parts[2] in PROBES and parts[0].strip().isdigit():
            counts[PROBES[parts[2]]] = int(parts[0])
    return counts if len(counts) == len(PROBES) else None


def add_probes() -> bool:
    """uprobes on libsqlite3's sqlite3_step and sqlite3_prepare_v3, at the functions' addresses (by name, perf also
    probes their PLT entries and counts some calls twice)."""
    if not shutil.which("perf"):
        return False
    remove_probes()
    library = subprocess.run(["sh", "-c", "ldconfig -p | awk '/libsqlite3.so.0 /{print $NF; exit}'"],
                             capture_output=True, text=True).stdout.strip()
    symbols = subprocess.run(["nm", "-D", library], capture_output=True, text=True).stdout.split("\n")
    addresses = {parts[2]: parts[0] for parts in (line.split() for line in symbols) if len(parts) == 3}
    for probe, function in PROBES.items():
        if function not in addresses or subprocess.run(
                ["perf", "probe", "-q", "-x", library, "--add", f"{probe.split(':')[1]}=0x{addresses[function]}"],
                capture_output=True).returncode != 0:
            remove_probes()
            return False
    return True


def remove_probes() -> None:
    for probe in PROBES:
        subprocess.run(["perf", "probe", "-q", "--del", probe], capture_output=True)


def pg_scans() -> dict[str, tuple[int, int]]:
    out = subprocess.run(["psql", database_url(), "-At", "-F", ",", "-c",
                          "SELECT relname, seq_scan, coalesce(idx_scan, 0) FROM pg_stat_user_tables"],
                         capture_output=True, text=True, check=True).stdout
    return {name: (int(seq), int(idx)) for name, seq, idx in (line.split(",") for line in out.splitlines() if line)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=binary_path())
    parser.add_argument("--accounts", type=int, default=int(os.environ.get("ACCOUNTS", 10)))
    parser.add_argument("--tasks", type=int, default=int(os.environ.get("TASKS", 100_000)))
    parser.add_argument("--duration", default=os.environ.get("DURATION", "10s"))
    parser.add_argument("--connections", type=int, default=int(os.environ.get("CONNECTIONS", 32)))
    parser.add_argument("--probe-pulls", type=int, default=int(os.environ.get("PROBE_PULLS", 1000)))
    args = parser.parse_args()

    engine = engine_name()
    folder = Path(tempfile.mkdtemp(prefix="doable-sync-idle-"))
    try:
        print(f"{engine}: seeding {args.tasks:,} tasks over {args.accounts} accounts ...", flush=True)
        accounts, seeded = seed(args.binary, folder, args.accounts, args.tasks)
        print(f"seeded in {seeded:.1f} s", flush=True)
        with SyncServer(args.binary, folder) as server:
            account = accounts[0]
            device = Device(server.base, account["token"])
            first = device.pull_all()
            print(f"first sync of {account['username']}: {first['tasks']:,} tasks in {first['pages']} pages, "
                  f"{first['seconds']:.2f} s", flush=True)
            body = {"clientId": device.client_id, "cursor": device.cursor}
            size, wire, page = response_size(device.http, body)
            empty = not any(page[k] for k in ("lists", "tasks", "labels", "reminders", "deleted"))
            if not empty or page["more"] or page["cursor"] != device.cursor or "account" in page:
                raise RuntimeError(f"the idle pull is not the empty page: {page}")
            print(f"idle pull answer ({size} B): {json.dumps(page, separators=(',', ':'))}", flush=True)

            env = {**os.environ, "WRK_DIR": str(ROOT / "bench" / "wrk"), "DOABLE_TOKEN": account["token"],
                   "DOABLE_PULL_BODY": json.dumps(body)}
            report = str(ROOT / "bench/wrk/report.lua")
            pull_script = str(ROOT / "bench/wrk/sync_pull.lua")
            rows, times = [], {}
            for connections in (1, args.connections):
                for name, url, script, route, method in (
                        ("healthz", server.base + "/healthz", report, "/healthz", "GET"),
                        ("pull (idle)", server.base + "/api/v1/sync/pull", pull_script, "/api/v1/sync/pull",
                         "POST")):
                    before = server.metrics()
                    rows.append(wrk(name, connections, args.duration, url, script, env))
                    times[(name, connections)] = server.metrics().since(before, route, method)
                    print(f"{name} c={connections}: {rows[-1]['rps']:,.0f} req/s", flush=True)
            _, _, after = response_size(device.http, body)
            if after["cursor"] != device.cursor or after["tasks"]:
                raise RuntimeError(f"the cursor moved during the run: {after}")

            health = Connection(server.base)
            statements = ""
            if database_url():
                # PostgreSQL 15 backends report their table statistics within 10 s of going idle; the server's
                # background work (scheduler, feed retention) over a span as long is subtracted.
                time.sleep(11)  # wrk's requests reported first
                start = time.monotonic()
                before = pg_scans()
                for _ in range(args.probe_pulls):
                    device.http.call("POST", "/api/v1/sync/pull", body)
                span = time.monotonic() - start
                time.sleep(11)
                after = pg_scans()
                time.sleep(span)
                time.sleep(11)
                quiet = pg_scans()
                per_pull = {}
                for name, (seq, idx) in before.items():
                    a, q = after.get(name, (seq, idx)), quiet.get(name, (seq, idx))
                    counts = ((2 * a[0] - seq - q[0]) / args.probe_pulls, (2 * a[1] - idx - q[1]) / args.probe_pulls)
                    if counts != (0, 0):
                        per_pull[name] = counts
                statements = "per idle pull, less the background (pg_stat_user_tables): " + ", ".join(
                    f"{name}: {idx:.2f} index scans, {seq:.2f} sequential" for name, (seq, idx) in sorted(
                        per_pull.items())) if per_pull else "per idle pull: no table scanned"
            elif add_probes():
                try:
                    pulls = sqlite_calls(server.process.pid, lambda: [device.http.call(
                        "POST", "/api/v1/sync/pull", body) for _ in range(args.probe_pulls)])
                    healths = sqlite_calls(server.process.pid, lambda: [health.call("GET", "/healthz")
                                                                         for _ in range(args.probe_pulls)])
                finally:
                    remove_probes()
                if pulls and healths:
                    statements = "per idle pull, less as many GET /healthz (libsqlite3 uprobes): " + ", ".join(
                        f"{name} {(pulls[name] - healths[name]) / args.probe_pulls:.2f}" for name in pulls)
            if not statements:
                statements = "statements per pull: not counted (perf probes unavailable)"
            rss = server.rss_mb()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nDoable issue 14, figure 1 on {engine}: POST /api/v1/sync/pull with a current cursor against GET /healthz;"
          f"\n{args.tasks:,} tasks over {args.accounts} accounts, wrk for {args.duration} per row on loopback; "
          f"server {args.binary}")
    print(f"{'figure':<14}{'conns':>6}{'req/s':>10}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'x healthz':>10}{'errors':>7}"
          "  server time")
    base = {}
    for row in rows:
        if row["name"] == "healthz":
            base[row["connections"]] = row
        ref = base[row["connections"]]
        ratio = f"{row['rps'] / ref['rps']:>10.3f}"
        print(f"{row['name']:<14}{row['connections']:>6}{row['rps']:>10,.0f}{row['p50']:>8.2f}{row['p95']:>8.2f}"
              f"{row['p99']:>8.2f}{ratio}{int(row['errors']):>7}  "
              f"{server_time(times[(row['name'], row['connections'])])}")
    one = times[("pull (idle)", 1)]
    print(f"p50 latency pull / healthz (c=1): {rows[1]['p50'] / rows[0]['p50']:.2f}; "
          f"p95: {rows[1]['p95'] / rows[0]['p95']:.2f}")
    print(f"response: {size} B body, {wire} B with status line and headers (target < {TARGET_BYTES} B: "
          f"{'ok' if size < TARGET_BYTES else 'OVER'} for the body, {'ok' if wire < TARGET_BYTES else 'OVER'} with "
          f"headers)")
    print(f"server time of one idle pull (c=1): {one['mean'] * 1000:.2f} ms mean (target < "
          f"{TARGET_SERVER * 1000:.0f} ms: {'ok' if one['mean'] < TARGET_SERVER else 'OVER'})")
    print(statements)
    print(f"resident memory after the run: {rss:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
