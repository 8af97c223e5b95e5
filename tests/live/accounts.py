#!/usr/bin/env python3
"""ACC-8, ACC-9, ACC-10, ACC-11, ACC-12, ADMIN-1, ADMIN-2, OPS-2: accounts a family or a team can rely on, live.

Starts real `doable serve` processes with `--smtp-url` pointing at the aiosmtpd sink (tests/support/smtp_sink.py):

  1. ACC-8: a reset asked for an address with an account and for one without both answer 202; only the first gets an
     email, whose link (/reset-password/drst_…) sets a new password through the API once; every session of the
     account ends; the old password stops working. Without --smtp-url the answer says to ask the admin, and
     `doable admin reset-password LOGIN` prints a link that works.
  2. ACC-10 with pyotp: enrol, confirm with the app's code, sign-in answers 401 totp_required without a code, takes
     the current code once (401 totp_invalid the second time), a recovery code once.
  3. ACC-11: the sessions list names each device from its User-Agent and the address it came from; ending one ends it.
  4. ADMIN-1/ADMIN-2 from the command line: `doable admin create` (password on stdin), `list`, `disable --reason`,
     `enable`, `grant`, `revoke` (refused for the last admin), `delete --yes`; the member sees the reason when
     signing in; the audit log (GET /api/v1/admin/audit) lists each action with "command line" as who.
  5. ACC-12 and ACC-9: a server with --registration invite --require-verified-email: registering without an
     invitation is refused; an invitation emailed to an address lets that address register once; its confirmation
     email arrives; sharing is refused until the link is opened; sharing with an email that has no account emails an
     invitation that brings the new member into the list. A server with --registration closed refuses everyone.
  6. OPS-2 (PostgreSQL only: DOABLE_DATABASE_URL or DOABLE_TEST_DATABASE_URL set): two servers on one database,
     requests alternating between them: wrong passwords lock the account on both; a TOTP code used on one is refused
     on the other; an account disabled through one is refused by the other at its next request, and its event
     stream on the other ends.

Needs the `doable` binary: $DOABLE_BIN, else `$(swift build --show-bin-path)/doable`. Prints `N passed, M failed`.
"""
from __future__ import annotations

import email
import email.policy
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import uuid
from pathlib import Path

import pyotp
import requests

from liveserver import ROOT, Checks, Server, doable_binary

DATABASE_URL = os.environ.get("DOABLE_DATABASE_URL") or os.environ.get("DOABLE_TEST_DATABASE_URL") or ""
ENGINE = "PostgreSQL" if DATABASE_URL else "SQLite"
PASSWORD = "live password"
results = Checks()
RUN = uuid.uuid4().hex[:6]  # names unique on a database other checks share


def check(ok: bool, name: str, detail: str = "") -> bool:
    return results.check(ok, f"[{ENGINE}] {name}", detail)


def name(base: str) -> str:
    return f"{base}_{RUN}"


class MailSink:
    def __init__(self, folder: Path):
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/support/smtp_sink.py"), "--out", str(folder)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError(f"SMTP sink did not start: {line!r}")
        self.port = int(line.split()[1])

    def to(self, address: str) -> list[email.message.EmailMessage]:
        found = []
        for path in sorted(self.folder.glob("*.json")):
            eml = path.with_suffix(".eml")
            if eml.exists() and address in path.read_text():
                found.append(email.message_from_bytes(eml.read_bytes(), policy=email.policy.default))
        return found

    def wait_for(self, address: str, count: int = 1, timeout: float = 10) -> list:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            messages = self.to(address)
            if len(messages) >= count:
                return messages
            time.sleep(0.1)
        return self.to(address)

    def stop(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def link_in(message, path: str) -> str | None:
    match = re.search(rf"https?://\S+{path}(\S+)", text_of(message))
    return match.group(1) if match else None


def register(base: str, username: str, **extra) -> requests.Response:
    return requests.post(base + "/api/v1/accounts", json={
        "email": f"{username}@example.com", "password": PASSWORD, "username": username,
        "firstName": "Live", "lastName": "Test", **extra}, timeout=10)


def sign_in(base: str, login: str, password: str = PASSWORD, **extra) -> requests.Response:
    return requests.post(base + "/api/v1/sessions", json={"login": login, "password": password, **extra}, timeout=10)


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def code_of(response: requests.Response) -> str:
    try:
        return response.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return f"(status {response.status_code})"


def admin(server: Server, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    command = [doable_binary(), "admin", *args]
    if not DATABASE_URL:
        command += ["--data-dir", str(server.data_dir)]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60, cwd=server.data_dir.parent)


# ---------------------------------------------------------------------------------------------- 1-3: one server


def reset_checks(server: Server, sink: MailSink) -> None:
    ann = name("ann")
    session = register(server.base, ann).json()["token"]
    for address in (f"{ann}@example.com", f"nobody_{RUN}@example.com"):
        asked = requests.post(server.base + "/api/v1/password-resets", json={"email": address}, timeout=10)
        check(asked.status_code == 202, f"ACC-8 a reset for {address.split('@')[0]} answers 202", asked.text)
    mails = sink.wait_for(f"{ann}@example.com")
    check(len(mails) == 1, "ACC-8 the account's address gets one email", str(len(mails)))
    time.sleep(0.5)
    check(not sink.to(f"nobody_{RUN}@example.com"), "ACC-8 an address without an account gets none")
    token = link_in(mails[0], "/reset-password/") if mails else None
    check(bool(token and token.startswith("drst_")), "ACC-8 the email carries a reset link", text_of(mails[0]) if mails else "")
    if not token:
        return
    reset = requests.post(f"{server.base}/api/v1/password-resets/{token}", json={"password": "a new password"}, timeout=10)
    check(reset.status_code == 204, "ACC-8 the link sets a new password", reset.text)
    check(requests.get(server.base + "/api/v1/me", headers=auth(session), timeout=10).status_code == 401,
          "ACC-8 every session of the account ends")
    check(sign_in(server.base, ann).status_code == 401, "ACC-8 the old password stops working")
    check(sign_in(server.base, ann, "a new password").status_code == 201, "ACC-8 the new one signs in")
    again = requests.post(f"{server.base}/api/v1/password-resets/{token}", json={"password": "third one!"}, timeout=10)
    check(again.status_code == 404, "ACC-8 the link works once", again.text)


def totp_checks(server: Server) -> None:
    bo = name("bo")
    token = register(server.base, bo).json()["token"]
    started = requests.post(server.base + "/api/v1/me/totp", headers=auth(token), timeout=10).json()
    app = pyotp.TOTP(started["secret"])
    check(pyotp.parse_uri(started["otpauthUri"]).secret == started["secret"], "ACC-10 the otpauth URI holds the secret")
    check(started["qrSvg"].startswith("<svg"), "ACC-10 the QR code is an SVG drawn by the server")
    confirmed = requests.post(server.base + "/api/v1/me/totp/confirm", headers=auth(token),
                              json={"code": app.now()}, timeout=10)
    codes = confirmed.json().get("recoveryCodes", []) if confirmed.ok else []
    check(len(codes) == 10, "ACC-10 confirming answers ten recovery codes", confirmed.text)
    needed = sign_in(server.base, bo)
    check(needed.status_code == 401 and code_of(needed) == "totp_required", "ACC-10 sign-in asks for the code",
          needed.text)
    # The confirmation spent the current step: wait for the next one.
    time.sleep(30 - time.time() % 30 + 0.5)
    now_code = app.now()
    first = sign_in(server.base, bo, totp=now_code)
    check(first.status_code == 201, "ACC-10 the app's code signs in", first.text)
    replay = sign_in(server.base, bo, totp=now_code)
    check(replay.status_code == 401 and code_of(replay) == "totp_invalid", "ACC-10 the same code is refused after use",
          replay.text)
    if codes:
        check(sign_in(server.base, bo, recoveryCode=codes[0]).status_code == 201, "ACC-10 a recovery code signs in")
        check(code_of(sign_in(server.base, bo, recoveryCode=codes[0])) == "totp_invalid",
              "ACC-10 a recovery code works once")


def sessions_checks(server: Server) -> None:
    cy = name("cyd")
    register(server.base, cy)
    phone = requests.post(server.base + "/api/v1/sessions", json={"login": cy, "password": PASSWORD}, timeout=10,
                          headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) "
                                   "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"})
    laptop = sign_in(server.base, cy).json()["token"]
    rows = requests.get(server.base + "/api/v1/sessions", headers=auth(laptop), timeout=10).json()["sessions"]
    devices = {row["deviceName"] for row in rows}
    check("Safari on iPhone" in devices, "ACC-11 a phone's session is named from its browser", str(devices))
    check(any(row["isCurrent"] and row["deviceName"] == "python-requests" for row in rows),
          "ACC-11 this device is marked, named from its User-Agent", str(rows))
    check(all(row["address"] == "127.0.0.1" for row in rows if row["kind"] == "session"),
          "ACC-11 each session shows its address", str(rows))
    iphone = next((row for row in rows if row["deviceName"] == "Safari on iPhone"), None)
    if iphone:
        ended = requests.delete(f"{server.base}/api/v1/sessions/{iphone['id']}", headers=auth(laptop), timeout=10)
        check(ended.status_code == 204, "ACC-11 a session is ended from another")
        check(requests.get(server.base + "/api/v1/me", headers=auth(phone.json()["token"]), timeout=10).status_code == 401,
              "ACC-11 the ended session is refused")


# ---------------------------------------------------------------------------------------------- 4: the command line


def command_line_checks(server: Server) -> None:
    root, dee = name("root"), name("dee")
    register(server.base, dee)
    server.stop()  # the command line works on the database directly
    made = admin(server, "create", "--email", f"{root}@example.com", "--username", root, "--first-name", "Root",
                 "--last-name", "Admin", "--admin", stdin="root password\n")
    check(made.returncode == 0 and "an admin" in made.stdout, "ADMIN-1 `doable admin create --admin`",
          made.stdout + made.stderr)
    listed = admin(server, "list", "--search", RUN)
    check(root in listed.stdout and dee in listed.stdout, "ADMIN-1 `doable admin list` shows both", listed.stdout)
    disabled = admin(server, "disable", dee, "--reason", "Too many spam postings")
    check(disabled.returncode == 0, "ADMIN-1 `doable admin disable --reason`", disabled.stdout + disabled.stderr)
    link = admin(server, "reset-password", root, "--public-url", "http://doable.example")
    check("/reset-password/drst_" in link.stdout, "ACC-8 `doable admin reset-password` prints a link", link.stdout)
    server.start()
    refused = sign_in(server.base, dee)
    check(refused.status_code == 403 and code_of(refused) == "account_disabled"
          and "Too many spam postings" in refused.text, "ADMIN-1 the member sees the reason at sign-in", refused.text)
    token = re.search(r"/reset-password/(\S+)", link.stdout)
    if token:
        used = requests.post(f"{server.base}/api/v1/password-resets/{token.group(1)}",
                             json={"password": "root password 2"}, timeout=10)
        check(used.status_code == 204, "ACC-8 the printed link sets a new password", used.text)
    root_token = sign_in(server.base, root, "root password 2").json().get("token", "")
    server.stop()
    enabled = admin(server, "enable", dee)
    check(enabled.returncode == 0, "ADMIN-1 `doable admin enable`", enabled.stderr)
    granted = admin(server, "grant", dee)
    check(granted.returncode == 0, "ADMIN-1 `doable admin grant`", granted.stderr)
    deleted = admin(server, "delete", dee, "--yes")
    check(deleted.returncode == 0, "ADMIN-1 `doable admin delete --yes`", deleted.stderr)
    server.start()
    check(sign_in(server.base, dee).status_code == 401, "ADMIN-1 a deleted account is gone")
    audit = requests.get(server.base + "/api/v1/admin/audit?limit=20", headers=auth(root_token), timeout=10)
    mine = [e for e in audit.json().get("entries", []) if RUN in e["targetName"]] if audit.ok else []
    actions = [e["action"] for e in mine]
    check(actions[:5] == ["delete", "grantAdmin", "enable", "resetPasswordLink", "disable"] and "create" in actions,
          "ADMIN-2 the audit log lists every action, newest first", str(actions))
    check(all(e["actorName"] == "command line" for e in mine), "ADMIN-2 each names the command line as who")


# ---------------------------------------------------------------------------------------------- 5: invitations


def invitation_checks(folder: Path, sink: MailSink) -> None:
    server = Server(folder / "invite-data", folder / "invite.log", "--log-level", "warning", "--registration",
                    "invite", "--require-verified-email", "--smtp-url", f"smtp://127.0.0.1:{sink.port}",
                    "--public-url", "http://doable.example")
    boss, eve, fay = name("boss"), name("eve"), name("fay")
    made = admin(server, "create", "--email", f"{boss}@example.com", "--username", boss, "--first-name", "Boss",
                 "--last-name", "Admin", "--admin", stdin=PASSWORD + "\n")
    check(made.returncode == 0, "ACC-12 `doable admin create` works whatever the registration mode", made.stderr)
    server.start()
    try:
        refused = register(server.base, eve)
        check(refused.status_code == 403 and code_of(refused) == "invitation_required",
              "ACC-12 invite mode refuses registering without an invitation", refused.text)
        boss_token = sign_in(server.base, boss).json()["token"]
        invited = requests.post(server.base + "/api/v1/invitations", headers=auth(boss_token),
                                json={"email": f"{eve}@example.com"}, timeout=10)
        check(invited.status_code == 201 and invited.json()["emailed"], "ACC-12 an invitation is made and emailed",
              invited.text)
        mails = sink.wait_for(f"{eve}@example.com")
        secret = link_in(mails[0], "/join/") if mails else None
        check(bool(secret), "ACC-12 the invitation email carries the link", text_of(mails[0]) if mails else "none")
        joined = register(server.base, eve, invitation=secret or "")
        check(joined.status_code == 201, "ACC-12 the invited address registers", joined.text)
        check(code_of(register(server.base, name("eve2"), invitation=secret or "")) == "not_found",
              "ACC-12 an invitation works once")
        eve_token = joined.json().get("token", "")
        confirm = sink.wait_for(f"{eve}@example.com", count=2)
        verify = link_in(confirm[-1], "/verify-email/") if len(confirm) >= 2 else None
        check(bool(verify), "ACC-9 registering sends the confirmation email")
        listed = requests.post(server.base + "/api/v1/lists", headers=auth(eve_token), json={"name": "Trip"}, timeout=10)
        list_id = listed.json().get("id", "")
        share = lambda: requests.post(f"{server.base}/api/v1/lists/{list_id}/members", headers=auth(eve_token),
                                      json={"login": f"{fay}@example.com", "role": "editor"}, timeout=10)
        early = share()
        check(early.status_code == 403 and code_of(early) == "email_unverified", "ACC-9 sharing waits for the address",
              early.text)
        if verify:
            verified = requests.post(f"{server.base}/api/v1/email-verifications/{verify}", timeout=10)
            check(verified.ok and verified.json()["emailVerified"], "ACC-9 the link confirms the address", verified.text)
        shared = share()
        check(shared.status_code == 202, "ACC-12 sharing with an email without an account invites it", shared.text)
        fay_mail = sink.wait_for(f"{fay}@example.com")
        fay_secret = link_in(fay_mail[0], "/join/") if fay_mail else None
        check(bool(fay_mail) and "Trip" in text_of(fay_mail[0]), "ACC-12 the invitation names the list")
        fay_joined = register(server.base, fay, invitation=fay_secret or "")
        lists = requests.get(server.base + "/api/v1/lists", headers=auth(fay_joined.json().get("token", "")),
                             timeout=10).json().get("lists", []) if fay_joined.ok else []
        check(any(item["name"] == "Trip" for item in lists), "ACC-12 the invited member finds the list shared",
              str(lists))
    finally:
        server.stop()
    closed = Server(folder / "closed-data", folder / "closed.log", "--log-level", "warning", "--registration", "closed")
    closed.start()
    try:
        answer = register(closed.base, name("gus"))
        check(answer.status_code == 403 and code_of(answer) == "registration_closed",
              "ACC-12 closed registration refuses everyone", answer.text)
    finally:
        closed.stop()


# ---------------------------------------------------------------------------------------------- 6: OPS-2


def ops2_checks(folder: Path) -> None:
    first = Server(folder / "a-data", folder / "a.log", "--log-level", "warning")
    second = Server(folder / "b-data", folder / "b.log", "--log-level", "warning")
    first.start()
    second.start()
    servers = [first, second]
    try:
        hal, ivy = name("hal"), name("ivy")
        register(first.base, hal)
        answers = [sign_in(servers[i % 2].base, hal, "wrong password").status_code for i in range(5)]
        locked = [sign_in(server.base, hal).status_code for server in servers]
        check(answers == [401] * 5 and locked == [429, 429],
              "OPS-2 wrong passwords alternating between two servers lock the account on both", f"{answers} {locked}")
        token = register(second.base, ivy).json()["token"]
        started = requests.post(first.base + "/api/v1/me/totp", headers=auth(token), timeout=10).json()
        app = pyotp.TOTP(started["secret"])
        requests.post(second.base + "/api/v1/me/totp/confirm", headers=auth(token), json={"code": app.now()},
                      timeout=10)
        time.sleep(30 - time.time() % 30 + 0.5)
        code = app.now()
        used = sign_in(first.base, ivy, totp=code)
        replay = sign_in(second.base, ivy, totp=code)
        check(used.status_code == 201 and code_of(replay) == "totp_invalid",
              "OPS-2 a code used on one server is refused on the other", f"{used.text} {replay.text}")
        boss = name("opsboss")
        register(first.base, boss)
        second.stop()
        admin(second, "grant", boss)
        second.start()
        boss_token = sign_in(first.base, boss).json()["token"]
        ivy_token = used.json().get("token", "")
        ivy_id = requests.get(first.base + "/api/v1/me", headers=auth(ivy_token), timeout=10).json()["id"]
        stream = requests.get(second.base + "/api/v1/events", headers=auth(ivy_token), stream=True, timeout=30)
        ended = threading.Event()

        def read_stream() -> None:
            try:
                for _ in stream.iter_lines():
                    pass
            except requests.RequestException:
                pass
            ended.set()

        threading.Thread(target=read_stream, daemon=True).start()
        time.sleep(0.5)
        disabled = requests.post(f"{first.base}/api/v1/admin/accounts/{ivy_id}/disable", headers=auth(boss_token),
                                 json={"reason": "Left the team"}, timeout=10)
        check(disabled.ok, "OPS-2 an admin disables an account through one server", disabled.text)
        check(requests.get(second.base + "/api/v1/me", headers=auth(ivy_token), timeout=10).status_code == 401,
              "OPS-2 the other server refuses its token at the next request")
        check(ended.wait(10), "OPS-2 its event stream on the other server ends")
        stream.close()
    finally:
        first.stop()
        second.stop()


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="doable-accounts-"))
    if DATABASE_URL:
        os.environ["DOABLE_DATABASE_URL"] = DATABASE_URL
    sink = MailSink(folder / "mail")
    server = Server(folder / "data", folder / "server.log", "--log-level", "warning", "--smtp-url",
                    f"smtp://127.0.0.1:{sink.port}", "--public-url", "http://doable.example")
    print(f"engine {ENGINE}; SMTP sink on {sink.port}")
    try:
        server.start()
        parts = [lambda: reset_checks(server, sink), lambda: totp_checks(server), lambda: sessions_checks(server),
                 lambda: command_line_checks(server), lambda: invitation_checks(folder, sink)]
        if DATABASE_URL:
            parts.append(lambda: ops2_checks(folder))
        for part in parts:
            try:
                part()
            except Exception:  # noqa: BLE001 - a broken part is a failure; the others still run
                check(False, "a part ran to the end", traceback.format_exc())
                if server.process is None or server.process.poll() is not None:
                    server.start()
        bare = Server(folder / "bare-data", folder / "bare.log", "--log-level", "warning")
        bare.start()
        try:
            answer = requests.post(bare.base + "/api/v1/password-resets", json={"email": "a@example.com"}, timeout=10)
            check(answer.status_code == 202 and "admin" in answer.json()["message"],
                  "ACC-8 without a mail server the answer says to ask the admin", answer.text)
        finally:
            bare.stop()
    except Exception:  # noqa: BLE001
        check(False, "harness ran to the end", traceback.format_exc())
    finally:
        server.stop()
        sink.stop()
        if results.failures:
            for log in sorted(folder.glob("*.log")):
                print(f"---- {log.name} (tail)")
                print("\n".join(log.read_text(errors="replace").splitlines()[-20:]))
        shutil.rmtree(folder, ignore_errors=True)
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
