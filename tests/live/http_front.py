"""Issue 10, findings 1, 3, 6 and 11 (Q-7, INTEROP-3): what the HTTP front answers requests it cannot or will not
read, against a real `doable serve`, over raw sockets where the framing is the point.

  1. a malformed chunked body (bad chunk size, data without its CRLF, a body cut off) -> 400, error shape, closed;
  3. requests refused below the router (bad request line, bad or oversized headers, bad Content-Length, a declared
     body over the limit) -> the right 4xx in the error shape, never an empty 400, and the connection closed;
  6. a JSON object repeating a name -> 400 naming it; a body sent as anything but application/json -> 415;
 11. an 8 MiB body (with and without `Connection: close`) -> 413 in the error shape, and the connection closed
     at once, not after the idle timeout.
Runs on whatever engine DOABLE_DATABASE_URL selects (SQLite when unset).
"""
import sys

import requests

from liveserver import Checks, LiveServer, register
from rawhttp import exchange

results = Checks()
check = results.check


def refused(reply, name: str, statuses=(400,), closes: bool = True) -> None:
    error = reply.error_shape()
    check(reply.status in statuses and error is not None,
          f"{name}: answered {reply.status} in the error shape", f"{reply.raw[:400]!r}")
    if closes:
        check(reply.closed and reply.seconds < 3, f"{name}: connection closed ({reply.seconds:.2f} s)",
              f"closed={reply.closed}")


def main() -> int:
    with LiveServer() as server:
        port = server.port
        token = register(server.base, "front")["token"]
        auth = f"Authorization: Bearer {token}\r\n".encode()

        # Finding 1: chunked bodies that cannot be framed.
        def chunked(body: bytes) -> bytes:
            return (b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\n" + auth +
                    b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        refused(exchange(port, chunked(b"zz\r\n{}\r\n0\r\n\r\n")), "bad chunk size")
        refused(exchange(port, chunked(b"5\r\n{\"a\":XY3\r\n1}\r\n0\r\n\r\n")), "chunk data without its CRLF")
        refused(exchange(port, chunked(b"ffffffffffffffffffff\r\n")), "chunk size overflowing")
        refused(exchange(port, chunked(b"10\r\n{\"title\":"), half_close=True), "chunked body cut off")
        ok = exchange(port, chunked(b"e\r\n{\"title\":\"ok\"}\r\n0\r\n\r\n"), half_close=True)
        check(ok.status == 201, "a well-formed chunked body still creates a task", f"{ok.raw[:300]!r}")

        # Finding 3: refused below the router.
        refused(exchange(port, b"GARBAGE\r\n\r\n"), "a request line that is not HTTP")
        refused(exchange(port, b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n"), "an unknown HTTP version",
                statuses=(400, 505))
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n"), "a space in a header name")
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Nul: a\x00b\r\n\r\n"), "a NUL in a header value")
        refused(exchange(port, b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"),
                "a Content-Length that is not a number")
        refused(exchange(port, b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
                               b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"), "both Content-Length and chunked")
        refused(exchange(port, b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                               b"Content-Length: 3\r\n\r\n{}"), "two different Content-Lengths")
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"),
                "a 100 KB header", statuses=(431,))
        many = b"".join(b"X-H%d: v\r\n" % index for index in range(1_500))
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n"), "1,500 headers",
                statuses=(400, 431))
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n"),
                "a Content-Length beyond any integer")
        refused(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n"),
                "a declared body over 1 MiB on a route without a body", statuses=(413,))
        two = exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nNOT HTTP AT ALL\r\n\r\n")
        check([status for status, _, _ in two.responses] == [200, 400] and two.error_shape(1) is not None
              and two.closed, "a bad request after a good one: 200, then 400 in the error shape, then closed",
              f"{two.raw[:400]!r}")
        connect = exchange(port, b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\ntunnel bytes")
        check(connect.status == 404 and connect.closed and connect.seconds < 1,
              "CONNECT (no proxy here): 404 without a body, as SwiftNIO frames it, and closed at once",
              f"{connect.raw[:300]!r} closed={connect.closed}")
        upgrade = exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
                                 b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        check(upgrade.status == 200 and upgrade.closed and upgrade.seconds < 1,
              "a request to switch protocols is answered, then the connection closes (nothing after it is read)",
              f"{upgrade.raw[:300]!r} closed={upgrade.closed} after {upgrade.seconds:.1f} s")
        alive = requests.get(server.base + "/healthz", timeout=5)
        check(alive.status_code == 200, "the server still answers")

        # Finding 6: media types and repeated names.
        headers = {"Authorization": f"Bearer {token}"}
        duplicate = requests.post(server.base + "/api/v1/tasks", data=b'{"title":"a","title":"b"}',
                                  headers={**headers, "Content-Type": "application/json"}, timeout=5)
        check(duplicate.status_code == 400 and duplicate.json()["error"]["field"] == "title",
              "a repeated name in a JSON object: 400 naming it", duplicate.text)
        nested = requests.patch(server.base + "/api/v1/me", data=b'{"preferences":{"theme":"dark","theme":"light"}}',
                                headers={**headers, "Content-Type": "application/json"}, timeout=5)
        check(nested.status_code == 400 and nested.json()["error"]["field"] == "theme",
              "a repeated name in a nested object: 400 naming it", nested.text)
        for content_type in ["text/plain", "application/x-www-form-urlencoded", "application/xml", None]:
            sent = {**headers, **({"Content-Type": content_type} if content_type else {})}
            response = requests.post(server.base + "/api/v1/tasks", data=b'{"title":"typed"}', headers=sent,
                                     timeout=5)
            check(response.status_code == 415 and response.json()["error"]["code"] == "unsupported_media_type",
                  f"a JSON body sent as {content_type or 'nothing'}: 415", response.text)
        sign_in = requests.post(server.base + "/api/v1/sessions", data=b'{"login":"front","password":"live password"}',
                                headers={"Content-Type": "text/plain"}, timeout=5)
        check(sign_in.status_code == 415, "sign-in refuses text/plain too")
        tasks = requests.get(server.base + "/api/v1/tasks?limit=500", headers=headers, timeout=5).json()["tasks"]
        check([task["title"] for task in tasks] == ["ok"], "nothing refused was stored",
              str([task["title"] for task in tasks]))

        # Finding 11: 8 MiB bodies.
        big = b"x" * (8 << 20)
        for close in [True, False]:
            request = (b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\n" + auth +
                       b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(big) +
                       (b"Connection: close\r\n" if close else b"") + b"\r\n" + big)
            reply = exchange(port, request, timeout=8, send_in_background=True, probe_close=4)
            label = "with Connection: close" if close else "without Connection: close"
            refused(reply, f"an 8 MiB body {label}", statuses=(413,))
            check(reply.fully_closed is True, f"an 8 MiB body {label}: the server's socket is closed, not only "
                                              f"its output", f"fully_closed={reply.fully_closed} sent_all={reply.sent_all}")
            chunked_big = (b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\n" + auth +
                           b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n" +
                           (b"Connection: close\r\n" if close else b"") + b"\r\n" +
                           b"".join(b"100000\r\n" + b"y" * 0x100000 + b"\r\n" for _ in range(8)) + b"0\r\n\r\n")
            reply = exchange(port, chunked_big, timeout=8, send_in_background=True, probe_close=4)
            refused(reply, f"an 8 MiB chunked body {label}", statuses=(413,))
            check(reply.fully_closed is True, f"an 8 MiB chunked body {label}: the server's socket is closed",
                  f"fully_closed={reply.fully_closed} sent_all={reply.sent_all}")
        keep = exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", timeout=1.5)
        check(keep.status == 200 and not keep.closed, "an ordinary request keeps its connection open")
        closing = exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=3)
        check(closing.status == 200 and closing.closed and closing.seconds < 1,
              f"Connection: close on an ordinary request closes at once ({closing.seconds:.2f} s)")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
