#!/usr/bin/env python3
"""Q-6: nothing acknowledged is lost when the server process is killed at any moment.

Runs `doable serve` on one fresh SQLite data directory, registers a few members, then for many rounds: starts
the server, checks that everything acknowledged before the previous SIGKILL is there, lets several client
threads create tasks and subtasks, rename, complete, reopen and delete them, and SIGKILLs the server at a random
moment while requests are in flight. Each thread owns its task trees, so every task has one writer and the state
it must have after a crash is exact: the last acknowledged state, or that plus the one request the thread had in
flight when the server died (applied whole, or not at all). After every kill the database file is opened
read-only, as the crash left it, and checked: integrity, references, and the change feed (SYNC-1: every row has
its entry, sequences have no gaps).

Needs the `doable` binary: $DOABLE_BIN, else `$(swift build --show-bin-path)/doable`.
Environment knobs: CRASH_ROUNDS (default 30), CRASH_THREADS_PER_ACCOUNT (2), CRASH_SEED (random).
Prints `N passed, M failed` last; exits 1 on any failure.
"""
from __future__ import annotations

import os
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests

from liveserver import Checks, Server

ROUNDS = int(os.environ.get("CRASH_ROUNDS", "30"))
THREADS_PER_ACCOUNT = int(os.environ.get("CRASH_THREADS_PER_ACCOUNT", "2"))
ACCOUNTS = 3
SEED = int(os.environ.get("CRASH_SEED", str(random.randrange(1 << 30))))
REQUEST_TIMEOUT = 15


# ---------------------------------------------------------------------------------------------- results

results = Checks()
check = results.check


# ---------------------------------------------------------------------------------------------- the model
# A task's state as far as this test cares: title, status, trashed or not, parent. The model holds, per task,
# the state the database must have; it is updated from what the server acknowledged and, after each restart,
# from what the server shows (which resolves the one in-flight request of each thread).


def state_of(task: dict) -> dict:
    return {"title": task["title"], "status": task["status"], "trashed": task.get("deletedAt") is not None,
            "parent": task.get("parentId")}


def apply(states: dict, op: dict) -> None:
    """The effect of one request on the states of its thread's tasks (what the server should do)."""
    kind, tid = op["kind"], op.get("task")
    if kind in ("create", "subtask"):
        states[tid] = {"title": op["title"], "status": "pending", "trashed": False, "parent": op.get("parent")}
    elif kind == "edit":
        states[tid] = dict(states[tid], title=op["title"])
    elif kind == "complete":
        states[tid] = dict(states[tid], status="completed")
    elif kind == "reopen":
        states[tid] = dict(states[tid], status="pending")
    elif kind == "delete":  # TASK-8: the task and its subtasks go to the trash together
        doomed = {tid}
        grew = True
        while grew:
            grew = False
            for other, st in states.items():
                if other not in doomed and st["parent"] in doomed:
                    doomed.add(other)
                    grew = True
        for other in doomed:
            states[other] = dict(states[other], trashed=True)


class Account:
    def __init__(self, index: int, token: str, account_id: str, inbox: str, extra_list: str):
        self.index, self.token, self.id, self.inbox, self.extra_list = index, token, account_id, inbox, extra_list

    @property
    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


class Worker(threading.Thread):
    """One client: a random mix of writes on its own task trees until told to stop or the server goes away."""

    EXPECTED = {"create": 201, "subtask": 201, "edit": 200, "complete": 200, "reopen": 200, "delete": 204}
    WEIGHTS = [("create", 20), ("subtask", 15), ("edit", 25), ("complete", 15), ("reopen", 10), ("delete", 15)]

    def __init__(self, round_no: int, number: int, account: Account, base: str, states: dict, stop: threading.Event,
                 seed: int):
        super().__init__(daemon=True)
        self.round_no, self.number, self.account, self.base = round_no, number, account, base
        self.start_states = {k: dict(v) for k, v in states.items()}  # this thread's tasks at the round's start
        self.states = {k: dict(v) for k, v in states.items()}  # ... and as acknowledged so far
        self.stop_event, self.rng = stop, random.Random(seed)
        self.ops: list[dict] = []  # every request sent, in order; "acked" once a 2xx was fully received
        self.unexpected: list[str] = []
        self.counter = 0

    def live(self) -> list[str]:
        return [k for k, v in self.states.items() if not v["trashed"]]

    def next_op(self) -> dict:
        live = self.live()
        kind = self.rng.choices([k for k, _ in self.WEIGHTS], [w for _, w in self.WEIGHTS])[0]
        if not live:
            kind = "create"
        self.counter += 1
        title = f"r{self.round_no}-a{self.account.index}-t{self.number}-{self.counter}-{uuid.uuid4().hex[:6]}"
        if kind == "create":
            op = {"kind": kind, "title": title, "parent": None}
            if self.rng.random() < 0.5:
                op["list"] = self.account.extra_list
            return op
        task = self.rng.choice(live)
        if kind == "subtask":
            return {"kind": kind, "title": title, "parent": task}
        if kind == "edit":
            return {"kind": kind, "task": task, "title": title}
        return {"kind": kind, "task": task}

    def send(self, session: requests.Session, op: dict) -> requests.Response:
        api, kind = self.base + "/api/v1", op["kind"]
        if kind in ("create", "subtask"):
            body = {"title": op["title"]}
            if op.get("parent"):
                body["parentId"] = op["parent"]
            if op.get("list"):
                body["listId"] = op["list"]
            return session.post(f"{api}/tasks", json=body, timeout=REQUEST_TIMEOUT)
        if kind == "edit":
            return session.patch(f"{api}/tasks/{op['task']}", json={"title": op["title"]}, timeout=REQUEST_TIMEOUT)
        if kind == "complete":
            return session.post(f"{api}/tasks/{op['task']}/complete", json={}, timeout=REQUEST_TIMEOUT)
        if kind == "reopen":
            return session.post(f"{api}/tasks/{op['task']}/reopen", timeout=REQUEST_TIMEOUT)
        return session.delete(f"{api}/tasks/{op['task']}", timeout=REQUEST_TIMEOUT)

    def run(self) -> None:
        session = requests.Session()
        session.headers.update(self.account.headers)
        while not self.stop_event.is_set():
            op = self.next_op()
            op["acked"] = False
            self.ops.append(op)  # recorded as sent before it is sent
            try:
                response = self.send(session, op)
                response.content  # the whole body, or an exception if the server died mid-answer
            except requests.RequestException as error:
                op["error"] = type(error).__name__
                break  # the server is gone (or going); this request stays "in flight"
            op["status"] = response.status_code
            if response.status_code != self.EXPECTED[op["kind"]]:
                self.unexpected.append(f"{op['kind']} {op.get('task') or op.get('parent') or ''} -> "
                                       f"{response.status_code} {response.text[:300]}")
                continue  # an error answer applied nothing; the test does not build on it
            if op["kind"] in ("create", "subtask"):
                op["task"] = response.json()["id"]
            op["acked"] = True
            apply(self.states, op)
            if response.status_code != 204:
                got = state_of(response.json())
                if got != self.states[op["task"]]:
                    self.unexpected.append(f"{op['kind']} {op['task']} answered {got}, expected "
                                           f"{self.states[op['task']]}")
        session.close()

    @property
    def in_flight(self) -> dict | None:
        last = self.ops[-1] if self.ops else None
        return last if last is not None and "error" in last else None


# ---------------------------------------------------------------------------------------------- the test


def register(base: str, index: int) -> Account:
    suffix = uuid.uuid4().hex[:10]
    body = {"email": f"crash{index}_{suffix}@example.com", "password": "correct horse battery",
            "username": f"crash{index}_{suffix}", "firstName": "Crash", "lastName": f"Tester {index}"}
    response = requests.post(base + "/api/v1/accounts", json=body, timeout=REQUEST_TIMEOUT)
    response.raise_for_status()
    data = response.json()
    headers = {"Authorization": f"Bearer {data['token']}"}
    made = requests.post(base + "/api/v1/lists", json={"name": f"Crash list {index}"}, headers=headers,
                         timeout=REQUEST_TIMEOUT)
    made.raise_for_status()
    return Account(index, data["token"], data["account"]["id"], data["account"]["inboxId"], made.json()["id"])


def observed_tasks(base: str, account: Account) -> dict:
    """Every task of the account, trashed ones included (ACC-6 export), as states."""
    response = requests.get(base + "/api/v1/me/export", headers=account.headers, timeout=60)
    response.raise_for_status()
    return {t["id"]: dict(state_of(t), account=account.index) for t in response.json()["tasks"]}


def partition(model: dict, account: Account, count: int, rng: random.Random) -> list[dict]:
    """Splits the account's live task trees over `count` threads; a whole tree goes to one thread, so a delete
    (which trashes the subtree) never races another thread's edit of a subtask."""
    mine = {k: v for k, v in model.items() if v["account"] == account.index and not v["trashed"]}

    def root(task_id: str) -> str:
        seen = set()
        while mine.get(task_id, {}).get("parent") in mine and task_id not in seen:
            seen.add(task_id)
            task_id = mine[task_id]["parent"]
        return task_id

    roots = sorted({root(k) for k in mine})
    owner = {r: rng.randrange(count) for r in roots}
    parts: list[dict] = [{} for _ in range(count)]
    for task_id, st in mine.items():
        parts[owner[root(task_id)]][task_id] = {k: st[k] for k in ("title", "status", "trashed", "parent")}
    return parts


def fmt(state: dict | None) -> str:
    if state is None:
        return "missing"
    return (f"title={state['title']!r} status={state['status']} trashed={state['trashed']} "
            f"parent={state['parent']}")


def verify_round(round_no: int, base: str, accounts: list[Account], model: dict, workers: list[Worker]) -> dict:
    """Compares what the restarted server shows with what was acknowledged; returns the new model."""
    observed: dict = {}
    for account in accounts:
        observed.update(observed_tasks(base, account))
    problems: list[str] = []
    expected = {k: dict(v) for k, v in model.items()}
    explained_extras: set[str] = set()
    applied_in_flight = 0
    in_flight_total = 0
    for worker in workers:
        acked_world = {k: dict(v) for k, v in worker.start_states.items()}
        for op in worker.ops:
            if op["acked"]:
                apply(acked_world, op)
        candidates = [("acknowledged", acked_world, None)]
        pending = worker.in_flight
        if pending is not None:
            in_flight_total += 1
            if pending["kind"] in ("create", "subtask"):
                matches = [k for k, v in observed.items() if k not in model and v["title"] == pending["title"]]
                if matches:
                    alt = {k: dict(v) for k, v in acked_world.items()}
                    alt[matches[0]] = {"title": pending["title"], "status": "pending", "trashed": False,
                                       "parent": pending.get("parent")}
                    candidates.append(("in-flight applied", alt, matches[0]))
            else:
                alt = {k: dict(v) for k, v in acked_world.items()}
                apply(alt, pending)
                candidates.append(("in-flight applied", alt, None))
        # Prefer the world with no mismatch; the in-flight transaction must have applied whole or not at all.
        chosen = None
        for label, world, extra in reversed(candidates):
            if all(observed.get(k) is not None and {f: observed[k][f] for f in v} == v for k, v in world.items()):
                chosen = (label, world, extra)
                break
        if chosen is None:
            label, world, extra = candidates[0]
            for k, v in world.items():
                got = observed.get(k)
                if got is None or {f: got[f] for f in v} != v:
                    problems.append(f"thread a{worker.account.index}-t{worker.number}: task {k}: acknowledged "
                                    f"{fmt(v)}; server has {fmt(got)}"
                                    + (f"; in flight at kill: {pending}" if pending else ""))
        else:
            label, world, extra = chosen
            if label != "acknowledged" and (extra or world != candidates[0][1]):
                applied_in_flight += 1
            if extra:
                explained_extras.add(extra)
        for k, v in world.items():
            expected[k] = dict(v, account=worker.account.index)
        if worker.unexpected:
            problems += [f"thread a{worker.account.index}-t{worker.number}: unexpected answer: {u}"
                         for u in worker.unexpected[:5]]
    for k, v in expected.items():
        got = observed.get(k)
        if got is None:
            if not any(k in p for p in problems):
                problems.append(f"task {k} lost: expected {fmt(v)}")
        elif {f: got[f] for f in ("title", "status", "trashed", "parent")} != \
                {f: v[f] for f in ("title", "status", "trashed", "parent")}:
            if not any(k in p for p in problems):
                problems.append(f"task {k}: expected {fmt(v)}; server has {fmt(got)}")
    for k, v in observed.items():
        if k not in expected and k not in explained_extras:
            problems.append(f"task {k} is explained by no acknowledged or in-flight create: {fmt(v)}")
    acked = sum(1 for w in workers for op in w.ops if op["acked"])
    check(not problems,
          f"round {round_no}: {acked} acknowledged writes survived SIGKILL "
          f"({len(observed)} tasks; in flight at kill: {in_flight_total}, of which applied: {applied_in_flight})",
          "\n".join(problems[:25]) + (f"\n... {len(problems) - 25} more" if len(problems) > 25 else ""))
    # The server's view is now the truth (it resolved the in-flight requests); continue from it.
    return {k: dict(v) for k, v in observed.items()}


DB_CHECKS = ["PRAGMA integrity_check is ok", "PRAGMA foreign_key_check finds nothing",
             "no task's parent_id points at a missing task", "no task's list_id points at a missing list",
             "every task and list row has its change-feed entry (SYNC-1)",
             "per account, change seq is exactly 1..accounts.change_seq"]


def database_checks(db_path: Path) -> dict[str, list[str]]:
    """Opens the database file read-only (the server is down, as the crash left it) and returns, per check in
    DB_CHECKS, what is wrong (empty when all is well)."""
    found: dict[str, list[str]] = {name: [] for name in DB_CHECKS}
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
        if rows != [("ok",)]:
            found[DB_CHECKS[0]].append(repr(rows[:10]))
        fk = conn.execute("PRAGMA foreign_key_check").fetchall()
        if fk:
            found[DB_CHECKS[1]].append(repr(fk[:10]))
        orphans = conn.execute("""
            SELECT t.id, t.parent_id FROM tasks t
            WHERE t.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tasks p WHERE p.id = t.parent_id)""").fetchall()
        if orphans:
            found[DB_CHECKS[2]].append(f"{len(orphans)} tasks, e.g. {orphans[:5]}")
        lost_lists = conn.execute("""
            SELECT t.id, t.list_id FROM tasks t
            WHERE NOT EXISTS (SELECT 1 FROM lists l WHERE l.id = t.list_id)""").fetchall()
        if lost_lists:
            found[DB_CHECKS[3]].append(f"{len(lost_lists)} tasks, e.g. {lost_lists[:5]}")
        unfed = conn.execute("""
            SELECT 'task', t.id FROM tasks t WHERE NOT EXISTS (
                SELECT 1 FROM changes c WHERE c.account_id = t.owner_id AND c.entity = 'task' AND c.entity_id = t.id)
            UNION ALL
            SELECT 'list', l.id FROM lists l WHERE NOT EXISTS (
                SELECT 1 FROM changes c WHERE c.account_id = l.owner_id AND c.entity = 'list' AND c.entity_id = l.id)
            """).fetchall()
        if unfed:
            found[DB_CHECKS[4]].append(f"{len(unfed)} rows without a change, e.g. {unfed[:5]}")
        for account_id, change_seq in conn.execute("SELECT id, change_seq FROM accounts").fetchall():
            count, distinct, low, high = conn.execute(
                "SELECT count(*), count(DISTINCT seq), min(seq), max(seq) FROM changes WHERE account_id = ?",
                (account_id,)).fetchone()
            if change_seq == 0 and count == 0:
                continue
            if not (count == distinct == change_seq and low == 1 and high == change_seq):
                found[DB_CHECKS[5]].append(f"account {account_id}: change_seq={change_seq}, {count} rows "
                                           f"({distinct} distinct), seq {low}..{high}")
        strays = conn.execute(
            "SELECT count(*) FROM changes c WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.account_id)"
        ).fetchone()[0]
        if strays:
            found[DB_CHECKS[5]].append(f"{strays} change rows of missing accounts")
    finally:
        conn.close()
    return found


def main() -> int:
    started = time.monotonic()
    rng = random.Random(SEED)
    print(f"crash durability (Q-6): {ROUNDS} rounds, {ACCOUNTS} accounts x {THREADS_PER_ACCOUNT} threads, "
          f"seed {SEED}")
    temp = Path(tempfile.mkdtemp(prefix="doable-crash-"))
    server = Server(temp / "data", temp / "server.log")
    ok = False
    try:
        server.start()
        accounts = [register(server.base, i) for i in range(ACCOUNTS)]
        model: dict = {}
        total_acked = 0
        db_problems: dict[str, list[str]] = {name: [] for name in DB_CHECKS}
        for round_no in range(1, ROUNDS + 1):
            if server.process is None or server.process.poll() is not None:
                server.start()
            stop = threading.Event()
            workers: list[Worker] = []
            for account in accounts:
                parts = partition(model, account, THREADS_PER_ACCOUNT, rng)
                for number, part in enumerate(parts):
                    workers.append(Worker(round_no, number, account, server.base, part, stop, rng.randrange(1 << 30)))
            for worker in workers:
                worker.start()
            time.sleep(rng.uniform(0.3, 1.5))
            server.kill()  # SIGKILL while requests are in flight
            stop.set()
            for worker in workers:
                worker.join(timeout=REQUEST_TIMEOUT + 5)
            total_acked += sum(1 for w in workers for op in w.ops if op["acked"])
            # The file as the crash left it, before the server recovers it.
            for name, problems in database_checks(temp / "data" / "doable.sqlite").items():
                db_problems[name] += [f"after kill {round_no}: {p}" for p in problems]
            server.start()
            model = verify_round(round_no, server.base, accounts, model, workers)
            if round_no == ROUNDS:
                server.stop()
        for name in DB_CHECKS:
            check(not db_problems[name], f"database after each of {ROUNDS} kills: {name}",
                  "\n".join(db_problems[name][:10]))
        check(total_acked > 50 * ROUNDS // 10, f"load: {total_acked} writes acknowledged over {ROUNDS} rounds",
              "too few acknowledged writes for the test to mean much")
        ok = True
    except Exception:  # noqa: BLE001 - any crash of the harness is a failure with the server's log
        import traceback
        check(False, "harness ran to the end", traceback.format_exc())
    finally:
        server.kill()
        if results.failures or not ok:
            print("---- server log (tail)")
            print(server.log_tail(40))
        shutil.rmtree(temp, ignore_errors=True)
    print(f"runtime {time.monotonic() - started:.1f} s")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
