"""bench/backup_100k.sh's figures: backup and restore times of TASKS tasks on both engines, and creates per second
while backups run back to back against creates alone in the same run (the ratio is the figure)."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BIN = os.environ["DOABLE_BIN"]
PG = os.environ["DOABLE_TEST_DATABASE_URL"]
SOURCE = os.environ.get("DB", "sqlite")
TASKS = int(os.environ.get("TASKS", "100000"))
DURATION = int(os.environ.get("DURATION", "15"))
WORK = Path(tempfile.mkdtemp(prefix="doable-backup-bench-"))
ROOT = Path(__file__).resolve().parents[1]
env = {k: v for k, v in os.environ.items() if k != "DOABLE_DATABASE_URL"}
env["DOABLE_ALLOW_UNSAFE_DURABILITY"] = "1"  # the throwaway cluster runs with fsync off


def target(engine: str, name: str) -> list[str]:
    if engine == "postgres":
        return ["--database-url", f"{PG}&schema=bench_{name}"]
    return ["--data-dir", str(WORK / name)]


def timed(*args: str) -> tuple[float, str]:
    start = time.monotonic()
    done = subprocess.run([BIN, *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{args[0]} failed: {done.stderr[-2000:]}")
    return time.monotonic() - start, done.stdout + done.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wrk(base: str, token: str, list_id: str) -> float:
    out = subprocess.run(["wrk", "-t2", "-c32", f"-d{DURATION}s", "-s", "bench/wrk/create_task.lua", f"{base}/api/v1/tasks"],
                         cwd=ROOT, capture_output=True, text=True,
                         env={**env, "DOABLE_TOKEN": token, "DOABLE_LIST": list_id, "WRK_DIR": str(ROOT / "bench/wrk")})
    line = next(l for l in out.stdout.splitlines() if l.startswith("RESULT"))
    return float(re.search(r"rps=([\d.]+)", line).group(1))


def main() -> None:
    other = "postgres" if SOURCE == "sqlite" else "sqlite"
    source = target(SOURCE, "source")
    print(f"seeding {TASKS:,} tasks on {SOURCE} ...", flush=True)
    seconds, _ = timed("admin", "seed", "--accounts", "100", "--tasks", str(TASKS), "--output", str(WORK / "seed.json"), *source)
    print(f"seeded in {seconds:.1f} s", flush=True)
    archive = WORK / "bench.doable-backup"
    backup_s, _ = timed("backup", "-o", str(archive), *source)
    size = archive.stat().st_size
    same_s, _ = timed("restore", str(archive), *target(SOURCE, "same"))
    other_s, _ = timed("restore", str(archive), *target(other, "other"))

    account = json.loads((WORK / "seed.json").read_text())["accounts"][0]
    port = free_port()
    server = subprocess.Popen([BIN, "serve", "--port", str(port), "--log-level", "warning", *source], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if urllib.request.urlopen(base + "/readyz", timeout=1).status == 200:
                break
        except OSError:
            time.sleep(0.1)
    try:
        first = wrk(base, account["token"], account["listIds"][1])
        stop, backups, loaded_times = threading.Event(), [0], []

        def loop():
            while not stop.is_set():
                spent, _ = timed("backup", "-o", str(WORK / "loaded.doable-backup"), *source)
                loaded_times.append(spent)
                backups[0] += 1

        looper = threading.Thread(target=loop)
        looper.start()
        time.sleep(0.5)
        during = wrk(base, account["token"], account["listIds"][1])
        stop.set()
        looper.join()
        # Creates alone before and after the loaded run, so that the database's growth and warming up weigh on both
        # sides alike.
        alone = (first + wrk(base, account["token"], account["listIds"][1])) / 2
    finally:
        server.terminate()
        server.wait()
    print(f"\nBackup and restore of {TASKS:,} tasks, source {SOURCE}, release build")
    print(f"{'figure':<44}{'value':>14}")
    print(f"{'backup (idle server), s':<44}{backup_s:>14.2f}")
    print(f"{'archive size, MB':<44}{size / 1e6:>14.1f}")
    print(f"{'restore into ' + SOURCE + ', s':<44}{same_s:>14.2f}")
    print(f"{'restore into ' + other + ', s':<44}{other_s:>14.2f}")
    print(f"{'creates/s alone (32 connections, mean of before and after)':<44}{alone:>14.0f}")
    print(f"{'creates/s while backups run back to back':<44}{during:>14.0f}")
    print(f"{'ratio (during / alone)':<44}{during / alone:>14.3f}")
    if loaded_times:
        print(f"{'backups taken meanwhile; mean s each':<44}{backups[0]:>6} {sum(loaded_times) / len(loaded_times):>7.2f}")
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
