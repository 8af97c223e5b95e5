"""OPS-5: TLS served directly (`doable serve --tls-cert FILE --tls-key FILE --redirect-http PORT`), against a real
`doable serve` with a certificate made here at run time (a throwaway CA and a leaf for 127.0.0.1 and localhost):

  - HTTPS verified against the CA with Python's `ssl`; HTTP/2 and HTTP/1.1 negotiated by ALPN (httpx);
  - every HTTPS answer carries `Strict-Transport-Security`; health and readiness answer as over plain HTTP;
  - signing in on the web form over HTTPS sets `Secure`, `__Host-` cookies; feed links say `https`;
  - SIGHUP with a new certificate: a new connection gets it, a keep-alive connection opened before still answers;
    a reload with bad files is logged and keeps the certificate served;
  - `--redirect-http`: 308 to the same path and query over HTTPS on the host the request named, 400 without a
    usable Host, no HSTS there;
  - a key that does not match the certificate, a missing file, or `--redirect-http` without TLS stops the start
    with one clear line and a non-zero exit, before anything listens.
"""
from __future__ import annotations

import datetime
import http.client
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from ipaddress import IPv4Address
from pathlib import Path

import httpx
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from liveserver import Checks, Server, doable_binary, free_port
from rawhttp import exchange

results = Checks()
check = results.check
HOST = "127.0.0.1"


class Authority:
    """A throwaway certificate authority that signs leaves for 127.0.0.1 and localhost."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Doable live test CA")])
        now = datetime.datetime.now(datetime.timezone.utc)
        self.certificate = (
            x509.CertificateBuilder().subject_name(self.name).issuer_name(self.name)
            .public_key(self.key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .sign(self.key, hashes.SHA256()))

    def pem(self) -> bytes:
        return self.certificate.public_bytes(serialization.Encoding.PEM)

    def leaf(self, serial: int) -> tuple[bytes, bytes]:
        """(the leaf followed by the CA: a full chain, the key) as PEM."""
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        certificate = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(self.name).public_key(key.public_key()).serial_number(serial)
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(IPv4Address(HOST))]),
                           critical=False)
            .sign(self.key, hashes.SHA256()))
        chain = certificate.public_bytes(serialization.Encoding.PEM) + self.pem()
        return chain, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption())


def write(path: Path, data: bytes) -> None:
    """Replaces the file at once, as a certificate renewal tool does."""
    partial = path.with_suffix(".partial")
    partial.write_bytes(data)
    os.replace(partial, path)


class TLSServer(Server):
    """`doable serve` with TLS: ready once `GET /readyz` answers 200 over HTTPS."""

    def __init__(self, folder: Path, ca_file: Path, *args: str):
        super().__init__(folder / "data", folder / "server.log", "--log-level", "warning", *args)
        self.ca_file = ca_file

    def context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.ca_file))

    def start(self, timeout: float = 60, port: int | None = None) -> None:
        self.port = port or free_port()
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--host", HOST, "--port", str(self.port), "--data-dir", str(self.data_dir),
                 "--bcrypt-cost", "4", *self.extra_args],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.data_dir.parent)
        self.base = f"https://{HOST}:{self.port}"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if self.get("/readyz")[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server not ready within {timeout} s:\n{self.log_tail()}")

    def connect(self) -> http.client.HTTPSConnection:
        connection = http.client.HTTPSConnection(HOST, self.port, context=self.context(), timeout=10)
        connection.connect()
        return connection

    def get(self, path: str) -> tuple[int, str]:
        """(status, serial number of the certificate) on a new connection."""
        connection = self.connect()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            return response.status, serial(connection)
        finally:
            connection.close()


def serial(connection: http.client.HTTPSConnection) -> str:
    return connection.sock.getpeercert()["serialNumber"].lstrip("0").upper()


def hex_serial(number: int) -> str:
    return f"{number:X}"


def failed_start(folder: Path, *args: str) -> tuple[int, str, bool]:
    """Runs `doable serve` expected to refuse: (exit status, its output, whether anything listened on the port)."""
    port = free_port()
    try:
        done = subprocess.run(
            [doable_binary(), "serve", "--host", HOST, "--port", str(port), "--data-dir", str(folder / "refused"),
             "--bcrypt-cost", "4", *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return 0, "still running after 60 s", True
    with socket.socket() as sock:
        listened = sock.connect_ex((HOST, port)) == 0
    return done.returncode, (done.stdout + done.stderr).strip(), listened


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="doable-live-tls-"))
    authority = Authority()
    ca_file, cert_file, key_file = folder / "ca.pem", folder / "cert.pem", folder / "key.pem"
    ca_file.write_bytes(authority.pem())
    first_serial, second_serial = 0x0D0AB1E1, 0x0D0AB1E2
    chain, key = authority.leaf(first_serial)
    write(cert_file, chain)
    write(key_file, key)
    redirect_port = free_port()
    server = TLSServer(folder, ca_file, "--tls-cert", str(cert_file), "--tls-key", str(key_file),
                       "--redirect-http", str(redirect_port))
    try:
        server.start()
        try:
            https_checks(server)
            web_checks(server)
            reload_checks(server, authority, cert_file, key_file, first_serial, second_serial)
            redirect_checks(server, redirect_port)
        finally:
            server.stop()
        refusal_checks(folder, cert_file, key_file, authority)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return results.summary()


def https_checks(server: TLSServer) -> None:
    status, served = server.get("/healthz")
    check(status == 200, "OPS-5: HTTPS with Python's ssl, the certificate verified against the CA (full chain)")
    with httpx.Client(http2=True, verify=server.context(), timeout=10) as client:
        response = client.get(server.base + "/healthz")
        check(response.status_code == 200 and response.http_version == "HTTP/2", "OPS-5: HTTP/2 negotiated by ALPN",
              f"{response.status_code} {response.http_version}")
        check(response.headers.get("strict-transport-security") == "max-age=31536000",
              "OPS-5: an HTTP/2 answer carries Strict-Transport-Security", f"{dict(response.headers)}")
        missing = client.get(server.base + "/api/v1/no-such-thing")
        check(missing.status_code == 404 and "strict-transport-security" in missing.headers,
              "OPS-5: an error answer carries HSTS too", f"{missing.status_code} {dict(missing.headers)}")
        ready = client.get(server.base + "/readyz")
        check(ready.status_code == 200, "OPS-5: readiness answers over HTTPS", f"{ready.status_code}")
    with httpx.Client(http2=False, verify=server.context(), timeout=10) as client:
        response = client.get(server.base + "/healthz")
        check(response.status_code == 200 and response.http_version == "HTTP/1.1"
              and response.headers.get("strict-transport-security") == "max-age=31536000",
              "OPS-5: a client offering only HTTP/1.1 gets HTTP/1.1, with HSTS",
              f"{response.status_code} {response.http_version} {dict(response.headers)}")
    plain = exchange(server.port, f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode(),
                     timeout=3)
    check(plain.status != 200, "OPS-5: plain HTTP on the HTTPS port is not served", f"{plain.raw[:100]!r}")


def web_checks(server: TLSServer) -> None:
    with httpx.Client(http2=True, verify=server.context(), timeout=10) as client:
        created = client.post(server.base + "/api/v1/accounts", json={
            "email": "tlsann@example.com", "password": "live password", "username": "tlsann",
            "firstName": "Live", "lastName": "Test"})
        check(created.status_code == 201, "OPS-5: registering through the API over HTTP/2", f"{created.status_code}")
        token = created.json().get("token", "")
        page = client.get(server.base + "/signin")
        csrf_cookie = page.headers.get("set-cookie", "")
        check(csrf_cookie.startswith("__Host-doable_csrf=") and "Secure" in csrf_cookie,
              "OPS-5: over direct TLS the CSRF cookie is __Host- and Secure", csrf_cookie)
        found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.text)
        signed = client.post(server.base + "/signin", data={
            "login": "tlsann", "password": "live password", "_csrf": found.group(1) if found else ""})
        session = [value for name, value in signed.headers.multi_items()
                   if name == "set-cookie" and "doable_session=" in value]
        check(signed.status_code == 303 and len(session) == 1 and session[0].startswith("__Host-doable_session=")
              and "; Secure" in session[0], "OPS-5: signing in on the web form over HTTPS sets a Secure session cookie",
              f"{signed.status_code} {session}")
        feeds = client.get(server.base + "/api/v1/feeds", headers={"Authorization": f"Bearer {token}"})
        url = (feeds.json().get("all") or {}).get("url", "") if feeds.status_code == 200 else ""
        check(url.startswith(f"https://{HOST}:{server.port}/feeds/"), "OPS-5: public links (feed URLs) say https",
              f"{feeds.status_code} {url}")


def reload_checks(server: TLSServer, authority: Authority, cert_file: Path, key_file: Path,
                  first_serial: int, second_serial: int) -> None:
    kept = server.connect()  # an HTTP/1.1 keep-alive connection opened before the reload
    kept.request("GET", "/healthz")
    before = kept.getresponse()
    before.read()
    check(before.status == 200 and serial(kept) == hex_serial(first_serial), "OPS-5: the first certificate is served",
          f"{serial(kept)}")

    chain, key = authority.leaf(second_serial)
    write(key_file, key)
    write(cert_file, chain)
    server.process.send_signal(signal.SIGHUP)
    seen = ""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        seen = server.get("/healthz")[1]
        if seen == hex_serial(second_serial):
            break
        time.sleep(0.1)
    check(seen == hex_serial(second_serial), "OPS-5: after SIGHUP a new connection gets the new certificate", seen)
    kept.request("GET", "/readyz")
    after = kept.getresponse()
    after.read()
    check(after.status == 200 and serial(kept) == hex_serial(first_serial),
          "OPS-5: a keep-alive connection opened before the reload still answers, on its old certificate",
          f"{after.status} {serial(kept)}")
    kept.close()

    _, wrong_key = authority.leaf(0x0BAD)
    write(key_file, wrong_key)  # the key no longer matches the certificate
    server.process.send_signal(signal.SIGHUP)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "not reloaded" not in server.log_tail(20):
        time.sleep(0.1)
    check("TLS certificate not reloaded" in server.log_tail(20) and "does not belong" in server.log_tail(20),
          "OPS-5: a reload with a key that does not match is logged as an error", server.log_tail(5))
    write(cert_file, b"not a certificate\n")
    server.process.send_signal(signal.SIGHUP)
    time.sleep(1)
    status, seen = server.get("/healthz")
    check(status == 200 and seen == hex_serial(second_serial) and server.process.poll() is None,
          "OPS-5: after bad reloads the server runs on and keeps serving the last good certificate", seen)


def redirect_checks(server: TLSServer, redirect_port: int) -> None:
    def ask(request: bytes):
        return exchange(redirect_port, request, timeout=3)

    moved = ask(f"GET /today?list=1&x=%2F HTTP/1.1\r\nHost: {HOST}:{redirect_port}\r\nConnection: close\r\n\r\n"
                .encode())
    headers = moved.responses[0][1] if moved.responses else {}
    check(moved.status == 308 and headers.get("location") == f"https://{HOST}:{server.port}/today?list=1&x=%2F"
          and "strict-transport-security" not in headers,
          "OPS-5: --redirect-http answers 308 to the same path and query over HTTPS, without HSTS",
          f"{moved.raw[:300]!r}")
    named = ask(b"POST /api/v1/tasks HTTP/1.1\r\nHost: tasks.example.org\r\nContent-Length: 2\r\n"
                b"Connection: close\r\n\r\n{}")
    headers = named.responses[0][1] if named.responses else {}
    check(named.status == 308 and headers.get("location") == f"https://tasks.example.org:{server.port}/api/v1/tasks",
          "OPS-5: the redirect goes to the host the request named, on the HTTPS port", f"{named.raw[:300]!r}")
    for host, name in [(None, "no Host"), (b"evil.example@127.0.0.1", "a Host with user information"),
                       (b"evil.example/x", "a Host with a path"), (b"a.example:80:80", "a Host with two ports")]:
        header = b"" if host is None else b"Host: " + host + b"\r\n"
        refused = ask(b"GET / HTTP/1.0\r\n" + header + b"Connection: close\r\n\r\n")
        check(refused.status == 400, f"OPS-5: the redirect listener answers {name} with 400", f"{refused.raw[:200]!r}")
    absolute = ask(b"GET http://evil.example/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    location = absolute.responses[0][1].get("location", "") if absolute.responses else ""
    check(absolute.status == 400 or location.startswith(f"https://{HOST}:{server.port}/"),
          "OPS-5: an absolute request target never redirects to the host it names", f"{absolute.raw[:200]!r}")


def refusal_checks(folder: Path, cert_file: Path, key_file: Path, authority: Authority) -> None:
    good_chain, good_key = authority.leaf(0x600D)
    _, other_key = authority.leaf(0x0BAD)
    write(cert_file, good_chain)
    write(key_file, other_key)
    status, output, listened = failed_start(folder, "--tls-cert", str(cert_file), "--tls-key", str(key_file))
    check(status != 0 and not listened and len(output.splitlines()) == 1 and str(key_file) in output
          and "does not belong" in output,
          "OPS-5: a key that does not match the certificate: one clear line, non-zero exit, no listener",
          f"exit {status}, listened {listened}: {output}")
    write(key_file, good_key)
    missing = folder / "missing.pem"
    status, output, listened = failed_start(folder, "--tls-cert", str(missing), "--tls-key", str(key_file))
    check(status != 0 and not listened and len(output.splitlines()) == 1 and str(missing) in output
          and "No such file" in output,
          "OPS-5: a missing certificate file: one clear line naming it, non-zero exit, no listener",
          f"exit {status}, listened {listened}: {output}")
    status, output, listened = failed_start(folder, "--tls-cert", str(cert_file), "--tls-key", str(cert_file))
    check(status != 0 and not listened and str(cert_file) in output and "private key" in output,
          "OPS-5: a certificate given as the key is refused, naming the file", f"exit {status}: {output}")
    status, output, listened = failed_start(folder, "--redirect-http", str(free_port()))
    check(status != 0 and not listened and "--redirect-http needs --tls-cert" in output,
          "OPS-5: --redirect-http without TLS is refused", f"exit {status}: {output}")


if __name__ == "__main__":
    sys.exit(main())
