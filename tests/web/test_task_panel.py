"""Issue 29 item 3 (VIEW-3): the task as a panel. On a wide screen a task opens beside its list (its own URL, a page
without the script too); on a phone it fills the screen as a sheet with its own bar. Due date, priority, list and
labels are chips that open pickers; a choice applies at once with the script and with the picker's button without
it; validation words show only when something is wrong, next to the field, its picker open."""
from __future__ import annotations

import datetime as dt
import re

from playwright.sync_api import expect

from doable_web import days_from_today
from ui import describe, eventually, field, opened, serious, sign_in, visit


def test_VIEW3_a_task_opens_beside_its_list_on_a_wide_screen_and_as_a_sheet_on_a_phone(page, member, size):
    """VIEW-3: the list's open tasks beside the task (the task marked), another task opens in the panel in place
    with its own address and Back returns; Close and Escape go back to the list. A phone shows the task alone, the
    sheet's bar (Close, where it is, the menu) under the top bar, the tab bar and add button still at hand."""
    api = member.api
    errands = api.create_list("Errands", "green")
    first = api.create_task("Buy stamps", errands["id"], due=days_from_today(1))
    second = api.create_task("Post the parcel", errands["id"])
    api.create_task("Return library books", errands["id"])
    visit(page, f"/tasks/{first['id']}")
    panel = page.get_by_role("article", name="Buy stamps")
    expect(panel).to_be_visible()
    close = panel.get_by_role("link", name="Close the task, back to Errands")
    expect(close).to_be_visible()
    pane = page.get_by_role("navigation", name="Tasks in Errands")
    if size == "desktop":
        expect(pane).to_be_visible()
        expect(pane.get_by_role("link", name="Buy stamps (open)")).to_have_attribute("aria-current", "page")
        beside = pane.bounding_box(), panel.bounding_box()
        assert beside[0]["x"] + beside[0]["width"] <= beside[1]["x"], beside  # side by side, the list on the left
        assert abs(beside[0]["y"] - beside[1]["y"]) < 40, beside
        page.evaluate("window.stayedOnThePage = true")
        pane.get_by_role("link", name=re.compile("^Post the parcel")).click()
        expect(page).to_have_url(re.compile(rf"/tasks/{second['id']}$"))
        expect(page.get_by_role("article", name="Post the parcel")).to_be_visible()
        expect(pane.get_by_role("link", name="Post the parcel (open)")).to_have_attribute("aria-current", "page")
        assert page.evaluate("window.stayedOnThePage === true"), "the panel changed without loading a new page"
        page.go_back()
        expect(page).to_have_url(re.compile(rf"/tasks/{first['id']}$"))
        expect(page.get_by_role("article", name="Buy stamps")).to_be_visible()
        # Notes typed and not saved are not carried to the next task: that one loads as a page.
        field(page, r"^notes").fill("typed, not saved")
        pane.get_by_role("link", name=re.compile("^Return library books")).click()
        expect(page.get_by_role("article", name="Return library books")).to_be_visible()
        expect(field(page, r"^notes")).to_have_value("")
        assert api.task(first["id"])["notes"] == ""
        visit(page, f"/tasks/{first['id']}")
        page.get_by_role("article", name="Buy stamps").click(position={"x": 5, "y": 5})  # focus off the fields
        page.keyboard.press("Escape")
        expect(page).to_have_url(re.compile(rf"/lists/{errands['id']}$"))
    else:
        expect(pane).to_be_hidden()
        expect(page.get_by_role("banner").get_by_role("link", name="Menu")).to_be_visible()  # the way elsewhere
        box = close.bounding_box()
        assert box["y"] < 120, box
        title = field(page, r"^title")
        assert title.bounding_box()["y"] < 200, title.bounding_box()
        # The due date chip's picker rises from the bottom of the screen as a sheet.
        page.get_by_label(re.compile(r"^Due .*Change the due date")).click()
        sheet = page.get_by_role("group", name="Choose a due date")
        expect(sheet).to_be_visible()
        sheet_box, viewport = sheet.bounding_box(), page.viewport_size
        assert abs(sheet_box["y"] + sheet_box["height"] - viewport["height"]) < 2, (sheet_box, viewport)
        assert sheet_box["width"] >= viewport["width"] - 1, (sheet_box, viewport)
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        page.get_by_label(re.compile(r"^Due .*Change the due date")).click()
        expect(sheet).to_be_visible()
        page.mouse.click(180, 60)  # the dimmed page above the sheet
        expect(sheet).to_be_hidden()
        close.click()
        expect(page).to_have_url(re.compile(rf"/lists/{errands['id']}$"))
    found = []
    visit(page, f"/tasks/{first['id']}")
    found += serious(page, "/tasks/{id}")
    page.get_by_label(re.compile(r"^Priority: .*Change the priority")).click()
    found += serious(page, "/tasks/{id} with the priority picker open")
    assert not found, describe(found)


def test_VIEW3_chips_open_pickers_that_apply_at_once(page, member):
    """VIEW-3: the due chip's Tomorrow, a priority, a list and labels each change the task from the chip's picker
    (the priority and the list with one tap, no Save), the chip then says what was chosen; No date clears it."""
    api = member.api
    home, garden = api.create_list("Home", "orange"), api.create_list("Garden", "green")
    weeds = api.create_label("outside")
    task = api.create_task("Pull the weeds", home["id"])
    visit(page, f"/tasks/{task['id']}")
    chips = page.get_by_role("group", name="About this task: due date, priority, list and labels")
    expect(chips).to_contain_text("Due date")

    chips.get_by_label("Set a due date").click()
    page.get_by_role("button", name=re.compile(r"^Tomorrow")).click()
    eventually(lambda: api.task(task["id"])["due"] == days_from_today(1))
    expect(chips.get_by_label(re.compile(r"^Due Tomorrow"))).to_be_visible()

    chips.get_by_label(re.compile(r"^Priority: none")).click()
    page.get_by_role("radio", name="High", exact=True).check()
    eventually(lambda: api.task(task["id"])["priority"] == "high")
    expect(chips.get_by_label(re.compile(r"^Priority: High"))).to_be_visible()

    chips.get_by_label(re.compile(r"^List: Home")).click()
    page.get_by_role("radio", name="Garden", exact=True).check()
    eventually(lambda: api.task(task["id"])["listId"] == garden["id"])
    expect(chips.get_by_label(re.compile(r"^List: Garden"))).to_be_visible()

    chips.get_by_label(re.compile(r"^Labels: none")).click()
    page.get_by_role("checkbox", name="@outside", exact=True).check()
    page.get_by_role("button", name="Set labels", exact=True).click()
    eventually(lambda: api.task(task["id"])["labelIds"] == [weeds["id"]])
    expect(chips.get_by_label(re.compile(r"^Labels: outside"))).to_be_visible()

    chips.get_by_label(re.compile(r"^Due Tomorrow")).click()
    page.get_by_role("button", name="No date", exact=True).click()
    eventually(lambda: api.task(task["id"])["due"] is None)
    expect(chips.get_by_label("Set a due date")).to_be_visible()
    saved = api.task(task["id"])
    assert (saved["title"], saved["priority"], saved["listId"]) == ("Pull the weeds", "high", garden["id"]), saved


def test_VIEW3_the_panel_works_without_the_script_and_says_what_is_wrong_only_when_it_is(browsing, member):
    """VIEW-3 without JavaScript: the chips are disclosures whose buttons send the task form; a time without a date
    comes back with its picker open and the message beside the field, what was typed kept. Before that, nothing
    on the panel states a rule or marks fields optional."""
    api = member.api
    task = api.create_task("Book the dentist", member.inbox_id)
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    visit(page, f"/tasks/{task['id']}")
    panel = page.get_by_role("article", name="Book the dentist")
    text = panel.inner_text()
    assert not re.search(r"optional|characters|\bbytes\b", text, re.I), text

    panel.get_by_label(re.compile(r"^Priority: none")).click()
    page.get_by_role("radio", name="Medium", exact=True).check()
    page.get_by_role("button", name="Set priority", exact=True).click()
    eventually(lambda: api.task(task["id"])["priority"] == "medium")
    expect(page.get_by_label(re.compile(r"^Priority: Medium"))).to_be_visible()

    page.get_by_label("Set a due date").click()
    field(page, r"^due time").fill("09:30")
    page.get_by_role("button", name="Set date", exact=True).click()
    due_time = field(page, r"^due time")
    expect(due_time).to_be_visible()  # the picker came back open
    expect(due_time).to_have_value("09:30")
    expect(field(page, r"^due date")).to_have_accessible_description(re.compile("Choose a date for this time"))
    assert api.task(task["id"])["due"] is None

    opened(field(page, r"^due date")).fill(days_from_today(3))
    page.get_by_role("button", name="Set date", exact=True).click()
    eventually(lambda: (api.task(task["id"])["due"] or "").startswith(days_from_today(3)))


def test_VIEW3_the_panel_menu_moves_duplicates_and_deletes(page, member):
    """VIEW-3: Duplicate, Move and Delete wait in the panel's menu; Delete asks first and sends the task to the
    trash."""
    api = member.api
    task = api.create_task("Water the plants", member.inbox_id)
    visit(page, f"/tasks/{task['id']}")
    menu = page.get_by_label("More actions for this task", exact=True)
    menu.click()
    page.get_by_role("button", name="Duplicate", exact=True).click()
    eventually(lambda: len([t for t in api.tasks(list=member.inbox_id) if t["title"].startswith("Water the plants")]) == 2)
    visit(page, f"/tasks/{task['id']}")
    menu.click()
    expect(page.get_by_role("link", name="Move to another list…")).to_be_visible()
    page.get_by_role("link", name="Move to another list…").click()
    expect(page.get_by_role("radio", name="Inbox", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("radio", name="Inbox", exact=True)).to_be_hidden()
    # A row's "Move to…" on the list opens the task with its list picker open.
    visit(page, f"/lists/{member.inbox_id}")
    page.get_by_label("Actions for 'Water the plants'", exact=True).first.click()
    page.get_by_role("link", name="Move to…").first.click()
    expect(page.get_by_role("radio", name="Inbox", exact=True)).to_be_visible()
    visit(page, f"/tasks/{task['id']}")
    menu.click()
    page.get_by_role("button", name="Delete", exact=True).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("trash")
    dialog.get_by_role("button", name="Delete", exact=True).click()
    eventually(lambda: api.task(task["id"]) is None or api.task(task["id"]).get("deletedAt"))
