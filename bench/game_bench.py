"""Issue 16's companion-game figures, one per run (`bench/game_complete.sh`, `bench/stats_100k.sh`):

- complete (QR-01, SPEC Q-1): POST /api/v1/tasks/{id}/complete with the game on, the answer carrying the reward,
  at 1 and 32 connections (wrk, bench/wrk/complete_fresh.lua: every request completes a task still open, the 32
  connections spread over 32 accounts), beside the same completions by 32 other accounts with the game off and
  GET /healthz, all in the same run and server. Every 200 answer's body is checked for `"reward":{…"points":N` and counted.
- stats (GAME-6): GET /api/v1/stats?period=year and ?period=week for a member with 100,000 completed tasks (seeded
  with `doable admin seed --completed-share … --game`: completed through the domain's completeTask, spread over
  the past year), at 1 connection, beside GET /healthz and GET /api/v1/tasks?limit=50 in the same run.

Latency is client-side (from sending to the whole body); the server's own time of the route comes from its
Prometheus histogram (bucket bounds). TASKS, COMPLETED and DURATION (seconds per figure, default 10; not SECONDS,
which bash keeps for itself) shorten or lengthen a run.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sync_common import (Connection, SyncServer, binary_path, database_url, engine_name, percentile,  # noqa: E402
                         server_time)

ROOT = Path(__file__).resolve().parents[1]
COMPLETE_ROUTE = "/api/v1/tasks/{id}/complete"


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def ms(value: float) -> str:
    return f"{value * 1000:.2f}"


def seed(folder: Path, *args: str) -> tuple[list[dict], float, str]:
    store = ["--database-url", database_url()] if database_url() else ["--data-dir", str(folder / "data")]
    started = time.monotonic()
    done = subprocess.run([binary_path(), "admin", "seed", *args, "--output", str(folder / "seed.json"), *store],
                          check=True, stdout=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    lines = [line for line in done.stdout.splitlines() if line.startswith(("seeded", "completed "))]
    return json.loads((folder / "seed.json").read_text())["accounts"], seconds, "; ".join(lines)


def wrk(name: str, connections: int, seconds: float, url: str, script: str, env: dict | None = None) -> dict:
    threads = 1 if connections < 2 else 2
    output = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "-s", str(ROOT / "bench/wrk" / script), url],
        env={**os.environ, "WRK_DIR": str(ROOT / "bench/wrk"), "WRK_THREADS": str(threads), **(env or {})},
        check=True, capture_output=True, text=True).stdout
    line = next((line for line in output.splitlines() if line.startswith("RESULT")), None)
    if line is None:
        raise RuntimeError(f"wrk printed no RESULT line:\n{output}")
    row = {key: float(value) for key, value in re.findall(r"(\w+)=([\d.]+)", line)}
    row.update(name=name, connections=connections)
    return row


def route_time(before, after, route: str, method: str) -> str:
    return server_time(after.since(before, route, method))


def open_task_ids(base: str, token: str) -> list[str]:
    """The account's open tasks (status pending), oldest first, through the API."""
    connection = Connection(base, token)
    ids: list[str] = []
    while True:
        page = json.loads(connection.call("GET", f"/api/v1/tasks?status=pending&limit=500&offset={len(ids)}")[0])
        ids += [task["id"] for task in page["tasks"]]
        if len(page["tasks"]) < 500:
            break
    connection.close()
    return ids


def run_complete(seconds: float) -> None:
    # Two sets of 32 accounts: the game stays off for the first and is turned on for the second before any run, so
    # the baseline's completions do not count among the game-on accounts' recent completions (the companion's mood
    # reads them on every rewarded completion).
    accounts = 32
    tasks = int(os.environ.get("TASKS", "192000"))
    with tempfile.TemporaryDirectory(prefix="doable-game-") as folder:
        folder = Path(folder)
        print(f"load before seeding: {load()}")
        seeded, seed_seconds, seed_line = seed(folder, "--accounts", str(2 * accounts), "--tasks", str(tasks))
        print(f"{engine_name()}: {seed_line} ({seed_seconds:.0f} s with the process)")
        server = SyncServer(binary_path(), folder)
        server.start()
        try:
            base = server.base
            tokens = {"off": [entry["token"] for entry in seeded[:accounts]],
                      "on": [entry["token"] for entry in seeded[accounts:]]}
            for token in tokens["on"]:
                connection = Connection(base, token)
                connection.call("PATCH", "/api/v1/game", {"enabled": True})
                connection.close()
            open_ids = {game: [open_task_ids(base, token) for token in tokens[game]] for game in tokens}
            everyone = open_ids["off"] + open_ids["on"]
            least = min(len(ids) for ids in everyone)
            print(f"open tasks: {sum(len(ids) for ids in everyone):,} ({least:,} to {max(map(len, everyone)):,} "
                  f"per account); the game turned on (PATCH /api/v1/game) for {accounts} of the {2 * accounts}")
            # Each run has its own slice of its accounts' open tasks: a fifth for 1 connection, the rest for 32.
            slices = {}
            for game in tokens:
                slices[f"{game}1"] = [ids[:least // 5] for ids in open_ids[game]]
                slices[f"{game}32"] = [ids[least // 5:least] for ids in open_ids[game]]

            def completes(key: str, connections: int, label: str) -> dict:
                listing = folder / f"{key}.txt"
                listing.write_text("".join(f"{token} {','.join(ids)}\n"
                                           for token, ids in zip(tokens[key.rstrip("0123456789")], slices[key])))
                before = server.metrics()
                row = wrk(label, connections, seconds, base + "/", "complete_fresh.lua",
                          {"DOABLE_COMPLETE_FILE": str(listing)})
                row["server"] = route_time(before, server.metrics(), COMPLETE_ROUTE, "POST")
                row["slice"] = len(slices[key][0])
                return row

            loads = {"start": load()}
            rows = [wrk("healthz", 1, seconds, base + "/healthz", "report.lua"),
                    wrk("healthz", 32, seconds, base + "/healthz", "report.lua")]
            rows += [completes("off1", 1, "complete, game off"), completes("off32", 32, "complete, game off")]
            loads["after game off"] = load()
            rows += [completes("on1", 1, "complete, game on"), completes("on32", 32, "complete, game on")]
            loads["end"] = load()

            # One more completion shows the reward's shape; the game's own count of completions today per account.
            probe = Connection(base, tokens["on"][0])
            sample = json.loads(probe.call("POST", f"/api/v1/tasks/{open_ids['on'][0][-1]}/complete", {})[0])
            probe.close()
            print(f"the reward of one completion with the game on: {json.dumps(sample.get('reward'))[:500]}")
            done_today = []
            for token in tokens["on"]:
                connection = Connection(base, token)
                done_today.append(json.loads(connection.call("GET", "/api/v1/game")[0])["streak"]["today"]["done"])
                connection.close()
            print(f"completions today per game-on account after the runs: {min(done_today):,} to "
                  f"{max(done_today):,} (the mood reads up to 500 of the last three days' on each completion)")
            report_complete(rows, loads, seconds, tasks, server.rss_mb())
        finally:
            server.stop()


def report_complete(rows: list[dict], loads: dict, seconds: float, tasks: int, rss: float) -> None:
    health = {row["connections"]: row for row in rows if row["name"] == "healthz"}
    off = {row["connections"]: row for row in rows if row["name"].endswith("off")}
    print(f"\nQR-01 / Q-1 on {engine_name()}: completing a task (each request a task still open; 32 accounts with the "
          f"game off, 32 with it on, {tasks:,} tasks seeded), wrk for {seconds:g} s per figure on loopback")
    print(f"{'figure':<22}{'conns':>6}{'req/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'x healthz':>10}"
          f"{'x off':>7}{'200s':>8}{'rewards':>9}  server time of the route")
    for row in rows:
        conns = row["connections"]
        versus_off = f"{row['rps'] / off[conns]['rps']:>7.3f}" if "complete" in row["name"] else f"{'':>7}"
        rewards = f"{int(row['rewarded']):>9,}" if "rewarded" in row else f"{'':>9}"
        answers = f"{int(row['ok']):>8,}" if "ok" in row else f"{int(row['requests']):>8,}"
        print(f"{row['name']:<22}{conns:>6}{row['rps']:>9,.0f}{row['p50']:>8.2f}{row['p95']:>8.2f}{row['p99']:>8.2f}"
              f"{row['rps'] / health[conns]['rps']:>10.3f}{versus_off}{answers}{rewards}  {row.get('server', '')}")
        problems = []
        if row.get("errors"):
            problems.append(f"{int(row['errors'])} wrk errors")
        if row.get("non200"):
            problems.append(f"{int(row['non200'])} answers not 200")
        if row.get("exhausted"):
            problems.append(f"{int(row['exhausted'])} requests after an account ran out of its slice of "
                            f"{int(row['slice']):,} open tasks (no-ops)")
        if problems:
            print(f"{'':<22}  ! {'; '.join(problems)}")
    for conns in (1, 32):
        on = next(row for row in rows if row["name"].endswith("on") and row["connections"] == conns)
        print(f"game on, {conns:>2} conn: p95 {on['p95']:.2f} ms (off {off[conns]['p95']:.2f} ms; Q-1: p95 < 20 ms "
              f"{'met' if on['p95'] < 20 else 'MISSED'}); {int(on['rewarded']):,} of {int(on['ok']):,} answers carry "
              f"reward.points{'' if on['rewarded'] == on['ok'] else ' (NOT ALL)'}")
    print(f"load average (1, 5, 15 min): {'; '.join(f'{key} {value}' for key, value in loads.items())}; "
          f"server resident memory at the end {rss:.1f} MB")


def single(base: str, token: str | None, path: str, seconds: float) -> list[float]:
    connection = Connection(base, token)
    times = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        times.append(connection.call("GET", path)[1])
    connection.close()
    return times


def run_stats(seconds: float) -> None:
    completed = int(os.environ.get("COMPLETED", "100000"))
    tasks = completed * 5 // 4  # a fifth of them still open
    # KEEP=DIR (SQLite only): seed into DIR and keep it; a later run with the same DIR measures it again unseeded.
    keep = Path(os.environ["KEEP"]) if os.environ.get("KEEP") and not database_url() else None
    with tempfile.TemporaryDirectory(prefix="doable-stats-") as scratch:
        folder = keep or Path(scratch)
        if keep and (keep / "seed.json").exists():
            seeded = json.loads((keep / "seed.json").read_text())["accounts"]
            print(f"{engine_name()}: the member seeded before in {keep}")
        else:
            folder.mkdir(parents=True, exist_ok=True)
            print(f"load before seeding: {load()}")
            seeded, seed_seconds, seed_line = seed(folder, "--accounts", "1", "--tasks", str(tasks),
                                                   "--completed-share", "0.8", "--game")
            print(f"{engine_name()}: {seed_line} ({seed_seconds:.0f} s with the process)")
        server = SyncServer(binary_path(), folder)
        server.start()
        try:
            base = server.base
            token = seeded[0]["token"]
            probe = Connection(base, token)
            for period in ("year", "week"):
                body, took = probe.call("GET", f"/api/v1/stats?period={period}")
                report = json.loads(body)
                print(f"GET /api/v1/stats?period={period}: {len(body):,} bytes, first call {ms(took)} ms; "
                      f"{summarise_stats(report)}")
            probe.close()
            figures = [("healthz", None, "/healthz", "/healthz"),
                       ("tasks?limit=50", token, "/api/v1/tasks?limit=50", "/api/v1/tasks"),
                       ("stats?period=year", token, "/api/v1/stats?period=year", "/api/v1/stats"),
                       ("stats?period=week", token, "/api/v1/stats?period=week", "/api/v1/stats")]
            loads = {"start": load()}
            results = []
            for name, who, path, route in figures:
                before = server.metrics()
                times = single(base, who, path, seconds)
                results.append((name, times, route_time(before, server.metrics(), route, "GET")))
            loads["end"] = load()
        finally:
            server.stop()
    health = percentile(results[0][1], 0.95)
    listing = percentile(results[1][1], 0.95)
    print(f"\nGAME-6 on {engine_name()}: one member with {completed:,} completed tasks over the past year "
          f"({tasks - completed:,} open), 1 connection, {seconds:g} s per figure")
    print(f"{'figure':<20}{'requests':>9}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'p95 x healthz':>14}"
          f"{'p95 x tasks':>12}  server time of the route")
    for name, times, server in results:
        p95 = percentile(times, 0.95)
        print(f"{name:<20}{len(times):>9,}{ms(percentile(times, 0.5)):>8}{ms(p95):>8}{ms(percentile(times, 0.99)):>8}"
              f"{p95 / health:>14.1f}{p95 / listing:>12.2f}  {server}")
    for name, times, _ in results[2:]:
        p95 = percentile(times, 0.95)
        print(f"{name}: p95 {ms(p95)} ms (GAME-6 target p95 < 100 ms {'met' if p95 < 0.1 else 'MISSED'})")
    print(f"load average (1, 5, 15 min): {'; '.join(f'{key} {value}' for key, value in loads.items())}")


def summarise_stats(report: dict) -> str:
    """A line of what the report holds, whatever its exact shape: its top-level keys and the numbers among them."""
    numbers = {key: value for key, value in report.items() if isinstance(value, (int, float))}
    for key, value in report.items():
        if isinstance(value, dict):
            numbers.update({f"{key}.{inner}": number for inner, number in value.items()
                            if isinstance(number, (int, float))})
    shown = ", ".join(f"{key} {value}" for key, value in list(numbers.items())[:12])
    return f"keys {sorted(report)}; {shown}"


def main() -> None:
    figure = sys.argv[1] if len(sys.argv) > 1 else "complete"
    seconds = float(os.environ.get("DURATION", "10").rstrip("s"))
    if shutil.which("wrk") is None and figure == "complete":
        raise SystemExit("wrk is needed (apt-get install wrk)")
    print(f"binary {binary_path()}; {engine_name()}")
    if figure == "complete":
        run_complete(seconds)
    elif figure == "stats":
        run_stats(seconds)
    else:
        raise SystemExit(f"unknown figure {figure}: complete or stats")


if __name__ == "__main__":
    main()
