"""COLLAB-1..3: the role part of the authorization matrix (run by authz_matrix.py, which passes its helpers in).

A (the owner) shares a list with three members as admin, editor and viewer; B (A's stranger in the rest of the
matrix) is the non-member. Every operation of the document whose path addresses the shared list, its tasks, its
comments or its members is called as owner, admin, editor, viewer, non-member and anonymous, and the answer is
held to RULES, written from the SPEC:

  viewer  reads; every write is 403 (the one error shape, a message naming a role), except leaving (204);
  editor  task writes and comments; list settings, members, list delete and restore are 403;
  admin   list settings and members too; deleting the list and handing it over are 403 (owner only);
  owner   everything;
  non-member  404 everywhere, never 403 (existence must not leak), nothing of A's in the answer;
  anonymous   401.

Comments: only the author edits (403 for anyone else who can see it); the author (with the editor role or
higher), an admin or the owner deletes. Reminders (NOTIF-1) are personal: every role, a viewer too, sets, lists,
changes, snoozes and deletes its own on a shared task; another member's reminder answers 404 to all of them (as if
it did not exist), a non-member gets 404 for the task, and a member who leaves the list loses its reminders'
operations (404). After every refused call A's data (its whole export, which carries the
list's memberships and the comments on A's tasks) must be unchanged. A call that would succeed and destroy what
later calls need (delete, restore, remove, add) gets a fresh resource of its own.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Callable

import requests

ROLES = ("owner", "admin", "editor", "viewer")
CALLERS = ROLES + ("non-member", "anonymous")
RANK = {"viewer": 0, "editor": 1, "admin": 2, "owner": 3}

# The least role each operation needs on the shared list (COLLAB-3, Domain+Access.swift's ListAction), by the
# document's operationId. `author`: only the comment's author (the table's target is a comment of A's);
# `author-or-admin`: its author, an admin or the owner (the target is a comment of someone else's).
RULES = {
    "getList": "viewer",
    # Reordering is the caller's own view of its lists (a member's order lives in its membership): any role.
    "moveList": "viewer",
    "updateList": "admin",
    "deleteList": "owner",
    "restoreList": "owner",
    "listMembers": "viewer",
    "addMember": "admin",
    "updateMember": "admin",
    "removeMember": "admin",
    "getTask": "viewer",
    "updateTask": "editor",
    "deleteTask": "editor",
    "completeTask": "editor",
    "reopenTask": "editor",
    "restoreTask": "editor",
    "duplicateTask": "editor",
    "moveTask": "editor",
    "listComments": "viewer",
    "taskActivity": "viewer",
    "addComment": "editor",
    "updateComment": "author",
    "deleteComment": "author-or-admin",
    # NOTIF-1: reminders are each member's own; any role sets and lists its own on a task it can see.
    "listReminders": "viewer",
    "createReminder": "viewer",
    # TASK-11: a task's photos are seen by whoever sees the task and added or removed by its list's editors.
    "listTaskPhotos": "viewer",
    "addTaskPhoto": "editor",
    "getAttachment": "viewer",
    "deleteAttachment": "editor",
    # INTEROP-5: importing into a list (its id in the query, so run_variants calls it) adds tasks to it.
    "importTasks": "editor",
}

# Path parameters the role matrix can point at the shared list's resources; personal resources are not shared.
SHARED_KINDS = {"list", "task", "comment", "account", "attachment"}
PERSONAL_KINDS = {"label", "token", "username", "reminder", "webhook", "pushSubscription", "invitation"}
# The marketplace and the admin tools have no lists and no roles in them: authz_market.py holds them.
MARKET_KINDS = {"posting", "bid", "question", "category", "item", "plan", "chart"}
ROLE_WORDS = re.compile(r"\b(viewer|editor|admin|owner)\b", re.IGNORECASE)


def expected_status(rule: str, caller: str) -> str:
    """'2xx', or the exact refusal status, for `caller` under `rule`."""
    if caller == "anonymous":
        return "401"
    if caller == "non-member":
        return "404"
    if rule == "author":
        return "2xx" if caller == "owner" else "403"
    if rule == "author-or-admin":
        return "2xx" if caller in ("owner", "admin") else "403"
    return "2xx" if RANK[caller] >= RANK[rule] else "403"


def default_rule(entry: dict) -> tuple[str, str]:
    """For an operation RULES does not name yet: reads need a viewer, writes on a task an editor, other writes an
    admin. Printed, so that a wrong guess shows and gets a line in RULES."""
    if entry["method"] == "GET":
        return "viewer", "a read"
    if "/tasks/" in entry["url"] or "/comments/" in entry["url"]:
        return "editor", "a write on a task"
    return "admin", "a write on the list"


@dataclass
class Shared:
    """A's shared list and what hangs on it."""
    list: str = ""
    other_list: str = ""  # a second list shared the same way: moveList's neighbour, and the one members leave
    task: str = ""
    sibling: str = ""
    trashed_task: str = ""
    comment: str = ""  # A's comment on the task
    own_comments: dict[str, str] = field(default_factory=dict)  # role -> a comment it wrote on the task
    target: str = ""  # a plain viewer member, for role changes and refused removals
    target_role: str = "viewer"
    notification: str = ""  # one of A's notifications
    photo: str = ""  # a photo of the task (TASK-11)
    spare_count: int = 0


class RoleMatrix:
    def __init__(self, ctx: SimpleNamespace):
        self.ctx = ctx
        self.check: Callable[..., bool] = ctx.check
        self.a = ctx.a
        self.b = ctx.b
        self.members = {"admin": ctx.new_member("Adm"), "editor": ctx.new_member("Ed"), "viewer": ctx.new_member("Vw")}
        self.s = Shared()

    # ------------------------------------------------------------------------------------------ calls

    def who(self, caller: str):
        return {"owner": self.a, "non-member": self.b, "anonymous": None, **self.members}[caller]

    def call(self, caller: str, method: str, path: str, body=None, params=None) -> requests.Response:
        """`body` is JSON, the bytes of a photo (TASK-11), sent as image/png, or (content type, bytes) of a file
        sent in its own format (INTEROP-5's imports)."""
        member = self.who(caller)
        photo = isinstance(body, bytes)
        if isinstance(body, tuple):
            payload = {"data": body[1], "headers": {"Content-Type": body[0]}}
        else:
            payload = {"data": body, "headers": {"Content-Type": "image/png"}} if photo else {"json": body}
        if member is None:
            return self.ctx.bounded(requests.request(method, self.ctx.base + path, params=params,
                                                     timeout=self.ctx.timeout, stream=True, **payload))
        return member.call(method, path, params=params, **payload)

    def must(self, caller: str, method: str, path: str, body=None, status: int | None = None) -> dict:
        response = self.call(caller, method, path, body)
        if not response.ok or (status and response.status_code != status):
            raise RuntimeError(f"setup: {caller} {method} {path} {body} -> {response.status_code} "
                               f"{response.text[:300]}")
        return response.json() if response.content else {}

    def spare(self) -> object:
        """A fresh account that is nobody's member yet."""
        self.s.spare_count += 1
        return self.ctx.new_member(f"Spare{self.s.spare_count}")

    def share(self, list_id: str, member, role: str) -> None:
        self.must("owner", "POST", f"/api/v1/lists/{list_id}/members", {"login": member.username, "role": role}, 201)

    def fresh_task(self, trashed: bool = False) -> str:
        task = self.must("owner", "POST", "/api/v1/tasks", {"title": f"{self.a.marker} fresh shared task",
                                                            "listId": self.s.list})["id"]
        if trashed:
            self.must("owner", "DELETE", f"/api/v1/tasks/{task}", status=204)
        return task

    def fresh_list(self, trashed: bool = False) -> str:
        self.s.spare_count += 1
        list_id = self.must("owner", "POST", "/api/v1/lists",
                            {"name": f"{self.a.marker} fresh {self.s.spare_count}"})["id"]
        for role, member in self.members.items():
            self.share(list_id, member, role)
        if trashed:
            self.must("owner", "DELETE", f"/api/v1/lists/{list_id}", status=204)
        return list_id

    def photo(self) -> str:
        """A fresh photo of A's on the shared task."""
        return self.must("owner", "POST", f"/api/v1/tasks/{self.s.task}/attachments", self.ctx.png, 201)["id"]

    def comment(self, caller: str, text: str) -> str:
        return self.must(caller, "POST", f"/api/v1/tasks/{self.s.task}/comments", {"body": text}, 201)["id"]

    # ------------------------------------------------------------------------------------------ setup

    def furnish(self) -> None:
        m = self.a.marker
        self.s.list = self.must("owner", "POST", "/api/v1/lists", {"name": f"{m} shared list"}, 201)["id"]
        self.s.other_list = self.must("owner", "POST", "/api/v1/lists", {"name": f"{m} shared too"}, 201)["id"]
        # The viewer starts as an editor to write a comment of its own, then is made a viewer.
        for role, member in self.members.items():
            for list_id in (self.s.list, self.s.other_list):
                self.share(list_id, member, "editor" if role == "viewer" else role)
        target = self.spare()
        self.share(self.s.list, target, "viewer")
        self.s.target = target.account_id
        self.s.task = self.must("owner", "POST", "/api/v1/tasks", {"title": f"{m} shared task",
                                                                   "listId": self.s.list}, 201)["id"]
        self.s.sibling = self.must("owner", "POST", "/api/v1/tasks", {"title": f"{m} shared sibling",
                                                                      "listId": self.s.list}, 201)["id"]
        self.s.trashed_task = self.fresh_task(trashed=True)
        self.s.photo = self.photo()
        self.s.comment = self.comment("owner", f"{m} owner's comment")
        for role in ("admin", "editor", "viewer"):
            self.s.own_comments[role] = self.comment(role, f"{role}'s own comment")
        viewer = self.members["viewer"].account_id
        for list_id in (self.s.list, self.s.other_list):
            self.must("owner", "PATCH", f"/api/v1/lists/{list_id}/members/{viewer}", {"role": "viewer"})
        # Comments by others on a task A created tell A (NOTIF-4).
        notes = self.must("owner", "GET", "/api/v1/notifications")
        self.check(notes.get("unreadCount", 0) >= 1 and bool(notes.get("notifications")),
                   "(e) setup: members' comments on A's task notify A (NOTIF-4)", str(notes)[:300])
        self.s.notification = (notes.get("notifications") or [{}])[0].get("id", "")

    # ------------------------------------------------------------------------------------------ one call

    def expect(self, name: str, caller: str, want: str, method: str, path: str, body=None, params=None,
               refusal: str = "role") -> requests.Response:
        """Calls and holds the answer to `want` ('2xx' or a status); a refusal also must leave A's data as it was,
        be in the one error shape, name a role (403, or 'author' for the author rule) and show nothing of A's."""
        refused = not want.startswith("2")
        before = self.a.snapshot() if refused else None
        response = self.call(caller, method, path, body, params)
        problems = []
        status = response.status_code
        if not refused:
            if not (200 <= status < 300 if want == "2xx" else str(status) == want):
                problems.append(f"got {status} (want {want}): {response.text[:300]}")
        else:
            if str(status) != want:
                problems.append(f"got {status} (want {want}): {response.text[:300]}")
            elif shape := self.ctx.error_shape_problem(response):
                problems.append(f"{status} but {shape}")
            elif status == 403:
                message = response.json()["error"]["message"]
                if response.json()["error"]["code"] != "forbidden":
                    problems.append(f"403 with code {response.json()['error']['code']!r}")
                words = ROLE_WORDS if refusal == "role" else re.compile(r"\b(author|admin|owner|viewer|editor)\b")
                if not words.search(message):
                    problems.append(f"the message names no role: {message!r}")
            if caller in ("non-member", "anonymous"):
                leaked = [s for s in (self.a.marker, self.a.email) if s in response.text]
                if leaked:
                    problems.append(f"the answer shows A's data: {leaked}")
            changes = self.ctx.diff(before, self.a.snapshot())
            if changes:
                problems.append("A's data changed: " + "; ".join(changes[:5]))
        sent = f" <a photo of {len(body)} bytes>" if isinstance(body, bytes) else f" {body}" if body is not None else ""
        self.check(not problems, f"(e) {name} as {caller}: {method} {path}{sent} -> {want}", "\n".join(problems))
        return response

    # ------------------------------------------------------------------------------------------ the table

    @staticmethod
    def soon(days: float = 1) -> str:
        moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=days)
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    def plan(self, entry: dict, caller: str, want: str) -> tuple[str, dict | None] | None:
        """The URL and body for one call: the shared resources, or a fresh one where success would use it up."""
        op_id = entry["op"].get("operationId", "")
        succeeds = want == "2xx"
        ids = {"list": self.s.list, "task": self.s.task, "comment": self.s.comment, "account": self.s.target,
               "attachment": self.s.photo}
        if op_id == "deleteTask" and succeeds:
            ids["task"] = self.fresh_task()
        if op_id == "restoreTask":
            ids["task"] = self.fresh_task(trashed=True) if succeeds else self.s.trashed_task
        if op_id == "deleteList" and succeeds:
            ids["list"] = self.fresh_list()
        if op_id == "restoreList" and succeeds:
            ids["list"] = self.fresh_list(trashed=True)
        if op_id == "removeMember" and succeeds:
            member = self.spare()
            self.share(self.s.list, member, "viewer")
            ids["account"] = member.account_id
        if op_id == "deleteAttachment" and succeeds:
            ids["attachment"] = self.photo()
        if op_id == "deleteComment":
            # Someone else's comment: the editor's for those who may delete it, the owner's for the others.
            ids["comment"] = self.comment("editor", "to be deleted") if succeeds else self.s.comment
        url = entry["url"]
        for match in re.finditer(r"\{([^}]+)\}", entry["url"]):
            name = match.group(1)
            collection = entry["url"][: match.start()].rstrip("/").rsplit("/", 1)[-1]
            url = url.replace("{" + name + "}", ids[self.ctx.path_kind(name, collection)], 1)
        body = None
        if op_id == "addTaskPhoto":
            return url, self.ctx.png
        if entry["body_schema"] is not None:
            overrides = {
                "moveList": {"afterId": self.s.other_list},
                "moveTask": {"afterId": self.s.sibling},
                "updateList": {"description": f"set by the {caller}"},
                "updateTask": {"title": f"{self.a.marker} task, edited by the {caller}"},
                "addMember": {"login": self.spare().username, "role": "viewer"},
                "updateMember": {"role": "editor" if self.s.target_role == "viewer" else "viewer"},
                "addComment": {"body": f"a comment by the {caller}"},
                "updateComment": {"body": f"edited by the {caller}"},
            }.get(op_id, {})
            shared_ids = {"list": self.s.list, "task": self.s.task, "account": self.s.target}
            body = self.ctx.doc.build_object(entry["body_schema"], shared_ids, overrides,
                                             context=self.ctx.context_kind(entry["url"]))
            if op_id in ("moveList", "moveTask"):
                body.pop("beforeId", None)
            if op_id == "updateList":
                body.pop("name", None)  # renaming would need a name unique among the owner's lists per caller
            if op_id == "createReminder":
                body = {"at": self.soon()}  # the shared task has no due date for a relative reminder
        return url, body

    def run_table(self, entries: list[dict]) -> None:
        for entry in entries:
            if not entry["needs_auth"] or "{" not in entry["url"]:
                continue
            if entry["url"].startswith("/api/v1/admin/"):
                continue  # the admin tools: authz_market.py holds them to who is an admin
            kinds = []
            for match in re.finditer(r"\{([^}]+)\}", entry["url"]):
                collection = entry["url"][: match.start()].rstrip("/").rsplit("/", 1)[-1]
                kinds.append(self.ctx.path_kind(match.group(1), collection))
            if any(kind in PERSONAL_KINDS or kind in MARKET_KINDS for kind in kinds):
                continue
            label = f"{entry['method']} {entry['url']}"
            if not self.check(all(kind in SHARED_KINDS for kind in kinds),
                              f"(e) the role matrix can address {label} on the shared list",
                              f"path parameters of kinds {kinds}: teach authz_roles.py how to make one on A's "
                              "shared list (Shared, plan) and give the operation a line in RULES"):
                continue
            op_id = entry["op"].get("operationId", label)
            rule = RULES.get(op_id)
            if rule is None:
                rule, why = default_rule(entry)
                print(f"note: {op_id} has no line in RULES; taken as {why} ({rule} or higher)")
            documented = [code for code in entry["op"].get("responses", {}) if code.startswith("2")]
            for caller in CALLERS:
                want = expected_status(rule, caller)
                url, body = self.plan(entry, caller, want)
                if want == "2xx" and len(documented) == 1:
                    want = documented[0]  # the one success status the document gives
                response = self.expect(op_id, caller, want, entry["method"], url, body,
                                       refusal="author" if rule.startswith("author") else "role")
                if op_id == "updateMember" and 200 <= response.status_code < 300:
                    self.s.target_role = response.json().get("role", self.s.target_role)

    # ------------------------------------------------------------------------------------------ the variants

    def run_variants(self) -> None:
        s, base = self.s, "/api/v1"
        # COLLAB-1: the list as each role sees it.
        members = self.must("owner", "GET", f"{base}/lists/{s.list}/members")["members"]
        for role in ROLES:
            response = self.call(role, "GET", f"{base}/lists/{s.list}")
            data = response.json() if response.ok else {}
            self.check(response.ok and data.get("role") == role and data.get("memberCount") == len(members)
                       and data.get("ownerId") == self.a.account_id,
                       f"(e) GET /lists/{{shared}} as {role} says role {role}, memberCount {len(members)}, "
                       "ownerId A", f"{response.status_code} {response.text[:300]}")
        # Creating in the shared list, at the top level and under its task.
        for what, body in (("listId", {"listId": s.list}), ("parentId", {"parentId": s.task})):
            for caller in CALLERS:
                want = expected_status("editor", caller)
                self.expect(f"createTask with the shared {what}", caller, want, "POST", f"{base}/tasks",
                            {"title": f"{self.a.marker} created by the {caller}", **body})
        # INTEROP-5: importing a file into the shared list (its id in the query), as creating tasks in it.
        for caller in CALLERS:
            want = expected_status(RULES["importTasks"], caller)
            csv = f"TYPE,CONTENT\ntask,{self.a.marker} imported by the {caller} @imported\n".encode()
            response = self.expect("importTasks into the shared list", caller, "201" if want == "2xx" else want,
                                   "POST", f"{base}/imports", ("text/csv", csv), params={"listId": s.list})
            if response.status_code == 201:
                tasks = self.call("owner", "GET", f"{base}/tasks", params={"list": s.list, "limit": 500}).json()
                titles = [t["title"] for t in tasks.get("tasks", [])]
                self.check(f"{self.a.marker} imported by the {caller}" in titles,
                           f"(e) the {caller}'s import shows in the shared list", str(titles)[:300])
        # Hand-over: only the owner, and only to an admin; a fresh list so that A keeps the shared one.
        for caller in CALLERS:
            want = expected_status("owner", caller)
            if want == "2xx":
                list_id = self.fresh_list()
                target = self.members["admin"].account_id
            else:
                list_id, target = s.list, self.members["admin"].account_id
            response = self.expect("updateMember role owner (hand-over)", caller, want, "PATCH",
                                   f"{base}/lists/{list_id}/members/{target}", {"role": "owner"})
            if want == "2xx" and response.ok:
                after = self.call("owner", "GET", f"{base}/lists/{list_id}").json()
                self.check(response.json().get("role") == "owner" and after.get("role") == "admin",
                           "(e) after the hand-over the admin owns the list and A is its admin",
                           f"{response.text[:200]} / {str(after)[:200]}")
        # Comments of one's own: the author edits and deletes them while it may write; a viewer may not.
        for role in ("admin", "editor", "viewer"):
            want = "403" if role == "viewer" else "2xx"
            self.expect("updateComment on its own comment", role, want, "PATCH",
                        f"{base}/comments/{s.own_comments[role]}", {"body": f"{role} edits its own"})
            target = s.own_comments[role] if role == "viewer" else self.comment(role, "mine, to be deleted")
            self.expect("deleteComment on its own comment", role, want, "DELETE", f"{base}/comments/{target}")
        # COLLAB-2: assignees are members of the task's list; "assigned to me" covers shared lists.
        viewer = self.members["viewer"]
        self.expect("updateTask assigneeId = the viewer (a member)", "owner", "2xx", "PATCH",
                    f"{base}/tasks/{s.task}", {"assigneeId": viewer.account_id})
        response = self.expect("updateTask assigneeId = a non-member", "owner", "400", "PATCH",
                               f"{base}/tasks/{s.task}", {"assigneeId": self.b.account_id})
        self.check(response.status_code != 400 or response.json()["error"].get("field") == "assigneeId",
                   "(e) the refused assignee is named in `field`", response.text[:300])
        for caller, present in (("viewer", True), ("non-member", False)):
            response = self.call(caller, "GET", f"{base}/tasks", params={"assignee": "me"})
            ids = [t["id"] for t in response.json().get("tasks", [])] if response.ok else []
            self.check(response.ok and (s.task in ids) == present,
                       f"(e) GET /tasks?assignee=me as {caller} {'lists' if present else 'does not list'} "
                       "the shared task assigned to the viewer", f"{response.status_code} {response.text[:300]}")
        # TASK-8: trashed tasks of the shared list show in the trash of editors and up, not of viewers or others.
        for caller in ("editor", "viewer", "non-member"):
            response = self.call(caller, "GET", f"{base}/trash")
            ids = [t["id"] for t in response.json().get("tasks", [])] if response.ok else []
            present = caller == "editor"
            self.check(response.ok and (s.trashed_task in ids) == present,
                       f"(e) GET /trash as {caller} {'shows' if present else 'does not show'} the shared list's "
                       "trashed task", f"{response.status_code} {response.text[:300]}")
        # NOTIF-2: nobody marks A's notifications read.
        for caller in ("viewer", "non-member"):
            self.expect("markNotificationsRead with A's notification", caller, "404", "POST",
                        f"{base}/notifications/read", {"ids": [s.notification]})
        unread = self.must("owner", "GET", f"{base}/notifications", None).get("unreadCount", 0)
        self.check(unread >= 1, "(e) A's notification is still unread", f"unreadCount {unread}")
        self.run_reminders()
        # COLLAB-1: leaving, last, on the second list: every member may; the owner may not; a stranger gets 404.
        for caller in CALLERS:
            member = self.who(caller)
            account = member.account_id if member is not None else self.a.account_id
            want = {"owner": "409", "non-member": "404", "anonymous": "401"}.get(caller, "204")
            self.expect("removeMember on its own membership (leaving)", caller, want, "DELETE",
                        f"{base}/lists/{s.other_list}/members/{account}")

    def run_reminders(self) -> None:
        """NOTIF-1 and NOTIF-3: every role has reminders of its own on the shared task; nobody else's answers."""
        s, base = self.s, "/api/v1"
        own: dict[str, str] = {}
        for role in ROLES:
            response = self.expect("createReminder of its own", role, "201", "POST", f"{base}/tasks/{s.task}/reminders",
                                   {"at": self.soon(2)})
            if response.status_code == 201:
                own[role] = response.json()["id"]
        self.expect("createReminder relative to a date the task lacks", "viewer", "400", "POST",
                    f"{base}/tasks/{s.task}/reminders", {"relativeTo": "due", "offsetMinutes": -15})
        for role in ROLES:
            response = self.call(role, "GET", f"{base}/tasks/{s.task}/reminders")
            listed = {r["id"] for r in response.json().get("reminders", [])} if response.ok else set()
            others = {own[r] for r in own if r != role}
            self.check(response.ok and own.get(role) in listed and not (listed & others),
                       f"(e) listReminders as {role} shows its own reminder and no other member's",
                       f"{response.status_code} {response.text[:300]}")
        # Someone else's reminder: 404 for every operation, for every other role and for the non-member.
        for target_role, reminder in own.items():
            for caller in CALLERS:
                if caller == target_role:
                    continue
                want = "401" if caller == "anonymous" else "404"
                for name, method, suffix, body in (
                        ("updateReminder", "PATCH", "", {"silenced": True}),
                        ("snoozeReminder", "POST", "/snooze", {"preset": "1h"}),
                        ("deleteReminder", "DELETE", "", None)):
                    response = self.expect(f"{name} on the {target_role}'s reminder", caller, want, method,
                                           f"{base}/reminders/{reminder}{suffix}", body)
                    self.check(own.get(target_role, "") not in response.text or caller == target_role,
                               f"(e) {name} on the {target_role}'s reminder as {caller} shows nothing of it",
                               response.text[:300])
            still = self.call(target_role, "GET", f"{base}/tasks/{s.task}/reminders")
            ids = [r["id"] for r in still.json().get("reminders", [])] if still.ok else []
            self.check(reminder in ids and still.json()["reminders"][ids.index(reminder)]["silenced"] is False,
                       f"(e) the {target_role}'s reminder is untouched by the others", still.text[:300])
        # One's own: change, silence, snooze and delete, whatever the role (a viewer too).
        for role, reminder in own.items():
            self.expect("updateReminder of its own", role, "200", "PATCH", f"{base}/reminders/{reminder}",
                        {"at": self.soon(3)})
            self.expect("updateReminder silenced, its own", role, "200", "PATCH", f"{base}/reminders/{reminder}",
                        {"silenced": True})
            response = self.expect("snoozeReminder of its own", role, "200", "POST",
                                   f"{base}/reminders/{reminder}/snooze", {"minutes": 30})
            self.check(response.ok and response.json().get("snoozedUntil") and not response.json().get("silenced"),
                       f"(e) snoozing its own reminder as {role} sets snoozedUntil and ends silencing",
                       response.text[:300])
            self.expect("deleteReminder of its own", role, "204", "DELETE", f"{base}/reminders/{reminder}")
            self.expect("deleteReminder of its own, again", role, "404", "DELETE", f"{base}/reminders/{reminder}")
        # A member who leaves loses its reminders on the list's tasks with the list.
        leaver = self.spare()
        self.share(s.list, leaver, "viewer")
        response = leaver.call("POST", f"{base}/tasks/{s.task}/reminders", json={"at": self.soon()})
        self.check(response.status_code == 201, "(e) a fresh viewer sets a reminder on the shared task",
                   f"{response.status_code} {response.text[:300]}")
        reminder = response.json().get("id", "") if response.ok else ""
        self.must("owner", "DELETE", f"{base}/lists/{s.list}/members/{leaver.account_id}", status=204)
        for method, suffix, body in (("PATCH", "", {"silenced": True}), ("POST", "/snooze", {"preset": "5m"}),
                                     ("DELETE", "", None)):
            response = leaver.call(method, f"{base}/reminders/{reminder}{suffix}", json=body)
            self.check(response.status_code == 404 and not self.ctx.error_shape_problem(response),
                       f"(e) {method} /reminders/{{id}}{suffix} of a removed member's reminder -> 404",
                       f"{response.status_code} {response.text[:300]}")
        response = leaver.call("GET", f"{base}/tasks/{s.task}/reminders")
        self.check(response.status_code == 404, "(e) a removed member lists reminders of the list's task -> 404",
                   f"{response.status_code} {response.text[:300]}")
        # A read-only token writes no reminder, whatever the role.
        token = self.members["viewer"].call("POST", f"{base}/tokens", json={"name": "read only", "scope": "read"})
        secret = token.json().get("secret", "") if token.status_code == 201 else ""
        response = self.ctx.bounded(requests.post(self.ctx.base + f"{base}/tasks/{s.task}/reminders",
                                                  json={"at": self.soon()}, timeout=self.ctx.timeout, stream=True,
                                                  headers={"Authorization": f"Bearer {secret}"}))
        self.check(response.status_code == 403, "(e) createReminder with the viewer's read-only token -> 403",
                   f"{response.status_code} {response.text[:300]}")


def run(ctx: SimpleNamespace, entries: list[dict]) -> None:
    matrix = RoleMatrix(ctx)
    matrix.furnish()
    matrix.run_table(entries)
    matrix.run_variants()
