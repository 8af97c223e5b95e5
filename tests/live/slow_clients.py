"""Q-7 and issue 3 "abuse": idle and slow clients are timed out and never hold up anyone else.

Opens hundreds of silent connections and connections that dribble half a request, checks that ordinary
requests are still answered promptly meanwhile, and that the server closes the silent ones after its idle timeout.
"""
import socket
import sys
import time

import requests

from liveserver import Checks, LiveServer, register

results = Checks()
check = results.check


def main() -> int:
    with LiveServer("--idle-timeout", "2") as server:
        token = register(server.base, "patient")["token"]
        headers = {"Authorization": f"Bearer {token}"}
        idle = []
        for _ in range(300):
            sock = socket.create_connection(("127.0.0.1", server.port))
            idle.append(sock)
        slow = []
        for _ in range(50):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(b"GET /api/v1/tasks HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            slow.append(sock)
        latencies = []
        for index in range(20):
            started = time.time()
            response = requests.post(server.base + "/api/v1/tasks", json={"title": f"still served {index}"},
                                     headers=headers, timeout=5)
            latencies.append(time.time() - started)
            if response.status_code != 201:
                check(False, f"request {index} answered {response.status_code}")
        check(max(latencies) < 1.0, f"350 idle or slow connections: 20 requests answered, slowest {max(latencies):.3f} s")

        time.sleep(4)
        closed = 0
        for sock in idle + slow:
            sock.settimeout(1)
            try:
                sock.sendall(b"\r\n")
                data = sock.recv(1024)
                closed += 1 if data == b"" or data.startswith(b"HTTP/1.1 4") else 0
            except (ConnectionResetError, BrokenPipeError, socket.timeout, OSError):
                closed += 1
            finally:
                sock.close()
        check(closed >= 345, f"{closed} of 350 silent or slow connections closed by the server after its idle timeout")
        dribbler = socket.create_connection(("127.0.0.1", server.port))
        started = time.time()
        cut_off = None
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Dribble: " + b"a" * 40:
            try:
                dribbler.sendall(bytes([byte]))
            except OSError:
                cut_off = time.time() - started
                break
            time.sleep(0.25)
            if time.time() - started > 8:
                break
        if cut_off is None:
            dribbler.settimeout(1)
            try:
                cut_off = time.time() - started if dribbler.recv(1) == b"" else None
            except OSError:
                cut_off = time.time() - started
        dribbler.close()
        check(cut_off is not None and cut_off < 6,
              "a client dribbling a request one byte at a time is cut off "
              + (f"(after {cut_off:.1f} s)" if cut_off is not None else "(never)"))
        tasks = requests.get(server.base + "/api/v1/tasks?limit=500", headers=headers, timeout=5).json()["tasks"]
        check(len(tasks) == 20, "every acknowledged request was stored")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
