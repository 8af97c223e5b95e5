"""VIEW-5: axe finds no serious or critical violation on any main page, in the light and the dark theme, at both
window sizes."""
import pytest

from doable_web import register, seed_demo
from test_admin import grant_admin
from ui import THEMES, describe, serious, sign_in, visit


@pytest.fixture(scope="module")
def demo(server):
    """One member with a realistic account (lists, labels, tasks with subtasks, completed and deleted ones), made
    an admin with `doable admin grant` so the admin pages (MKT-11) are checked too."""
    member = register(server.base)
    ids = seed_demo(member)
    doomed = member.api.create_task("Old flyer", ids["lists"]["Home"])
    member.api.delete_task(doomed["id"])
    grant_admin(server, member.username)
    # MKT: a posting with a place, bid on by another member, for the marketplace's pages.
    posting = member.api.call("POST", "/market/postings", json={
        "title": "Mow the lawn", "description": "About 200 square metres.", "category": "Gardening", "maxBid": 40,
        "location": {"latitude": 52.52, "longitude": 13.405, "placeName": "Mitte"}})
    bidder = register(server.base)
    bidder.api.call("POST", f"/market/postings/{posting['id']}/bids", json={"amount": 30, "message": "Saturday?"})
    ids["posting"] = posting["id"]
    # GAME: the companion game on, a task done with it, so its pages show a companion, points and a badge.
    member.api.call("PATCH", "/game", json={"enabled": True})
    member.api.call("PATCH", "/game/companion", json={"name": "Pip", "species": "fox", "colour": "teal"})
    member.api.complete(member.api.create_task("Water the ferns")["id"])
    ids["game"] = True
    ids["admin"] = True
    ids["username"] = member.username
    return member, ids


def main_pages(ids):
    work, groceries = ids["lists"]["Work"], ids["lists"]["Groceries"]
    return [
        "/today", f"/lists/{work}", f"/lists/{groceries}?select=1", f"/tasks/{ids['task']}",
        "/calendar?view=month", "/calendar?view=week", "/upcoming", "/overdue", "/completed", "/trash",
        "/search?q=the", "/labels", "/lists", "/lists/new", f"/lists/{work}/edit",
        "/settings", "/settings/preferences", "/settings/password", "/settings/tokens", "/settings/account",
        "/settings/notifications", "/settings/webhooks", "/import",
    ] + ([f"/users/{ids['username']}"] if "username" in ids else []) + (
        ["/admin/categories", "/admin/game", "/admin/store", "/admin/plans"] if ids.get("admin") else []) + (
        ["/game", "/game/companion", "/game/store", "/game/settings", "/stats", "/stats?period=month",
         "/stats?period=year", "/plans"] if ids.get("game") else []) + (
        ["/market", "/market?q=lawn", "/market?q=nothing-matches", "/market/near",
         "/market/near?lat=52.521&lon=13.41", "/market/new", "/market/mine", f"/market/postings/{ids['posting']}",
         f"/market/postings/{ids['posting']}/edit"] if "posting" in ids else [])


@pytest.mark.parametrize("theme", THEMES)
def test_VIEW5_axe_no_serious_violations(browsing, demo, theme):
    """VIEW-5: sign in, register and every signed-in page pass axe (no serious or critical violation)."""
    member, ids = demo
    member.api.patch_me(preferences={"theme": theme})
    found = []
    stranger = browsing.page(color_scheme=theme)
    for path in ("/signin", "/register"):
        visit(stranger, path)
        found += serious(stranger, path)
    page = browsing.page(color_scheme=theme)
    sign_in(page, member.username, member.password)
    assert page.locator("html").get_attribute("data-theme") == theme
    for path in main_pages(ids):
        visit(page, path)
        found += serious(page, path)
    assert not found, f"{len(found)} serious or critical axe violations ({theme} theme):\n" + describe(found)
