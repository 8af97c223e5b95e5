#!/usr/bin/env python3
"""SYNC-5, VIEW-6, OPS-2, Q-6: the live change stream `GET /api/v1/events` (server-sent events), end to end.

Starts `doable serve --idle-timeout 3` (heartbeats every second) and, on one server:

  1. SYNC-5/VIEW-6 latency and fields: a stream without a cursor opens with `retry: 2000` and `event: ready`
     {"latest": N}; then each change made through the API (list, task, subtask, complete, move, label put/patch/
     delete, list to the trash and back) arrives within 1 s with the right entity, id, kind, listId, actorId
     (the caller) and sequences N+1, N+2, ... without gap; nothing else arrives.
  2. SYNC-5 reconnect: a stream read up to some id and closed, N changes made while disconnected, a new stream
     with `Last-Event-ID` (and one with `?lastEventId=`) gets exactly the missed entries, in order, then live
     ones; the header wins over the query; Last-Event-ID 0 replays the whole feed 1..latest.
  3. SYNC-5 isolation: another account's stream, open all along, never sees the first account's changes.
  4. VIEW-6 heartbeat: an idle stream stays open > 8 s (idle timeout 3 s) and gets `: heartbeat` comments.
  5. SYNC-5 bad input: Last-Event-ID abc / -1, ?lastEventId=abc -> 400 in the JSON error shape naming the field;
     a cursor ahead -> `event: reset` {"reason": "cursor_ahead", "latest": N}; no or a bogus token -> 401.
  6. SYNC-5 revocation: signing out (DELETE /sessions/current) with the stream's token, or revoking the access
     token it uses (DELETE /tokens/{id}), ends the stream cleanly within 20 s; the token then gets 401; the
     account's stream on another session lives on. Signing out everywhere ends all of them; a password change
     ends the other sessions' streams, not the caller's.
  7. (SQLite) a second `doable serve` on the same --data-dir: a change made through one process reaches a
     stream on the other within 1 s, both ways.
  8. OPS-2 (PostgreSQL, when DOABLE_TEST_DATABASE_URL or DOABLE_DATABASE_URL is set): the same with two
     processes on one --database-url. Everything else then also runs on PostgreSQL.
  9. Q-6 SIGTERM under load: 20 streams over 5 accounts, 5 writer threads creating tasks; SIGTERM: every stream
     ends with a properly terminated chunked response within 10 s, the process exits 0 within 15 s, every
     acknowledged task exists after a restart on the same data, and every stream resumed with its last id gets
     the rest of its feed (every acknowledged task's entry, no gap).

Streams are read over raw sockets (HTTP/1.1, chunked decoding by hand) so a clean end (the zero-length chunk)
is told apart from a cut connection; every SSE line is timestamped on arrival.

Needs the `doable` binary: $DOABLE_BIN, else `$(swift build --show-bin-path)/doable`.
Prints `N passed, M failed` last; exits 1 on any failure.
"""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
import uuid
from urllib.parse import urlparse

import requests

from liveserver import Checks, LiveServer, Server

TIMEOUT = 15
LATENCY_LIMIT = 1.0
IDLE_TIMEOUT = 3  # heartbeats every min(15, 3/3) = 1 s
DATABASE_URL = os.environ.get("DOABLE_TEST_DATABASE_URL") or os.environ.get("DOABLE_DATABASE_URL") or ""
ENGINE = "PostgreSQL" if DATABASE_URL else "SQLite"
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")

results = Checks()
latencies: dict[str, list[float]] = {}


def check(ok: bool, name: str, detail: str = "") -> bool:
    return results.check(ok, f"[{ENGINE}] {name}", detail)


def note_latency(kind: str, seconds: float) -> None:
    latencies.setdefault(kind, []).append(seconds)


# ---------------------------------------------------------------------------------------------- SSE client


class Stream:
    """One `GET /api/v1/events` over a raw socket, read by a thread of its own. `items` holds, in order, every
    SSE item as it arrived: {"type": "retry"|"comment"|"event", "t": monotonic arrival, ...}; events have
    "event", "id", "data" (text) and "json". `end` tells how the response ended: "clean" (the zero-length chunk
    came), "eof" (the connection closed without it), "reset: ...", "closed by client"; `end_t` when."""

    def __init__(self, base: str, token: str | None, last_event_id: str | None = None, query: str = "",
                 name: str = "stream"):
        parsed = urlparse(base)
        self.name = name
        self.items: list[dict] = []
        self.status: int | None = None
        self.headers: dict[str, str] = {}
        self.body = b""
        self.end: str | None = None
        self.end_t: float | None = None
        self.cond = threading.Condition()
        self._closing = False
        self._text = ""
        self._fields: dict = {}
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=TIMEOUT)
        self.sock.settimeout(None)
        lines = [f"GET /api/v1/events{query} HTTP/1.1", f"Host: {parsed.hostname}:{parsed.port}",
                 "Accept: text/event-stream", "Cache-Control: no-cache"]
        if token is not None:
            lines.append(f"Authorization: Bearer {token}")
        if last_event_id is not None:
            lines.append(f"Last-Event-ID: {last_event_id}")
        self.opened = time.monotonic()
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.thread = threading.Thread(target=self._run, daemon=True, name=name)
        self.thread.start()

    # -- reading

    def _finish(self, how: str) -> None:
        with self.cond:
            if self.end is None:
                self.end, self.end_t = how, time.monotonic()
            self.cond.notify_all()

    def _run(self) -> None:
        try:
            reader = self.sock.makefile("rb")
            status_line = reader.readline()
            if not status_line:
                return self._finish("eof")
            self.status = int(status_line.split()[1])
            while True:
                line = reader.readline()
                if not line:
                    return self._finish("eof")
                if line in (b"\r\n", b"\n"):
                    break
                key, _, value = line.decode("latin-1").partition(":")
                self.headers[key.strip().lower()] = value.strip()
            with self.cond:
                self.cond.notify_all()
            if "chunked" not in self.headers.get("transfer-encoding", "").lower():
                length = int(self.headers.get("content-length", "0"))
                self.body = reader.read(length) if length else b""
                return self._finish("clean" if len(self.body) == length else "eof")
            while True:
                size_line = reader.readline()
                if not size_line:
                    return self._finish("eof")
                size = int(size_line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while True:  # trailers, up to the empty line
                        trailer = reader.readline()
                        if not trailer:
                            return self._finish("eof (no final CRLF after the zero-length chunk)")
                        if trailer in (b"\r\n", b"\n"):
                            return self._finish("clean")
                data = reader.read(size)
                if len(data) < size:
                    return self._finish("eof")
                reader.read(2)  # CRLF after the chunk
                self.body += data
                self._feed(data.decode("utf-8"), time.monotonic())
        except (ConnectionResetError, BrokenPipeError) as error:
            self._finish(f"reset: {type(error).__name__}")
        except (OSError, ValueError) as error:
            self._finish("closed by client" if self._closing else f"error: {type(error).__name__}: {error}")

    def _feed(self, text: str, t: float) -> None:
        self._text += text
        new: list[dict] = []
        while "\n" in self._text:
            line, self._text = self._text.split("\n", 1)
            line = line.rstrip("\r")
            if line == "":
                if self._fields:
                    f = self._fields
                    self._fields = {}
                    if "retry" in f and "data" not in f and "event" not in f and "id" not in f:
                        new.append({"type": "retry", "value": f["retry"], "t": t})
                        continue
                    data = "\n".join(f.get("data", []))
                    try:
                        parsed = json.loads(data)
                    except ValueError:
                        parsed = None
                    new.append({"type": "event", "event": f.get("event", "message"), "id": f.get("id"),
                                "data": data, "json": parsed, "t": t, **({"retry": f["retry"]} if "retry" in f else {})})
            elif line.startswith(":"):
                new.append({"type": "comment", "text": line[1:].strip(), "t": t})
            else:
                key, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if key == "data":
                    self._fields.setdefault("data", []).append(value)
                else:
                    self._fields[key] = value
        if new:
            with self.cond:
                self.items.extend(new)
                self.cond.notify_all()

    # -- waiting

    def events(self, kind: str | None = "change") -> list[dict]:
        with self.cond:
            return [i for i in self.items if i["type"] == "event" and (kind is None or i["event"] == kind)]

    def comments(self) -> list[dict]:
        with self.cond:
            return [i for i in self.items if i["type"] == "comment"]

    def wait(self, predicate, timeout: float) -> bool:
        """Waits until predicate(self) is true (checked on every arrival) or timeout; returns its last value."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                value = predicate(self)
                if value:
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    return value
                self.cond.wait(left)

    def wait_changes(self, count: int, timeout: float) -> list[dict]:
        self.wait(lambda s: len(s.events()) >= count, timeout)
        return self.events()

    def wait_ready(self, timeout: float = 10) -> dict | None:
        self.wait(lambda s: s.end is not None or any(i["type"] == "event" and i["event"] in ("ready", "reset")
                                                      for i in s.items), timeout)
        found = [i for i in self.events(None) if i["event"] in ("ready", "reset")]
        return found[0] if found else None

    def wait_end(self, timeout: float) -> bool:
        return bool(self.wait(lambda s: s.end is not None, timeout))

    def close(self) -> None:
        self._closing = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.thread.join(timeout=5)


# ---------------------------------------------------------------------------------------------- API helpers


class Member:
    def __init__(self, base: str, name: str):
        self.base = base
        self.username = f"{name}_{uuid.uuid4().hex[:10]}"
        self.password = "correct horse battery"
        response = requests.post(base + "/api/v1/accounts", timeout=TIMEOUT, json={
            "email": f"{self.username}@example.com", "password": self.password, "username": self.username,
            "firstName": "Events", "lastName": name})
        response.raise_for_status()
        data = response.json()
        self.token, self.id, self.inbox = data["token"], data["account"]["id"], data["account"]["inboxId"]
        self.session = requests.Session()

    def call(self, method: str, path: str, expect: int | None = None, base: str | None = None,
             token: str | None = None, **kwargs) -> requests.Response:
        response = self.session.request(method, (base or self.base) + "/api/v1" + path, timeout=TIMEOUT,
                                        headers={"Authorization": f"Bearer {token or self.token}"}, **kwargs)
        if expect is not None and response.status_code != expect:
            raise RuntimeError(f"{method} {path} -> {response.status_code} (expected {expect}): {response.text[:300]}")
        return response

    def stream(self, base: str | None = None, **kwargs) -> Stream:
        return Stream(base or self.base, kwargs.pop("token", self.token), **kwargs)

    def sign_in(self) -> str:
        response = requests.post(self.base + "/api/v1/sessions", timeout=TIMEOUT,
                                 json={"login": self.username, "password": self.password})
        if response.status_code != 201:
            raise RuntimeError(f"sign in -> {response.status_code} {response.text[:300]}")
        return response.json()["token"]


def error_shape_problem(response: requests.Response | None, body: bytes, field: str) -> str | None:
    try:
        data = json.loads(body)
    except ValueError:
        return f"not JSON: {body[:200]!r}"
    error = data.get("error") if isinstance(data, dict) else None
    if not isinstance(error, dict) or not isinstance(error.get("code"), str) or \
            not isinstance(error.get("message"), str) or "field" not in error:
        return f"not the error shape {{error: {{code, message, field}}}}: {body[:300]!r}"
    if error["field"] != field:
        return f"field is {error['field']!r}, expected {field!r}: {body[:300]!r}"
    return None


def fmt_events(events: list[dict], limit: int = 12) -> str:
    shown = [f"id={e['id']} {e['event']} {e['data'][:160]}" for e in events[:limit]]
    return "\n".join(shown) + (f"\n... {len(events) - limit} more" if len(events) > limit else "")


def key_of(data: dict) -> tuple:
    return (data.get("entity"), data.get("id"), data.get("kind"), data.get("listId"))


# ---------------------------------------------------------------------------------------------- 1. latency+fields


def check_live_changes(a: Member) -> int:
    """Returns A's latest sequence when done."""
    stream = a.stream(name="live-A")
    ready = stream.wait_ready()
    first = stream.items[0] if stream.items else None
    check(stream.status == 200 and stream.headers.get("content-type", "").startswith("text/event-stream"),
          "SYNC-5 stream answers 200 text/event-stream",
          f"status {stream.status}, headers {stream.headers}, body {stream.body[:300]!r}")
    check(first is not None and first["type"] == "retry" and first["value"] == "2000",
          "SYNC-5 stream begins with `retry: 2000`", f"first item: {first}")
    latest = ready["json"].get("latest") if ready and isinstance(ready.get("json"), dict) else None
    check(ready is not None and ready["event"] == "ready" and isinstance(latest, int) and ready["id"] == str(latest)
          and latest >= 2,
          "SYNC-5 without a cursor: `event: ready` with id N and data {\"latest\": N} (N = the feed's end)",
          f"got {ready}")
    if not isinstance(latest, int):
        stream.close()
        return 0

    lst = a.call("POST", "/lists", 201, json={"name": "Events list"}).json()["id"]  # before any timing
    actions: list[tuple[str, callable, callable]] = []
    ctx: dict = {"L": lst}

    def act(name: str, request, expected) -> None:
        actions.append((name, request, expected))

    act("create a list", lambda: ctx.update(L2=a.call("POST", "/lists", 201, json={"name": "Second"}).json()["id"]),
        lambda: [("list", ctx["L2"], "put", ctx["L2"])])
    act("create a task", lambda: ctx.update(T=a.call("POST", "/tasks", 201, json={"title": "t", "listId": ctx["L"]})
                                            .json()["id"]),
        lambda: [("task", ctx["T"], "put", ctx["L"])])
    act("create a subtask", lambda: ctx.update(S=a.call("POST", "/tasks", 201, json={"title": "s", "parentId": ctx["T"]})
                                               .json()["id"]),
        lambda: [("task", ctx["S"], "put", ctx["L"])])
    act("complete a task", lambda: a.call("POST", f"/tasks/{ctx['T']}/complete", 200, json={}),
        lambda: [("task", ctx["T"], "put", ctx["L"])])
    act("edit a task", lambda: a.call("PATCH", f"/tasks/{ctx['T']}", 200, json={"title": "renamed"}),
        lambda: [("task", ctx["T"], "put", ctx["L"])])
    act("move a task with its subtask to another list",
        lambda: a.call("PATCH", f"/tasks/{ctx['T']}", 200, json={"listId": ctx["L2"]}),
        # and word to the old list that both left it (INTEROP-1: a calendar's sync follows its list's entries)
        lambda: [("task", ctx["T"], "put", ctx["L2"]), ("task", ctx["S"], "put", ctx["L2"]),
                 ("task", ctx["T"], "put", ctx["L"]), ("task", ctx["S"], "put", ctx["L"])])
    act("create a label", lambda: ctx.update(B=a.call("POST", "/labels", 201, json={"name": "lab"}).json()["id"]),
        lambda: [("label", ctx["B"], "put", None)])
    act("rename a label", lambda: a.call("PATCH", f"/labels/{ctx['B']}", 200, json={"name": "lab2"}),
        lambda: [("label", ctx["B"], "put", None)])
    act("delete a label", lambda: a.call("DELETE", f"/labels/{ctx['B']}", 204),
        lambda: [("label", ctx["B"], "delete", None)])
    act("delete a list (to the trash, with its tasks)", lambda: a.call("DELETE", f"/lists/{ctx['L2']}", 204),
        lambda: [("list", ctx["L2"], "put", ctx["L2"]), ("task", ctx["T"], "put", ctx["L2"]),
                 ("task", ctx["S"], "put", ctx["L2"])])
    act("restore the list", lambda: a.call("POST", f"/lists/{ctx['L2']}/restore", 200),
        lambda: [("list", ctx["L2"], "put", ctx["L2"]), ("task", ctx["T"], "put", ctx["L2"]),
                 ("task", ctx["S"], "put", ctx["L2"])])
    act("delete a task (to the trash)", lambda: a.call("DELETE", f"/tasks/{ctx['S']}", 204),
        lambda: [("task", ctx["S"], "put", ctx["L2"])])

    # The list made before timing is live already: take its event first.
    pre = stream.wait_changes(1, 5)
    check(len(pre) == 1 and key_of(pre[0]["json"] or {}) == ("list", lst, "put", lst),
          "SYNC-5 the first change (a new list) reaches the stream", fmt_events(pre))
    seen = 1
    field_problems: list[str] = []
    for name, request, expected in actions:
        sent = time.monotonic()
        request()
        want = expected()
        got = stream.wait_changes(seen + len(want), LATENCY_LIMIT + 4)
        mine = got[seen:seen + len(want)]
        arrived = mine[-1]["t"] if len(mine) == len(want) else None
        latency = (arrived - sent) if arrived is not None else float("inf")
        note_latency("same process", latency)
        got_keys = sorted((key_of(e["json"] or {}) for e in mine), key=repr)
        check(sorted(want, key=repr) == got_keys and latency <= LATENCY_LIMIT,
              f"SYNC-5 {name}: its change(s) reach the open stream within {LATENCY_LIMIT:.0f} s "
              f"({latency * 1000:.0f} ms), entity/id/kind/listId right",
              f"expected {sorted(want, key=repr)}\ngot {got_keys}\n{fmt_events(mine)}")
        seen += len(want)
    # Anything extra? A marker change made now comes after anything the actions could still cause, so once it is
    # here, whatever else the stream was going to send is here too (no waiting out a silence).
    marker = a.call("POST", "/tasks", 201, json={"title": "marker"}).json()["id"]
    events = stream.wait_changes(seen + 1, TIMEOUT)
    check(len(events) == seen + 1 and key_of(events[-1]["json"] or {})[:2] == ("task", marker),
          "SYNC-5 nothing extra arrived before a later marker change", fmt_events(events[seen:]))
    seen += 1
    for e in events:
        d = e["json"]
        if not isinstance(d, dict):
            field_problems.append(f"id={e['id']}: data is not a JSON object: {e['data'][:200]}")
            continue
        if d.get("actorId") != a.id:
            field_problems.append(f"id={e['id']}: actorId {d.get('actorId')} != caller {a.id}")
        if str(d.get("sequence")) != e["id"]:
            field_problems.append(f"id={e['id']}: sequence {d.get('sequence')} != SSE id")
        if not isinstance(d.get("at"), str) or not ISO_UTC.match(d["at"]):
            field_problems.append(f"id={e['id']}: at {d.get('at')!r} is not an ISO 8601 UTC time")
        if d.get("entity") not in ("account", "list", "task", "label") or d.get("kind") not in ("put", "delete"):
            field_problems.append(f"id={e['id']}: entity/kind {d.get('entity')}/{d.get('kind')}")
    check(not field_problems, f"SYNC-5 every change's data: actorId is the caller, sequence == id, `at` ISO UTC "
                              f"({len(events)} events)", "\n".join(field_problems[:10]))
    seqs = [e["json"].get("sequence") if isinstance(e["json"], dict) else None for e in events]
    check(seqs == list(range(latest + 1, latest + 1 + len(events))) and len(events) == seen,
          f"SYNC-5 sequences run {latest + 1}..{latest + len(events)} by 1, nothing extra arrived",
          f"got {seqs}, expected {seen} events")
    check(stream.end is None, "SYNC-5 the stream is still open after the changes", f"ended: {stream.end}")
    stream.close()
    return latest + len(events)


# ---------------------------------------------------------------------------------------------- 2. reconnect


def check_reconnect(a: Member) -> None:
    inbox = a.inbox
    first = a.stream(name="reconnect-1")
    ready = first.wait_ready()
    latest = ready["json"]["latest"]
    for i in range(3):
        a.call("POST", "/tasks", 201, json={"title": f"before {i}", "listId": inbox})
    got = first.wait_changes(3, 5)
    last_id = got[-1]["id"] if got else None
    check(len(got) == 3 and last_id == str(latest + 3), "SYNC-5 reconnect: 3 live changes read before closing",
          fmt_events(got))
    first.close()
    missed = []
    for i in range(5):
        missed.append(a.call("POST", "/tasks", 201, json={"title": f"missed {i}", "listId": inbox}).json()["id"])
    label = a.call("POST", "/labels", 201, json={"name": f"missed-{uuid.uuid4().hex[:6]}"}).json()["id"]
    a.call("DELETE", f"/tasks/{missed[0]}", 204)
    expected = [("task", t, "put", inbox) for t in missed] + [("label", label, "put", None),
                                                               ("task", missed[0], "put", inbox)]
    base_seq = int(last_id)

    def verify(stream: Stream, how: str) -> None:
        events = stream.wait_changes(len(expected), 5)
        keys = [key_of(e["json"] or {}) for e in events[:len(expected)]]
        seqs = [e["json"].get("sequence") for e in events if isinstance(e["json"], dict)]
        no_ready = not [e for e in stream.events(None) if e["event"] in ("ready", "reset")]
        check(keys == expected and seqs[:len(expected)] == list(range(base_seq + 1, base_seq + 1 + len(expected)))
              and no_ready,
              f"SYNC-5 reconnect with {how}={base_seq}: exactly the {len(expected)} missed entries, in order, "
              f"no gap, no duplicate, no ready/reset",
              f"expected {expected}\ngot {keys}\nseqs {seqs}\n{fmt_events(stream.events(None))}")
        sent = time.monotonic()
        live = a.call("POST", "/tasks", 201, json={"title": "live after replay", "listId": inbox}).json()["id"]
        more = stream.wait_changes(len(expected) + 1, LATENCY_LIMIT + 4)
        # The live change comes after anything the replay could still send, so this sees all of it.
        between = [e for e in more[len(expected):] if key_of(e["json"] or {})[:2] != ("task", live)]
        check(not between, f"SYNC-5 reconnect with {how}: nothing after the missed entries (before the next live "
                           f"change)", fmt_events(between))
        ok = len(more) == len(expected) + 1 and key_of(more[-1]["json"] or {}) == ("task", live, "put", inbox) \
            and more[-1]["json"].get("sequence") == base_seq + len(expected) + 1
        if ok:
            note_latency("same process", more[-1]["t"] - sent)
        check(ok and more[-1]["t"] - sent <= LATENCY_LIMIT,
              f"SYNC-5 after the replay ({how}) the stream goes on live, next sequence, within 1 s",
              fmt_events(more[len(expected):]))
        expected.append(("task", live, "put", inbox))  # the next replay from base_seq includes it

    s2 = a.stream(last_event_id=str(base_seq), name="reconnect-header")
    verify(s2, "Last-Event-ID")
    s2.close()
    s3 = a.stream(query=f"?lastEventId={base_seq}", name="reconnect-query")
    verify(s3, "?lastEventId")
    s3.close()
    # The header wins over the query.
    s4 = a.stream(last_event_id=str(base_seq + 2), query=f"?lastEventId={base_seq}", name="reconnect-both")
    s4.wait_changes(len(expected) - 2, 5)
    marker = a.call("POST", "/tasks", 201, json={"title": "marker after the replay", "listId": inbox}).json()["id"]
    events = s4.wait_changes(len(expected) - 1, 5)
    if events and key_of(events[-1]["json"] or {})[:2] == ("task", marker):
        events = events[:-1]  # the marker, after anything the replay could still send
    expected.append(("task", marker, "put", inbox))
    check(events and events[0]["json"].get("sequence") == base_seq + 3 and len(events) == len(expected) - 3,
          "SYNC-5 Last-Event-ID and ?lastEventId both given: the header wins",
          f"first sequence {events[0]['json'].get('sequence') if events else None}, expected {base_seq + 3}\n"
          + fmt_events(events))
    s4.close()
    # Cursor 0: the whole feed.
    end = base_seq + len(expected)
    s5 = a.stream(last_event_id="0", name="reconnect-zero")
    s5.wait_changes(end, 10)
    a.call("POST", "/tasks", 201, json={"title": "marker after the whole feed", "listId": inbox})
    events = s5.wait_changes(end + 1, 10)  # the marker: anything else the replay sends is here by now
    seqs = [e["json"].get("sequence") for e in events]
    check(seqs == list(range(1, end + 2)) and events[0]["json"].get("entity") == "account",
          f"SYNC-5 Last-Event-ID 0 replays the whole feed 1..{end} in order (first: the account)",
          f"got sequences {seqs[:20]}... ({len(seqs)})")
    s5.close()


# ---------------------------------------------------------------------------------------------- 5. bad input


def check_bad_input(a: Member, base: str) -> None:
    for header, query, field in (("abc", "", "Last-Event-ID"), ("-1", "", "Last-Event-ID"),
                                 ("1.5", "", "Last-Event-ID"), (None, "?lastEventId=abc", "lastEventId")):
        s = Stream(base, a.token, last_event_id=header, query=query, name="bad")
        s.wait_end(5)
        problem = error_shape_problem(None, s.body, field)
        how = f"Last-Event-ID: {header}" if header is not None else query
        check(s.status == 400 and "application/json" in s.headers.get("content-type", "") and problem is None,
              f"SYNC-5 {how} -> 400 JSON error naming {field!r}",
              f"status {s.status} {s.headers.get('content-type')} {problem or ''} body {s.body[:300]!r}")
        s.close()
    latest = a.stream(name="latest").wait_ready()["json"]["latest"]
    for cursor in (latest + 1, latest + 1000, 999999999999999999):
        s = a.stream(last_event_id=str(cursor), name="ahead")
        reset = s.wait_ready()
        data = reset.get("json") if reset else None
        check(s.status == 200 and reset is not None and reset["event"] == "reset" and data == {
            "reason": "cursor_ahead", "latest": latest},
              f"SYNC-5 a cursor ahead of the feed ({cursor} > {latest}) -> event: reset "
              f"{{reason: cursor_ahead, latest: {latest}}}", f"status {s.status}, got {reset}, body {s.body[:300]!r}")
        s.close()
    # A cursor exactly at the end is not ahead: no reset, then live.
    s = a.stream(last_event_id=str(latest), name="at-end")
    s.wait(lambda st: st.end is not None or any(i["type"] == "retry" for i in st.items), 5)  # listening now
    sent = time.monotonic()
    t = a.call("POST", "/tasks", 201, json={"title": "at end"}).json()["id"]
    got = s.wait_changes(1, 3)
    # A ready or reset would come before the change; once the change is here, so is anything before it.
    odd = [e for e in s.events(None) if e["event"] != "change"]
    check(not odd and len(got) == 1 and got[0]["json"]["id"] == t and got[0]["json"]["sequence"] == latest + 1,
          "SYNC-5 a cursor exactly at the feed's end: no ready/reset, then the next change live",
          f"before the change: {fmt_events(odd)}\nafter: {fmt_events(got)}")
    if got:
        note_latency("same process", got[0]["t"] - sent)
    s.close()
    for token, what in ((None, "no token"), ("dses_bogus" + "x" * 30, "a bogus token")):
        s = Stream(base, token, name="unauth")
        s.wait_end(5)
        check(s.status == 401 and error_shape_problem(None, s.body, None) is None,
              f"SYNC-5 {what} -> 401 in the error shape", f"status {s.status} body {s.body[:300]!r}")
        s.close()


# ---------------------------------------------------------------------------------------------- 6. revocation


def check_revocation(base: str) -> None:
    m = Member(base, "revoke")
    second = m.sign_in()
    secret = m.call("POST", "/tokens", 201, json={"name": "stream token"}).json()
    pat, pat_id = secret["secret"], secret["credential"]["id"]
    s_session = m.stream(token=second, name="revoke-session")
    s_token = m.stream(token=pat, name="revoke-token")
    s_other = m.stream(name="revoke-bystander")
    for s in (s_session, s_token, s_other):
        s.wait_ready()
    m.call("DELETE", "/sessions/current", 204, token=second)
    revoked_session = time.monotonic()
    m.call("DELETE", f"/tokens/{pat_id}", 204)
    revoked_token = time.monotonic()
    for stream, when, what, token in ((s_session, revoked_session, "sign out (DELETE /sessions/current)", second),
                                      (s_token, revoked_token, "revoking its access token (DELETE /tokens/{id})", pat)):
        stream.wait_end(20)
        took = (stream.end_t - when) if stream.end_t else float("inf")
        note_latency("end after revocation", took)
        check(stream.end == "clean" and took <= 20,
              f"SYNC-5 {what}: the stream ends cleanly within 20 s ({took:.1f} s)",
              f"end: {stream.end}; items: {stream.items[-3:]}")
        again = Stream(base, token, name="after-revoke")
        again.wait_end(5)
        check(again.status == 401, f"SYNC-5 after {what} the token gets 401 on /events", f"status {again.status}")
        again.close()
    sent = time.monotonic()
    t = m.call("POST", "/tasks", 201, json={"title": "still here"}).json()["id"]
    got = s_other.wait_changes(1, 3)
    check(s_other.end is None and len(got) == 1 and got[0]["json"]["id"] == t,
          "SYNC-5 the same account's stream on another session lives on and gets the next change",
          f"end {s_other.end}; {fmt_events(got)}")
    if got:
        note_latency("same process", got[0]["t"] - sent)
    for s in (s_session, s_token, s_other):
        s.close()

    # ACC-2 sign out everywhere ends every stream of the account; ACC-4 a password change ends the other
    # sessions' streams and keeps the caller's.
    everywhere = Member(base, "everywhere")
    other_session = everywhere.sign_in()
    e1, e2 = everywhere.stream(name="everywhere-1"), everywhere.stream(token=other_session, name="everywhere-2")
    pw = Member(base, "password")
    pw_other = pw.sign_in()
    p_own, p_other = pw.stream(name="password-own"), pw.stream(token=pw_other, name="password-other")
    for s in (e1, e2, p_own, p_other):
        s.wait_ready()
    everywhere.call("DELETE", "/sessions", 204)
    pw.call("PUT", "/me/password", 204, json={"currentPassword": pw.password, "newPassword": "another long secret"})
    for s in (e1, e2, p_other):
        s.wait_end(20)
    check(e1.end == "clean" and e2.end == "clean",
          "SYNC-5 sign out everywhere (DELETE /sessions): every stream of the account ends cleanly within 20 s",
          f"ends: {e1.end}, {e2.end}")
    # The caller's stream gets a change made after the password change: it outlived it (no waiting out a silence).
    after = pw.call("POST", "/tasks", 201, json={"title": "after the password change"}).json()["id"]
    p_own.wait(lambda st: st.end is not None or any((e["json"] or {}).get("id") == after for e in st.events()), 10)
    check(p_other.end == "clean" and p_own.end is None
          and any((e["json"] or {}).get("id") == after for e in p_own.events()),
          "SYNC-5 a password change (PUT /me/password) ends the other session's stream cleanly, not the caller's",
          f"other session's stream: {p_other.end}; caller's: {p_own.end}")
    for s in (e1, e2, p_own, p_other):
        s.close()


# ---------------------------------------------------------------------------------------------- 7/8. two processes


def check_two_processes(a_server: Server, b_base: str, member: Member) -> None:
    label = "OPS-2 PostgreSQL" if DATABASE_URL else "SYNC-5 SQLite"
    for stream_base, write_base, direction in ((a_server.base, b_base, "B -> A"), (b_base, a_server.base, "A -> B")):
        s = member.stream(base=stream_base, name=f"cross {direction}")
        ready = s.wait_ready()
        problems = []
        worst = 0.0
        for i in range(5):
            sent = time.monotonic()
            t = member.call("POST", "/tasks", 201, base=write_base, json={"title": f"cross {i}"}).json()["id"]
            got = s.wait_changes(i + 1, LATENCY_LIMIT + 4)
            latency = (got[i]["t"] - sent) if len(got) > i else float("inf")
            worst = max(worst, latency)
            note_latency(f"cross-process {ENGINE}", latency)
            if len(got) <= i or got[i]["json"]["id"] != t or got[i]["json"]["sequence"] != ready["json"]["latest"] + i + 1:
                problems.append(f"change {i}: {fmt_events(got[i:])}")
            time.sleep(0.1)
        check(not problems and worst <= LATENCY_LIMIT,
              f"{label} two `doable serve` processes, {direction}: a change through one reaches a stream on the "
              f"other within 1 s (5 changes, worst {worst * 1000:.0f} ms), in sequence",
              "\n".join(problems))
        s.close()


def check_revocation_across_processes(a_base: str, b_base: str) -> None:
    """Issue 27, finding 7: revoking a token through one process ends its open stream on another within 1 s (the
    revocation crosses processes with the feed's NOTIFY on PostgreSQL, the feed poller's look at the credentials on
    SQLite), not at the other's next heartbeat."""
    m = Member(a_base, "revokeacross")
    secret = m.call("POST", "/tokens", 201, json={"name": "stream token"}).json()
    pat, pat_id = secret["secret"], secret["credential"]["id"]
    stream = m.stream(base=b_base, token=pat, name="revoke-across")
    stream.wait_ready()
    m.call("DELETE", f"/tokens/{pat_id}", 204)
    revoked = time.monotonic()
    stream.wait_end(20)
    took = (stream.end_t - revoked) if stream.end_t else float("inf")
    check(stream.end == "clean" and took <= 1.0,
          f"OPS-2 and issue 27 revoking a token through one process ends its stream on the other within 1 s ({took:.2f} s)",
          f"end: {stream.end}")
    stream.close()


# ---------------------------------------------------------------------------------------------- 9. SIGTERM


class Writer(threading.Thread):
    def __init__(self, member: Member, base: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.member, self.base, self.stop_event = member, base, stop
        self.acked: list[str] = []
        self.odd: list[str] = []

    def run(self) -> None:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {self.member.token}"
        n = 0
        while not self.stop_event.is_set():
            n += 1
            try:
                response = session.post(self.base + "/api/v1/tasks", json={"title": f"load {n}"}, timeout=TIMEOUT)
                body = response.json() if response.status_code == 201 else None
            except (requests.RequestException, ValueError):
                break  # the server is going away
            if response.status_code == 201:
                self.acked.append(body["id"])
            elif response.status_code != 503:
                self.odd.append(f"{response.status_code} {response.text[:200]}")


def check_sigterm(server: Server, members: list[Member]) -> None:
    streams: list[tuple[Member, Stream, int]] = []
    for m in members:
        for i in range(4):
            s = m.stream(base=server.base, name=f"term-{m.username}-{i}")
            streams.append((m, s, 0))
    streams = [(m, s, s.wait_ready()["json"]["latest"]) for m, s, _ in streams]
    stop = threading.Event()
    writers = [Writer(m, server.base, stop) for m in members]
    for w in writers:
        w.start()
    time.sleep(2.5)  # the load runs a while
    deadline = time.monotonic() + 60
    while sum(len(w.acked) for w in writers) < 20 and time.monotonic() < deadline:
        time.sleep(0.1)  # a busy machine: at least the 20 acknowledged tasks the check below wants, first
    before = sum(len(w.acked) for w in writers)
    term_at = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    for m, s, _ in streams:
        s.wait_end(max(0.1, term_at + 10 - time.monotonic()))
    ends = [(s.name, s.end, (s.end_t - term_at) if s.end_t else None) for _, s, _ in streams]
    ends = [(n, e if e != "clean" or not (s._text or s._fields) else f"clean, but a partial SSE item was cut: "
             f"{s._text[:80]!r} {s._fields}", t) for (n, e, t), (_, s, _) in zip(ends, streams)]
    bad = [e for e in ends if e[1] != "clean" or e[2] is None or e[2] > 10]
    worst = max((e[2] for e in ends if e[2] is not None), default=float("inf"))
    note_latency("stream end after SIGTERM", worst)
    check(not bad, f"Q-6 SIGTERM under load: all {len(streams)} streams end cleanly (terminated chunked "
                   f"response) within 10 s (worst {worst:.2f} s)",
          "\n".join(f"{n}: {e} after {t}" for n, e, t in bad[:10]))
    try:
        code = server.process.wait(timeout=max(0.1, term_at + 15 - time.monotonic()))
    except subprocess.TimeoutExpired:
        code = None
    exit_s = time.monotonic() - term_at
    check(code == 0, f"Q-6 SIGTERM: the process exits with status 0 within 15 s ({exit_s:.1f} s)",
          f"exit status {code}\n{server.log_tail(20)}")
    if code is None:
        server.kill()
    stop.set()
    for w in writers:
        w.join(timeout=TIMEOUT + 5)
    acked = [(w.member, t) for w in writers for t in w.acked]
    odd = [o for w in writers for o in w.odd]
    check(len(acked) >= 20 and not odd, f"Q-6 load: {len(acked)} tasks acknowledged ({before} before SIGTERM), "
                                        f"no unexpected answers", "\n".join(odd[:10]))
    server.start()
    lost = []
    for m, t in acked:
        r = m.call("GET", f"/tasks/{t}", base=server.base)
        if r.status_code != 200:
            lost.append(f"{t}: {r.status_code}")
    check(not lost, f"Q-6 after a restart on the same data every acknowledged task exists ({len(acked)})",
          "\n".join(lost[:10]))
    # Resume every stream from its last id: the rest of its feed comes, with every acknowledged task.
    problems = []
    feed_end = {}
    for m in members:
        probe = m.stream(base=server.base, name="feed-end")
        feed_end[m.id] = probe.wait_ready()["json"]["latest"]
        probe.close()
    for m, s, latest in streams:
        got = s.events()
        seqs = [e["json"]["sequence"] for e in got]
        if seqs != list(range(latest + 1, latest + 1 + len(seqs))):
            problems.append(f"{s.name}: before SIGTERM the sequences were not consecutive from {latest + 1}: "
                            f"{seqs[:10]}")
            continue
        last = seqs[-1] if seqs else latest
        end = feed_end[m.id]
        r = m.stream(base=server.base, last_event_id=str(last), name=f"resume-{s.name}")
        r.wait(lambda st: len(st.events()) >= end - last or st.end is not None, 10)
        rest = r.events()
        rseqs = [e["json"]["sequence"] for e in rest]
        mine = {t for mm, t in acked if mm is m}
        seen_ids = {e["json"]["id"] for e in got + rest}
        if rseqs != list(range(last + 1, end + 1)):
            problems.append(f"{s.name}: resumed from {last} (feed end {end}), got sequences "
                            f"{rseqs[:5]}...{rseqs[-5:]} ({len(rseqs)})")
        elif not mine <= seen_ids:
            problems.append(f"{s.name}: {len(mine - seen_ids)} acknowledged tasks never in the feed")
        r.close()
    check(not problems, f"SYNC-5 after the restart every stream resumed with its last id gets the rest of the "
                        f"feed (no gap) including every acknowledged task", "\n".join(problems[:10]))
    for _, s, _ in streams:
        s.close()


# ---------------------------------------------------------------------------------------------- main


def main() -> int:
    started = time.monotonic()
    print(f"events (SYNC-5, VIEW-6, OPS-2, Q-6) on {ENGINE}")
    extra = ["--idle-timeout", str(IDLE_TIMEOUT)]
    if DATABASE_URL:
        extra += ["--database-url", DATABASE_URL]
    server = LiveServer(*extra)
    second: Server | None = None
    ok = False
    try:
        server.start()
        base = server.base
        a = Member(base, "alice")
        b = Member(base, "bob")
        idle_member = Member(base, "idle")
        idle = idle_member.stream(name="idle")
        idle_ready = idle.wait_ready()
        b_stream = b.stream(name="isolation-B")
        b_ready = b_stream.wait_ready()

        check_live_changes(a)
        check_reconnect(a)
        check_bad_input(a, base)

        # 3. isolation: B saw none of A's work; and B's stream is alive.
        t = b.call("POST", "/tasks", 201, json={"title": "bob's own"}).json()["id"]
        b_stream.wait(lambda s: any((e["json"] or {}).get("id") == t for e in s.events()), 3)
        # B's own change comes after anything of A's the stream could have been sent: once it is here, any leak is.
        got = b_stream.events()
        leaked = [e for e in got if (e["json"] or {}).get("id") != t]
        got = [e for e in got if (e["json"] or {}).get("id") == t]
        check(not leaked and b_ready is not None and b_ready["json"]["latest"] >= 2,
              "SYNC-5 isolation: another account's open stream saw none of the first account's changes",
              fmt_events(leaked))
        check(len(got) == 1 and got[0]["json"]["id"] == t and got[0]["json"]["actorId"] == b.id
              and got[0]["json"]["sequence"] == b_ready["json"]["latest"] + 1,
              "SYNC-5 isolation: ... while it does get its own account's change (sequence of its own feed)",
              fmt_events(got))
        b_stream.close()

        check_revocation(base)

        # 4. heartbeat: the idle stream opened at the start.
        left = idle.opened + 8.5 - time.monotonic()
        if left > 0:
            idle.wait(lambda s: s.end is not None, left)
        open_for = time.monotonic() - idle.opened
        beats = [c for c in idle.comments() if c["text"] == "heartbeat"]
        times = [idle_ready["t"]] + [c["t"] for c in beats] if idle_ready else []
        gaps = [b2 - b1 for b1, b2 in zip(times, times[1:])]
        max_gap = max(gaps, default=float("inf"))
        check(idle.end is None and open_for > 8,
              f"VIEW-6 an idle stream stays open past the idle timeout of {IDLE_TIMEOUT} s ({open_for:.1f} s)",
              f"ended: {idle.end} after {(idle.end_t or 0) - idle.opened:.1f} s")
        check(len(beats) >= 5 and max_gap < IDLE_TIMEOUT,
              f"VIEW-6 it gets `: heartbeat` comments ({len(beats)} in {open_for:.1f} s; longest silence "
              f"{max_gap:.2f} s < {IDLE_TIMEOUT} s)", f"comments: {idle.comments()[:5]}")
        check(not idle.events(), "VIEW-6 the idle stream got no change events", fmt_events(idle.events()))
        idle.close()

        # 7 / 8. a second process on the same data.
        # Its heartbeat is 15 s (idle timeout 60): a revocation that waited for the next heartbeat would show.
        extra_b = ["--log-level", "warning", *extra, "--idle-timeout", "60"]
        second = Server(server.data_dir, server.folder / "server-b.log", *extra_b)
        second.start()
        check_two_processes(server, second.base, a)
        check_revocation_across_processes(server.base, second.base)
        second.process.send_signal(signal.SIGTERM)
        try:
            code = second.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            code = None
        check(code == 0, "Q-6 the second process exits 0 on SIGTERM", f"status {code}\n{second.log_tail(10)}")

        # 9. SIGTERM under load.
        members = [Member(base, f"load{i}") for i in range(5)]
        check_sigterm(server, members)
        ok = True
    except Exception:  # noqa: BLE001 - a crash of the harness is a failure, with the server's log
        check(False, "harness ran to the end", traceback.format_exc())
    finally:
        if second is not None:
            second.kill()
        if results.failures or not ok:
            print("---- server log (tail)")
            print(server.log_tail(30))
        server.__exit__(None, None, None)
    for kind, values in latencies.items():
        finite = [v for v in values if v != float("inf")]
        if finite:
            print(f"latency {kind}: n={len(values)} max {max(finite) * 1000:.0f} ms, "
                  f"median {sorted(finite)[len(finite) // 2] * 1000:.0f} ms")
    print(f"runtime {time.monotonic() - started:.1f} s")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
