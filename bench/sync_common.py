"""What the sync benchmarks of issue 14 share (bench/sync_*.py): seeding with `doable admin seed`, a server with
its Prometheus metrics on a port of their own (the server's own time per route), a keep-alive HTTP connection that
times each call, a device speaking the sync protocol (docs/sync.md), and the output's formatting.

The server's time of a route is read from `doable_http_request_duration_seconds` (Hummingbird's MetricsMiddleware,
from the request's arrival to the response being handed to the channel): the mean is exact, the p50/p95 are the
upper bounds of the histogram's buckets (0.5, 1, 2, 5, 10, 20, 50 … ms).
"""
from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "live"))
from liveserver import LiveServer, free_port  # noqa: E402
from shared_list import percentile  # noqa: E402,F401 - bench/ is this script's folder

SEED_PASSWORD = "seed password"  # Sources/doable/Seed.swift


def database_url() -> str | None:
    return os.environ.get("DOABLE_DATABASE_URL") or None


def engine_name() -> str:
    return "PostgreSQL" if database_url() else "SQLite"


def binary_path() -> str:
    return os.environ.get("DOABLE_BIN", str(ROOT / ".build-release/release/doable"))


def seed(binary: str, folder: Path, accounts: int, tasks: int) -> tuple[list[dict], float]:
    """Seeds `accounts` accounts with `tasks` tasks in all (each with 5 lists and 20% subtasks) into folder/data or
    the PostgreSQL database; returns the accounts (username, token, listIds) and the seconds it took."""
    store = ["--database-url", database_url()] if database_url() else ["--data-dir", str(folder / "data")]
    started = time.monotonic()
    subprocess.run([binary, "admin", "seed", "--accounts", str(accounts), "--tasks", str(tasks), "--output",
                    str(folder / "seed.json"), *store], check=True, stdout=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    return json.loads((folder / "seed.json").read_text())["accounts"], seconds


class SyncServer(LiveServer):
    """A release `doable serve` (`LiveServer`) on the seeded data, with /metrics on a listener of its own."""

    def __init__(self, binary: str, folder: Path | None = None):
        self.metrics_port = free_port()
        extra = ["--metrics-port", str(self.metrics_port)]
        if database_url():
            extra += ["--database-url", database_url()]
        super().__init__(*extra, binary=binary, data_dir=folder / "data" if folder else None)

    def metrics(self) -> "Metrics":
        connection = http.client.HTTPConnection("127.0.0.1", self.metrics_port, timeout=30)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
        return Metrics(text)

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
        return 0.0


class Metrics:
    """One scrape of the request-duration histogram: per (route, method), the bucket counts, sum and count (all
    status codes together)."""

    LINE = re.compile(r'^doable_http_request_duration_seconds_(bucket|sum|count)\{(.*)\} (\S+)$')

    def __init__(self, text: str):
        self.routes: dict[tuple[str, str], dict] = {}
        for line in text.splitlines():
            match = self.LINE.match(line)
            if not match:
                continue
            labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(2)))
            entry = self.routes.setdefault((labels["http_route"], labels["http_request_method"]),
                                           {"buckets": {}, "sum": 0.0, "count": 0.0})
            value = float(match.group(3))
            if match.group(1) == "bucket":
                bound = float("inf") if labels["le"] == "+Inf" else float(labels["le"])
                entry["buckets"][bound] = entry["buckets"].get(bound, 0.0) + value
            else:
                entry[match.group(1)] += value

    def since(self, before: "Metrics", route: str, method: str = "POST") -> dict:
        """Server time of `route` between two scrapes: count, mean, and the bucket bounds holding p50 and p95 (s)."""
        now = self.routes.get((route, method), {"buckets": {}, "sum": 0.0, "count": 0.0})
        then = before.routes.get((route, method), {"buckets": {}, "sum": 0.0, "count": 0.0})
        count = now["count"] - then["count"]
        total = now["sum"] - then["sum"]
        buckets = sorted((bound, cumulative - then["buckets"].get(bound, 0.0))
                         for bound, cumulative in now["buckets"].items())

        def bound_of(share: float) -> float:
            for bound, cumulative in buckets:
                if cumulative >= share * count:
                    return bound
            return float("inf")

        return {"count": int(count), "sum": total, "mean": total / count if count else 0.0,
                "p50": bound_of(0.5) if count else 0.0, "p95": bound_of(0.95) if count else 0.0}


def server_time(figure: dict) -> str:
    """'mean 0.41 ms (p50 ≤ 0.5, p95 ≤ 1)' for a `Metrics.since` figure."""
    def bound(value: float) -> str:
        return "inf" if value == float("inf") else f"{value * 1000:g}"
    return (f"mean {figure['mean'] * 1000:.2f} ms (p50 <= {bound(figure['p50'])}, p95 <= {bound(figure['p95'])} ms; "
            f"{figure['count']:,} requests)")


class Connection:
    """One keep-alive HTTP/1.1 connection (http.client: about a tenth of requests' own cost per call) that times
    each call from sending to having read the whole body."""

    def __init__(self, base: str, token: str | None = None):
        parsed = urlparse(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=120)

    def call(self, method: str, path: str, body: dict | None = None, expect: int = 200) -> tuple[bytes, float]:
        data = json.dumps(body, separators=(",", ":")).encode() if body is not None else None
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=self.headers)
        response = self.connection.getresponse()
        payload = response.read()
        seconds = time.perf_counter() - started
        if response.status != expect:
            raise RuntimeError(f"{method} {path} -> {response.status}: {payload[:300]!r}")
        self.last_headers = response.getheaders()
        return payload, seconds

    def close(self) -> None:
        self.connection.close()


class Device:
    """A device of one account speaking docs/sync.md over its own connection: a client id, mutation numbers 1, 2,
    3 … and a hybrid-logical-clock reading per mutation."""

    def __init__(self, base: str, token: str, name: str = "device"):
        self.http = Connection(base, token)
        self.client_id = str(uuid.uuid4())
        self.name = name
        self.next_mutation = 1
        self.cursor: str | None = None
        self._clock = (0, 0)

    def hlc(self) -> str:
        ms = int(time.time() * 1000)
        last_ms, counter = self._clock
        self._clock = (ms, 0) if ms > last_ms else (last_ms, counter + 1)
        return f"{self._clock[0]:018d}-{self._clock[1]:05d}-{self.client_id}"

    def mutation(self, name: str, args: dict) -> dict:
        mutation = {"id": self.next_mutation, "name": name, "hlc": self.hlc(), "args": args}
        self.next_mutation += 1
        return mutation

    def push(self, mutations: list[dict]) -> tuple[dict, float]:
        payload, seconds = self.http.call("POST", "/api/v1/sync/push",
                                          {"clientId": self.client_id, "mutations": mutations})
        answer = json.loads(payload)
        bad = [r for r in answer["results"] if r["status"] != "applied"]
        if bad or answer["lastMutationId"] != mutations[-1]["id"]:
            raise RuntimeError(f"{self.name}: push not applied: {bad[:3]} last {answer['lastMutationId']}")
        return answer, seconds

    def pull(self, limit: int | None = None) -> tuple[dict, int, float]:
        """One page after the device's cursor, which moves on; returns the page, its body's bytes and seconds."""
        body: dict = {"clientId": self.client_id, "cursor": self.cursor}
        if limit:
            body["limit"] = limit
        payload, seconds = self.http.call("POST", "/api/v1/sync/pull", body)
        page = json.loads(payload)
        self.cursor = page["cursor"]
        return page, len(payload), seconds

    def pull_all(self, limit: int | None = None) -> dict:
        """Pulls until `more` is false; returns pages, tasks, bytes and seconds (transfer and JSON decoding)."""
        pages = tasks = size = 0
        started = time.perf_counter()
        while True:
            page, length, _ = self.pull(limit)
            pages, tasks, size = pages + 1, tasks + len(page["tasks"]), size + length
            if not page["more"]:
                return {"pages": pages, "tasks": tasks, "bytes": size, "seconds": time.perf_counter() - started}


def timed_cli(binary: str, home: Path, args: list[str], stdin: str = "") -> dict:
    """Runs `doable ARGS` with DOABLE_HOME=home; returns its wall and CPU seconds, peak resident memory (MB) and
    output."""
    env = {**os.environ, "DOABLE_HOME": str(home), "NO_COLOR": "1"}
    with tempfile.TemporaryFile("w+") as given, tempfile.TemporaryFile("w+") as out, \
            tempfile.TemporaryFile("w+") as err:
        given.write(stdin)
        given.seek(0)
        started = time.monotonic()
        process = subprocess.Popen([binary, *args], env=env, stdin=given, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        output, errors = out.read().strip(), err.read().strip()
    if process.returncode != 0:
        raise RuntimeError(f"doable {' '.join(args)} exited {process.returncode}: {errors} {output}")
    return {"wall": wall, "out": output, "cpu": usage.ru_utime + usage.ru_stime, "maxrss": usage.ru_maxrss / 1024}


def ms_row(name: str, values: list[float], extra: str = "") -> str:
    """A table row: the name, the count, p50, p95 and max in ms."""
    return (f"{name:<44}{len(values):>7,}{percentile(values, 0.5) * 1000:>9.2f}{percentile(values, 0.95) * 1000:>9.2f}"
            f"{max(values) * 1000:>9.2f}  {extra}")


MS_HEADER = f"{'figure':<44}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
