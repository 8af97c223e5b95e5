"""Q-7 and issue 10 ("Proof"): a fuzz run of the HTTP front of a real `doable serve`, over raw sockets.

Sends thousands of malformed requests from a seeded generator — random bytes, mutated valid requests (bytes
dropped, flipped, inserted, duplicated), requests cut off at a random point, huge and numerous headers, broken
chunked bodies, bodies longer or shorter than declared, pipelined garbage — many connections at once, and checks:
  - no response is a 5xx, and every 4xx has the JSON error shape;
  - no hang: every connection is answered or closed within a timeout (a client that half-closes is answered
    at once; one that just stops is cut off by the idle timeout, 2 s here);
  - no crash: the process is alive at the end and still answers;
  - memory flat-ish: resident memory after the run is within a bound of what it was after a warm-up round.
Prints the counts. FUZZ_CASES (default 6000) and FUZZ_SEED (default 20261121) change the run.
"""
import collections
import json
import os
import random
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import requests

from liveserver import Checks, LiveServer, register
from rawhttp import exchange

results = Checks()
check = results.check

CASES = int(os.environ.get("FUZZ_CASES", "6000"))
SEED = int(os.environ.get("FUZZ_SEED", "20261121"))
WORKERS = 32
TIMEOUT = 6.0  # idle timeout 2 s plus slack for a busy 2-core machine


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def corpus(token: str) -> list[bytes]:
    """Valid requests to mutate. Sign-ins are left out: wrong passwords slow the address down on purpose (see
    signin_abuse.py), which would read as hangs here."""
    auth = f"Authorization: Bearer {token}\r\n".encode()
    task = json.dumps({"title": "fuzzed", "priority": "high", "labelIds": []}).encode()
    return [
        b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/v1/tasks?q=milk&sort=due HTTP/1.1\r\nHost: x\r\n" + auth + b"\r\n",
        b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\n" + auth +
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(task) + task,
        b"POST /api/v1/tasks HTTP/1.1\r\nHost: x\r\n" + auth + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n%x\r\n" % len(task) + task + b"\r\n0\r\n\r\n",
        b"PATCH /api/v1/me HTTP/1.1\r\nHost: x\r\n" + auth +
        b"Content-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"firstName\":\"Fuzz\"}",
        b"GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
        b"DELETE /api/v1/lists/00000000-0000-7000-8000-000000000000 HTTP/1.1\r\nHost: x\r\n" + auth + b"\r\n",
    ]


def mutate(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if not data:
            break
        at = rng.randrange(len(data))
        kind = rng.randrange(6)
        if kind == 0:
            del data[at]
        elif kind == 1:
            data[at] = rng.randrange(256)
        elif kind == 2:
            data.insert(at, rng.choice(b"\r\n :;,\x00\x7f\xff{}\"0123456789abcdefABCDEF-"))
        elif kind == 3:
            end = min(len(data), at + rng.randint(1, 40))
            data[at:at] = data[at:end] * rng.randint(1, 20)
        elif kind == 4:
            data[at:at] = rng.choice([b"\r\n", b"\r\n\r\n", b"Transfer-Encoding: chunked\r\n",
                                      b"Content-Length: 5\r\n", b"Content-Length: -1\r\n", b"Expect: 100-continue\r\n",
                                      b"Connection: close\r\n", b"Host: a\r\nHost: b\r\n", b"\t", b" "])
        else:
            data[at] ^= 1 << rng.randrange(8)
    return bytes(data)


def make_case(rng: random.Random, base: list[bytes]) -> tuple[str, bytes, bool]:
    """A case: its kind, its bytes, and whether the client half-closes after sending."""
    kind = rng.choices(["random", "mutated", "truncated", "huge_header", "many_headers", "chunked", "length",
                        "pipelined", "method_path"], weights=[10, 35, 15, 5, 5, 12, 8, 6, 4])[0]
    half_close = rng.random() < 0.95
    valid = rng.choice(base)
    if kind == "random":
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 2048)))
    elif kind == "mutated":
        data = mutate(rng, valid)
    elif kind == "truncated":
        data = valid[:rng.randrange(1, len(valid))]
    elif kind == "huge_header":
        size = rng.choice([8_000, 70_000, 90_000, 200_000])
        data = valid.replace(b"Host: x\r\n", b"Host: x\r\nX-Big: " + b"h" * size + b"\r\n", 1)
    elif kind == "many_headers":
        count = rng.choice([100, 999, 1001, 3000])
        data = valid.replace(b"Host: x\r\n", b"Host: x\r\n" + b"".join(b"X-%d: v\r\n" % i for i in range(count)), 1)
    elif kind == "chunked":
        head = valid.split(b"\r\n\r\n", 1)[0]
        head = b"\r\n".join(line for line in head.split(b"\r\n") if not line.lower().startswith(b"content-length"))
        if b"chunked" not in head:
            head += b"\r\nTransfer-Encoding: chunked"
        body = rng.choice([b"zz\r\n{}\r\n0\r\n\r\n", b"5\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n",
                           b"-1\r\n", b"ffffffffffffffffffffff\r\n", b"2;ext=\x01\r\n{}\r\n0\r\n\r\n",
                           b"2\r\n{}\r\n0\r\nTrailer: \x00\r\n\r\n", b"2\r\n{}", b"0\r\n", b"1\r\n{\r\n" * 50])
        data = head + b"\r\n\r\n" + body
    elif kind == "length":
        head, _, body = valid.partition(b"\r\n\r\n")
        head = b"\r\n".join(line for line in head.split(b"\r\n") if not line.lower().startswith(b"content-length"))
        declared = rng.choice([0, 1, len(body) + 10, 2_000_000, 10 ** 12])
        data = head + b"\r\nContent-Length: %d\r\n\r\n" % declared + body + b"z" * rng.choice([0, 10, 5000])
    elif kind == "pipelined":
        data = valid + rng.choice(base)[:rng.randint(0, 80)] + mutate(rng, rng.choice(base))
    else:
        method = rng.choice([b"GET", b"POST", b"BREW", b"G\x00T", b"get", b"CONNECT", b"OPTIONS", b"TRACE", b""])
        path = rng.choice([b"/", b"*", b"//api//v1//tasks", b"/api/v1/tasks/%00", b"/api/v1/../../etc/passwd",
                           b"http://evil/x", b"/api/v1/tasks?" + b"a=1&" * 2000, b"/%ZZ", b"/\xff\xfe",
                           b"/api/v1/users/" + b"a" * 5000])
        version = rng.choice([b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2.0", b"HTTP/1.1x", b""])
        data = method + b" " + path + b" " + version + b"\r\nHost: x\r\n\r\n"
    return kind, data, half_close


def web_page_answer(data: bytes, reply, index: int) -> bool:
    """Outside /api/ the web app answers with its friendly HTML page (issue 11), not the API's JSON shape."""
    # The index-th request of a pipeline: request lines start the data or follow a blank line.
    paths = re.findall(rb"(?:^|\r\n\r\n)[A-Za-z]+ (\S+) HTTP", data)
    path = paths[index] if index < len(paths) else (paths[0] if paths else b"")
    if path.startswith(b"/api/"):
        return False
    _, headers, body = reply.responses[index]
    return headers.get("content-type", "").startswith("text/html") and b"<h1>" in body and b"Traceback" not in body


def run_cases(port: int, cases: list[tuple[str, bytes, bool]], tally: dict) -> None:
    def one(case):
        kind, data, half_close = case
        try:
            reply = exchange(port, data, half_close=half_close, timeout=TIMEOUT)
        except OSError as error:  # refused: the server is gone or overwhelmed
            return kind, data, None, str(error)
        return kind, data, reply, None

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for kind, data, reply, failure in pool.map(one, cases):
            tally["cases"] += 1
            tally[f"kind {kind}"] += 1
            if failure:
                tally["connect failures"] += 1
                tally.setdefault("examples", []).append(f"connect failed ({failure}): {data[:120]!r}")
                continue
            statuses = [status for status, _, _ in reply.responses]
            for status in statuses:
                tally[f"status {status}"] += 1
            if not statuses:
                tally["closed without a response"] += 1 if reply.closed else 0
            if any(status >= 500 for status in statuses):
                tally["5xx"] += 1
                tally.setdefault("examples", []).append(f"5xx: {data[:200]!r} -> {reply.raw[:200]!r}")
            for index, status in enumerate(statuses):
                # Answers to CONNECT have no body whatever their status (RFC 9112 6.3 as SwiftNIO applies it).
                if 400 <= status < 500 and reply.error_shape(index) is None and not data.startswith(b"CONNECT ") \
                        and not web_page_answer(data, reply, index):
                    tally["4xx without the error shape"] += 1
                    tally.setdefault("examples", []).append(f"shape: {data[:200]!r} -> {reply.raw[:300]!r}")
            if not reply.closed:
                # Answered or not, every connection ends: at once when half-closed, else at the idle timeout.
                tally["hangs"] += 1
                tally.setdefault("examples", []).append(f"hang ({reply.seconds:.1f} s): {data[:200]!r}")


def main() -> int:
    rng = random.Random(SEED)
    with LiveServer("--idle-timeout", "2") as server:
        token = register(server.base, "fuzzer")["token"]
        base = corpus(token)
        cases = [make_case(rng, base) for _ in range(CASES)]
        tally = collections.Counter()
        started = time.monotonic()
        warmup = max(200, CASES // 8)
        run_cases(server.port, cases[:warmup], tally)
        rss_after_warmup = rss_kib(server.process.pid)
        run_cases(server.port, cases[warmup:], tally)
        took = time.monotonic() - started
        time.sleep(0.5)
        rss_at_end = rss_kib(server.process.pid)
        examples = tally.pop("examples", []) if isinstance(tally.get("examples"), list) else []

        print(f"fuzz: {tally['cases']} cases in {took:.1f} s (seed {SEED}, {WORKERS} connections at once)")
        for key in sorted(tally):
            print(f"  {key}: {tally[key]}")
        print(f"  RSS after warm-up {rss_after_warmup // 1024} MiB, at the end {rss_at_end // 1024} MiB")
        for example in examples[:10]:
            print("  example " + example)

        check(tally["cases"] == CASES, f"{CASES} malformed requests sent")
        check(tally["5xx"] == 0, f"no 5xx ({tally['5xx']})")
        check(tally["4xx without the error shape"] == 0,
              f"every 4xx has the error shape ({tally['4xx without the error shape']} without)")
        check(tally["hangs"] == 0, f"no hang: every connection answered or closed within {TIMEOUT} s "
                                   f"({tally['hangs']} not)")
        check(tally["connect failures"] == 0, f"every connection accepted ({tally['connect failures']} refused)")
        check(server.process.poll() is None, "no crash: the server is still running")
        alive = requests.get(server.base + "/healthz", timeout=5)
        check(alive.status_code == 200, "the server still answers")
        grown = (rss_at_end - rss_after_warmup) / 1024
        check(grown < 40, f"memory flat-ish: {grown:+.1f} MiB resident after the warm-up")
        tasks = requests.get(server.base + "/api/v1/tasks?limit=500", headers={"Authorization": f"Bearer {token}"},
                             timeout=5)
        check(tasks.status_code == 200, "the fuzzed account still reads its tasks")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
