"""Starting and stopping a real `doable serve` for the live checks."""
import os
import shutil
import socket
import subprocess
import tempfile
import time

import requests


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def doable_binary() -> str:
    if os.environ.get("DOABLE_BIN"):
        return os.environ["DOABLE_BIN"]
    path = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True, check=True)
    return os.path.join(path.stdout.strip(), "doable")


class LiveServer:
    """A `doable serve` on a free loopback port with its own data folder; use as a context manager."""

    def __init__(self, *extra_args: str, data_dir: str | None = None):
        self.extra_args = list(extra_args)
        self.owns_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="doable-live-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log_path = os.path.join(self.data_dir, "server.log")

    def start(self) -> "LiveServer":
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [doable_binary(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data_dir,
             "--bcrypt-cost", "4", "--log-level", "warning", *self.extra_args],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if requests.get(self.base + "/readyz", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError("server did not become ready:\n" + self.log_tail())

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def log_tail(self, lines: int = 30) -> str:
        try:
            with open(self.log_path, "r", errors="replace") as handle:
                return "".join(handle.readlines()[-lines:])
        except OSError:
            return ""

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
        if self.owns_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


def register(base: str, username: str, password: str = "live password") -> dict:
    response = requests.post(base + "/api/v1/accounts", json={
        "email": f"{username}@example.com", "password": password, "username": username,
        "firstName": "Live", "lastName": "Test"}, timeout=10)
    response.raise_for_status()
    return response.json()
