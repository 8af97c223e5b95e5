"""Raw CalDAV requests for what a client library hides (status codes, preconditions, error bodies), and VTODO text
built the way clients send it: CRLF line ends, one VTODO per VCALENDAR."""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from xml.etree import ElementTree

import requests

NS = {"d": "DAV:", "c": "urn:ietf:params:xml:ns:caldav", "cs": "http://calendarserver.org/ns/"}


@dataclass
class DavHttp:
    """HTTP Basic requests to one server as one account; `path` is relative to the server root."""
    base: str
    login: str
    password: str
    http: requests.Session = field(default_factory=requests.Session)

    def __post_init__(self) -> None:
        self.http.auth = (self.login, self.password)

    def request(self, method: str, path: str, body: str | bytes | None = None, **headers: str) -> requests.Response:
        headers = {name.replace("_", "-"): value for name, value in headers.items()}
        if isinstance(body, str):
            body = body.encode()
        return self.http.request(method, self.base + path, data=body, headers=headers, timeout=30,
                                 allow_redirects=False)

    def put(self, path: str, ics: str, **headers: str) -> requests.Response:
        return self.request("PUT", path, ics, Content_Type="text/calendar; charset=utf-8", **headers)

    def get(self, path: str) -> requests.Response:
        return self.request("GET", path)

    def delete(self, path: str, **headers: str) -> requests.Response:
        return self.request("DELETE", path, **headers)

    def report(self, path: str, xml: str, depth: str = "1") -> requests.Response:
        return self.request("REPORT", path, xml, Content_Type="application/xml; charset=utf-8", Depth=depth)

    def propfind(self, path: str, xml: str, depth: str = "0") -> requests.Response:
        return self.request("PROPFIND", path, xml, Content_Type="application/xml; charset=utf-8", Depth=depth)


def hrefs(multistatus: requests.Response) -> list[str]:
    """The hrefs of a 207 body, in order."""
    assert multistatus.status_code == 207, f"{multistatus.status_code}: {multistatus.text[:500]}"
    root = ElementTree.fromstring(multistatus.content)
    return [element.text or "" for element in root.findall("d:response/d:href", NS)]


def response_statuses(multistatus: requests.Response) -> dict[str, str]:
    """href → the response's own `status` line (sync-collection reports a removed member as 404 this way)."""
    root = ElementTree.fromstring(multistatus.content)
    found = {}
    for response in root.findall("d:response", NS):
        status = response.find("d:status", NS)
        found[response.findtext("d:href", "", NS)] = status.text if status is not None else ""
    return found


def etags(multistatus: requests.Response) -> dict[str, str]:
    """href → the `getetag` found in a 200 propstat."""
    root = ElementTree.fromstring(multistatus.content)
    found = {}
    for response in root.findall("d:response", NS):
        for propstat in response.findall("d:propstat", NS):
            etag = propstat.findtext("d:prop/d:getetag", None, NS)
            if etag and " 200 " in propstat.findtext("d:status", "", NS):
                found[response.findtext("d:href", "", NS)] = etag
    return found


def privileges(multistatus: requests.Response) -> set[str]:
    """The local names of the privileges in the first `current-user-privilege-set` of a 207 body."""
    assert multistatus.status_code == 207, f"{multistatus.status_code}: {multistatus.text[:500]}"
    root = ElementTree.fromstring(multistatus.content)
    granted = root.find(".//d:current-user-privilege-set", NS)
    assert granted is not None, multistatus.text
    return {child.tag.split("}")[-1] for privilege in granted.findall("d:privilege", NS) for child in privilege}


def names(multistatus: requests.Response) -> set[str]:
    """The last path segments of the object hrefs in a 207 body (collections left out)."""
    return {href.rstrip("/").rsplit("/", 1)[-1] for href in hrefs(multistatus) if not href.endswith("/")}


def vtodo(uid: str | None = None, summary: str = "A task", extra: list[str] | None = None,
          stamp: str = "20300101T090000Z") -> str:
    """A VCALENDAR with one VTODO, CRLF line ends, in the shape clients send it."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable tests//CalDAV interop//EN", "BEGIN:VTODO",
             f"UID:{uid or uuid.uuid4()}", f"DTSTAMP:{stamp}", f"SUMMARY:{summary}", *(extra or []),
             "END:VTODO", "END:VCALENDAR"]
    return "\r\n".join(lines) + "\r\n"


def vevent(uid: str | None = None) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable tests//CalDAV interop//EN", "BEGIN:VEVENT",
             f"UID:{uid or uuid.uuid4()}", "DTSTAMP:20300101T090000Z", "DTSTART:20300102T090000Z",
             "DTEND:20300102T100000Z", "SUMMARY:A meeting", "END:VEVENT", "END:VCALENDAR"]
    return "\r\n".join(lines) + "\r\n"


def calendar_query(comp_filter: str) -> str:
    """A calendar-query REPORT asking for ETags, with `comp_filter` inside VCALENDAR's comp-filter."""
    return ('<?xml version="1.0" encoding="utf-8"?>'
            '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
            '<d:prop><d:getetag/></d:prop>'
            f'<c:filter><c:comp-filter name="VCALENDAR">{comp_filter}</c:comp-filter></c:filter>'
            '</c:calendar-query>')


def sync_collection(token: str = "") -> str:
    return ('<?xml version="1.0" encoding="utf-8"?>'
            '<d:sync-collection xmlns:d="DAV:">'
            f'<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>'
            '<d:prop><d:getetag/></d:prop></d:sync-collection>')


def sync_token_of(multistatus: requests.Response) -> str:
    root = ElementTree.fromstring(multistatus.content)
    return root.findtext("d:sync-token", "", NS)


def unfolded(ics: str) -> str:
    """iCalendar text with folded lines joined (RFC 5545 §3.1), for reading one property."""
    return re.sub(r"\r?\n[ \t]", "", ics)


def property_lines(ics: str, name: str) -> list[str]:
    """Every content line of property `name` (with parameters), unfolded."""
    return [line for line in unfolded(ics).splitlines() if re.match(rf"{re.escape(name)}[;:]", line)]
