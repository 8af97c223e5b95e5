#!/usr/bin/env python3
"""NOTIF-2: a throwaway SMTP server for tests, on 127.0.0.1 and a free port.

Prints `READY <port>` once it listens, then stores every message it accepts in --out DIR as `<n>.eml` (the DATA
bytes as received, dot-stuffing undone) and `<n>.json` (the envelope: mail_from, rcpt_tos, options, whether TLS
was on, who logged in with which mechanism). Runs until it is killed or its stdin closes.

  --auth USER:PASSWORD        require AUTH with these credentials (over TLS when --starttls is given)
  --auth-mechanism PLAIN      offer only this mechanism (PLAIN or LOGIN); both by default
  --starttls CERT KEY         offer STARTTLS with this certificate
  --smtps CERT KEY            TLS from the first byte (implicit TLS)
  --fail-rcpt 451|550         answer RCPT TO with this code
  --no-ehlo                   refuse EHLO (502), as a server from before ESMTP
  --hang                      accept connections and never answer
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import socket
import ssl
import sys
import threading
import warnings
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

RCPT_REPLIES = {
    "451": "451 4.3.0 Mailbox busy, try again later",
    "550": "550 5.1.1 No such user here",
}


class Sink:
    def __init__(self, out: Path, fail_rcpt: str | None, refuses_ehlo: bool):
        self.out = out
        self.fail_rcpt = fail_rcpt
        self.refuses_ehlo = refuses_ehlo
        self.count = 0
        self.lock = threading.Lock()

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        if self.refuses_ehlo:
            session.extended_smtp = False
            return ["502 5.5.1 EHLO not implemented"]
        session.host_name = hostname  # with this hook, aiosmtpd leaves that to the handler
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.fail_rcpt:
            return RCPT_REPLIES[self.fail_rcpt]
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            number = self.count
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "mail_options": envelope.mail_options,
            "rcpt_options": envelope.rcpt_options,
            "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
            "login": getattr(session, "sink_login", None),
            "mechanism": getattr(session, "sink_mechanism", None),
            "helo": session.host_name,
        }
        (self.out / f"{number}.json").write_text(json.dumps(meta))
        (self.out / f"{number}.eml").write_bytes(envelope.original_content or envelope.content)
        return "250 2.0.0 Stored"


def authenticator(credentials: str):
    user, _, password = credentials.partition(":")

    def check(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login.decode() == user and auth_data.password.decode() == password)
        if ok:
            session.sink_login, session.sink_mechanism = user, mechanism
        return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd sends the 535 itself

    return check


def tls_context(cert_and_key: list[str]) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*cert_and_key)
    return context


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_stdin_to_close():
    try:
        sys.stdin.read()
    except (OSError, ValueError):
        threading.Event().wait()


async def hang() -> None:
    held = []

    async def never_answer(reader, writer):
        held.append(writer)
        await asyncio.Event().wait()

    server = await asyncio.start_server(never_answer, "127.0.0.1", 0)
    print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, wait_for_stdin_to_close)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--auth")
    parser.add_argument("--auth-mechanism", choices=["PLAIN", "LOGIN"])
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--smtps", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--fail-rcpt", choices=sorted(RCPT_REPLIES))
    parser.add_argument("--no-ehlo", action="store_true")
    parser.add_argument("--hang", action="store_true")
    args = parser.parse_args()
    if args.hang:
        asyncio.run(hang())
        return
    if args.out is None:
        parser.error("--out is required")
    args.out.mkdir(parents=True, exist_ok=True)

    options: dict = {}
    if args.auth:
        # AUTH over plain text is what a test on 127.0.0.1 asks for; keep aiosmtpd's warnings about it quiet.
        warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
        logging.getLogger("mail.log").setLevel(logging.ERROR)
        options.update(authenticator=authenticator(args.auth), auth_required=True,
                       auth_require_tls=bool(args.starttls))
        if args.auth_mechanism:
            options["auth_exclude_mechanism"] = [m for m in ("PLAIN", "LOGIN") if m != args.auth_mechanism]
    if args.starttls:
        options["tls_context"] = tls_context(args.starttls)
    if args.smtps:
        options["ssl_context"] = tls_context(args.smtps)

    for attempt in range(5):  # another process may take the free port between probing and binding
        port = free_port()
        controller = Controller(Sink(args.out, args.fail_rcpt, args.no_ehlo), hostname="127.0.0.1", port=port, **options)
        try:
            controller.start()
            break
        except OSError:
            if attempt == 4:
                raise
    print(f"READY {port}", flush=True)
    try:
        wait_for_stdin_to_close()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
