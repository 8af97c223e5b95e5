"""Issue 34, part 2: the disk fills up under SQLite.

A `doable serve` keeps its data on a 4 MB tmpfs (mounted here; the test command runs as root). Once the server
runs, a filler file takes all but a little of the space, and tasks are created until writes fail. Then:

- every refused write answers 507 `storage_full` with a message an operator understands; no request answers 5xx
  other than 507 (Q-7), through the API, a photo upload, the web app's form (a friendly page) and its script (JSON);
- reads go on: every acknowledged task is listed;
- `/readyz` answers 503 `storage_full`, `/metrics` shows `doable_storage_full 1`, and the log says it at most once
  a minute, not once per refused request;
- once the filler is removed, writing resumes by itself: a create answers 201, `/readyz` 200, the gauge 0;
- after a restart every acknowledged task is still there.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from liveserver import Checks, Server, register  # noqa: E402

results = Checks()
check = results.check
TOKEN = "storage-full-metrics-token"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 60_000  # more than the room left, less than the 64 KB limit


def gauge(base: str) -> float | None:
    text = requests.get(base + "/metrics", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10).text
    match = re.search(r"^doable_storage_full (\S+)$", text, re.M)
    return float(match.group(1)) if match else None


def fill(folder: Path, leave: int) -> Path:
    """A file taking all the tmpfs's free space, then giving `leave` bytes back (written in chunks until the disk
    says no: the server may write meanwhile)."""
    filler = folder / "filler.bin"
    chunk = b"\0" * 65536
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(chunk)
        except OSError:
            pass
    os.truncate(filler, max(0, filler.stat().st_size - leave))
    return filler


def web_session(base: str, login: str, password: str) -> tuple[requests.Session, str]:
    web = requests.Session()
    page = web.get(base + "/signin", timeout=10)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.text).group(1)
    web.post(base + "/signin", data={"login": login, "password": password, "_csrf": token}, timeout=10)
    today = web.get(base + "/today", timeout=10)
    return web, re.search(r'<meta name="csrf-token" content="([^"]+)"', today.text).group(1)


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="doable-full-"))
    mount = folder / "data"
    mount.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                             capture_output=True, text=True)
    if not check(mounted.returncode == 0, "a 4 MB tmpfs is mounted for the data folder", mounted.stderr):
        return results.summary()
    server = Server(mount / "doable", folder / "server.log", "--log-level", "warning", "--metrics-token", TOKEN)
    try:
        server.start()
        base = server.base
        ann = register(base, "ann_full", "right password")
        api = requests.Session()
        api.headers["Authorization"] = f"Bearer {ann['token']}"
        first = api.post(base + "/api/v1/tasks", json={"title": "Before the disk filled"}, timeout=10)
        check(first.status_code == 201, "a create answers 201 while there is room", first.text[:200])
        photo_task = first.json()["id"]

        # Signed in to the web app first: signing in writes a session, which a full disk would refuse.
        web, token = web_session(base, "ann_full", "right password")
        filler = fill(mount, leave=96 * 1024)
        acknowledged, refusals, others = [first.json()["id"]], [], []
        for n in range(2000):
            response = api.post(base + "/api/v1/tasks", json={"title": f"Task {n}", "notes": "x" * 4000}, timeout=30)
            if response.status_code == 201:
                acknowledged.append(response.json()["id"])
            elif response.status_code == 507:
                refusals.append(response)
                if len(refusals) >= 25:
                    break
            else:
                others.append(f"{response.status_code} {response.text[:200]}")
        check(len(refusals) >= 25 and not others,
              "creates on a full disk answer 507, never another error",
              f"{len(acknowledged)} acknowledged, {len(refusals)} refused; others: {others[:3]}")
        if refusals:
            error = refusals[-1].json().get("error", {})
            check(error.get("code") == "storage_full" and "storage is full" in error.get("message", "")
                  and refusals[-1].headers.get("Retry-After"),
                  "the 507 says storage_full, in words an operator understands, with Retry-After", str(error))

        upload = api.post(base + f"/api/v1/tasks/{photo_task}/attachments", data=PNG,
                          headers={"Content-Type": "image/png"}, timeout=30)
        check(upload.status_code == 507 and upload.json()["error"]["code"] == "storage_full",
              "a photo upload on a full disk answers 507 storage_full", f"{upload.status_code} {upload.text[:200]}")

        form = web.post(base + "/tasks", data={"_csrf": token, "text": "From the web form", "list": "",
                                               "parent": "", "ignore": "", "back": "/today"}, timeout=30)
        check(form.status_code == 507 and "text/html" in form.headers.get("Content-Type", "")
              and "storage is full" in form.text,
              "the web form gets a friendly page saying the storage is full (507)",
              f"{form.status_code} {form.headers.get('Content-Type')} {form.text[:200]}")
        scripted = web.post(base + "/tasks", data={"_csrf": token, "text": "From the page's script", "list": "",
                                                   "parent": "", "ignore": "", "back": "/today"},
                            headers={"X-Doable-Fetch": "1"}, timeout=30)
        check(scripted.status_code == 507 and scripted.json()["error"]["code"] == "storage_full",
              "the page's script gets the API's error shape, storage_full", f"{scripted.status_code} {scripted.text[:200]}")

        listed = api.get(base + "/api/v1/tasks?limit=500", timeout=30)
        ids = {task["id"] for task in listed.json().get("tasks", [])} if listed.status_code == 200 else set()
        check(listed.status_code == 200 and set(acknowledged) <= ids,
              f"reads go on: all {len(acknowledged)} acknowledged tasks are listed",
              f"{listed.status_code}; missing {len(set(acknowledged) - ids)}")
        ready = requests.get(base + "/readyz", timeout=5)
        check(ready.status_code == 503 and ready.json()["error"]["code"] == "storage_full",
              "/readyz reports storage_full (503)", f"{ready.status_code} {ready.text[:200]}")
        check(gauge(base) == 1, "/metrics shows doable_storage_full 1", str(gauge(base)))
        said = server.log_tail(400).count("storage is full")
        check(1 <= said <= 2, f"the log says it once a minute, not per request ({said} lines for "
              f"{len(refusals) + 3} refusals)")

        filler.unlink()
        after = api.post(base + "/api/v1/tasks", json={"title": "After space was freed"}, timeout=10)
        check(after.status_code == 201, "once space is freed, writing resumes by itself (201)", after.text[:200])
        if after.status_code == 201:
            acknowledged.append(after.json()["id"])
        ready = requests.get(base + "/readyz", timeout=5)
        check(ready.status_code == 200, "/readyz is ready again", f"{ready.status_code} {ready.text[:200]}")
        check(gauge(base) == 0, "/metrics shows doable_storage_full 0 again", str(gauge(base)))

        server.stop()
        server.start()
        listed = requests.get(server.base + "/api/v1/tasks?limit=500", timeout=30,
                              headers={"Authorization": f"Bearer {ann['token']}"})
        ids = {task["id"] for task in listed.json().get("tasks", [])}
        check(listed.status_code == 200 and set(acknowledged) <= ids,
              f"after a restart every acknowledged task is there ({len(acknowledged)})",
              f"{listed.status_code} {listed.text[:300]}; missing {len(set(acknowledged) - ids)}")
        crashed = re.search(r"Fatal error|Segmentation fault", server.log_tail(2000))
        check(crashed is None, "the server never crashed")
    finally:
        server.stop()
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)
    return results.summary()


if __name__ == "__main__":
    started = time.monotonic()
    code = main()
    print(f"runtime {time.monotonic() - started:.1f} s")
    sys.exit(code)
