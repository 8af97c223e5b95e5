#!/usr/bin/env python3
"""COLLAB-3 (and ACC-5, INTEROP-3): the authorization matrix, generated from the served OpenAPI document.

Starts `doable serve` on a fresh data directory, reads GET /api/v1/openapi.json, registers two members A and B,
and gives A one of everything (a list, a trashed list, a label, a task with a subtask, a trashed task, a token,
a comment, a reminder, a webhook and so a delivery);
B gets the same. Then, for every operation the document says needs a bearer token (its effective `security` is
not empty):

  (a) no Authorization header, and a bogus bearer token -> 401 in the one error shape {"error": {code, message,
      field}}, and A's data unchanged;
  (b) operations with path parameters, called as B on A's resources (a trashed one for .../restore), with a
      plausible body built from the request schema -> 404 (never 2xx, never 403, which would leak existence),
      nothing of A's in the answer, and A's data unchanged (the resource's own GET and A's whole export);
  (c) collection reads (GET without path parameters) called as B, also with each query parameter that takes an
      id set to A's -> no 5xx and nothing of A's (ids, email, titles) in the answer;
  (d) request bodies that refer to other resources (listId, parentId, labelIds, beforeId, ...) sent by B with
      A's ids, on B's own resources -> refused with a 4xx other than 403, and A's data unchanged;
  (e) COLLAB-1..3, the roles (authz_roles.py): A shares a list with members as admin, editor and viewer, and every
      operation whose path addresses that list, its tasks, comments or members is called as owner, admin, editor,
      viewer, non-member (B) and anonymous, each held to the status its role should get (2xx, 403 naming a role,
      404 that shows nothing of A's, 401), with A's data unchanged after every refusal; plus hand-over, leaving,
      own comments, creating in the shared list, assignees and "assigned to me", the shared trash, notifications,
      and reminders, which are each member's own (NOTIF-1): any role sets and lists its own on a shared task, and
      another member's reminder answers 404 to every reminder operation; photos of tasks (TASK-11) by role;
  (f) the marketplace and the admin tools (authz_market.py): postings and categories are every member's to see and a
      member may bid on another's posting, so those operations are held, by operationId, to what the poster, a
      bidder, another member, an admin and anonymous should each get (2xx, 403, 404, 409, 401), with the posting
      and its bids unchanged after every refusal. They are left out of (b), and the admin listings out of (c);
  (g) INTEROP-2, the ICS feeds (authz_feeds.py): a feed URL's key is its only credential, so each member's URLs,
      keys and feeds are held to their own rules: another member's list with one's key, a rotated or guessed key
      -> the same 404, nothing of A's in B's answers, rotation by B leaving A's URLs working.

Operations added to the document later are covered without editing this script: path parameters are mapped to
resources by name (taskId, listId, ...) or by the collection before them (tasks/{id}); an unknown collection is
listed as A (or B) and its first item's id is used.

Needs the `doable` binary: $DOABLE_BIN, else `$(swift build --show-bin-path)/doable`.
AUTHZ_OPENAPI_FILE (development only) reads the document from a file instead of the server.
Prints `N passed, M failed` last; exits 1 on any failure.
"""
from __future__ import annotations

import copy
import datetime
import json
import os
import re
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlparse

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import authz_feeds
import authz_market
import authz_roles
from liveserver import Checks, Server
from push_service import Device

TIMEOUT = 30
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
CHANGED_BY_B = "changed by B"


# ---------------------------------------------------------------------------------------------- results

results = Checks()
check = results.check


def error_shape_problem(response: requests.Response) -> str | None:
    """INTEROP-3: {"error": {"code": str, "message": str, "field": str|null}}; None when it is right."""
    try:
        body = response.json()
    except ValueError:
        return f"not JSON: {response.text[:200]!r}"
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return f"no 'error' object: {response.text[:200]}"
    if not isinstance(error.get("code"), str) or not isinstance(error.get("message"), str):
        return f"'code' and 'message' must be strings: {response.text[:200]}"
    if "field" not in error or not (error["field"] is None or isinstance(error["field"], str)):
        return f"'field' must be present, a string or null: {response.text[:200]}"
    return None


# ---------------------------------------------------------------------------------------------- members


class Member:
    """A registered member and one of each of their resources, by kind."""

    def __init__(self, name: str, base: str):
        self.name, self.base = name, base
        marker = uuid.uuid4().hex[:8]
        self.marker = f"{name}-secret-{marker}"
        self.password = "correct horse battery"
        self.email = f"{name.lower()}_{marker}@example.com"
        self.username = f"{name.lower()}_{marker}"
        response = requests.post(base + "/api/v1/accounts", timeout=TIMEOUT, json={
            "email": self.email, "password": self.password, "username": self.username,
            "firstName": name, "lastName": "Authz"})
        response.raise_for_status()
        data = response.json()
        self.token = data["token"]
        self.account_id = data["account"]["id"]
        self.inbox = data["account"]["inboxId"]
        self.ids: dict[str, str] = {"account": self.account_id, "username": self.username}
        self.trashed: dict[str, str] = {}
        self.extra: dict[str, str] = {}  # ids found by listing, for collections this script does not know

    @property
    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, headers: dict | None = None, **kwargs) -> requests.Response:
        return bounded(requests.request(method, self.base + path, headers={**(headers or {}), **self.headers},
                                        timeout=TIMEOUT, stream=True, **kwargs))

    def make(self, path: str, body: dict) -> dict:
        response = self.call("POST", path, json=body)
        if response.status_code != 201:
            raise RuntimeError(f"{self.name}: POST {path} {body} -> {response.status_code} {response.text[:300]}")
        return response.json()

    def furnish(self) -> None:
        m = self.marker
        self.ids["list"] = self.make("/api/v1/lists", {"name": f"{m} list"})["id"]
        self.ids["label"] = self.make("/api/v1/labels", {"name": f"{m} label"})["id"]
        self.ids["task"] = self.make("/api/v1/tasks", {"title": f"{m} task", "listId": self.ids["list"],
                                                       "labelIds": [self.ids["label"]]})["id"]
        self.ids["subtask"] = self.make("/api/v1/tasks", {"title": f"{m} subtask", "parentId": self.ids["task"]})["id"]
        self.ids["token"] = self.make("/api/v1/tokens", {"name": f"{m} token"})["credential"]["id"]
        self.ids["comment"] = self.make(f"/api/v1/tasks/{self.ids['task']}/comments", {"body": f"{m} comment"})["id"]
        doomed_task = self.make("/api/v1/tasks", {"title": f"{m} trashed task"})["id"]
        doomed_list = self.make("/api/v1/lists", {"name": f"{m} trashed list"})["id"]
        for path in (f"/api/v1/tasks/{doomed_task}", f"/api/v1/lists/{doomed_list}"):
            response = self.call("DELETE", path)
            if response.status_code != 204:
                raise RuntimeError(f"{self.name}: DELETE {path} -> {response.status_code} {response.text[:300]}")
        self.trashed = {"task": doomed_task, "list": doomed_list}
        # NOTIF-1 and INTEROP-4: a reminder of its own on its task, and a webhook whose task events fail to arrive
        # (nothing listens on port 9), so that it has deliveries too.
        self.ids["reminder"] = self.make(f"/api/v1/tasks/{self.ids['task']}/reminders", {"at": in_a_day()})["id"]
        self.ids["webhook"] = self.make("/api/v1/webhooks", {"url": f"http://127.0.0.1:9/{m}",
                                                             "events": ["task.created", "reminder"]})["id"]
        self.make("/api/v1/tasks", {"title": f"{m} task after the webhook"})
        # REACH-3: a push device of its own (nothing listens on port 9 either).
        self.ids["pushSubscription"] = self.make("/api/v1/push-subscriptions",
                                                 Device(m, f"http://127.0.0.1:9/push/{m}").subscription())["id"]
        # ACC-12: an invitation of its own, made by sharing its list with an address that has no account.
        response = self.call("POST", f"/api/v1/lists/{self.ids['list']}/members",
                             json={"login": f"{m.lower()}.friend@example.com", "role": "viewer"})
        if response.status_code != 202:
            raise RuntimeError(f"{self.name}: invitation -> {response.status_code} {response.text[:300]}")
        self.ids["invitation"] = response.json()["invitation"]["id"]
        # TASK-11: a photo on its task; the body is the image itself.
        response = self.call("POST", f"/api/v1/tasks/{self.ids['task']}/attachments", data=PNG,
                             headers={"Content-Type": "image/png"})
        if response.status_code != 201:
            raise RuntimeError(f"{self.name}: photo -> {response.status_code} {response.text[:300]}")
        self.ids["attachment"] = response.json()["id"]

    def deliveries(self, wait: float = 10) -> list[dict]:
        """The member's deliveries, once there is at least one (task events are queued about once a second)."""
        deadline = time.monotonic() + wait
        while True:
            response = self.call("GET", "/api/v1/deliveries")
            response.raise_for_status()
            found = response.json()["deliveries"]
            if found or time.monotonic() > deadline:
                return found
            time.sleep(0.2)

    def snapshot(self) -> dict:
        """Everything of the member's, from the export, without what changes with the clock."""
        response = self.call("GET", "/api/v1/me/export")
        response.raise_for_status()
        data = response.json()
        data.pop("exportedAt", None)
        data.pop("calendar", None)
        for task in data.get("tasks", []):
            task.pop("isOverdue", None)
        return data

    def secrets(self) -> set[str]:
        """What of this member must never show in another member's answers: ids, email, titles."""
        data = self.snapshot()
        found = {self.account_id, self.email, self.marker}
        for key in ("lists", "tasks", "labels", "tokens", "comments", "reminders", "webhooks"):
            for item in data.get(key, []):
                found.add(item["id"])
        found |= {delivery["id"] for delivery in self.deliveries()}
        found.add(self.ids["attachment"])
        return found


# The smallest thing the server takes for a photo: the PNG signature (TASK-11 checks the bytes) and some more bytes.
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def is_photo_type(content_type: str | None) -> bool:
    return bool(content_type) and (content_type.startswith("image/") or content_type == "application/octet-stream")


def in_a_day() -> str:
    """A reminder's moment a day from now, RFC 3339 in UTC."""
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def diff(before, after, path="") -> list[str]:
    if type(before) is not type(after):
        return [f"{path or '/'}: {json.dumps(before)[:120]} -> {json.dumps(after)[:120]}"]
    if isinstance(before, dict):
        out = []
        for key in sorted(set(before) | set(after)):
            if key not in before or key not in after:
                out.append(f"{path}/{key}: {'added' if key not in before else 'removed'}")
            else:
                out += diff(before[key], after[key], f"{path}/{key}")
        return out
    if isinstance(before, list):
        if all(isinstance(x, dict) and "id" in x for x in before + after):
            b, a = {x["id"]: x for x in before}, {x["id"]: x for x in after}
            out = [f"{path}: item {k} {'added' if k not in b else 'removed'}" for k in sorted(set(a) ^ set(b))]
            for k in sorted(set(a) & set(b)):
                out += diff(b[k], a[k], f"{path}[{k}]")
            return out
        if len(before) != len(after):
            return [f"{path}: {len(before)} items -> {len(after)}"]
        out = []
        for i, (x, y) in enumerate(zip(before, after)):
            out += diff(x, y, f"{path}[{i}]")
        return out
    return [] if before == after else [f"{path}: {json.dumps(before)[:120]} -> {json.dumps(after)[:120]}"]


# ---------------------------------------------------------------------------------------------- the document


class Document:
    def __init__(self, doc: dict):
        self.doc = doc

    def resolve(self, node, depth: int = 0):
        """Follows $ref and merges allOf; picks the first non-null branch of oneOf/anyOf."""
        if not isinstance(node, dict) or depth > 20:
            return node or {}
        if "$ref" in node:
            target = self.doc
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
            merged = dict(self.resolve(target, depth + 1))
            merged.update({k: v for k, v in node.items() if k != "$ref"})
            return merged
        if "allOf" in node:
            merged: dict = {k: v for k, v in node.items() if k != "allOf"}
            for part in node["allOf"]:
                part = self.resolve(part, depth + 1)
                merged.setdefault("properties", {}).update(part.get("properties", {}))
                merged["required"] = sorted(set(merged.get("required", [])) | set(part.get("required", [])))
                for key, value in part.items():
                    if key not in ("properties", "required"):
                        merged.setdefault(key, value)
            return merged
        for key in ("oneOf", "anyOf"):
            if key in node:
                branches = [self.resolve(b, depth + 1) for b in node[key]]
                chosen = next((b for b in branches if b.get("type") != "null"), branches[0] if branches else {})
                merged = {k: v for k, v in node.items() if k != key}
                own = merged.get("properties", {})
                merged.update(chosen)
                if own:  # a branch that narrows an object (which fields it needs) keeps the object's own schemas
                    merged["properties"] = {**chosen.get("properties", {}), **own}
                    merged["required"] = sorted(set(node.get("required", [])) | set(chosen.get("required", [])))
                return merged
        return node

    def base_path(self, *levels: dict) -> str:
        for level in levels:
            servers = level.get("servers")
            if servers:
                return urlparse(servers[0].get("url", "")).path.rstrip("/")
        return ""

    def operations(self) -> list[dict]:
        ops = []
        for path, item in sorted((self.doc.get("paths") or {}).items()):
            item = self.resolve(item)
            for method in METHODS:
                if method not in item:
                    continue
                op = self.resolve(item[method])
                params = {}
                for p in item.get("parameters", []) + op.get("parameters", []):
                    p = self.resolve(p)
                    params[(p.get("in"), p.get("name"))] = p
                base = self.base_path(op, item, self.doc)
                url_path = path if path.startswith("/api/") or not base or path.startswith(base + "/") \
                    else base + path
                security = op["security"] if "security" in op else self.doc.get("security", [])
                needs_auth = bool(security) and all(requirement for requirement in security)
                body_schema, content_type = None, None
                if "requestBody" in op:
                    request_body = self.resolve(op["requestBody"])
                    content = request_body.get("content", {})
                    content_type = "application/json" if "application/json" in content else next(iter(content), None)
                    if content_type:
                        body_schema = self.resolve(content[content_type].get("schema", {}))
                ops.append({"method": method.upper(), "path": path, "url": url_path, "op": op,
                            "params": list(params.values()), "needs_auth": needs_auth,
                            "body_schema": body_schema, "content_type": content_type,
                            "body_required": bool(op.get("requestBody") and
                                                  self.resolve(op["requestBody"]).get("required"))})
        return ops

    def value(self, name: str, schema: dict, ids: dict, overrides: dict | None = None, depth: int = 0,
              context: str | None = None):
        """A plausible valid value for a property: the script's own ids for references, else the schema's
        example, default, enum, or one made from its type and format."""
        schema = self.resolve(schema)
        kind = reference_kind(name, context)
        if kind:
            ref = ids.get(kind) or str(uuid.uuid4())
            return [ref] if schema.get("type") == "array" or name.endswith("Ids") else ref
        for key in ("const", "example", "default"):
            if key in schema and schema[key] is not None:
                return copy.deepcopy(schema[key])
        if schema.get("examples"):
            return copy.deepcopy(schema["examples"][0])
        if schema.get("enum"):
            return next((v for v in schema["enum"] if v is not None), schema["enum"][0])
        types = schema.get("type", "string")
        kind_of = next((t for t in types if t != "null"), "null") if isinstance(types, list) else types
        if kind_of == "object" or "properties" in schema:
            return self.build_object(schema, ids, overrides, depth + 1, context) if depth < 5 else {}
        if kind_of == "array":
            return [self.value(name, schema.get("items", {}), ids, None, depth + 1)] if schema.get("minItems") else []
        if kind_of in ("integer", "number"):
            return schema.get("minimum", 1)
        if kind_of == "boolean":
            return False
        if kind_of == "null":
            return None
        fmt = schema.get("format", "")
        lowered = name.lower()
        if fmt == "date":
            return "2031-01-15"
        if fmt == "date-time":
            return "2031-01-15T09:00:00Z"
        if fmt == "email" or "email" in lowered:
            return f"probe_{uuid.uuid4().hex[:8]}@example.com"
        if fmt == "uuid":
            return str(uuid.uuid4())
        if "password" in lowered:
            return "correct horse battery"
        if "username" in lowered or "login" in lowered:
            return f"probe_{uuid.uuid4().hex[:8]}"
        text = "probe"
        if schema.get("minLength"):
            text = text.ljust(schema["minLength"], "x")
        if schema.get("maxLength"):
            text = text[:schema["maxLength"]]
        return text

    def build_object(self, schema: dict, ids: dict, overrides: dict | None = None, depth: int = 0,
                     context: str | None = None) -> dict:
        """The required properties, plus title/name (so a change would show) and any overrides. An object with no
        required properties but examples (one of several alternatives is needed) starts from its first example."""
        schema = self.resolve(schema)
        props = schema.get("properties", {})
        body = {}
        if depth == 0 and not schema.get("required") and schema.get("examples"):
            body = copy.deepcopy(schema["examples"][0])
        for name in schema.get("required", []):
            body[name] = self.value(name, props.get(name, {}), ids, None, depth, context)
        for name in ("title", "name"):
            if name in props and depth <= 1:
                body[name] = CHANGED_BY_B
        for name, value in (overrides or {}).items():
            body[name] = value
        return body


COLLECTIONS = {"tasks": "task", "lists": "list", "labels": "label", "tokens": "token", "sessions": "token", "users": "username",
               "accounts": "account", "members": "account", "comments": "comment", "reminders": "reminder",
               "webhooks": "webhook", "push-subscriptions": "pushSubscription", "attachments": "attachment",
               "invitations": "invitation",
               "postings": "posting", "bids": "bid",
               "questions": "question", "categories": "category", "store": "item", "inventory": "item",
               "items": "item", "plans": "plan", "charts": "chart"}


def context_kind(url: str) -> str | None:
    """The kind of resource an operation works on: its last known collection (/lists/{id}/move -> list)."""
    kinds = [COLLECTIONS[s] for s in url.split("/") if s in COLLECTIONS]
    return kinds[-1] if kinds else None


def reference_kind(name: str, context: str | None = None) -> str | None:
    """The kind of resource a body or query property refers to, by its name; a sibling (beforeId, afterId) is
    of the kind the operation works on."""
    lowered = name.lower()
    sibling = context if context in ("task", "list", "label") else "task"
    for suffix in ("ids", "id"):
        if lowered.endswith(suffix) and len(lowered) > len(suffix):
            stem = lowered[: -len(suffix)]
            return {"list": "list", "parent": "task", "task": "task", "before": sibling, "after": sibling,
                    "label": "label", "assignee": "account", "account": "account", "member": "account",
                    "user": "account", "token": "token", "credential": "token"}.get(stem)
    return {"list": "list", "parent": "task", "task": "task", "label": "label", "assignee": "account"}.get(lowered)


def path_kind(name: str, collection: str) -> str | None:
    kind = reference_kind(name)
    if kind:
        return kind
    if name == "username":
        return "username"
    return COLLECTIONS.get(collection)


def first_id(data) -> str | None:
    if isinstance(data, dict):
        if isinstance(data.get("id"), str):
            return data["id"]
        for value in data.values():
            found = first_id(value)
            if found:
                return found
    if isinstance(data, list):
        for value in data:
            found = first_id(value)
            if found:
                return found
    return None


def fill_path(entry: dict, member: Member, prefer_trashed: bool) -> tuple[str, dict[str, str], list[str]]:
    """The operation's URL with each path parameter set to one of `member`'s resources; also returns which
    kind each parameter took and notes on guesses."""
    url = entry["url"]
    chosen: dict[str, str] = {}
    notes: list[str] = []
    for match in re.finditer(r"\{([^}]+)\}", entry["url"]):
        name = match.group(1)
        before = entry["url"][: match.start()].rstrip("/")
        collection = before.rsplit("/", 1)[-1]
        kind = path_kind(name, collection)
        value = None
        if kind:
            if prefer_trashed and kind in member.trashed:
                value = member.trashed[kind]
            else:
                value = member.ids.get(kind)
        if value is None:  # an unknown collection: list it as the member and take the first item
            listing_path = url[: url.index("{" + name + "}")].rstrip("/")
            key = listing_path
            if key not in member.extra:
                try:
                    response = member.call("GET", listing_path)
                    member.extra[key] = first_id(response.json()) if response.ok else None
                except (requests.RequestException, ValueError):
                    member.extra[key] = None
            value = member.extra[key]
            kind = f"first of GET {listing_path}"
            if value is None:
                value = str(uuid.uuid4())
                kind = "unknown"
                notes.append(f"no {member.name} resource found for {{{name}}}; used a random id")
        chosen[name] = kind
        url = url.replace("{" + name + "}", value, 1)
    return url, chosen, notes


def required_query(entry: dict, doc: Document, member: Member) -> dict:
    params = {}
    for p in entry["params"]:
        if p.get("in") == "query" and p.get("required"):
            params[p["name"]] = doc.value(p["name"], p.get("schema", {}), member.ids)
    return params


def body_for(entry: dict, doc: Document, ids: dict, overrides: dict | None = None):
    """(json, data, headers) for requests."""
    if entry["body_schema"] is None:
        return None, None, {}
    if entry["content_type"] == "application/json":
        return doc.build_object(entry["body_schema"], ids, overrides, context=context_kind(entry["url"])), None, {}
    if is_photo_type(entry["content_type"]):
        return None, PNG, {"Content-Type": "image/png"}  # a real photo, so that only the access check can refuse
    return None, b"x", {"Content-Type": entry["content_type"]}


def label(entry: dict) -> str:
    return f"{entry['method']} {entry['url']}"


# ---------------------------------------------------------------------------------------------- the checks


def resource_view(member: Member, entries: list[dict], entry: dict, url: str) -> dict | None:
    """A's resource as A sees it through the document's GET of the same path, if there is one."""
    template, resource_url = entry["url"], url
    action = re.match(r"^(.*\})/[^/{}]+$", template)  # .../{id}/restore -> .../{id}
    if action:
        template, resource_url = action.group(1), url.rsplit("/", 1)[0]
    if "{" not in template or not any(e["method"] == "GET" and e["url"] == template for e in entries):
        return None
    response = member.call("GET", resource_url)
    if response.status_code != 200:
        return {"status": response.status_code}
    if not response.headers.get("Content-Type", "").startswith("application/json"):
        return {"status": 200, "bytes": len(response.content)}  # a photo
    data = response.json()
    return {k: data.get(k) for k in ("title", "name", "deletedAt", "status", "listId", "parentId") if k in data}


def bounded(response: requests.Response, seconds: float = 1.5) -> requests.Response:
    """The response with its body read; an event stream (SYNC-5) never ends, so it is read for `seconds` (its
    heartbeats come every second) and then closed, and what came is checked like any body."""
    if not response.headers.get("Content-Type", "").startswith("text/event-stream"):
        response.content  # reads the whole body
        return response
    received = b""
    deadline = time.monotonic() + seconds
    for chunk in response.iter_content(chunk_size=None):
        received += chunk
        if time.monotonic() > deadline:
            break
    response.close()
    response._content = received
    return response


def check_unauthenticated(entry: dict, doc: Document, a: Member) -> None:
    url, _, _ = fill_path(entry, a, prefer_trashed=entry["url"].endswith("/restore"))
    json_body, data, headers = body_for(entry, doc, a.ids)
    query = required_query(entry, doc, a)
    before = a.snapshot() if entry["method"] != "GET" else None
    problems = []
    for variant, auth in (("no Authorization", {}), ("bogus token", {"Authorization": "Bearer dpat_not-a-token"})):
        response = bounded(requests.request(entry["method"], a.base + url, params=query, json=json_body, data=data,
                                            headers={**headers, **auth}, timeout=TIMEOUT, stream=True))
        if response.status_code != 401:
            problems.append(f"{variant}: {response.status_code} {response.text[:200]}")
        elif entry["method"] != "HEAD" and (shape := error_shape_problem(response)):
            problems.append(f"{variant}: 401 but {shape}")
    if before is not None:
        changes = diff(before, a.snapshot())
        if changes:
            problems.append("A's data changed: " + "; ".join(changes[:5]))
    check(not problems, f"(a) {label(entry)} without a valid token -> 401", "\n".join(problems))


def check_cross_member(entry: dict, doc: Document, entries: list[dict], a: Member, b: Member) -> None:
    restore = entry["url"].endswith("/restore")
    url, kinds, notes = fill_path(entry, a, prefer_trashed=restore)
    json_body, data, headers = body_for(entry, doc, b.ids)
    props = doc.resolve(entry["body_schema"] or {}).get("properties", {})
    if isinstance(json_body, dict) and "listId" in props and "listId" not in json_body:
        json_body["listId"] = b.ids["list"]  # so that a wrongly allowed move would carry A's task off to B
    query = required_query(entry, doc, b)
    view_before = resource_view(a, entries, entry, url)
    before = a.snapshot()
    response = b.call(entry["method"], url, params=query, json=json_body, data=data, headers=headers)
    problems = []
    if response.status_code != 404:
        problems.append(f"B got {response.status_code} (want 404): {response.text[:300]}")
    elif entry["method"] != "HEAD" and (shape := error_shape_problem(response)):
        problems.append(f"404 but {shape}")
    leaked = [s for s in (a.marker, a.email) if s in response.text]
    if leaked:
        problems.append(f"the answer shows A's data: {leaked}")
    view_after = resource_view(a, entries, entry, url)
    if view_before != view_after:
        problems.append(f"A's resource changed: {view_before} -> {view_after}")
    changes = diff(before, a.snapshot())
    if changes:
        problems.append("A's data changed: " + "; ".join(changes[:5]))
    what = ", ".join(f"{{{k}}}=A's {'trashed ' if restore and v in a.trashed else ''}{v}" for k, v in kinds.items())
    sent = f" body {json.dumps(json_body)}" if json_body is not None else ""
    check(not problems, f"(b) {label(entry)} as B with {what}{sent} -> 404, A unchanged",
          "\n".join(problems + notes))


def check_body_references(entry: dict, doc: Document, a: Member, b: Member) -> None:
    schema = entry["body_schema"]
    if schema is None or entry["content_type"] != "application/json":
        return
    props = doc.resolve(schema).get("properties", {})
    for name, prop in props.items():
        kind = reference_kind(name, context_kind(entry["url"]))
        if kind is None or kind not in a.ids:
            continue
        url, _, notes = fill_path(entry, b, prefer_trashed=entry["url"].endswith("/restore"))
        target = a.ids[kind]
        value = [target] if doc.resolve(prop).get("type") == "array" or name.endswith("Ids") else target
        json_body = doc.build_object(schema, b.ids, {name: value}, context=context_kind(entry["url"]))
        if name in ("beforeId", "afterId"):  # alternatives: send only the one under test
            json_body.pop("afterId" if name == "beforeId" else "beforeId", None)
        before = a.snapshot()
        response = b.call(entry["method"], url, params=required_query(entry, doc, b), json=json_body)
        problems = []
        if response.status_code < 400 or response.status_code >= 500 or response.status_code == 403:
            problems.append(f"B got {response.status_code} (want a 4xx, not 403): {response.text[:300]}")
        leaked = [s for s in (a.marker, a.email) if s in response.text]
        if leaked:
            problems.append(f"the answer shows A's data: {leaked}")
        changes = diff(before, a.snapshot())
        if changes:
            problems.append("A's data changed: " + "; ".join(changes[:5]))
        check(not problems, f"(d) {label(entry)} as B on B's own, body {json.dumps(json_body)} "
              f"(A's {kind}) -> refused, A unchanged", "\n".join(problems + notes))


def check_listing(entry: dict, doc: Document, a: Member, b: Member, secrets: set[str]) -> None:
    variants = [("", required_query(entry, doc, b))]
    for p in entry["params"]:
        if p.get("in") != "query":
            continue
        kind = reference_kind(p["name"])
        if kind and kind in a.ids:
            variants.append((f"?{p['name']}=A's {kind}", {**required_query(entry, doc, b), p["name"]: a.ids[kind]}))
        elif p["name"] in ("q", "query", "search", "text"):  # B's search must not find A's tasks
            variants.append((f"?{p['name']}=A's title words", {**required_query(entry, doc, b), p["name"]: a.marker}))
    for suffix, query in variants:
        response = b.call("GET", entry["url"], params=query)
        problems = []
        if response.status_code >= 500 or response.status_code in (401, 403):
            problems.append(f"B got {response.status_code}: {response.text[:300]}")
        if not suffix and response.status_code != 200:
            problems.append(f"B's own listing answered {response.status_code}: {response.text[:300]}")
        leaked = sorted(s for s in secrets if s in response.text)
        if leaked:
            problems.append(f"A's data in B's answer: {leaked[:10]}")
        check(not problems, f"(c) {label(entry)}{suffix} as B -> nothing of A's ({response.status_code})",
              "\n".join(problems))


MEMBER_VISIBLE = {"/api/v1/users/{username}"}


def check_public_profile(a: Member, b: Member) -> None:
    response = b.call("GET", f"/api/v1/users/{a.username}")
    problems = []
    if response.status_code != 200:
        problems.append(f"{response.status_code} {response.text[:200]}")
    for secret in (a.email, a.account_id, a.inbox):
        if secret in response.text:
            problems.append(f"shows {secret} (A did not choose to show it)")
    check(not problems, "public profile GET /api/v1/users/{A} as B shows only what A chose to show (ACC-3)",
          "\n".join(problems))


BASELINE_LISTINGS = ["/api/v1/tasks", "/api/v1/lists", "/api/v1/labels", "/api/v1/tokens", "/api/v1/trash",
                     "/api/v1/me/export", "/api/v1/webhooks", "/api/v1/deliveries", "/api/v1/push-subscriptions"]


def main() -> int:
    started = time.monotonic()
    temp = Path(tempfile.mkdtemp(prefix="doable-authz-"))
    # A short idle timeout makes event streams send a heartbeat every second, so reading one for a moment ends.
    # Each member's webhook points at a closed loopback port, so its deliveries fail: loopback is allowed (OPS-7).
    server = Server(temp / "data", temp / "server.log", "--idle-timeout", "3", "--allow-outgoing", "127.0.0.1")
    try:
        server.start()
        if os.environ.get("AUTHZ_OPENAPI_FILE"):
            document = json.loads(Path(os.environ["AUTHZ_OPENAPI_FILE"]).read_text())
        else:
            response = requests.get(server.base + "/api/v1/openapi.json", timeout=TIMEOUT)
            check(response.status_code == 200, "GET /api/v1/openapi.json -> 200", f"{response.status_code}")
            document = response.json()
        doc = Document(document)
        entries = doc.operations()
        secured = [e for e in entries if e["needs_auth"]]
        print(f"operations in the document: {len(entries)}, needing a bearer token: {len(secured)}")
        for e in entries:
            print(f"  {'bearer' if e['needs_auth'] else 'public'} {label(e)}")
        if not check(bool(secured), "the OpenAPI document describes operations that need a bearer token",
                     f"paths: {len(document.get('paths') or {})}; document starts {json.dumps(document)[:200]}"):
            return finish(server, temp, started)

        a, b = Member("A", server.base), Member("B", server.base)
        a.furnish()
        b.furnish()
        secrets = a.secrets()

        for entry in secured:
            check_unauthenticated(entry, doc, a)
        for entry in secured:
            # A profile is every member's to view (ACC-3; members only since issue 27): check_public_profile holds
            # it to showing only what its owner chose, instead of the 404 of (b).
            if "{" in entry["url"] and not authz_market.covers(entry) and entry["url"] not in MEMBER_VISIBLE:
                check_cross_member(entry, doc, entries, a, b)
        for entry in secured:
            check_body_references(entry, doc, a, b)
        # The address search is no listing, and answers 404 on this server (no --geocoder): authz_market holds it.
        listings = [e for e in secured if e["method"] == "GET" and "{" not in e["url"]
                    and not authz_market.is_admin(entry=e) and e["url"] != "/api/v1/market/places"]
        for path in BASELINE_LISTINGS:
            if not any(e["url"] == path for e in listings):
                print(f"note: {path} is not in the document; checked anyway")
                listings.append({"method": "GET", "url": path, "path": path, "params": []})
        for entry in listings:
            check_listing(entry, doc, a, b, secrets)
        if any("{username}" in e["url"] for e in entries):
            check_public_profile(a, b)
        authz_roles.run(SimpleNamespace(
            check=check, a=a, b=b, base=server.base, timeout=TIMEOUT, bounded=bounded, diff=diff, doc=doc,
            error_shape_problem=error_shape_problem, path_kind=path_kind, context_kind=context_kind, png=PNG,
            new_member=lambda name: Member(name, server.base)), entries)
        authz_market.run(SimpleNamespace(
            check=check, a=a, b=b, base=server.base, timeout=TIMEOUT, bounded=bounded, server=server,
            error_shape_problem=error_shape_problem, png=PNG, new_member=lambda name: Member(name, server.base)),
            entries)
        authz_feeds.run(SimpleNamespace(
            check=check, a=a, b=b, base=server.base, timeout=TIMEOUT, bounded=bounded,
            error_shape_problem=error_shape_problem), entries)
        check(requests.get(server.base + "/api/v1/me", headers=a.headers, timeout=TIMEOUT).status_code == 200
              and requests.get(server.base + "/api/v1/me", headers=b.headers, timeout=TIMEOUT).status_code == 200,
              "both members still signed in at the end")
        errors = [line for line in server.log_tail(100000).splitlines() if "Unhandled error" in line]
        check(not errors, "the server logged no unhandled error (no 5xx)", "\n".join(errors[:5]))
    except Exception:  # noqa: BLE001 - a crash of the harness is a failure, with the server's log
        import traceback
        check(False, "harness ran to the end", traceback.format_exc())
    return finish(server, temp, started)


def finish(server: Server, temp: Path, started: float) -> int:
    server.stop()
    if results.failures:
        print("---- server log (tail)")
        print(server.log_tail(30))
    shutil.rmtree(temp, ignore_errors=True)
    print(f"runtime {time.monotonic() - started:.1f} s")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
