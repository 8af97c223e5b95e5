"""What every live check shares: starting and stopping a real `doable serve`, and counting checks."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def doable_binary() -> str:
    if os.environ.get("DOABLE_BIN"):
        return os.environ["DOABLE_BIN"]
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return str(Path(out.stdout.strip()) / "doable")


class Server:
    """One `doable serve` process at a time over one data directory, on a free loopback port; its output goes to
    a log file. It can be started again (on a new port) after `stop` or `kill`."""

    def __init__(self, data_dir: Path, log_path: Path, *extra_args: str, binary: str | None = None):
        self.binary = binary or doable_binary()
        self.data_dir, self.log_path, self.extra_args = data_dir, log_path, list(extra_args)
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.base = ""

    def start(self, timeout: float = 60, port: int | None = None) -> None:
        """Starts on a free port, or on `port` (a restart on the same address, as devices remember it)."""
        for _ in range(3 if port is None else 20):
            self.port = port or free_port()
            with open(self.log_path, "ab") as log:
                log.write(f"\n==== start on port {self.port}\n".encode())
                log.flush()
                self.process = subprocess.Popen(
                    [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir",
                     str(self.data_dir), "--bcrypt-cost", "4", *self.extra_args],
                    stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.data_dir.parent)
            self.base = f"http://127.0.0.1:{self.port}"
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if requests.get(self.base + "/readyz", timeout=2).status_code == 200:
                        return
                except requests.RequestException:
                    pass
                time.sleep(0.05)
            if self.process.poll() is None:
                self.kill()
                raise RuntimeError(f"server not ready within {timeout} s:\n{self.log_tail()}")
            if "in use" not in self.log_tail(5).lower():  # only a lost port race is worth another try
                raise RuntimeError(f"server exited with {self.process.returncode} while starting:\n{self.log_tail()}")
            if port is not None:
                time.sleep(0.5)  # the old process's socket may still be closing
        raise RuntimeError("server could not bind a port")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


class LiveServer(Server):
    """A `Server` in a temporary folder of its own (its data there too unless `data_dir` names another), logging
    warnings only; use as a context manager."""

    def __init__(self, *extra_args: str, binary: str | None = None, data_dir: Path | None = None):
        self.folder = Path(tempfile.mkdtemp(prefix="doable-live-"))
        super().__init__(data_dir or self.folder / "data", self.folder / "server.log", "--log-level", "warning",
                         *extra_args, binary=binary)

    def __enter__(self) -> "LiveServer":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class Checks:
    """Counts checks and prints each as `ok` or `FAIL`; `summary()` prints `N passed, M failed` last."""

    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def check(self, ok: bool, name: str, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            print(f"ok   {name}")
        else:
            self.failures.append(name)
            print(f"FAIL {name}")
            if detail:
                print("     " + detail.replace("\n", "\n     "))
        sys.stdout.flush()
        return ok

    def summary(self) -> int:
        print(f"{self.passed} passed, {len(self.failures)} failed")
        return 1 if self.failures else 0


def register(base: str, username: str, password: str = "live password") -> dict:
    response = requests.post(base + "/api/v1/accounts", json={
        "email": f"{username}@example.com", "password": password, "username": username,
        "firstName": "Live", "lastName": "Test"}, timeout=10)
    response.raise_for_status()
    return response.json()
