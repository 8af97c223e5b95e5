"""VIEW-5: keyboard shortcuts (docs/web-app.md "Shortcuts"): q, /, ?, and none while typing in a field."""
import re

from playwright.sync_api import expect

from ui import visit, quick_add_box


def test_VIEW5_shortcuts_q_slash_and_help(page, member):
    """`q` focuses quick add, `/` focuses search, typing "q" or "/" inside a field types it, `?` lists the keys."""
    visit(page, "/today")
    quick = quick_add_box(page)
    search = page.get_by_role("searchbox", name="Search tasks")
    page.get_by_role("main").click(position={"x": 5, "y": 5})
    page.keyboard.press("q")
    expect(quick).to_be_focused()
    expect(quick).to_have_value("")
    page.keyboard.type("quiet q/")
    expect(quick).to_have_value("quiet q/")
    expect(quick).to_be_focused()
    quick.fill("")
    page.keyboard.press("Escape")
    page.get_by_role("main").click(position={"x": 5, "y": 5})
    page.keyboard.press("/")
    if not search.is_visible():  # a phone: `/` opens the search page, its box ready
        expect(page).to_have_url(re.compile(r"/search$"))
        search = page.get_by_role("searchbox", name="Words in title or notes")
    expect(search).to_be_focused()
    expect(search).to_have_value("")
    page.keyboard.type("q?")
    expect(search).to_have_value("q?")
    expect(search).to_be_focused()
    expect(page.get_by_role("dialog")).to_have_count(0)
    search.fill("")

    page.get_by_role("main").click(position={"x": 5, "y": 5})
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(re.compile(r"shortcut", re.I))
    for key_help in ("Quick add", "Search", "Undo"):
        expect(dialog).to_contain_text(re.compile(key_help, re.I))
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def test_VIEW5_shortcuts_go_to_pages(page, member):
    """`g u` opens Upcoming, `g c` the calendar, `g t` Today."""
    visit(page, "/today")
    page.get_by_role("main").click(position={"x": 5, "y": 5})
    page.keyboard.press("g")
    page.keyboard.press("u")
    expect(page).to_have_url(re.compile(r"/upcoming$"))
    # The new page's keys work once its script ran (it marks <html class="js">); before, a key press is lost.
    expect(page.locator("html.js")).to_have_count(1)
    page.keyboard.press("g")
    page.keyboard.press("c")
    expect(page).to_have_url(re.compile(r"/calendar"))
    expect(page.locator("html.js")).to_have_count(1)
    page.keyboard.press("g")
    page.keyboard.press("t")
    expect(page).to_have_url(re.compile(r"/today$"))
