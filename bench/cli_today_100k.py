"""Issue 32, item 8: `doable today` at 100,000 tasks under 300 ms. Run through bench/cli_today_100k.sh.

One account is seeded with TASKS tasks (`doable admin seed`: half of them due from 10 days ago to 49 days ahead, a
fifth completed), a release `doable serve` runs on it, and `doable login` copies them all to a fresh device. Then,
from the process's start to its exit (each with its quick sync against the server, as a user runs it):

  today      `doable today`, RUNS times after one run that is not counted (it migrates an older replica file);
  baseline   `doable --help`, RUNS times: starting the process at all.

The figure is today's median in ms; the ratio is today / baseline. With BEFORE_BIN, that binary's `doable today`
runs too, on a copy of the device made before the new binary first opens it.
"""
import os
import shutil
import statistics
import tempfile
from pathlib import Path

from sync_common import SEED_PASSWORD, SyncServer, binary_path, engine_name, seed, timed_cli

TARGET_MS = 300.0


def median_ms(binary: str, home: Path, args: list[str], runs: int) -> tuple[float, str]:
    walls, out = [], ""
    for _ in range(runs):
        result = timed_cli(binary, home, args)
        walls.append(result["wall"] * 1000)
        out = result["out"]
    return statistics.median(walls), out


def main() -> None:
    binary = binary_path()
    tasks = int(os.environ.get("TASKS", "100000"))
    runs = int(os.environ.get("RUNS", "9"))
    before_bin = os.environ.get("BEFORE_BIN")
    folder = Path(tempfile.mkdtemp(prefix="doable-cli-today-"))
    try:
        print(f"{engine_name()}: seeding one account with {tasks:,} tasks ...", flush=True)
        accounts, seconds = seed(binary, folder, 1, tasks)
        print(f"seeded in {seconds:.0f} s", flush=True)
        account = accounts[0]
        with SyncServer(binary, folder) as server:
            home = folder / "home"
            login = timed_cli(binary, home, ["login", "--server", server.base, "--login", account["username"],
                                             "--password-stdin"], SEED_PASSWORD + "\n")
            if f"Copied {tasks} tasks" not in login["out"]:
                raise RuntimeError(f"login did not copy every task: {login['out']} {login['err']}")
            print(f"doable login: {login['wall']:.1f} s", flush=True)
            rows = []
            if before_bin:
                old_home = folder / "home-before"
                shutil.copytree(home, old_home)
                median_ms(before_bin, old_home, ["today"], 1)
                before, before_out = median_ms(before_bin, old_home, ["today"], runs)
                rows.append(("today, BEFORE_BIN", before))
            median_ms(binary, home, ["today"], 1)
            today, out = median_ms(binary, home, ["today"], runs)
            baseline, _ = median_ms(binary, home, ["--help"], runs)
            if before_bin and before_out != out:
                raise RuntimeError("the two binaries' `doable today` differ")
            shown = sum(1 for line in out.splitlines() if "☐" in line or "◐" in line)
            rows += [("today", today), ("--help (baseline)", baseline)]
            print(f"\n{tasks:,} tasks on the device, {shown} shown by today, median of {runs} runs:")
            for name, ms in rows:
                print(f"  {name:<24}{ms:8.0f} ms")
            print(f"today / baseline: {today / baseline:.2f}; today {today:.0f} ms, target < {TARGET_MS:.0f} ms "
                  f"{'ok' if today < TARGET_MS else 'MISSED'}")
            if before_bin:
                print(f"today before / after: {before / today:.1f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
