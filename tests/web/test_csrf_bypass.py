"""Issue 27, finding 3: the web forms' CSRF check holds against a page on a sibling origin of the same host (another
port: cookies ignore ports), which sets its own `doable_csrf` cookie and submits the same value — plainly, and with
either way of making a browser send `Origin: null`: a `no-referrer` page, and a 307 through the attacker's own URL.
In real Chromium, as a signed-in member would meet them; nothing the attacker sends lands in the member's account
(before the fix, the two `null` routes created the task)."""
from __future__ import annotations

import html
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ui import quick_add_box

TOKEN = "A" * 43


class Attacker:
    """A web server on another port of 127.0.0.1: a sibling origin of the test server."""

    def __init__(self, target: str):
        self.target = target
        attacker = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                body = attacker.page(self.path).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                # What the old double-submit check compared with: a sibling sets it for the whole host (cookies
                # ignore ports), over the victim's own.
                self.send_header("Set-Cookie", f"doable_csrf={TOKEN}; Path=/; HttpOnly; SameSite=Lax")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):  # the 307 keeps the method and the body: the browser posts them to the target
                self.send_response(307)
                self.send_header("Location", attacker.target + "/tasks")
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def page(self, path: str) -> str:
        title = html.escape(path.strip("/"))
        action = {"/sibling": f"{self.target}/tasks", "/noreferrer": f"{self.target}/tasks",
                  "/redirect": f"{self.base}/bounce"}[path]
        meta = '<meta name="referrer" content="no-referrer">' if path == "/noreferrer" else ""
        return f"""<!doctype html><html><head>{meta}<title>{title}</title></head><body>
<form id="f" method="post" action="{action}">
<input name="text" value="Attack via {title}"><input name="_csrf" value="{TOKEN}"></form>
<script>document.getElementById('f').submit();</script></body></html>"""

    def close(self):
        self.server.shutdown()


@pytest.fixture
def attacker(base_url):
    running = Attacker(base_url)
    yield running
    running.close()


@pytest.mark.parametrize("route", ["sibling", "noreferrer", "redirect"])
def test_security_CSRF_bypasses_from_a_sibling_origin_are_refused(page, member, attacker, route):
    before = len(member.api.tasks())
    responses = []
    page.on("response", lambda response: responses.append((response.url, response.status)))
    page.goto(f"{attacker.base}/{route}")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any(url.startswith(attacker.target + "/tasks") for url, _ in responses):
        time.sleep(0.05)
    answers = [status for url, status in responses if url.startswith(attacker.target + "/tasks")]
    assert answers == [403], f"the forged POST reached the server and was answered {answers}"
    assert member.api.tasks(q="Attack") == [] and len(member.api.tasks()) == before
    # The member's own form still works in the same browser afterwards.
    page.goto("/today")
    quick = quick_add_box(page)
    quick.fill("My own task")
    quick.press("Enter")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not member.api.tasks(q="own"):
        time.sleep(0.05)
    assert [t["title"] for t in member.api.tasks(q="own")] == ["My own task"]
