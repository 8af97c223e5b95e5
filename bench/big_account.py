"""Issue 32, item 8: seeding (the import path: `Domain.transfer.importTasks`, chunks of 1,000 tasks, each one
transaction with its change-feed entries) must cost the same per task whatever the size of the account. Run through
bench/big_account.sh, which builds the release binary.

  spread   `doable admin seed --accounts 10 --tasks TASKS` into a fresh database (10 accounts of TASKS / 10);
  big      `doable admin seed --accounts 1 --tasks TASKS` into another fresh database.

Both seed 5 lists per account and 20% subtasks (Sources/doable/Seed.swift), and each is timed from the process's
start to its exit. The ratio is big / spread; the target is ≤ 1.5. With DB=postgres each run gets a database of its
own in the throwaway cluster.
"""
import os
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse, urlunparse

TARGET = 1.5


def fresh_database(name: str) -> list[str]:
    """The store options of a fresh, empty database: a folder for SQLite, a new database for PostgreSQL."""
    url = os.environ.get("DOABLE_DATABASE_URL")
    if not url:
        return ["--data-dir", str(Path(tempfile.mkdtemp(prefix=f"doable-big-{name}-")) / "data")]
    subprocess.run(["psql", url, "-qc", f"DROP DATABASE IF EXISTS {name}", "-c", f"CREATE DATABASE {name}"],
                   check=True, stdout=subprocess.DEVNULL)
    return ["--database-url", urlunparse(urlparse(url)._replace(path=f"/{name}"))]


def seed(binary: str, accounts: int, tasks: int, name: str) -> float:
    store = fresh_database(name)
    started = time.monotonic()
    subprocess.run([binary, "admin", "seed", "--accounts", str(accounts), "--tasks", str(tasks), *store],
                   check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - started


def main() -> None:
    binary = os.environ["DOABLE_BIN"]
    tasks = int(os.environ.get("TASKS", "100000"))
    engine = "PostgreSQL" if os.environ.get("DOABLE_DATABASE_URL") else "SQLite"
    print(f"seeding {tasks:,} tasks on {engine} with {binary}")
    spread = seed(binary, 10, tasks, "big_account_spread")
    print(f"  10 accounts × {tasks // 10:,}: {spread:7.1f} s  ({spread / tasks * 1e6:.0f} µs per task)")
    big = seed(binary, 1, tasks, "big_account_one")
    print(f"   1 account  × {tasks:,}: {big:7.1f} s  ({big / tasks * 1e6:.0f} µs per task)")
    ratio = big / spread
    print(f"ratio one account / ten accounts: {ratio:.2f} (target ≤ {TARGET}) {'ok' if ratio <= TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
