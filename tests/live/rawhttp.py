"""Raw-socket HTTP/1.1 for live checks where framing matters: send exact bytes, read what comes back, and tell
whether (and when) the server closed the connection."""
import json
import socket
import time
from dataclasses import dataclass, field


@dataclass
class Reply:
    responses: list = field(default_factory=list)  # (status, headers dict lower-cased, body bytes)
    closed: bool = False  # the server ended the connection (EOF or reset) within the timeout
    seconds: float = 0.0  # until closed, or until the timeout
    raw: bytes = b""
    sent_all: bool = True  # the payload went out (or was cut off by the server) before the end
    fully_closed: bool | None = None  # with probe_close: the server's socket is gone, not just its output shut

    @property
    def status(self) -> int | None:
        return self.responses[0][0] if self.responses else None

    def error_shape(self, index: int = 0) -> dict | None:
        """The `error` object when response `index` has the one JSON error shape, else None."""
        if len(self.responses) <= index:
            return None
        _, headers, body = self.responses[index]
        if not headers.get("content-type", "").startswith("application/json"):
            return None
        try:
            error = json.loads(body)["error"]
        except (ValueError, KeyError, TypeError):
            return None
        if not isinstance(error, dict) or set(error) != {"code", "message", "field"}:
            return None
        if not isinstance(error["code"], str) or not isinstance(error["message"], str) or not error["message"]:
            return None
        return error


def parse_responses(data: bytes) -> list:
    """Every complete response in `data` (Content-Length framed, or up to the end)."""
    responses = []
    while data:
        head_end = data.find(b"\r\n\r\n")
        if head_end < 0 or not data.startswith(b"HTTP/1."):
            break
        lines = data[:head_end].decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split(" ")[1])
        except (IndexError, ValueError):
            break
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        rest = data[head_end + 4:]
        length = int(headers.get("content-length", "0") or 0) if "content-length" in headers else len(rest)
        responses.append((status, headers, rest[:length]))
        data = rest[length:]
    return responses


def exchange(port: int, payload: bytes, *, half_close: bool = False, timeout: float = 5.0,
             send_in_background: bool = False, probe_close: float = 0.0) -> Reply:
    """Sends `payload`, optionally shuts the write side, then reads until the server closes or `timeout` passes.
    With `send_in_background` the payload is sent while replies are read (a client still sending a large body).
    With `probe_close`, after the server's end of output, keeps sending a byte now and then for up to that many
    seconds: only a server that closed its socket (rather than just its output) makes that fail."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    reply = Reply()
    started = time.monotonic()
    sender = None
    try:
        if send_in_background:
            import threading

            def send():
                try:
                    sock.sendall(payload)
                except OSError:
                    pass
            sender = threading.Thread(target=send, daemon=True)
            sender.start()
        else:
            try:
                sock.sendall(payload)
            except OSError:
                pass  # the server may refuse early and close; what it answered is still readable
        if half_close:
            try:
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        chunks = []
        deadline = started + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            sock.settimeout(remaining)
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            except OSError:  # reset: closed too
                reply.closed = True
                break
            if not chunk:
                reply.closed = True
                break
            chunks.append(chunk)
        reply.raw = b"".join(chunks)
        reply.seconds = time.monotonic() - started
        reply.responses = parse_responses(reply.raw)
        if probe_close and reply.closed:
            reply.fully_closed = False
            deadline = time.monotonic() + probe_close
            if sender:
                sender.join(timeout=max(0.0, deadline - time.monotonic()))
            while time.monotonic() < deadline and not (sender and sender.is_alive()):
                sock.settimeout(0.2)
                try:
                    sock.send(b"x")
                except socket.timeout:
                    pass
                except OSError:
                    reply.fully_closed = True
                    break
                time.sleep(0.1)
        if sender:
            sender.join(timeout=0.5)
            reply.sent_all = not sender.is_alive()
        return reply
    finally:
        sock.close()
        if sender:
            sender.join(timeout=1)
