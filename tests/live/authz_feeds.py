"""INTEROP-2: the ICS feeds part of the authorization matrix (run by authz_matrix.py, which passes its helpers in).

A feed URL's key is its only credential, so the feeds are public operations that the generic checks leave out; here
every operation of the document under /api/v1/feeds and /feeds/ is held to its rule, by operationId:

  listFeeds       each member its own URLs: 401 without a token, and B's answer names none of A's lists;
  rotateFeeds     each member its own key: 401 without a token, 403 with a read-only token, and B rotating leaves
                  A's URLs working;
  getDueTasksFeed with A's key, A's feed (200, without B's tasks); any other key, even B's, shows nothing of A's;
  getListFeed     A's key with A's list: 200; A's key with B's list (not shared with A), B's key with A's list, a
                  guessed key, and a rotated key: 404 with the same body each time, nothing of A's in it.

Every operation of those paths needs a line in RULES; one that has none fails the run.
"""
from __future__ import annotations

import uuid
from types import SimpleNamespace

import requests

RULES = {
    "listFeeds": "own URLs only",
    "rotateFeeds": "own key only",
    "getDueTasksFeed": "the key's owner's tasks only",
    "getListFeed": "a list the key's owner can see only",
}


def covers(entry: dict) -> bool:
    return entry["url"].startswith("/api/v1/feeds") or entry["url"].startswith("/feeds/")


def run(ctx: SimpleNamespace, entries: list[dict]) -> None:
    check, a, b = ctx.check, ctx.a, ctx.b
    for entry in entries:
        if covers(entry):
            op_id = entry["op"].get("operationId", "")
            check(op_id in RULES, f"feeds: {entry['method']} {entry['url']} ({op_id}) has a rule in authz_feeds.RULES")

    def feeds(member, rotate: bool = False) -> dict:
        response = member.call("POST" if rotate else "GET", "/api/v1/feeds" + ("/rotate" if rotate else ""))
        check(response.status_code == 200, f"feeds: {member.name} {'rotates' if rotate else 'reads'} its feed URLs",
              f"{response.status_code} {response.text[:200]}")
        return response.json()

    def fetch(url: str) -> requests.Response:
        path = url[url.index("/feeds/"):]
        return ctx.bounded(requests.get(ctx.base + path, timeout=ctx.timeout, stream=True))

    for method, path in (("GET", "/api/v1/feeds"), ("POST", "/api/v1/feeds/rotate")):
        response = requests.request(method, ctx.base + path, timeout=ctx.timeout)
        check(response.status_code == 401, f"feeds: {method} {path} without a token -> 401", f"{response.status_code}")

    mine, theirs = feeds(a), feeds(b)
    a_lists = {item["listId"]: item["url"] for item in mine["lists"]}
    b_lists = {item["listId"]: item["url"] for item in theirs["lists"]}
    check(a.ids["list"] in a_lists and a.ids["list"] not in b_lists,
          "feeds: A's list has a feed for A and none for B", f"B's lists: {list(b_lists)}")
    a_key = mine["all"]["url"].split("/feeds/")[1].split("/")[0]
    b_key = theirs["all"]["url"].split("/feeds/")[1].split("/")[0]

    own = fetch(a_lists[a.ids["list"]])
    check(own.status_code == 200 and a.marker in own.text, "feeds: A's key opens A's list feed",
          f"{own.status_code} {own.text[:200]}")
    everything = fetch(mine["all"]["url"])
    check(everything.status_code == 200 and b.marker not in everything.text,
          "feeds: A's all-tasks feed holds nothing of B's", f"{everything.status_code}")

    guessed = fetch(f"/feeds/{'A' * 43}/all.ics")
    check(guessed.status_code == 404, "feeds: a guessed key -> 404", f"{guessed.status_code}")
    refusals = {
        "B's key with A's list": f"/feeds/{b_key}/lists/{a.ids['list']}.ics",
        "A's key with B's list": f"/feeds/{a_key}/lists/{b.ids['list']}.ics",
        "A's key with A's trashed list": f"/feeds/{a_key}/lists/{a.trashed['list']}.ics",
        "a made-up list id": f"/feeds/{a_key}/lists/{uuid.uuid4()}.ics",
    }
    for what, path in refusals.items():
        response = fetch(path)
        check(response.status_code == 404 and response.text == guessed.text and a.marker not in response.text
              and b.marker not in response.text, f"feeds: {what} -> the same 404 as a guessed key",
              f"{response.status_code} {response.text[:200]}")
    others = fetch(theirs["all"]["url"])
    check(others.status_code == 200 and a.marker not in others.text, "feeds: B's all-tasks feed holds nothing of A's",
          f"{others.status_code}")

    feeds(b, rotate=True)
    check(fetch(mine["all"]["url"]).status_code == 200, "feeds: B making new links leaves A's working")
    check(fetch(theirs["all"]["url"]).status_code == 404, "feeds: B's old links answer 404 after B rotates")

    reader = a.call("POST", "/api/v1/tokens", json={"name": f"{a.marker} reader", "scope": "read"})
    if check(reader.status_code == 201, "feeds: A makes a read-only token", f"{reader.status_code}"):
        secret = reader.json()["secret"]
        headers = {"Authorization": f"Bearer {secret}"}
        listing = requests.get(ctx.base + "/api/v1/feeds", headers=headers, timeout=ctx.timeout)
        check(listing.status_code == 200, "feeds: a read-only token reads the URLs", f"{listing.status_code}")
        rotate = requests.post(ctx.base + "/api/v1/feeds/rotate", headers=headers, timeout=ctx.timeout)
        check(rotate.status_code == 403 and ctx.error_shape_problem(rotate) is None,
              "feeds: a read-only token may not make new links -> 403", f"{rotate.status_code} {rotate.text[:200]}")
        check(fetch(mine["all"]["url"]).status_code == 200, "feeds: A's links still work after the refusal")
        a.call("DELETE", f"/api/v1/tokens/{reader.json()['credential']['id']}")
