"""Issue 13 in the browser: repeating tasks from the task page's Repeat fields and from quick add (TASK-10), the
rule in words on the page and on rows, reminders on the task page (NOTIF-1), snooze and silence (NOTIF-3), and
the upcoming reminders on Today (VIEW-1). Every flow runs at 360 and 1280 px."""
import datetime as dt
import re

from playwright.sync_api import expect

from ui import choose, describe, due_words, eventually, field, serious, sign_in, toast, visit, quick_add_box


def next_monday(at_least: int = 3) -> dt.date:
    """A Monday at least `at_least` days away (UTC, the new member's zone)."""
    day = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=at_least)
    return day + dt.timedelta(days=(7 - day.weekday()) % 7)


def save(page):
    page.get_by_role("main").get_by_role("button", name=re.compile(r"^save", re.I)).first.click()


def test_TASK10_VIEW3_weekly_repeat_from_the_form_moves_on_when_completed_and_undo_brings_it_back(page, member):
    """TASK-10, VIEW-3: the member sets "Weekly on Monday" in the Repeat fields, sees the rule in words by the
    due date and as ↻ on the row; completing the task moves it to the next Monday, and Undo brings it back."""
    monday = next_monday()
    task = member.api.create_task("Gym", due=monday.isoformat())
    visit(page, f"/tasks/{task['id']}")
    choose(page, r"^repeat$", r"^weekly$")
    days = page.get_by_role("group", name="On days")
    expect(days).to_be_visible()
    days.get_by_role("checkbox", name="Monday", exact=True).check()  # ticked already: the due date's weekday
    expect(days.get_by_role("checkbox", name="Friday", exact=True)).not_to_be_checked()
    field(page, r"^every$").fill("1")
    expect(page.get_by_role("group", name="Each month on")).to_be_hidden()
    save(page)
    expect(toast(page)).to_contain_text("Saved 'Gym'")
    due_chip, repeat_chip = page.locator(".task-chips .chip-due"), page.locator(".task-chips .chip-repeat")
    expect(due_chip).to_contain_text(due_words(monday))
    expect(repeat_chip).to_contain_text("Every week on Monday")
    assert eventually(lambda: member.api.task(task["id"])["recurrence"]) == "FREQ=WEEKLY;BYDAY=MO"

    # The rows say it too, as an image with the words as its name.
    visit(page, f"/lists/{task['listId']}")
    expect(page.locator(f"#task-{task['id']}").get_by_role("img", name="Repeats: Every week on Monday")).to_be_visible()

    # Completing moves the same task to the next Monday; Undo puts it back.
    visit(page, f"/tasks/{task['id']}")
    page.get_by_role("checkbox", name="Mark 'Gym' as done", exact=True).click()
    expect(toast(page)).to_contain_text("Completed 'Gym'")
    following = monday + dt.timedelta(days=7)
    eventually(lambda: member.api.task(task["id"])["due"] == following.isoformat(),
               message=f"due after completing: {member.api.task(task['id'])['due']} (wanted {following})")
    expect(due_chip).to_contain_text(due_words(following))
    expect(page.get_by_role("checkbox", name="Mark 'Gym' as done", exact=True)).to_have_attribute(
        "aria-checked", "false")
    toast(page).get_by_role("button", name="Undo", exact=True).click()
    eventually(lambda: member.api.task(task["id"])["due"] == monday.isoformat(),
               message=f"due after Undo: {member.api.task(task['id'])['due']} (wanted {monday})")
    expect(due_chip).to_contain_text(due_words(monday))


def test_TASK10_a_refused_repeat_says_why_beside_the_field(page, member):
    """TASK-10: a repeat without a due date is refused beside the Repeat field, what was chosen kept."""
    task = member.api.create_task("Someday")
    visit(page, f"/tasks/{task['id']}")
    choose(page, r"^repeat$", r"^daily$")
    save(page)
    repeat = field(page, r"^repeat$").and_(page.locator("select"))
    expect(repeat).to_have_attribute("aria-invalid", "true")
    expect(repeat).to_have_accessible_description(re.compile("needs a due date"))
    expect(repeat).to_have_value("daily")
    assert member.api.task(task["id"])["recurrence"] is None


def test_NOTIF1_NOTIF3_VIEW1_relative_reminder_listed_on_today_snoozed_and_silenced(page, member):
    """NOTIF-1: the member adds "15 minutes before due" and sees it listed in words; VIEW-1: Today shows it under
    Upcoming reminders with a link to the task; NOTIF-3: snoozing from Today and silencing on the task page."""
    due = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=2)
    task = member.api.create_task("Dentist", due=due.isoformat())
    visit(page, f"/tasks/{task['id']}")
    reminders = page.get_by_role("region", name="Reminders")
    expect(reminders).to_contain_text("No reminders")
    relative = reminders.get_by_role("form", name="Add a reminder before or after a date")
    relative.get_by_label("How many").fill("15")
    choose(page, r"^unit$", r"^minutes$")
    choose(page, r"^before or after$", r"^before$")
    choose(page, r"^relative to$", r"due date")
    relative.get_by_role("button", name="Add reminder", exact=True).click()
    expect(toast(page)).to_contain_text("Reminder added: 15 minutes before due")
    item = reminders.get_by_role("listitem").filter(has_text="15 minutes before due")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Next:")
    stored = eventually(lambda: member.api.call("GET", f"/tasks/{task['id']}/reminders")["reminders"])
    assert [(r["relativeTo"], r["offsetMinutes"]) for r in stored] == [("due", -15)], stored

    # The task page with its reminder and repeat fields passes axe.
    found = serious(page, "the task page")
    assert not found, describe(found)

    # Today lists it; snoozing there says until when.
    visit(page, "/today")
    upcoming = page.get_by_role("region", name="Upcoming reminders")
    expect(upcoming.get_by_role("link", name="Dentist", exact=True)).to_be_visible()
    expect(upcoming).to_contain_text("15 minutes before due")
    upcoming.get_by_role("button", name="Snooze 5 min: Dentist, 15 minutes before due", exact=True).click()
    expect(toast(page)).to_contain_text(re.compile(r"Snoozed until (Today|Tomorrow) \d\d:\d\d"))
    eventually(lambda: member.api.call("GET", f"/tasks/{task['id']}/reminders")["reminders"][0]["snoozedUntil"])
    upcoming.get_by_role("link", name="Dentist", exact=True).click()
    expect(page).to_have_url(re.compile(f"/tasks/{task['id']}"))
    reminders = page.get_by_role("region", name="Reminders")
    expect(reminders).to_contain_text("Snoozed until")

    # Silence it: the list says so, Today no longer shows it; Unsilence brings it back.
    reminders.get_by_role("button", name="Silence: 15 minutes before due", exact=True).click()
    expect(toast(page)).to_contain_text("Reminder silenced")
    expect(reminders).to_contain_text("Silenced")
    assert eventually(lambda: member.api.call("GET", f"/tasks/{task['id']}/reminders")["reminders"][0]["silenced"])
    visit(page, "/today")
    expect(page.get_by_role("region", name="Upcoming reminders")).to_contain_text("No reminders coming up")
    visit(page, f"/tasks/{task['id']}")
    reminders = page.get_by_role("region", name="Reminders")
    reminders.get_by_role("button", name="Unsilence: 15 minutes before due", exact=True).click()
    expect(toast(page)).to_contain_text("Reminder on again")
    expect(reminders).to_contain_text("Next:")

    # Delete, then Undo sets it again.
    reminders.get_by_role("button", name="Delete reminder: 15 minutes before due", exact=True).click()
    expect(toast(page)).to_contain_text("Reminder deleted")
    expect(reminders).to_contain_text("No reminders")
    toast(page).get_by_role("button", name="Undo", exact=True).click()
    expect(reminders.get_by_role("listitem").filter(has_text="15 minutes before due")).to_have_count(1)


def test_NOTIF1_reminder_at_a_date_and_time(page, member):
    """NOTIF-1: a reminder at a moment, typed in the member's zone, reads "At Tue 24 Nov 09:00"."""
    task = member.api.create_task("Call the bank")
    day = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=8)
    visit(page, f"/tasks/{task['id']}")
    form = page.get_by_role("form", name="Add a reminder at a date and time")
    form.get_by_label("Reminder date").fill(day.isoformat())
    form.get_by_label("Reminder time").fill("09:30")
    form.get_by_role("button", name="Add reminder at this time", exact=True).click()
    words = f"At {day.strftime('%a')} {day.day} {day.strftime('%b')}"
    if day.year != dt.datetime.now(dt.timezone.utc).year:
        words += f" {day.year}"
    expect(page.get_by_role("region", name="Reminders")).to_contain_text(f"{words} 09:30")


def test_TASK10_quick_add_every_monday_shows_a_repeat_chip_and_creates_a_repeating_task(page, member):
    """TASK-10 in quick add: "Gym every monday" shows a repeat chip and saves a weekly task."""
    quick = quick_add_box(page)
    with page.expect_response(lambda r: "/quick-add/preview" in r.url and "monday" in r.url):
        quick.fill("Gym every monday")
    chips = page.get_by_role("list", name="Recognised in the text").get_by_role("listitem")
    expect(chips.filter(has_text="Every week on Monday")).to_have_count(1)
    quick.press("Enter")
    expect(quick).to_have_value("")
    task = eventually(lambda: next((t for t in member.api.tasks() if t["title"] == "Gym"), None))
    assert task["recurrence"] == "FREQ=WEEKLY;BYDAY=MO", task
    assert task["due"], task
    visit(page, f"/tasks/{task['id']}")
    expect(page.locator(".task-chips .chip-repeat")).to_contain_text("Every week on Monday")
    expect(field(page, r"^repeat$").and_(page.locator("select"))).to_have_value("weekly")


# The browser's Notification, replaced by one that only records what the page shows (a headless browser has no
# notification centre to look at). Permission is "granted", as after the member allowed it on /notifications.
NOTIFICATION_SPY = """
(() => {
  const shown = [];
  class Recorded {
    constructor(title, options) { shown.push(title); }
    static get permission() { return 'granted'; }
    static requestPermission() { return Promise.resolve('granted'); }
  }
  window.Notification = Recorded;
  window.__shownNotifications = shown;
})();
"""


def test_NOTIF3_a_reminder_in_quiet_hours_pops_no_browser_notification(browsing, member):
    """NOTIF-3 (issue 34): a reminder delivered silently inside the quiet hours reaches the notification centre and
    the bell, but no browser notification; outside quiet hours the same reminder pops one."""
    context = browsing.context()
    context.add_init_script(NOTIFICATION_SPY)
    page = context.new_page()
    sign_in(page, member.username, member.password)
    now = dt.datetime.now(dt.timezone.utc)
    clock = lambda moment: moment.strftime("%H:%M")  # noqa: E731
    member.api.patch_me(preferences={"quietHours": {
        "start": clock(now - dt.timedelta(hours=1)), "end": clock(now + dt.timedelta(hours=1)), "mode": "silent"}})

    def remind(title: str) -> None:
        task = member.api.create_task(title)
        at = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        member.api.call("POST", f"/tasks/{task['id']}/reminders", json={"at": at})

    remind("Quiet reminder")
    expect(toast(page)).to_contain_text("Quiet reminder", timeout=15_000)
    expect(page.locator("#bell")).to_have_attribute("aria-label", re.compile(r"1 unread"))
    notes = member.api.call("GET", "/notifications")["notifications"]
    assert [(n["title"], n["silent"]) for n in notes] == [("Quiet reminder", True)], notes
    assert page.evaluate("window.__shownNotifications") == [], "a silent reminder popped a browser notification"

    member.api.patch_me(preferences={"quietHours": None})
    remind("Loud reminder")
    eventually(lambda: "Loud reminder" in page.evaluate("window.__shownNotifications"), timeout=15,
               message="no browser notification for a reminder outside quiet hours")
    assert page.evaluate("window.__shownNotifications") == ["Loud reminder"]
