"""REACH-3: a push service stand-in on loopback, written for the tests (RFC 8030 as a browser's push service would
answer it). Each test device is a key pair and a secret made here, subscribed through Doable's API with an endpoint
on this server. For every push it checks what a real push service and browser would: the VAPID token (RFC 8292:
`aud` is this origin, `exp` within a day, ES256 signature by the key in `k`), the `TTL`, `Urgency` and
`Content-Encoding: aes128gcm` headers, and it decrypts the body with the device's private key (RFC 8291, PyPI's
http_ece) — so a test sees the message exactly as the phone would. It answers 201, or what the test asked for."""
from __future__ import annotations

import base64
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """One browser's push subscription: its keys and the endpoint on the stand-in."""
    name: str
    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: __import__("os").urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(self.private.public_key().public_bytes(serialization.Encoding.X962,
                                                          serialization.PublicFormat.UncompressedPoint))

    def subscription(self) -> dict:
        """What `PushSubscription.toJSON()` gives in a browser."""
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)}}


@dataclass
class Received:
    device: str
    at: float
    headers: dict
    message: dict | None
    problems: list


class PushService:
    """The stand-in; use as a context manager. `answers[name]` is a list of statuses to give that device's next
    pushes (201 once the list is empty)."""

    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.received: list[Received] = []
        self.answers: dict[str, list[int]] = {}
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                name = self.path.rsplit("/", 1)[-1]
                status = service.take(name, body, dict(self.headers))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "PushService":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()

    def device(self, name: str) -> Device:
        made = Device(name, f"{self.origin}/push/{name}")
        self.devices[name] = made
        return made

    def take(self, name: str, body: bytes, headers: dict) -> int:
        device = self.devices.get(name)
        problems = self.check_vapid(headers.get("Authorization", ""))
        for header in ("TTL", "Urgency"):
            if not headers.get(header):
                problems.append(f"no {header} header")
        if headers.get("Content-Encoding") != "aes128gcm":
            problems.append(f"Content-Encoding {headers.get('Content-Encoding')!r}")
        message = None
        if device:
            try:
                plain = http_ece.decrypt(body, private_key=device.private, auth_secret=device.auth, version="aes128gcm")
                message = json.loads(plain)
            except Exception as error:  # noqa: BLE001 - recorded for the test to report
                problems.append(f"could not decrypt: {error!r}")
        with self.lock:
            self.received.append(Received(name, time.time(), headers, message, problems))
            queue = self.answers.get(name) or []
            return queue.pop(0) if queue else 201

    def check_vapid(self, authorization: str) -> list[str]:
        """RFC 8292 §2 and §3: `vapid t=<JWT>, k=<key>`; the JWT is ES256 by that key, for this origin, unexpired."""
        try:
            scheme, rest = authorization.split(" ", 1)
            parts = dict(p.strip().split("=", 1) for p in rest.split(","))
            header, claims, signature = parts["t"].split(".")
            key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
            raw = unb64(signature)
            key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                       f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
            decoded = json.loads(unb64(claims))
            problems = []
            if scheme != "vapid" or json.loads(unb64(header)).get("alg") != "ES256":
                problems.append("not a vapid ES256 token")
            if decoded.get("aud") != self.origin:
                problems.append(f"aud {decoded.get('aud')!r} is not {self.origin}")
            if not time.time() < decoded.get("exp", 0) <= time.time() + 86_400:
                problems.append(f"exp {decoded.get('exp')} is not within a day")
            if not str(decoded.get("sub", "")).startswith(("mailto:", "https:")):
                problems.append(f"sub {decoded.get('sub')!r}")
            return problems
        except Exception as error:  # noqa: BLE001
            return [f"bad VAPID authorization: {error!r}"]

    def to(self, name: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.device == name]
