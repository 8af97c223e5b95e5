"""INTEROP-1 and INTEROP-2 in the browser: Settings → Calendar apps shows what to type into a CalDAV app and the
member's ICS feed links. A link copied with its Copy button works in a plain HTTP client, as a calendar app fetches
it, and holds the member's task; after "Make new feed links" the old link answers 404. The CalDAV password switch
saves. At 360 and 1280 px, axe finds no serious violation; without JavaScript the page works too."""
import re
import urllib.error
import urllib.request

from playwright.sync_api import expect

from doable_web import days_from_today
from ui import asked_first, describe, serious, sign_in, visit


def fetch(url: str) -> tuple[int, str]:
    """What a calendar app gets: a GET of the URL alone, no cookie, no token."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_INTEROP2_copy_a_feed_link_fetch_it_and_make_new_links(browsing, member):
    api = member.api
    groceries = api.create_list("Groceries")
    api.create_task("Buy oat milk", groceries["id"], due=days_from_today(1))
    page = browsing.page(permissions=["clipboard-read", "clipboard-write"])
    sign_in(page, member.username, member.password)
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Calendar apps").click()
    expect(page).to_have_url(re.compile(r"/settings/calendars$"))
    expect(page.get_by_role("heading", name="Calendar apps", level=2)).to_be_visible()
    expect(page.get_by_label("Server address", exact=True)).to_have_value(re.compile(r"^http://[^/]+/dav/$"))
    expect(page.get_by_label("Principal URL", exact=True)).to_have_value(re.compile(rf"/dav/principals/{member.username}/$"))
    expect(page.get_by_label("Username", exact=True)).to_have_value(member.username)
    expect(page.get_by_role("link", name="app password", exact=True)).to_have_attribute("href", "/settings/tokens")
    found = serious(page, "/settings/calendars")

    # Copy the list's feed link, as a member pasting it into a calendar app would.
    link = page.get_by_label("“Groceries”", exact=True)
    page.get_by_role("button", name="Copy “Groceries”").click()
    expect(page.locator("#toast")).to_contain_text("Copied “Groceries”")
    url = page.evaluate("navigator.clipboard.readText()")
    assert url == link.input_value() and url.endswith(f"/lists/{groceries['id']}.ics"), url
    status, body = fetch(url)
    assert status == 200 and "BEGIN:VCALENDAR" in body and "SUMMARY:Buy oat milk" in body, body[:500]
    assert "X-WR-CALNAME:Groceries" in body
    status, everything = fetch(page.get_by_label("All tasks with a due date", exact=True).input_value())
    assert status == 200 and "SUMMARY:☐ Buy oat milk" in everything, "the due task as an event too"

    # New links: the old one stops working at once, the new one works.
    page.get_by_role("button", name="Make new feed links").click()
    asked_first(page, "Make new feed links") or \
        page.get_by_role("button", name="Make new feed links").click()
    expect(page.locator("#toast")).to_contain_text("New feed links made.")
    expect(page).to_have_url(re.compile(r"/settings/calendars$"))
    fresh = page.get_by_label("“Groceries”", exact=True).input_value()
    assert fresh != url
    assert fetch(url)[0] == 404
    status, body = fetch(fresh)
    assert status == 200 and "SUMMARY:Buy oat milk" in body
    found += serious(page, "/settings/calendars after new links")
    assert not found, describe(found)


def test_INTEROP1_choose_whether_the_account_password_signs_in_caldav_apps(page, member):
    visit(page, "/settings/calendars")
    box = page.get_by_role("checkbox", name="Let my account password sign in CalDAV apps (app passwords always work)")
    expect(box).to_be_checked()
    box.uncheck()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#toast")).to_contain_text("Only app passwords sign in CalDAV apps now.")
    assert member.api.me()["preferences"]["calDAVAccountPassword"] is False
    expect(page.get_by_role("checkbox", name=re.compile(r"^Let my account password"))).not_to_be_checked()
    # The steps for each app are there, folded.
    page.get_by_text("todoman with vdirsyncer").click()
    expect(page.locator(".config-snippet").first).to_contain_text('item_types = ["VTODO"]')


def test_INTEROP2_without_javascript_links_are_plain_fields_and_new_links_ask_on_a_page(browsing, member):
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    visit(page, "/settings/calendars")
    everything = page.get_by_label("All tasks with a due date", exact=True)
    old = everything.input_value()
    expect(everything).to_have_attribute("readonly", "")
    expect(page.get_by_role("button", name=re.compile(r"^Copy "))).to_have_count(0)
    page.get_by_role("button", name="Make new feed links").click()
    expect(page.get_by_role("heading", name="Make new feed links?", level=1)).to_be_visible()
    page.get_by_role("button", name="Make new feed links").click()
    expect(page).to_have_url(re.compile(r"/settings/calendars$"))
    assert page.get_by_label("All tasks with a due date", exact=True).input_value() != old
    assert fetch(old)[0] == 404
