"""INTEROP-1 with PyPI's `caldav` library against `doable serve`: discovery, calendars (MKCALENDAR, PROPPATCH,
DELETE, sharing), objects (PUT/GET/DELETE, conditional requests, UID conflicts, refusals, round trips) and what the
REST API sees of each write. Where the library would hide a status code, the request is sent raw (davhttp.DavHttp).
Reports are in test_caldav_reports.py."""
from __future__ import annotations

import uuid

import caldav
import pytest
from caldav.elements import dav
from caldav.lib import error

from davhttp import names, privileges, property_lines, vevent, vtodo


def task_titled(account, list_id: str, title: str) -> dict:
    found = [task for task in account.api.tasks(list=list_id) if task["title"] == title]
    assert len(found) == 1, f"expected one task {title!r} in the list, found {len(found)}"
    return found[0]


# Discovery and authentication


def test_interop1_well_known_redirects_and_discovery_finds_every_list(account, base_url):
    redirect = account.raw().request("PROPFIND", "/.well-known/caldav", Depth="0")
    assert redirect.status_code == 301 and redirect.headers["Location"].endswith("/dav/")
    account.api.create_list("Second list")
    lists = {item["id"]: item["name"] for item in account.api.lists()}
    for url in (base_url + "/dav/", base_url + "/.well-known/caldav"):
        principal = account.client(url).principal()
        assert principal.url.path == f"/dav/principals/{account.username}/"
        assert principal.calendar_home_set.url.path == account.home
        calendars = {cal.url.path: cal.get_display_name() for cal in principal.calendars()}
        assert calendars == {account.calendar_path(list_id): name for list_id, name in lists.items()}, url


def test_interop1_calendar_url_answers_discovery_properties(account, task_list):
    """Thunderbird users often paste a calendar's URL: it answers current-user-principal and the home set too."""
    client = account.client(account.base + account.calendar_path(task_list["id"]))
    assert client.principal().url.path == f"/dav/principals/{account.username}/"


def test_interop1_basic_auth_by_email_and_account_password(account):
    by_email = account.client(login=account.member.email).principal()
    assert by_email.url.path == f"/dav/principals/{account.username}/"
    with_password = account.client(password=account.member.password).principal()
    assert len(with_password.calendars()) >= 1
    refused = account.raw(password="not the password").propfind("/dav/", "")
    assert refused.status_code == 401 and refused.headers.get("WWW-Authenticate", "").lower().startswith("basic")
    with pytest.raises(error.AuthorizationError):
        account.client(password="not the password").principal()


# Calendars


def test_interop1_mkcalendar_makes_a_list_that_holds_tasks(account):
    principal = account.client().principal()
    made = principal.make_calendar(name="Errands over CalDAV")
    assert made.get_display_name() == "Errands over CalDAV"
    assert made.get_supported_components() == ["VTODO"]
    made_list = account.api.list_named("Errands over CalDAV")
    assert made_list is not None, [item["name"] for item in account.api.lists()]
    made.add_todo(vtodo(summary="Post the parcel"))
    assert [task["title"] for task in account.api.tasks(list=made_list["id"])] == ["Post the parcel"]
    assert any(cal.get_display_name() == "Errands over CalDAV" for cal in principal.calendars())


def test_interop1_proppatch_renames_and_delete_trashes_the_list(account, task_list, calendar):
    calendar.set_properties([dav.DisplayName("Renamed by a client")])
    assert account.api.call("GET", f"/lists/{task_list['id']}")["name"] == "Renamed by a client"
    calendar.delete()
    assert task_list["id"] in [item["id"] for item in account.api.trash()["lists"]]
    assert task_list["id"] not in [item["id"] for item in account.api.lists()]


def test_interop1_viewer_gets_a_read_only_calendar(account, task_list, new_account):
    viewer = new_account()
    account.api.call("POST", f"/lists/{task_list['id']}/members", json={"login": viewer.username, "role": "viewer"})
    account.api.create_task("Shared task", task_list["id"])
    path = viewer.calendar_path(task_list["id"])
    granted = privileges(viewer.raw().propfind(path, '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>'
                                                     '<d:current-user-privilege-set/></d:prop></d:propfind>'))
    assert "read" in granted and not granted & {"write", "write-content", "bind", "unbind", "all"}, granted
    owner_granted = privileges(account.raw().propfind(
        account.calendar_path(task_list["id"]), '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>'
                                                '<d:current-user-privilege-set/></d:prop></d:propfind>'))
    assert owner_granted & {"write", "all"}, owner_granted
    summaries = [str(todo.icalendar_component["SUMMARY"])
                 for cal in viewer.client().principal().calendars() if cal.url.path == path for todo in cal.todos()]
    assert summaries == ["Shared task"]
    refused = viewer.raw().put(path + "viewer.ics", vtodo(summary="Not allowed"))
    assert refused.status_code == 403, refused.text
    assert account.api.titles(list=task_list["id"]) == ["Shared task"]


# Objects


def test_interop1_put_get_load_and_edit_a_todo(account, task_list, calendar):
    uid = str(uuid.uuid4())
    saved = calendar.add_todo(vtodo(uid, "Buy milk", ["DUE;VALUE=DATE:20300105", "PRIORITY:1"]))
    assert saved.url.path.startswith(account.calendar_path(task_list["id"]))
    task = task_titled(account, task_list["id"], "Buy milk")
    assert task["due"] == "2030-01-05" and task["priority"] == "high"

    by_url = caldav.Todo(client=calendar.client, url=saved.url, parent=calendar).load()
    assert str(by_url.icalendar_component["UID"]) == uid
    assert str(calendar.todo_by_uid(uid).icalendar_component["SUMMARY"]) == "Buy milk"

    by_url.icalendar_component["SUMMARY"] = "Buy oat milk"
    by_url.save()
    assert account.api.task(task["id"])["title"] == "Buy oat milk"
    reloaded = caldav.Todo(client=calendar.client, url=saved.url, parent=calendar).load()
    assert str(reloaded.icalendar_component["SUMMARY"]) == "Buy oat milk"


def test_interop1_client_chosen_names_are_kept(account, task_list):
    raw = account.raw()
    path = account.calendar_path(task_list["id"]) + "5E8A0F3B-7C1D-4E2A-9B6F-0123456789AB.ics"
    created = raw.put(path, vtodo(summary="Apple-style name"), If_None_Match="*")
    assert created.status_code == 201, created.text
    fetched = raw.get(path)
    assert fetched.status_code == 200 and "Apple-style name" in fetched.text
    assert fetched.headers["Content-Type"].startswith("text/calendar")
    listing = raw.propfind(account.calendar_path(task_list["id"]),
                           '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop>'
                           '</d:propfind>', depth="1")
    assert "5E8A0F3B-7C1D-4E2A-9B6F-0123456789AB.ics" in names(listing)


def test_interop1_conditional_requests_answer_412(account, task_list):
    raw = account.raw()
    path = account.calendar_path(task_list["id"]) + "conditional.ics"
    uid = str(uuid.uuid4())
    assert raw.put(path, vtodo(uid, "First"), If_None_Match="*").status_code == 201

    again = raw.put(path, vtodo(uid, "Overwrite"), If_None_Match="*")
    assert again.status_code == 412, again.text
    stale = raw.get(path).headers["ETag"]
    assert stale.startswith('"')

    updated = raw.put(path, vtodo(uid, "Second"), If_Match=stale)
    assert updated.status_code in (200, 204), updated.text
    current = raw.get(path).headers["ETag"]
    assert current != stale

    lost_update = raw.put(path, vtodo(uid, "Lost update"), If_Match=stale)
    assert lost_update.status_code == 412, lost_update.text
    assert raw.delete(path, If_Match=stale).status_code == 412
    assert raw.put(account.calendar_path(task_list["id"]) + "missing.ics", vtodo(summary="x"),
                   If_Match=current).status_code == 412
    assert task_titled(account, task_list["id"], "Second")["title"] == "Second"
    assert raw.delete(path, If_Match=current).status_code == 204


def test_interop1_library_refuses_a_stale_save(account, task_list, calendar):
    saved = calendar.add_todo(vtodo(summary="Edited twice"))
    first = caldav.Todo(client=calendar.client, url=saved.url, parent=calendar).load()
    second = caldav.Todo(client=calendar.client, url=saved.url, parent=calendar).load()
    first.icalendar_component["SUMMARY"] = "Edited on the phone"
    first.save()
    second.icalendar_component["SUMMARY"] = "Edited on the laptop"
    with pytest.raises(error.ETagMismatchError):  # 412 to the If-Match the library sends
        second.save()
    assert account.api.titles(list=task_list["id"]) == ["Edited on the phone"]


def test_interop1_duplicate_uid_answers_409_with_the_existing_href(account, task_list):
    raw = account.raw()
    calendar_path = account.calendar_path(task_list["id"])
    uid = str(uuid.uuid4())
    assert raw.put(calendar_path + "first.ics", vtodo(uid, "Original")).status_code == 201
    conflict = raw.put(calendar_path + "second.ics", vtodo(uid, "Copy"))
    assert conflict.status_code == 409, conflict.text
    assert "no-uid-conflict" in conflict.text and calendar_path + "first.ics" in conflict.text
    assert raw.get(calendar_path + "second.ics").status_code == 404
    assert account.api.titles(list=task_list["id"]) == ["Original"]


def test_interop1_vevent_is_refused(account, task_list, calendar):
    refused = account.raw().put(account.calendar_path(task_list["id"]) + "meeting.ics", vevent())
    assert refused.status_code == 403 and "supported-calendar-component" in refused.text, refused.text
    with pytest.raises(error.AuthorizationError):  # the 403
        calendar.add_event(vevent())
    assert account.api.tasks(list=task_list["id"]) == []


def test_interop1_title_over_200_characters_is_refused_with_a_message(account, task_list):
    refused = account.raw().put(account.calendar_path(task_list["id"]) + "long.ics", vtodo(summary="x" * 201))
    assert refused.status_code == 403, refused.text
    assert "200" in refused.text, refused.text  # the rule's own message, which the client shows
    assert account.api.tasks(list=task_list["id"]) == []


def test_interop1_completing_a_todo_completes_the_task(account, task_list, calendar):
    todo = calendar.add_todo(vtodo(summary="Water the plants"))
    todo.complete()
    task = task_titled(account, task_list["id"], "Water the plants")
    assert task["status"] == "completed" and task["completedAt"]
    served = caldav.Todo(client=calendar.client, url=todo.url, parent=calendar).load()
    assert str(served.icalendar_component["STATUS"]) == "COMPLETED"
    assert "COMPLETED" in served.icalendar_component


def test_interop1_delete_moves_the_task_to_the_trash(account, task_list, calendar):
    todo = calendar.add_todo(vtodo(summary="Cancel the gym"))
    task = task_titled(account, task_list["id"], "Cancel the gym")
    todo.delete()
    assert task["id"] in [item["id"] for item in account.api.trash()["tasks"]]
    assert account.raw().get(todo.url.path).status_code == 404


def test_interop1_rest_task_appears_in_the_calendar(account, task_list, calendar):
    task = account.api.create_task("Made in the web app", task_list["id"], due="2030-04-01", priority="medium")
    todos = {str(todo.icalendar_component["SUMMARY"]): todo for todo in calendar.todos()}
    assert set(todos) == {"Made in the web app"}
    todo = todos["Made in the web app"]
    assert todo.url.path == account.calendar_path(task_list["id"]) + f"{task['id']}.ics"
    assert str(todo.icalendar_component["UID"]) == task["id"]
    assert property_lines(todo.data, "DUE") == ["DUE;VALUE=DATE:20300401"]
    assert property_lines(todo.data, "PRIORITY") == ["PRIORITY:5"]


def test_interop1_unknown_properties_and_related_to_round_trip(account, task_list):
    raw = account.raw()
    calendar_path = account.calendar_path(task_list["id"])
    parent_uid = str(uuid.uuid4())
    assert raw.put(calendar_path + "parent.ics", vtodo(parent_uid, "Plan the trip")).status_code == 201
    sent = vtodo(str(uuid.uuid4()), "Book the flights", [
        "X-APPLE-SORT-ORDER:612345678",
        "X-DOABLE-TEST;X-PARAM=\"quoted;value\":keep me, as I am",
        f"RELATED-TO;RELTYPE=PARENT:{parent_uid}",
        "RELATED-TO;RELTYPE=SIBLING:some-other-uid@example.com",
        "LOCATION:Lisbon",
        "X-MOZ-GENERATION:3",
    ])
    assert raw.put(calendar_path + "child.ics", sent).status_code == 201
    fetched = raw.get(calendar_path + "child.ics")
    assert fetched.content == sent.encode(), fetched.text

    child = task_titled(account, task_list["id"], "Book the flights")
    parent = task_titled(account, task_list["id"], "Plan the trip")
    assert child["parentId"] == parent["id"]

    account.api.patch_task(child["id"], title="Book the flights and hotel")
    after_edit = raw.get(calendar_path + "child.ics").text
    assert property_lines(after_edit, "SUMMARY") == ["SUMMARY:Book the flights and hotel"]
    for line in ("X-APPLE-SORT-ORDER:612345678", "X-DOABLE-TEST;X-PARAM=\"quoted;value\":keep me, as I am",
                 f"RELATED-TO;RELTYPE=PARENT:{parent_uid}", "RELATED-TO;RELTYPE=SIBLING:some-other-uid@example.com",
                 "LOCATION:Lisbon", "X-MOZ-GENERATION:3"):
        assert line in after_edit.splitlines() or line in after_edit.replace("\r\n", "\n").splitlines(), line
