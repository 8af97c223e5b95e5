"""INTEROP-1 reports with PyPI's `caldav` library and raw REPORTs: calendar-query (time-range as RFC 4791 §9.9's
table has it, text-match, is-not-defined), calendar-multiget, and sync-collection after add, change and delete."""
from __future__ import annotations

from datetime import datetime, timezone

import caldav
import pytest
from caldav.lib import error

from davhttp import (calendar_query, etags, hrefs, names, response_statuses, sync_collection, sync_token_of,
                     vtodo)


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


def seed_time_range_todos(account, list_id: str) -> None:
    raw = account.raw()
    path = account.calendar_path(list_id)
    todos = {
        "inside": ["DTSTART:20300310T090000Z", "DUE:20300310T170000Z"],
        "spanning-start": ["DTSTART:20300220T090000Z", "DUE:20300305T090000Z"],
        "start-only-inside": ["DTSTART:20300315T090000Z"],
        "duration-reaching-in": ["DTSTART:20300228T120000Z", "DURATION:P2D"],
        "duration-ending-before": ["DTSTART:20300220T120000Z", "DURATION:P2D"],
        "due-at-range-end": ["DUE:20300320T000000Z"],
        "due-at-range-start": ["DUE:20300301T000000Z"],
        "due-before": ["DUE:20300201T120000Z"],
        "due-after": ["DUE:20300615T120000Z"],
        "completed-inside": ["COMPLETED:20300305T120000Z", "STATUS:COMPLETED"],
        "undated": [],
    }
    for name, extra in todos.items():
        put = raw.put(f"{path}{name}.ics", vtodo(summary=name, extra=extra))
        assert put.status_code == 201, f"{name}: {put.text}"


def test_interop1_time_range_query_follows_rfc4791_table(account, task_list):
    """RFC 4791 §9.9 over [2030-03-01, 2030-03-20): DUE alone matches when start < DUE <= end; DTSTART with DURATION
    when the span reaches into the range; no dates at all matches every range; COMPLETED alone when it falls inside.
    The times are the ones in the object the client stored and reads back."""
    seed_time_range_todos(account, task_list["id"])
    found = names(account.raw().report(account.calendar_path(task_list["id"]), calendar_query(
        '<c:comp-filter name="VTODO"><c:time-range start="20300301T000000Z" end="20300320T000000Z"/>'
        '</c:comp-filter>')))
    assert found == {"inside.ics", "spanning-start.ics", "start-only-inside.ics", "duration-reaching-in.ics",
                     "due-at-range-end.ics", "completed-inside.ics", "undated.ics"}


def test_interop1_library_time_range_search(account, task_list, calendar):
    seed_time_range_todos(account, task_list["id"])
    found = calendar.search(todo=True, start=utc(2030, 3, 1), end=utc(2030, 3, 20), include_completed=True,
                            post_filter=False)
    summaries = {str(todo.icalendar_component["SUMMARY"]) for todo in found}
    assert {"inside", "spanning-start", "start-only-inside", "duration-reaching-in", "completed-inside"} <= summaries
    assert not summaries & {"due-before", "due-after", "duration-ending-before"}
    # Pending ones only: the filters the library sends for that (its "ignore_completed" queries), raw, so the server's
    # answer is judged by RFC 4791 §9.7 alone (a prop-filter with a text-match needs the property to be there).
    raw = account.raw()
    path = account.calendar_path(task_list["id"])
    window = '<c:time-range start="20300301T000000Z" end="20300320T000000Z"/>'
    no_status = ('<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>'
                 '<c:prop-filter name="STATUS"><c:is-not-defined/></c:prop-filter>')
    not_done = ('<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>'
                '<c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match>'
                '</c:prop-filter>')
    undefined = names(raw.report(path, calendar_query(f'<c:comp-filter name="VTODO">{no_status}{window}</c:comp-filter>')))
    assert {"inside.ics", "spanning-start.ics", "start-only-inside.ics"} <= undefined
    assert "completed-inside.ics" not in undefined
    negated = names(raw.report(path, calendar_query(f'<c:comp-filter name="VTODO">{not_done}{window}</c:comp-filter>')))
    assert negated == set(), "a todo without STATUS does not match a text-match on STATUS, negated or not"


def test_interop1_text_match_on_summary_and_categories(account, task_list, calendar):
    raw = account.raw()
    path = account.calendar_path(task_list["id"])
    for name, summary, extra in [("milk", "Buy MILK and bread", ["CATEGORIES:errand,home"]),
                                 ("call", "Call the bank", ["CATEGORIES:phone"]),
                                 ("plain", "Read a book", [])]:
        assert raw.put(f"{path}{name}.ics", vtodo(summary=summary, extra=extra)).status_code == 201

    # The library asks for i;octet (case-sensitive) matches; post_filter=False keeps its own filtering out of it.
    by_summary = calendar.search(todo=True, summary="MILK", post_filter=False)
    assert [str(todo.icalendar_component["SUMMARY"]) for todo in by_summary] == ["Buy MILK and bread"]
    assert calendar.search(todo=True, summary="milk", post_filter=False) == []
    by_category = calendar.search(todo=True, category="phone", post_filter=False)
    assert [str(todo.icalendar_component["SUMMARY"]) for todo in by_category] == ["Call the bank"]

    casemap = names(raw.report(path, calendar_query(
        '<c:comp-filter name="VTODO"><c:prop-filter name="SUMMARY">'
        '<c:text-match collation="i;ascii-casemap">milk</c:text-match></c:prop-filter></c:comp-filter>')))
    assert casemap == {"milk.ics"}
    default_collation = names(raw.report(path, calendar_query(
        '<c:comp-filter name="VTODO"><c:prop-filter name="SUMMARY">'
        '<c:text-match>bank</c:text-match></c:prop-filter></c:comp-filter>')))
    assert default_collation == {"call.ics"}
    negated = names(raw.report(path, calendar_query(
        '<c:comp-filter name="VTODO"><c:prop-filter name="CATEGORIES">'
        '<c:text-match negate-condition="yes">errand</c:text-match></c:prop-filter></c:comp-filter>')))
    assert negated == {"call.ics"}
    no_categories = names(raw.report(path, calendar_query(
        '<c:comp-filter name="VTODO"><c:prop-filter name="CATEGORIES"><c:is-not-defined/></c:prop-filter>'
        '</c:comp-filter>')))
    assert no_categories == {"plain.ics"}


def test_interop1_sync_collection_after_add_change_and_delete(account, task_list, calendar):
    changed = calendar.add_todo(vtodo(summary="Will change"))
    deleted = calendar.add_todo(vtodo(summary="Will be deleted"))
    kept = calendar.add_todo(vtodo(summary="Stays as it is"))
    initial = calendar.objects_by_sync_token(load_objects=False, disable_fallback=True)
    assert {obj.url.path for obj in initial} == {changed.url.path, deleted.url.path, kept.url.path}

    added = calendar.add_todo(vtodo(summary="Added after the token"))
    edited = caldav.Todo(client=calendar.client, url=changed.url, parent=calendar).load()
    edited.icalendar_component["SUMMARY"] = "Changed after the token"
    edited.save()
    deleted.delete()

    delta = calendar.objects_by_sync_token(sync_token=initial.sync_token, load_objects=True, disable_fallback=True)
    assert delta.sync_token != initial.sync_token
    assert {url.path for url in delta.deleted_urls} == {deleted.url.path}
    loaded = {obj.url.path: str(obj.icalendar_component["SUMMARY"]) for obj in delta
              if obj.url not in delta.deleted_urls}
    assert loaded == {added.url.path: "Added after the token", changed.url.path: "Changed after the token"}

    one_change = account.api.create_task("Made in the API", task_list["id"])
    after_one = calendar.objects_by_sync_token(sync_token=delta.sync_token, load_objects=True, disable_fallback=True)
    assert [obj.url.path for obj in after_one] == [
        account.calendar_path(task_list["id"]) + f"{one_change['id']}.ics"]
    unchanged = calendar.objects_by_sync_token(sync_token=after_one.sync_token, disable_fallback=True)
    assert len(unchanged) == 0 and unchanged.sync_token == after_one.sync_token


def test_interop1_sync_collection_raw_reports_removals_and_refuses_unknown_tokens(account, task_list):
    raw = account.raw()
    path = account.calendar_path(task_list["id"])
    assert raw.put(path + "gone.ics", vtodo(summary="Gone soon")).status_code == 201
    first = raw.report(path, sync_collection())
    assert names(first) == {"gone.ics"}
    token = sync_token_of(first)
    assert token, first.text
    assert raw.delete(path + "gone.ics").status_code == 204
    second = raw.report(path, sync_collection(token))
    statuses = response_statuses(second)
    assert [status for href, status in statuses.items() if href.endswith("/gone.ics")] == ["HTTP/1.1 404 Not Found"]

    for bogus in ("http://example.com/not-a-token", token + "999", "garbage"):
        refused = raw.report(path, sync_collection(bogus))
        assert refused.status_code == 403 and "valid-sync-token" in refused.text, (bogus, refused.text)
    with pytest.raises(error.DAVError):
        caldav.Calendar(client=account.client(), url=account.base + path).objects_by_sync_token(
            sync_token="http://example.com/not-a-token", disable_fallback=True)


def test_interop1_multiget_returns_bodies_and_etags(account, task_list):
    raw = account.raw()
    path = account.calendar_path(task_list["id"])
    for name in ("a", "b"):
        assert raw.put(f"{path}{name}.ics", vtodo(summary=f"Task {name}")).status_code == 201
    multiget = raw.report(path, (
        '<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
        '<d:prop><d:getetag/><c:calendar-data/></d:prop>'
        f'<d:href>{path}a.ics</d:href><d:href>{path}b.ics</d:href><d:href>{path}missing.ics</d:href>'
        '</c:calendar-multiget>'))
    assert hrefs(multiget) == [f"{path}a.ics", f"{path}b.ics", f"{path}missing.ics"]
    found = etags(multiget)
    assert found[f"{path}a.ics"].startswith('"') and found[f"{path}b.ics"].startswith('"'), found
    assert f"{path}missing.ics" not in found
    assert response_statuses(multiget)[f"{path}missing.ics"] == "HTTP/1.1 404 Not Found"
    assert "SUMMARY:Task a" in multiget.text and "SUMMARY:Task b" in multiget.text
