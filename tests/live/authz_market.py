"""MKT and the admin tools: the marketplace part of the authorization matrix (run by authz_matrix.py, which passes
its helpers in).

The marketplace has no lists and no roles: every signed-in member sees every posting, its questions and the
photos of it, and any member may bid on (or ask about) another's posting. So "B on A's resource -> 404" does not
hold there; instead every operation of the document under /api/v1/market/ and /api/v1/admin/ (and the photo
operations on a posting's photo) is called as

  poster     A, who posted the posting and sees all its bids;
  bidder     a member with an open bid on it (and the question asked on it);
  other      B, another member, with no part in it;
  admin      a member made admin with `doable admin grant` (it has no part in the posting either);
  anonymous  no credential: 401 everywhere,

and the answer is held to RULES, written from the SPEC: only the poster changes a posting, accepts or declines a
bid, answers a question or marks it done (403 for the other members, who may see it: the error shape with code
forbidden); only the bidder changes or withdraws its bid (403 for the poster, who sees it; 404 for the others, who
do not); nobody bids on or asks about its own posting (409); poster and assignee rate each other once (403 for the
others); the admin tools answer 404 to everyone but an admin. After every refusal the posting, as its poster sees
it with its bids, questions and reviews, must be unchanged, and no answer to someone else shows A's email or its
secret marker. A call that would succeed and use up a resource (delete, accept, done, a review) gets one of its
own. Every operation of those paths needs a line in RULES.
"""
from __future__ import annotations

import subprocess
import uuid
from types import SimpleNamespace

import requests

CALLERS = ("poster", "bidder", "other", "admin", "anonymous")
MEMBERS = CALLERS[:-1]


def everyone(status: str) -> dict[str, str]:
    return {caller: status for caller in MEMBERS}


def only(who: str, status: str, others: str) -> dict[str, str]:
    return {caller: status if caller == who else others for caller in MEMBERS}


# operationId -> the status each caller gets (anonymous: always 401).
RULES = {
    "searchPostings": everyone("200"),
    "createPosting": everyone("201"),
    "getPosting": everyone("200"),
    "updatePosting": only("poster", "200", "403"),
    "deletePosting": only("poster", "204", "403"),
    "addPostingPhoto": only("poster", "201", "403"),
    "markPostingDone": only("poster", "200", "403"),
    "reopenPosting": only("poster", "200", "403"),
    # Bidding again changes one's open bid (200); a first bid is 201; never on one's own posting.
    "placeBid": {"poster": "409", "bidder": "200", "other": "201", "admin": "201"},
    # All bids for the poster, the caller's own for anyone else (checked below).
    "listBids": everyone("200"),
    "updateBid": {"poster": "403", "bidder": "200", "other": "404", "admin": "404"},
    "withdrawBid": {"poster": "403", "bidder": "204", "other": "404", "admin": "404"},
    "acceptBid": {"poster": "200", "bidder": "403", "other": "404", "admin": "404"},
    "declineBid": {"poster": "200", "bidder": "403", "other": "404", "admin": "404"},
    "listQuestions": everyone("200"),
    "askQuestion": {"poster": "409", "bidder": "201", "other": "201", "admin": "201"},
    "answerQuestion": only("poster", "200", "403"),
    # On a done posting assigned to the bidder.
    "reviewPosting": {"poster": "201", "bidder": "201", "other": "403", "admin": "403"},
    "myPostings": everyone("200"),
    "myBids": everyone("200"),
    "listCategories": everyone("200"),
    # MKT-12: the server's currency and map; its address search, which this server (no --geocoder) does not have.
    "getMarketSettings": everyone("200"),
    "searchPlaces": everyone("404"),
    "adminListCategories": only("admin", "200", "404"),
    "createCategory": only("admin", "201", "404"),
    "updateCategory": only("admin", "200", "404"),
    "listCategorySuggestions": only("admin", "200", "404"),
    # GAME: each member's own game (these members never turned it on, so what needs it on is a 409 game_off), the
    # store's catalogue that everyone sees, statistics and plans; and the game's admin tools.
    "getGame": everyone("200"),
    "updateGame": everyone("200"),
    "updateCompanion": everyone("409"),
    "petCompanion": everyone("409"),
    "getCompanionPicture": everyone("200"),
    "getHomePicture": everyone("200"),
    "getStore": everyone("200"),
    "buyItem": everyone("409"),
    "getInventory": everyone("200"),
    "equipItem": everyone("409"),
    "unequipItem": everyone("409"),
    "restoreStreak": everyone("409"),
    "listBadges": everyone("200"),
    "getLedger": everyone("200"),
    "listPlans": everyone("200"),
    "getStats": everyone("200"),
    "getStatsChart": everyone("200"),
    "adminGetGameRules": only("admin", "200", "404"),
    "adminUpdateGameRules": only("admin", "200", "404"),
    "adminListStoreItems": only("admin", "200", "404"),
    "adminCreateStoreItem": only("admin", "201", "404"),
    "adminUpdateStoreItem": only("admin", "200", "404"),
    "adminListPlans": only("admin", "200", "404"),
    "adminCreatePlan": only("admin", "201", "404"),
    "adminUpdatePlan": only("admin", "200", "404"),
    # ADMIN-1, ADMIN-2: accounts and the audit log, on a member made for it (a fresh one for each delete).
    "adminListAccounts": only("admin", "200", "404"),
    "adminDisableAccount": only("admin", "200", "404"),
    "adminEnableAccount": only("admin", "200", "404"),
    "adminGrantAdmin": only("admin", "200", "404"),
    "adminRevokeAdmin": only("admin", "200", "404"),
    "adminDeleteAccount": only("admin", "204", "404"),
    "adminAuditLog": only("admin", "200", "404"),
}
# The photo operations, on a photo of the posting: every member sees it, only the poster removes it.
PHOTO_RULES = {
    "getAttachment": everyone("200"),
    "deleteAttachment": only("poster", "204", "403"),
}

PREFIXES = ("/api/v1/market/", "/api/v1/admin/", "/api/v1/game", "/api/v1/stats", "/api/v1/plans")


def covers(entry: dict) -> bool:
    """Whether this script holds the operation (authz_matrix.py's check (b) leaves it out)."""
    return entry["url"].startswith(PREFIXES)


def is_admin(entry: dict) -> bool:
    return entry["url"].startswith("/api/v1/admin/")


class MarketMatrix:
    def __init__(self, ctx: SimpleNamespace):
        self.ctx = ctx
        self.check = ctx.check
        self.a = ctx.a
        self.members = {"poster": ctx.a, "bidder": ctx.new_member("Bidder"), "other": ctx.b,
                        "admin": ctx.new_member("Admin")}
        self.names = iter(range(1, 10_000))

    # ------------------------------------------------------------------------------------------ calls

    def call(self, caller: str, method: str, path: str, body=None, params=None) -> requests.Response:
        """`body` is JSON, or the bytes of a photo."""
        photo = isinstance(body, bytes)
        payload = {"data": body, "headers": {"Content-Type": "image/png"}} if photo else {"json": body}
        member = self.members.get(caller)
        if member is None:
            return self.ctx.bounded(requests.request(method, self.ctx.base + path, params=params,
                                                     timeout=self.ctx.timeout, stream=True, **payload))
        return member.call(method, path, params=params, **payload)

    def must(self, caller: str, method: str, path: str, body=None, status: int | None = None) -> dict:
        response = self.call(caller, method, path, body)
        if not response.ok or (status and response.status_code != status):
            raise RuntimeError(f"setup: {caller} {method} {path} -> {response.status_code} {response.text[:300]}")
        return response.json() if response.content else {}

    # ------------------------------------------------------------------------------------------ fixtures

    def posting(self, title: str = "Mow the lawn") -> str:
        """A fresh requested posting of A's, with a place."""
        return self.must("poster", "POST", "/api/v1/market/postings", {
            "title": f"{title} {next(self.names)}", "description": "Front and back garden.", "category": "Gardening",
            "maxBid": 40, "location": {"latitude": 52.52, "longitude": 13.405, "placeName": "Mitte"}}, 201)["id"]

    def bid(self, posting: str, amount: float = 35.5) -> str:
        return self.must("bidder", "POST", f"/api/v1/market/postings/{posting}/bids",
                         {"amount": amount, "message": "Tomorrow"})["id"]

    def assigned(self) -> tuple[str, str]:
        """A fresh posting of A's assigned to the bidder, and the accepted bid."""
        posting = self.posting("Assigned")
        bid = self.bid(posting)
        self.must("poster", "POST", f"/api/v1/market/bids/{bid}/accept", status=200)
        return posting, bid

    def done(self) -> str:
        posting, _ = self.assigned()
        self.must("poster", "POST", f"/api/v1/market/postings/{posting}/done", status=200)
        return posting

    def photo(self, posting: str) -> str:
        return self.must("poster", "POST", f"/api/v1/market/postings/{posting}/photos", self.ctx.png, 201)["id"]

    def furnish(self) -> None:
        server = self.ctx.server
        admin = self.members["admin"]
        result = subprocess.run([server.binary, "admin", "grant", admin.username, "--data-dir", str(server.data_dir)],
                                capture_output=True, text=True, timeout=60)
        self.check(result.returncode == 0, "(f) setup: `doable admin grant` makes the admin member an admin",
                   result.stdout + result.stderr)
        me = self.call("admin", "GET", "/api/v1/me")
        self.check(me.ok and me.json().get("isAdmin") is True, "(f) setup: the admin member is an admin",
                   me.text[:300])
        self.s = SimpleNamespace(posting=self.posting(), assigned=self.assigned(), done=self.done())
        self.s.bid = self.bid(self.s.posting)
        self.s.photo = self.photo(self.s.posting)
        self.s.question = self.must("bidder", "POST", f"/api/v1/market/postings/{self.s.posting}/questions",
                                    {"body": "Is there a mower?"}, 201)["id"]
        self.s.category = self.must("admin", "POST", "/api/v1/admin/categories",
                                    {"name": f"Authz {uuid.uuid4().hex[:8]}"}, 201)["id"]
        self.s.item = self.must("poster", "GET", "/api/v1/game/store")["items"][0]["id"]
        self.s.made_item = self.must("admin", "POST", "/api/v1/admin/store/items", self.item_body("Setup"), 201)["id"]
        self.s.subject = self.ctx.new_member("Subject").account_id
        self.s.plan = self.must("admin", "POST", "/api/v1/admin/plans", {
            "name": "Authz plan", "price": 4.99, "period": "month", "description": "A probe."}, 201)["id"]

    @staticmethod
    def item_body(who: str) -> dict:
        return {"name": f"Probe of the {who} {uuid.uuid4().hex[:6]}", "description": "A probe.", "category": "trinket",
                "slot": "shelf", "price": 15, "svg": '<circle cx="50" cy="50" r="20" fill="#fbbf24"/>'}

    # ------------------------------------------------------------------------------------------ one call

    def snapshot(self, posting: str) -> dict:
        """The posting as its poster sees it, with every bid, question and review."""
        response = self.call("poster", "GET", f"/api/v1/market/postings/{posting}")
        if response.status_code != 200:
            return {"status": response.status_code}
        data = response.json()
        data.pop("unseenBidCount", None)
        return data

    def plan(self, op_id: str, caller: str, want: str) -> tuple[str, object, str]:
        """The path and body of one call, and the posting it is about: the shared fixtures, or fresh ones where
        success would use them up."""
        succeeds = want.startswith("2")
        s, base = self.s, "/api/v1/market"
        posting, bid = s.posting, s.bid
        if op_id == "deletePosting" and succeeds:
            posting = self.posting("Deleted")
        if op_id in ("markPostingDone", "reopenPosting"):
            posting = self.assigned()[0] if succeeds else s.assigned[0]
        if op_id in ("acceptBid", "declineBid") and succeeds:
            bid = self.bid(self.posting("Decided"))
        if op_id == "withdrawBid" and succeeds:
            bid = self.bid(self.posting("Withdrawn"))
        if op_id == "reviewPosting":
            posting = self.done() if succeeds else s.done
        photo = self.photo(posting) if op_id == "deleteAttachment" and succeeds else s.photo
        path, body = {
            "searchPostings": (f"{base}/postings", None),
            "createPosting": (f"{base}/postings", {"title": f"Posted by the {caller}", "description": "A probe.",
                                                   "category": "Other", "maxBid": 12.5}),
            "getPosting": (f"{base}/postings/{posting}", None),
            "updatePosting": (f"{base}/postings/{posting}", {"description": f"Edited by the {caller}."}),
            "deletePosting": (f"{base}/postings/{posting}", None),
            "addPostingPhoto": (f"{base}/postings/{posting}/photos", self.ctx.png),
            "markPostingDone": (f"{base}/postings/{posting}/done", None),
            "reopenPosting": (f"{base}/postings/{posting}/reopen", None),
            "listBids": (f"{base}/postings/{posting}/bids", None),
            "placeBid": (f"{base}/postings/{posting}/bids", {"amount": 30, "message": f"From the {caller}"}),
            "updateBid": (f"{base}/bids/{bid}", {"amount": 33}),
            "withdrawBid": (f"{base}/bids/{bid}", None),
            "acceptBid": (f"{base}/bids/{bid}/accept", None),
            "declineBid": (f"{base}/bids/{bid}/decline", None),
            "listQuestions": (f"{base}/postings/{posting}/questions", None),
            "askQuestion": (f"{base}/postings/{posting}/questions", {"body": f"A question of the {caller}"}),
            "answerQuestion": (f"{base}/questions/{s.question}/answer", {"answer": f"Answered by the {caller}"}),
            "reviewPosting": (f"{base}/postings/{posting}/reviews", {"rating": 4, "body": f"By the {caller}"}),
            "myPostings": (f"{base}/my/postings", None),
            "myBids": (f"{base}/my/bids", None),
            "listCategories": (f"{base}/categories", None),
            "getMarketSettings": (f"{base}/settings", None),
            "searchPlaces": (f"{base}/places?q=Kreuzberg", None),
            "adminListCategories": ("/api/v1/admin/categories", None),
            "createCategory": ("/api/v1/admin/categories", {"name": f"Made {uuid.uuid4().hex[:8]}"}),
            "updateCategory": (f"/api/v1/admin/categories/{s.category}", {"name": f"Renamed {uuid.uuid4().hex[:8]}"}),
            "listCategorySuggestions": ("/api/v1/admin/category-suggestions", None),
            "getAttachment": (f"/api/v1/attachments/{photo}", None),
            "getGame": ("/api/v1/game", None),
            "updateGame": ("/api/v1/game", {"strict": caller == "admin"}),
            "updateCompanion": ("/api/v1/game/companion", {"name": f"Pet of the {caller}"}),
            "petCompanion": ("/api/v1/game/companion/pet", None),
            "getCompanionPicture": ("/api/v1/game/companion.svg", None),
            "getHomePicture": ("/api/v1/game/home.svg", None),
            "getStore": ("/api/v1/game/store", None),
            "buyItem": (f"/api/v1/game/store/{s.item}/buy", None),
            "getInventory": ("/api/v1/game/inventory", None),
            "equipItem": (f"/api/v1/game/inventory/{s.item}/equip", None),
            "unequipItem": (f"/api/v1/game/inventory/{s.item}/unequip", None),
            "restoreStreak": ("/api/v1/game/streak/restore", None),
            "listBadges": ("/api/v1/game/badges", None),
            "getLedger": ("/api/v1/game/ledger", None),
            "listPlans": ("/api/v1/plans", None),
            "getStats": ("/api/v1/stats", None),
            "getStatsChart": ("/api/v1/stats/charts/completions.svg", None),
            "adminGetGameRules": ("/api/v1/admin/game/rules", None),
            "adminUpdateGameRules": ("/api/v1/admin/game/rules", {"basePoints": 10}),
            "adminListStoreItems": ("/api/v1/admin/store/items", None),
            "adminCreateStoreItem": ("/api/v1/admin/store/items", self.item_body(caller)),
            "adminUpdateStoreItem": (f"/api/v1/admin/store/items/{s.made_item}", {"price": 25}),
            "adminListPlans": ("/api/v1/admin/plans", None),
            "adminCreatePlan": ("/api/v1/admin/plans", {"name": f"Plan of the {caller}", "price": 9.5,
                                                         "period": "year", "description": "A probe."}),
            "adminUpdatePlan": (f"/api/v1/admin/plans/{s.plan}", {"description": f"Edited by the {caller}."}),
            "adminListAccounts": ("/api/v1/admin/accounts?q=probe", None),
            "adminDisableAccount": (f"/api/v1/admin/accounts/{s.subject}/disable", {"reason": f"By the {caller}"}),
            "adminEnableAccount": (f"/api/v1/admin/accounts/{s.subject}/enable", None),
            "adminGrantAdmin": (f"/api/v1/admin/accounts/{s.subject}/grant", None),
            "adminRevokeAdmin": (f"/api/v1/admin/accounts/{s.subject}/revoke", None),
            "adminDeleteAccount": (
                f"/api/v1/admin/accounts/{self.ctx.new_member('Doomed').account_id if caller == 'admin' else s.subject}",
                None),
            "adminAuditLog": ("/api/v1/admin/audit", None),
            "deleteAttachment": (f"/api/v1/attachments/{photo}", None),
        }[op_id]
        return path, body, posting

    def expect(self, op_id: str, caller: str, want: str, method: str, path: str, body, posting: str) \
            -> requests.Response:
        refused = not want.startswith("2")
        before = self.snapshot(posting) if refused else None
        response = self.call(caller, method, path, body)
        problems = []
        if str(response.status_code) != want:
            problems.append(f"got {response.status_code} (want {want}): {response.text[:300]}")
        elif refused:
            if shape := self.ctx.error_shape_problem(response):
                problems.append(f"{want} but {shape}")
            elif want == "403" and response.json()["error"]["code"] != "forbidden":
                problems.append(f"403 with code {response.json()['error']['code']!r}")
        if caller != "poster":
            leaked = [secret for secret in (self.a.marker, self.a.email) if secret in response.text]
            if leaked:
                problems.append(f"the answer shows A's private data: {leaked}")
        if refused:
            after = self.snapshot(posting)
            if after != before:
                changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
                problems.append(f"the posting changed: {changed}")
        sent = f" <a photo of {len(body)} bytes>" if isinstance(body, bytes) else f" {body}" if body is not None else ""
        self.check(not problems, f"(f) {op_id} as {caller}: {method} {path}{sent} -> {want}", "\n".join(problems))
        return response

    # ------------------------------------------------------------------------------------------ the table

    def run_table(self, entries: list[dict]) -> None:
        by_id = {e["op"].get("operationId"): e for e in entries}
        market = [e for e in entries if covers(e)]
        for entry in market:
            op_id = entry["op"].get("operationId", "")
            self.check(op_id in RULES, f"(f) {entry['method']} {entry['url']} ({op_id}) has a line in "
                                       "authz_market.py's RULES", "teach authz_market.py what each caller gets")
        for op_id in list(RULES) + list(PHOTO_RULES):
            self.check(op_id in by_id, f"(f) RULES' {op_id} is an operation of the document",
                       "the document has no such operationId")
        for op_id, rule in list(RULES.items()) + list(PHOTO_RULES.items()):
            entry = by_id.get(op_id)
            if entry is None:
                continue
            for caller in CALLERS:
                want = rule.get(caller, "401")
                path, body, posting = self.plan(op_id, caller, want)
                response = self.expect(op_id, caller, want, entry["method"], path, body, posting)
                self.content(op_id, caller, response)

    def content(self, op_id: str, caller: str, response: requests.Response) -> None:
        """What the answers show: all bids to the poster and one's own to everyone else; one's own postings and
        bids in "my"; the refusal of one's own posting named."""
        if not response.ok and op_id not in ("placeBid", "askQuestion"):
            return
        s = self.s
        if op_id == "listBids":
            bidders = {bid["bidder"] for bid in response.json()["bids"]}
            own = self.members[caller].username
            ok = len(bidders) > 1 if caller == "poster" else bidders <= {own}
            self.check(ok, f"(f) listBids as {caller} shows {'every bid' if caller == 'poster' else 'only its own'}",
                       str(sorted(bidders)))
        if op_id == "getPosting" and caller != "poster":
            data = response.json()
            bidders = {bid["bidder"] for bid in data.get("bids", [])}
            self.check(bidders <= {self.members[caller].username} and data.get("unseenBidCount") is None,
                       f"(f) getPosting as {caller} shows only its own bid and no badge",
                       f"{sorted(bidders)} {data.get('unseenBidCount')}")
            self.check(data.get("location", {}).get("exact") is False,
                       f"(f) getPosting as {caller} shows the place only roughly", str(data.get("location")))
        if op_id == "myPostings" and caller != "poster":
            ids = {p["id"] for p in response.json()["postings"]}
            self.check(s.posting not in ids, f"(f) myPostings as {caller} lists none of A's postings", str(ids))
        if op_id == "myBids" and caller != "bidder":
            ids = {b["id"] for b in response.json()["bids"]}
            self.check(s.bid not in ids, f"(f) myBids as {caller} lists none of the bidder's bids", str(ids))
        if op_id in ("placeBid", "askQuestion") and caller == "poster":
            self.check(response.status_code == 409 and response.json()["error"]["code"] == "own_posting",
                       f"(f) {op_id} on its own posting is refused as own_posting", response.text[:300])


def run(ctx: SimpleNamespace, entries: list[dict]) -> None:
    matrix = MarketMatrix(ctx)
    matrix.furnish()
    matrix.run_table(entries)
