"""caldav-server-tester for a server that keeps tasks only (INTEROP-1).

caldav-server-tester (v1.7) sets up its fixtures and most probes with VEVENTs: sync tokens, RELATED-TO, duplicate
UIDs, ETags, If-Match, text and is-not-defined searches are all tried on events, and its setup stops at the first
event a server refuses. Against a VTODO-only server it would measure almost nothing. This runs the unmodified tester
with one adaptation in its HTTP client, so that those probes measure what they are about on tasks, which is what
Doable stores:
- a VEVENT the tester PUTs is sent as a VTODO with the same properties (DTEND becomes DUE, the one property a VTODO
  spells differently), and read back (GET, calendar-data) as the VEVENT it was;
- a calendar-query for VEVENTs asks for VTODOs (with DUE for DTEND), and its answer keeps only the objects that were
  sent as events (and a query for VTODOs drops them), as a server with both kinds would answer.
The features about events themselves cannot be measured that way, so the report states them as Doable has them:
unsupported, because a VEVENT is refused with `supported-calendar-component` (test_caldav_objects.py checks that
refusal on its own).

Takes the options of `caldav-server-tester` and prints its report (use `--format hints`)."""
from __future__ import annotations

import re
import sys
from urllib.parse import unquote, urlsplit

import caldav.davclient
from caldav_server_tester import check_server_compatibility, checker
from lxml import etree

DAV = "{DAV:}"
CALDAV = "{urn:ietf:params:xml:ns:caldav}"

# Features about events (and scheduling, which needs events) as such; see the module's docstring.
EVENT_FEATURES = re.compile(
    r"^(save-load\.event|save\.duplicate-event|search\.time-range\.event|search\.recurrences\.[a-z-]+\.event"
    r"|search\.recurrences\.expanded\.exception|freebusy-query"
    r"|save-load\.mutable\.attendee-partstat)(\.|$)")
EVENT_REFUSED = {"support": "unsupported", "behaviour": "Doable keeps tasks only: a VEVENT is refused with "
                                                         "supported-calendar-component (probed with VTODOs)"}

sent_as_events: set[str] = set()  # paths of the objects stored from a VEVENT
asked_for: str | None = None  # the component the current calendar-query asks for, as the tester wrote it


def path_of(url) -> str:
    return unquote(urlsplit(str(url)).path)


def as_vtodo(text: str) -> str:
    text = text.replace("BEGIN:VEVENT", "BEGIN:VTODO").replace("END:VEVENT", "END:VTODO")
    return re.sub(r"(?m)^DTEND([;:])", r"DUE\1", text)


def as_vevent(text: str) -> str:
    text = text.replace("BEGIN:VTODO", "BEGIN:VEVENT").replace("END:VTODO", "END:VEVENT")
    return re.sub(r"(?m)^DUE([;:])", r"DTEND\1", text)


def text_of(body) -> str:
    return body.decode() if isinstance(body, bytes) else (body or "")


original_request = caldav.davclient.DAVClient.request


def request(self, url, method="GET", body="", headers=None, rate_limit_time_slept=0):
    global asked_for
    asked_for = None
    event = False
    if method == "PUT" and "BEGIN:VEVENT" in text_of(body):
        body, event = as_vtodo(text_of(body)), True
    elif method == "REPORT":
        query = text_of(body)
        asked_for = next((kind for kind in ("VEVENT", "VTODO") if f'name="{kind}"' in query), None)
        if asked_for == "VEVENT":
            body = query.replace('name="VEVENT"', 'name="VTODO"').replace('name="DTEND"', 'name="DUE"')
    response = original_request(self, url, method, body, headers, rate_limit_time_slept)
    if method == "PUT" and response.status < 300:
        (sent_as_events.add if event else sent_as_events.discard)(path_of(url))
    elif method == "DELETE" and response.status < 300:
        sent_as_events.discard(path_of(url))
    return response


def as_read_back(content: bytes) -> bytes:
    """A multistatus as a server with events would answer the tester's query (see the module's docstring)."""
    root = etree.fromstring(content)
    for response in root.findall(f"{DAV}response"):
        href = path_of(response.findtext(f"{DAV}href") or "")
        was_event = href in sent_as_events
        if not href.endswith("/") and asked_for and was_event != (asked_for == "VEVENT"):
            root.remove(response)
        elif was_event:
            for data in response.iter(f"{CALDAV}calendar-data"):
                data.text = as_vevent(data.text or "")
    return etree.tostring(root, xml_declaration=True, encoding="utf-8")


OriginalResponse = caldav.davclient.DAVResponse


def response(http_response, client):
    method = http_response.request.method
    if method == "GET" and http_response.status_code == 200 and path_of(http_response.url) in sent_as_events:
        http_response._content = as_vevent(http_response.content.decode()).encode()  # noqa: SLF001
    elif method == "REPORT" and http_response.status_code == 207 and http_response.content:
        http_response._content = as_read_back(http_response.content)  # noqa: SLF001
    return OriginalResponse(http_response, client)


original_report = checker.ServerQuirkChecker.report


def report_with_event_features(self, *args, **kwargs):
    features = self._features_checked  # noqa: SLF001 (the tester's own record of what it found)
    for feature in list(features.dotted_feature_set_list(compact=False)):
        if EVENT_FEATURES.match(feature):
            features.set_feature(feature, dict(EVENT_REFUSED))
    return original_report(self, *args, **kwargs)


if __name__ == "__main__":
    caldav.davclient.DAVClient.request = request
    caldav.davclient.DAVResponse = response
    checker.ServerQuirkChecker.report = report_with_event_features
    sys.exit(check_server_compatibility())
