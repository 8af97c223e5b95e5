"""LIST and TASK through the pages: lists with colour and icon, tasks and subtasks, quick add, complete and Undo,
reordering, delete and restore, the task page, selecting several tasks."""
import datetime as dt
import re
import time
from urllib.parse import parse_qs, urlparse
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from doable_web import days_from_today
from ui import (asked_first, check_box, choose, due_words, eventually, field, nav_link, opened, reveal, row,
                select_option_matching,
                task_menu_action, toast, visit, expect_order, quick_add_box)


def list_colour(page, list_id):
    """The colour the page paints a list with (its `--list-color` custom property)."""
    return page.locator(f".lc-{list_id}").first.evaluate(
        "e => getComputedStyle(e).getPropertyValue('--list-color').trim()").upper()


def create_list_in_form(page, name, colour, hex_colour, icon):
    field(page, r"^name").fill(name)
    colour_control = field(page, r"^colou?r").and_(page.locator("input"))
    if colour_control.count() and colour_control.first.get_attribute("type") in ("color", "text"):
        colour_control.first.fill(hex_colour)
    else:
        choose(page, r"^colou?r", rf"^{colour}")
    icon_field = field(page, r"^icon")
    if icon_field.evaluate("e => e.tagName") == "SELECT":
        select_option_matching(icon_field, re.escape(icon))
    else:
        icon_field.fill(icon)
    page.get_by_role("button", name=re.compile(r"^(create( list)?|save|add list)$", re.I)).click()


def test_LIST1_create_lists_with_colour_and_icon(page, member):
    """LIST-1, LIST-4: a list gets a name, a colour and an icon; the sidebar shows it in its colour."""
    nav_link(page, "New list").click()
    expect(page).to_have_url(re.compile(r"/lists/new$"))
    create_list_in_form(page, "Groceries", "green", "#16A34A", "🛒")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Groceries")
    groceries = member.api.list_named("Groceries")
    assert groceries and groceries["color"] in ("green", "#16A34A") and groceries["icon"] == "🛒", groceries
    expect(page).to_have_url(re.compile(rf"/lists/{groceries['id']}"))
    link = page.get_by_role("navigation", name="Main").get_by_role("link", name=re.compile("Groceries"))
    reveal(page, link)
    expect(link).to_contain_text("🛒")
    assert list_colour(page, groceries["id"]) == "#16A34A"

    visit(page, "/lists/new")
    create_list_in_form(page, "Work", "indigo", "#4F46E5", "💼")
    work = member.api.list_named("Work")
    assert work and work["icon"] == "💼"
    visit(page, "/lists")
    expect(page.get_by_role("main").get_by_text("Groceries")).to_be_visible()
    expect(page.get_by_role("main").get_by_text("Work")).to_be_visible()


def test_LIST1_name_taken_is_refused_next_to_field(page, member):
    """LIST-1: list names are unique per member case-insensitively; the refusal sits with the Name field."""
    member.api.create_list("Garden", "green")
    visit(page, "/lists/new")
    field(page, r"^name").fill("garden")
    page.get_by_role("button", name=re.compile(r"^(create( list)?|save|add list)$", re.I)).click()
    expect(field(page, r"^name")).to_have_attribute("aria-invalid", "true")
    expect(field(page, r"^name")).to_have_value("garden")


def test_TASK1_TASK4_tasks_with_subtasks(page, member):
    """TASK-1, TASK-4: tasks are added on a list page; subtasks are added on the task page; the parent row
    shows their progress."""
    trip = member.api.create_list("Trip", "teal", "✈️")
    visit(page, f"/lists/{trip['id']}")
    quick = quick_add_box(page)
    quick.fill("Pack suitcase")
    quick.press("Enter")
    expect(page.get_by_role("link", name="Pack suitcase", exact=True)).to_be_visible()
    expect(quick).to_have_value("")
    expect(quick).to_be_focused()
    quick.fill("Book taxi")
    quick.press("Enter")
    expect(page.get_by_role("link", name="Book taxi", exact=True)).to_be_visible()
    assert member.api.titles(list=trip["id"]) == ["Pack suitcase", "Book taxi"]

    page.get_by_role("link", name="Pack suitcase", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Pack suitcase")
    subtask = page.get_by_role("textbox", name=re.compile(r"subtask", re.I))
    for title in ("Passport", "Charger"):
        subtask.fill(title)
        subtask.press("Enter")
        expect(page.get_by_role("link", name=title, exact=True)).to_be_visible()
    parent = next(t for t in member.api.tasks(list=trip["id"]) if t["title"] == "Pack suitcase")
    children = member.api.tasks(parent=parent["id"])
    assert sorted(t["title"] for t in children) == ["Charger", "Passport"]

    visit(page, f"/lists/{trip['id']}")
    expect(row(page, parent["id"]).get_by_text("0 of 2 subtasks done")).to_be_visible()
    for child in children:
        expect(row(page, parent["id"]).locator(f"#task-{child['id']}")).to_be_visible()


def member_zone(member) -> ZoneInfo:
    return ZoneInfo(member.api.me()["preferences"]["timeZone"])


def parse_due(value):
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00")) if "T" in value else dt.date.fromisoformat(value)


def preview_settled(page, quick, text):
    """Types `text` into quick add and waits for the preview of exactly that text."""
    def is_preview(response):
        url = urlparse(response.url)
        return url.path == "/quick-add/preview" and parse_qs(url.query).get("text") == [text]
    with page.expect_response(is_preview):
        quick.fill(text)


def test_TASK1_quick_add_recognises_parts_as_chips(page, member):
    """Quick add (docs/quick-add.md): due, list, priority and label become chips and are saved."""
    groceries = member.api.create_list("Groceries", "green", "🛒")
    errand = member.api.create_label("errand")
    quick = quick_add_box(page)
    preview_settled(page, quick, "Buy milk tomorrow 17:00 #Groceries !high @errand")
    chips = page.get_by_role("list", name="Recognised in the text").get_by_role("listitem")
    expect(chips).to_have_count(4)
    expect(chips.filter(has_text="17:00")).to_have_count(1)
    expect(chips.filter(has_text="Groceries")).to_have_count(1)
    expect(chips.filter(has_text=re.compile("high", re.I))).to_have_count(1)
    expect(chips.filter(has_text="errand")).to_have_count(1)
    quick.press("Enter")
    expect(quick).to_have_value("")
    expect(quick).to_be_focused()
    expect(chips).to_have_count(0)
    task = eventually(lambda: next(iter(member.api.tasks(list=groceries["id"])), None))
    assert (task["title"], task["priority"], task["labelIds"]) == ("Buy milk", "high", [errand["id"]]), task
    zone = member_zone(member)
    tomorrow = dt.datetime.now(zone).date() + dt.timedelta(days=1)
    expected = dt.datetime.combine(tomorrow, dt.time(17, 0), zone)
    assert parse_due(task["due"]) == expected, task["due"]


def test_TASK1_quick_add_removing_a_chip_keeps_the_words(page, member):
    """Quick add: the chip's × ("Keep 'tomorrow 17:00' in the title") leaves the words in the title."""
    inbox = member.inbox_id
    visit(page, f"/lists/{inbox}")  # a list's page: no date unless the line says one (Today would add today)
    quick = quick_add_box(page)
    preview_settled(page, quick, "Buy milk tomorrow 17:00")
    chips = page.get_by_role("list", name="Recognised in the text").get_by_role("listitem")
    expect(chips).to_have_count(1)
    page.get_by_role("button", name="Keep 'tomorrow 17:00' in the title", exact=True).click()
    expect(chips).to_have_count(0)
    expect(quick).to_have_value("Buy milk tomorrow 17:00")
    quick.press("Enter")
    expect(quick).to_have_value("")
    task = eventually(lambda: next(iter(member.api.tasks(list=inbox)), None))
    assert (task["title"], task["due"]) == ("Buy milk tomorrow 17:00", None), task


def test_TASK1_quick_add_whole_words_only(page, member):
    """Quick add: "Tomorrowland tickets" has no date."""
    visit(page, f"/lists/{member.inbox_id}")
    quick = quick_add_box(page)
    preview_settled(page, quick, "Tomorrowland tickets")
    expect(page.get_by_role("list", name="Recognised in the text").get_by_role("listitem")).to_have_count(0)
    quick.press("Enter")
    expect(quick).to_have_value("")
    task = eventually(lambda: next(iter(member.api.tasks(list=member.inbox_id)), None))
    assert (task["title"], task["due"]) == ("Tomorrowland tickets", None), task


def test_TASK1_quick_add_on_today_is_due_today_unless_the_line_says_otherwise(page, member):
    """Issue 29 item 4: a task typed on Today shows on Today: a line without a date is due today; one with a date
    keeps it. On a list's page nothing is added to the line."""
    quick = quick_add_box(page)
    quick.fill("Water the plants")
    quick.press("Enter")
    expect(quick).to_have_value("")
    today = days_from_today(0)
    task = eventually(lambda: next((t for t in member.api.tasks(list=member.inbox_id)
                                    if t["title"] == "Water the plants"), None))
    assert task["due"] == today, task
    expect(row(page, task["id"])).to_be_visible()
    quick = quick_add_box(page)
    quick.fill("Renew passport next monday")
    quick.press("Enter")
    expect(quick).to_have_value("")
    later = eventually(lambda: next((t for t in member.api.tasks(list=member.inbox_id)
                                     if t["title"] == "Renew passport"), None))
    assert later["due"] and later["due"] > today, later
    visit(page, f"/lists/{member.inbox_id}")
    quick = quick_add_box(page)
    quick.fill("Someday: learn the cello")
    quick.press("Enter")
    expect(quick).to_have_value("")
    someday = eventually(lambda: next((t for t in member.api.tasks(list=member.inbox_id)
                                       if t["title"].startswith("Someday")), None))
    assert someday["due"] is None, someday


def test_TASK1_quick_add_offers_to_create_an_unknown_list(page, member):
    """Issue 29 item 4: "#Orchard" that names no list offers "Create list 'Orchard'" in place; pressing it makes
    the list and adds the task to it, without retyping."""
    quick = quick_add_box(page)
    preview_settled(page, quick, "Buy apples #Orchard")
    chips = page.get_by_role("list", name="Recognised in the text")
    expect(chips.get_by_text("New list Orchard")).to_be_visible()
    expect(page.locator("#quick-add-error")).to_contain_text("There is no list named 'Orchard'")
    assert member.api.list_named("Orchard") is None
    page.get_by_role("button", name="Create list 'Orchard'", exact=True).click()
    orchard = eventually(lambda: member.api.list_named("Orchard"))
    task = eventually(lambda: next(iter(member.api.tasks(list=orchard["id"])), None))
    assert task["title"] == "Buy apples", task
    expect(quick).to_have_value("")
    expect(page.get_by_role("button", name="Create list 'Orchard'", exact=True)).to_have_count(0)
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name=re.compile("Orchard"))).to_have_count(1)


def test_TASK1_quick_add_offers_tomorrow_for_a_time_already_past(page, member):
    """Issue 29 item 4: "today 9:00" typed after 9:00 does not fail with "Overdue since": quick add says the time has
    passed and offers the same time tomorrow."""
    # A member's zone where it is at least two hours past midnight now, so that an earlier time today exists.
    for zone in ("UTC", "Pacific/Kiritimati", "Asia/Tokyo", "Europe/Berlin", "America/New_York", "Pacific/Pago_Pago"):
        local = dt.datetime.now(ZoneInfo(zone))
        if 2 <= local.hour <= 22:
            break
    member.api.patch_me(preferences={"timeZone": zone})
    page.reload()
    clock = f"{local.hour - 1:02d}:00"
    quick = quick_add_box(page)
    preview_settled(page, quick, f"Pay rent today {clock}")
    expect(page.locator("#quick-add-error")).to_have_text(f"{clock} has passed today. Add it for tomorrow {clock}?")
    quick.press("Enter")  # sent anyway: refused with the same offer, nothing added
    expect(page.locator("#quick-add-error")).to_contain_text("has passed today")
    assert member.api.tasks(list=member.inbox_id) == []
    page.get_by_role("button", name=f"Tomorrow {clock}", exact=True).click()
    task = eventually(lambda: next(iter(member.api.tasks(list=member.inbox_id)), None))
    due = dt.datetime.fromisoformat(task["due"].replace("Z", "+00:00")).astimezone(ZoneInfo(zone))
    assert (task["title"], due.date(), due.strftime("%H:%M")) == ("Pay rent", local.date() + dt.timedelta(days=1),
                                                                   clock), task


def test_TASK1_quick_add_date_only_is_refused(page, member):
    """Quick add: a line that is only a date has no title; it is refused with a message and nothing is added."""
    quick = quick_add_box(page)
    preview_settled(page, quick, "tomorrow 17:00")
    quick.press("Enter")
    expect(page.get_by_role("alert").filter(has_text=re.compile(r"title", re.I))).to_be_visible()
    expect(quick).to_have_value("tomorrow 17:00")
    assert member.api.tasks(list=member.inbox_id) == []


def test_TASK3_TASK8_complete_then_undo(page, member):
    """TASK-3, TASK-8: one click on "Mark 'X' as done" completes; the toast's Undo and the `z` key undo it."""
    task = member.api.create_task("Water plants", member.inbox_id, due=days_from_today(0))
    visit(page, "/today")
    status = lambda: member.api.task(task["id"])["status"]  # noqa: E731
    check_box(page, "Water plants").click()
    expect(toast(page)).to_contain_text("Completed 'Water plants'")
    eventually(lambda: status() == "completed")
    toast(page).get_by_role("button", name="Undo", exact=True).click()
    eventually(lambda: status() == "pending", message="Undo did not reopen the task")
    expect(check_box(page, "Water plants")).to_have_attribute("aria-checked", "false")

    check_box(page, "Water plants").click()
    expect(toast(page)).to_contain_text("Completed 'Water plants'")
    eventually(lambda: status() == "completed")
    page.keyboard.press("z")
    eventually(lambda: status() == "pending", message="the z key did not undo")
    expect(check_box(page, "Water plants")).to_have_attribute("aria-checked", "false")


TOAST_WATCH = """() => {
  const box = document.getElementById('toast'), seen = window.__toast = { shown: null, hidden: null };
  const undo = () => !!box.querySelector('form[action$="/undo"] button, button.undo');
  new MutationObserver(() => {
    if (undo() && seen.shown === null) seen.shown = performance.now();
    if (!undo() && seen.shown !== null && seen.hidden === null) seen.hidden = performance.now();
  }).observe(box, { childList: true, subtree: true });
}"""


def wait_page_time(page, since_ms, wait_ms):
    """Sleeps until `wait_ms` have passed on the page's clock since `since_ms` (measuring the toast's duration)."""
    left = since_ms + wait_ms - page.evaluate("performance.now()")
    if left > 0:
        time.sleep(left / 1000)


def test_TASK8_toast_stays_10s_and_pauses_while_hovered(browsing, member):
    """TASK-8: the Undo toast is still there 10.5 s after it appeared, and while hovered it does not go away (then
    it does, once the mouse leaves). The page notes when the toast appeared and went, on its own clock, so a busy
    machine does not blur the measurement. Two windows run side by side so the waits overlap: one left alone,
    one hovered. Both findings are reported together."""
    from ui import sign_in
    member.api.create_task("Left alone", member.inbox_id, due=days_from_today(0))
    member.api.create_task("Hovered", member.inbox_id, due=days_from_today(0))
    alone, hovered = browsing.page(), browsing.page()
    for window, title in ((alone, "Left alone"), (hovered, "Hovered")):
        sign_in(window, member.username, member.password)
        window.evaluate(TOAST_WATCH)
        check_box(window, title).click()
        expect(toast(window).get_by_role("button", name="Undo")).to_be_visible()
        if window is hovered:
            toast(hovered).hover()
    problems = []
    alone_shown = alone.evaluate("window.__toast.shown")
    wait_page_time(alone, alone_shown, 10_500)
    lifetime = alone.evaluate("window.__toast.hidden === null ? null : window.__toast.hidden - window.__toast.shown")
    if lifetime is not None:
        problems.append(f"the toast left alone went away {lifetime / 1000:.2f} s after it appeared (wanted: still "
                        "there after 10.5 s)")
    hovered_shown = hovered.evaluate("window.__toast.shown")
    wait_page_time(hovered, hovered_shown, 13_000)
    if hovered.evaluate("window.__toast.hidden") is not None:
        problems.append("the hovered toast went away while hovered (watched for 13 s)")
    else:
        hovered.mouse.move(2, hovered.viewport_size["height"] - 2)
        try:
            expect(toast(hovered).get_by_role("button", name="Undo")).to_be_hidden(timeout=12_000)
        except AssertionError:
            problems.append("the hovered toast stayed more than 12 s after the mouse left")
    assert not problems, "; ".join(problems)


def test_TASK4_completing_parent_asks_about_open_subtasks(page, member):
    """TASK-4: completing a task with open subtasks asks first; "Complete all" completes them too, "Only this
    task" leaves them open."""
    lst = member.api.create_list("Moving", "orange")
    all_parent = member.api.create_task("Pack kitchen", lst["id"])
    all_kids = [member.api.create_task(t, lst["id"], parentId=all_parent["id"])["id"] for t in ("Plates", "Pans")]
    one_parent = member.api.create_task("Pack books", lst["id"])
    one_kids = [member.api.create_task(t, lst["id"], parentId=one_parent["id"])["id"] for t in ("Novels", "Atlas")]
    visit(page, f"/lists/{lst['id']}")

    check_box(page, "Pack kitchen").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Also complete its 2 open subtasks?")
    dialog.get_by_role("button", name="Complete all").click()
    eventually(lambda: all(member.api.task(i)["status"] == "completed" for i in [all_parent["id"], *all_kids]))

    check_box(page, "Pack books").click()
    expect(dialog).to_contain_text("Also complete its 2 open subtasks?")
    dialog.get_by_role("button", name="Only this task").click()
    eventually(lambda: member.api.task(one_parent["id"])["status"] == "completed")
    assert [member.api.task(i)["status"] for i in one_kids] == ["pending", "pending"]


def three_tasks(member, name="Chores"):
    lst = member.api.create_list(name, "purple")
    ids = {t: member.api.create_task(t, lst["id"])["id"] for t in ("Alpha", "Bravo", "Charlie")}
    return lst, ids


def test_TASK5_reorder_by_drag(page, member):
    """TASK-5: dragging a row above another reorders the list (the server's manual order changes)."""
    lst, ids = three_tasks(member)
    visit(page, f"/lists/{lst['id']}")
    row(page, ids["Charlie"]).drag_to(row(page, ids["Alpha"]), target_position={"x": 40, "y": 4})
    eventually(lambda: member.api.titles(list=lst["id"]) == ["Charlie", "Alpha", "Bravo"],
               message=f"order after the drag: {member.api.titles(list=lst['id'])}")
    expect_order(page, ["Charlie", "Alpha", "Bravo"])


def test_TASK5_reorder_by_keyboard_and_menu(page, member):
    """TASK-5: Alt+ArrowDown on a focused row moves it down; the row menu's Move down and Move up do too."""
    lst, ids = three_tasks(member)
    visit(page, f"/lists/{lst['id']}")
    order = lambda: member.api.titles(list=lst["id"])  # noqa: E731
    page.get_by_role("link", name="Alpha", exact=True).focus()
    page.keyboard.press("Alt+ArrowDown")
    eventually(lambda: order() == ["Bravo", "Alpha", "Charlie"], message=f"after Alt+ArrowDown: {order()}")
    expect_order(page, ["Bravo", "Alpha", "Charlie"])
    # the moved row keeps the focus, so the key can be pressed again
    expect(row(page, ids["Alpha"]).get_by_role("link", name="Alpha", exact=True)).to_be_focused()
    page.keyboard.press("Alt+ArrowDown")
    eventually(lambda: order() == ["Bravo", "Charlie", "Alpha"], message=f"after Alt+ArrowDown: {order()}")
    expect_order(page, ["Bravo", "Charlie", "Alpha"])

    task_menu_action(page, "Bravo", "Move down")
    eventually(lambda: order() == ["Charlie", "Bravo", "Alpha"], message=f"after Move down: {order()}")
    expect_order(page, ["Charlie", "Bravo", "Alpha"])
    task_menu_action(page, "Alpha", "Move up")
    eventually(lambda: order() == ["Charlie", "Alpha", "Bravo"], message=f"after Move up: {order()}")
    expect_order(page, ["Charlie", "Alpha", "Bravo"])


def in_trash(member, task_id):
    return any(t["id"] == task_id for t in member.api.trash()["tasks"])


def test_TASK8_delete_asks_then_restore_from_trash(page, member):
    """TASK-8: Delete asks in a dialog; the task goes to the Trash, where Restore brings it back."""
    lst = member.api.create_list("Papers", "brown")
    task = member.api.create_task("Old receipts", lst["id"])
    member.api.create_task("Tax form", lst["id"])
    visit(page, f"/lists/{lst['id']}")
    task_menu_action(page, "Old receipts", "Delete")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete 'Old receipts'?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert not in_trash(member, task["id"])

    task_menu_action(page, "Old receipts", "Delete")
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("link", name="Old receipts", exact=True)).to_have_count(0)
    eventually(lambda: in_trash(member, task["id"]))

    nav_link(page, "Trash").click()
    expect(page).to_have_url(re.compile(r"/trash$"))
    entry = page.get_by_role("main").get_by_role("listitem").filter(has_text="Old receipts")
    expect(entry).to_be_visible()
    entry.get_by_role("button", name=re.compile(r"^restore", re.I)).click()
    eventually(lambda: not in_trash(member, task["id"]) and member.api.task(task["id"]) is not None)
    expect(page.get_by_role("main").get_by_text("Old receipts")).to_have_count(0)
    visit(page, f"/lists/{lst['id']}")
    expect(page.get_by_role("link", name="Old receipts", exact=True)).to_be_visible()


def test_VIEW3_TASK2_edit_every_field_on_task_page(page, member):
    """VIEW-3, TASK-2 (issue 29 item 3): every field of the task panel is edited and saved: the title in place,
    notes, the due date, priority, labels and list through their chips' pickers, the rest under Details."""
    api = member.api
    home = api.create_list("Home", "orange")
    work = api.create_list("Work", "indigo")
    errand, call = api.create_label("errand"), api.create_label("call")
    task = api.create_task("Draft", home["id"])
    visit(page, f"/tasks/{task['id']}")
    due, start = days_from_today(6), days_from_today(2)
    field(page, r"^title").fill("Write the report")
    field(page, r"^notes").fill("Figures from finance.\nSummary for the board.")
    opened(field(page, r"^due date")).fill(due)
    field(page, r"^due time").fill("")
    page.get_by_role("button", name="Set date", exact=True).click()
    eventually(lambda: api.task(task["id"])["due"] == due, message=f"due: {api.task(task['id'])['due']}")
    expect(page.locator(".task-chips .chip-due")).to_contain_text(due_words(dt.date.fromisoformat(due)))
    choose(page, r"^priority", r"^high")
    eventually(lambda: api.task(task["id"])["priority"] == "high")
    expect(page.locator(".task-chips .chip-priority")).to_contain_text("High")
    page.get_by_label(re.compile(r"^Labels: none")).click()  # the chip opens its picker
    labels = page.get_by_role("group", name=re.compile(r"^labels", re.I)).first
    labels.get_by_role("checkbox", name="@errand", exact=True).check()
    labels.get_by_role("checkbox", name="@call", exact=True).check()
    page.get_by_role("button", name="Set labels", exact=True).click()
    eventually(lambda: sorted(api.task(task["id"])["labelIds"]) == sorted([errand["id"], call["id"]]))
    expect(page.locator(".task-chips .chip-labels")).to_contain_text("@errand")
    opened(field(page, r"^start date")).fill(start)
    field(page, r"estimat").fill("90")
    choose(page, r"^category", r"^work")
    choose(page, r"^status", r"^in progress")
    page.get_by_role("main").get_by_role("button", name=re.compile(r"^save", re.I)).first.click()
    eventually(lambda: api.task(task["id"])["status"] == "inProgress")
    choose(page, r"^list", r"^Work")
    eventually(lambda: api.task(task["id"])["listId"] == work["id"])
    expect(page.locator(".task-chips .chip-list")).to_contain_text("Work")
    expect(page.get_by_role("navigation", name="Tasks in Work").or_(page.locator(".list-pane")).first).to_be_attached()
    expect(field(page, r"^title")).to_have_value("Write the report")
    saved = api.task(task["id"])
    assert saved["title"] == "Write the report"
    assert saved["notes"].replace("\r\n", "\n") == "Figures from finance.\nSummary for the board."
    assert (saved["due"], saved["start"]) == (due, start), (saved["due"], saved["start"])
    assert saved["priority"] == "high"
    assert sorted(saved["labelIds"]) == sorted([errand["id"], call["id"]])
    assert (saved["estimatedMinutes"], saved["category"], saved["status"]) == (90, "work", "inProgress")


def test_VIEW3_stale_form_is_not_overwritten(page, member):
    """VIEW-3, TASK-2: when the task changed elsewhere while its page was open, saving says so instead of
    overwriting that change."""
    task = member.api.create_task("Plan party", member.inbox_id)
    visit(page, f"/tasks/{task['id']}")
    title = field(page, r"^title")
    title.fill("Plan the party")  # the person is typing: live updates wait
    member.api.patch_task(task["id"], title="Plan birthday party")
    title.press("Enter")
    expect(page.get_by_text(re.compile(r"changed elsewhere|changed (by|in) (someone|another)|was changed",
                                       re.I)).first).to_be_visible()
    assert member.api.task(task["id"])["title"] == "Plan birthday party"


def test_TASK3_TASK8_TASK9_bulk_select_complete_move_delete(page, member):
    """Selecting several tasks (docs/web-app.md): the bar completes, moves and deletes them at once."""
    api = member.api
    lst = api.create_list("Errands", "yellow")
    other = api.create_list("Later", "gray")
    ids = {t: api.create_task(t, lst["id"])["id"] for t in ("One", "Two", "Three", "Four", "Five")}
    visit(page, f"/lists/{lst['id']}")
    page.get_by_role("button", name="Select", exact=True).or_(
        page.get_by_role("link", name="Select", exact=True)).first.click()
    bar = page.get_by_role("form", name="Selected tasks")

    page.get_by_role("checkbox", name="Select 'One'", exact=True).check()
    page.get_by_role("checkbox", name="Select 'Two'", exact=True).check()
    expect(bar.get_by_text("2 selected")).to_be_visible()
    bar.get_by_role("button", name="Complete", exact=True).click()
    eventually(lambda: [api.task(ids[t])["status"] for t in ("One", "Two")] == ["completed", "completed"])
    expect(page.get_by_role("link", name="One", exact=True)).to_have_count(0)

    page.get_by_role("checkbox", name="Select 'Three'", exact=True).check()
    page.get_by_role("checkbox", name="Select 'Four'", exact=True).check()
    expect(bar.get_by_text("2 selected")).to_be_visible()
    select_option_matching(bar.get_by_label("Move selected to list"), "^Later$")
    bar.get_by_role("button", name="Move", exact=True).click()
    eventually(lambda: [api.task(ids[t])["listId"] for t in ("Three", "Four")] == [other["id"]] * 2)
    expect(page.get_by_role("link", name="Three", exact=True)).to_have_count(0)

    page.get_by_role("checkbox", name="Select 'Five'", exact=True).check()
    expect(bar.get_by_text("1 selected")).to_be_visible()
    bar.get_by_role("button", name="Delete", exact=True).click()
    asked_first(page, r"^delete")
    eventually(lambda: in_trash(member, ids["Five"]))
    expect(page.get_by_role("link", name="Five", exact=True)).to_have_count(0)
