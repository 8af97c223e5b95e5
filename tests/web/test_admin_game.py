"""GAME-1, GAME-3 and GAME-7 in the browser: an admin (`doable admin grant`) goes through the admin sub-navigation,
changes a game constant (a value out of range is refused beside its field first), adds a store item (one with a
script in its drawing is refused with the reason) and retires it, and adds a plan that members then see at /plans
with the note that payment isn't available yet. axe finds no serious violation on these pages. Every flow runs at
360 and 1280 px."""
import re

from playwright.sync_api import expect

from doable_web import register
from test_admin import grant_admin
from ui import describe, serious, sign_in, toast, visit

SCRIPTED = '<script>alert(1)</script>'
BALL = '<circle cx="50" cy="50" r="20" fill="#e11d48"/>'


def admin_link(page, name: str):
    return page.get_by_role("navigation", name="Admin").get_by_role("link", name=name, exact=True)


def save_rule(page, label: str, value: str) -> None:
    page.get_by_label(label, exact=True).fill(value)
    page.get_by_role("button", name="Save game rules").click()


def test_GAME1_GAME3_GAME7_an_admin_manages_rules_store_and_plans(server, browsing):
    admin = register(server.base)
    grant_admin(server, admin.username)
    tag = admin.username[-6:]  # the store and the plans are the installation's: names of this test's own
    page = browsing.page()
    sign_in(page, admin.username, admin.password)
    visit(page, "/admin/categories")
    found = []

    # GAME-1: a constant out of range is refused beside its field, nothing saved; then a good value is saved.
    admin_link(page, "Game rules").click()
    expect(page).to_have_url(re.compile(r"/admin/game$"))
    expect(page.get_by_role("heading", name="Game rules")).to_be_visible()
    found += serious(page, "/admin/game")
    hour = page.get_by_label("Warning hour", exact=True)
    before = hour.input_value()
    try:
        save_rule(page, "Warning hour", "30")
        expect(page.locator("#f-warningHour-error")).to_have_text("warningHour must be between 0 and 23.")
        expect(page.get_by_label("Warning hour", exact=True)).to_have_attribute("aria-invalid", "true")
        found += serious(page, "/admin/game (refused)")
        save_rule(page, "Warning hour", "20")
        expect(toast(page)).to_contain_text("Saved the game rules: 1 constant changed")
        expect(page.get_by_label("Warning hour", exact=True)).to_have_value("20")
    finally:  # the rules are shared by every test of the session
        visit(page, "/admin/game")
        if page.get_by_label("Warning hour", exact=True).input_value() != before:
            save_rule(page, "Warning hour", before)
            expect(toast(page)).to_contain_text("Saved the game rules")

    # GAME-3: a drawing with a script is refused with the reason; a good item is added, then retired.
    admin_link(page, "Store items").click()
    expect(page).to_have_url(re.compile(r"/admin/store$"))
    found += serious(page, "/admin/store")
    name = f"Red ball {tag}"
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Description").fill("Bounces.")
    page.get_by_label("Category").select_option(label="Trinket")
    page.get_by_label("Slot").select_option(label="Shelf (home)")
    page.get_by_label("Price (points)").fill("25")
    page.get_by_label("Drawing (SVG)").fill(SCRIPTED)
    page.get_by_role("button", name="Add item").click()
    expect(page.locator("#f-svg-error")).to_have_text("Element <script> is not allowed in a store item's drawing.")
    expect(page.get_by_label("Drawing (SVG)")).to_have_value(SCRIPTED)
    page.get_by_label("Drawing (SVG)").fill(BALL)
    page.get_by_role("button", name="Add item").click()
    expect(toast(page)).to_contain_text(f"Added “{name}” to the store")
    row = page.locator("tr").filter(has=page.get_by_role("link", name=name, exact=True))
    expect(row).to_contain_text("On sale")
    row.get_by_role("button", name=f"Retire “{name}”").click()
    expect(toast(page)).to_contain_text(f"Retired “{name}”")
    expect(row).to_contain_text("Retired")
    expect(row.get_by_role("button", name=f"Bring back “{name}”")).to_be_visible()
    found += serious(page, "/admin/store (retired)")

    # GAME-7: every plans page says payment isn't processed; a plan added is what members see.
    admin_link(page, "Plans").click()
    expect(page).to_have_url(re.compile(r"/admin/plans$"))
    expect(page.get_by_role("note")).to_contain_text("Doable does not process payments yet.")
    plan = f"Pro {tag}"
    page.get_by_label("Name", exact=True).fill(plan)
    page.get_by_label("Price", exact=True).fill("4.99")
    page.get_by_label("Period").select_option(label="Monthly")
    page.get_by_label("Description").fill("Everything, and more.")
    page.get_by_role("button", name="Add plan").click()
    expect(toast(page)).to_contain_text(f"Added the plan “{plan}”")
    expect(page.locator("tr").filter(has=page.get_by_role("link", name=plan, exact=True))).to_contain_text("4.99")
    visit(page, "/admin/plans")
    found += serious(page, "/admin/plans")

    member = register(server.base)
    other = browsing.page()
    sign_in(other, member.username, member.password)
    visit(other, "/plans")
    expect(other.get_by_role("note")).to_have_text("Payment isn't available yet; these plans describe what is planned.")
    card = other.locator(".plan-card").filter(has=other.get_by_role("heading", name=plan, exact=True))
    expect(card).to_contain_text("4.99 per month")
    found += serious(other, "/plans")

    # Retired, the plan is no longer offered.
    page.locator("tr").filter(has=page.get_by_role("link", name=plan, exact=True)).get_by_role(
        "button", name=f"Retire “{plan}”").click()
    expect(toast(page)).to_contain_text(f"Retired the plan “{plan}”")
    visit(other, "/plans")
    expect(other.get_by_role("heading", name=plan, exact=True)).to_have_count(0)
    assert not found, describe(found)


def test_GAME1_members_who_are_not_admins_do_not_find_the_game_admin_pages(page):
    """The admin pages answer the app's 404 page to a member who is not an admin."""
    for path in ("/admin/game", "/admin/store", "/admin/plans"):
        response = page.goto(path)
        assert response is not None and response.status == 404, path
        expect(page.get_by_role("heading", name="This page does not exist")).to_be_visible()
