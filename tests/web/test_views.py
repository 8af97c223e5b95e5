"""TASK-7 search and the VIEW pages: Today, Upcoming, calendar month and week with drag to another day."""
import datetime as dt
import re

from playwright.sync_api import expect

from doable_web import days_from_today
from ui import choose, eventually, field, nav_link, visit


def test_TASK7_search_with_filters(page, member):
    """TASK-7: the header's search finds tasks by words; filters (kept in the URL) narrow the results."""
    api = member.api
    groceries = api.create_list("Groceries", "green")
    api.create_list("Hardware", "gray")
    api.create_task("Buy milk", groceries["id"], priority="high")
    api.create_task("Buy bread", groceries["id"], priority="low")
    api.create_task("Call plumber", member.inbox_id, notes="About the leak under the sink")
    search = page.get_by_role("searchbox", name="Search tasks")
    if not search.is_visible():  # a phone: the top bar's Search opens the search page, its box ready to type in
        page.get_by_role("banner").get_by_role("link", name="Search", exact=True).click()
        search = page.get_by_role("searchbox", name="Words in title or notes")
        expect(search).to_be_focused()
    search.fill("buy")
    search.press("Enter")
    expect(page).to_have_url(re.compile(r"/search\?(.*&)?q=buy"))
    results = page.get_by_role("main")
    expect(results.get_by_role("link", name="Buy milk", exact=True)).to_be_visible()
    expect(results.get_by_role("link", name="Buy bread", exact=True)).to_be_visible()
    expect(results.get_by_role("link", name="Call plumber", exact=True)).to_have_count(0)

    choose(page, r"^priority", r"^high")
    results.get_by_role("button", name=re.compile(r"^(search|apply|filter)$", re.I)).click()
    expect(page).to_have_url(re.compile(r"[?&]priority=high"))
    expect(results.get_by_role("link", name="Buy milk", exact=True)).to_be_visible()
    expect(results.get_by_role("link", name="Buy bread", exact=True)).to_have_count(0)

    # words in the notes count too; a list filter narrows to that list
    visit(page, "/search?q=leak")
    expect(results.get_by_role("link", name="Call plumber", exact=True)).to_be_visible()
    visit(page, "/search?q=buy")
    choose(page, r"^list", r"^Hardware")
    results.get_by_role("button", name=re.compile(r"^(search|apply|filter)$", re.I)).click()
    expect(page).to_have_url(re.compile(r"[?&]list="))
    expect(results.get_by_role("link", name=re.compile(r"^Buy"))).to_have_count(0)
    page.go_back()
    expect(results.get_by_role("link", name="Buy milk", exact=True)).to_be_visible()


def test_VIEW1_VIEW4_today_and_upcoming(page, member):
    """VIEW-1: Today shows today's tasks with counts; VIEW-4: Upcoming shows the next 7 days."""
    api = member.api
    api.create_task("Due today", member.inbox_id, due=days_from_today(0))
    api.create_task("Due in three days", member.inbox_id, due=days_from_today(3))
    api.create_task("Due in a month", member.inbox_id, due=days_from_today(30))
    visit(page, "/today")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="Today")).to_be_visible()
    expect(main.get_by_role("link", name="Due today", exact=True)).to_be_visible()
    expect(main.get_by_role("link", name="Due in three days", exact=True)).to_have_count(0)
    nav_link(page, "Upcoming").click()
    expect(page).to_have_url(re.compile(r"/upcoming$"))
    expect(main.get_by_role("link", name="Due in three days", exact=True)).to_be_visible()
    expect(main.get_by_role("link", name="Due in a month", exact=True)).to_have_count(0)
    for path in ("/overdue", "/completed", "/labels", "/lists"):
        visit(page, path)
        expect(main.get_by_role("heading", level=1)).to_be_visible()


def month_name(day: dt.date) -> str:
    return f"{day:%B} {day.year}"


def test_VIEW2_calendar_month_week_and_drag_to_another_day(page, member):
    """VIEW-2: the month grid and the week grid show tasks by due day; dragging a task to another day
    reschedules it; Alt+ArrowRight on a focused calendar task moves it a day."""
    api = member.api
    lst = api.create_list("Health", "red")
    # A day two or more days ahead and a neighbour in the same month and the same (Monday-first) week, so the month
    # grid and the week grid both show the two.
    day, target = next((d, t) for d in (dt.date.fromisoformat(days_from_today(n)) for n in range(2, 10))
                       for t in (d + dt.timedelta(days=1), d - dt.timedelta(days=1))
                       if t.month == d.month and t.isocalendar()[:2] == d.isocalendar()[:2])
    task = api.create_task("Dentist", lst["id"], due=day.isoformat())

    nav_link(page, "Calendar").click()
    expect(page).to_have_url(re.compile(r"/calendar"))
    visit(page, f"/calendar?view=month&date={day.isoformat()}")
    grid = page.get_by_role("table")
    expect(grid.locator("caption")).to_contain_text(month_name(day))
    expect(page.locator("table.calendar.month")).to_be_visible()
    cell = page.locator(f'td[data-date="{day.isoformat()}"]')
    expect(cell.get_by_role("link", name="Dentist", exact=True)).to_be_visible()
    if page.viewport_size["width"] < 640:
        # A phone's month is an agenda of the busy days (issue 29): an empty day to drop on is in the week grid.
        expect(page.locator(f'td[data-date="{target.isoformat()}"]')).to_be_hidden()
        visit(page, f"/calendar?view=week&date={day.isoformat()}")
        cell = page.locator(f'td[data-date="{day.isoformat()}"][data-all-day]')
    drop = page.locator(f'td[data-date="{target.isoformat()}"]:is(.calendar.month td, [data-all-day])')
    drop.scroll_into_view_if_needed()  # a phone's week scrolls sideways in its frame: the two neighbours both in view
    cell.get_by_role("link", name="Dentist", exact=True).drag_to(drop)
    eventually(lambda: api.task(task["id"])["due"] == target.isoformat(),
               message=f"due after the drag: {api.task(task['id'])['due']} (wanted {target})")
    expect(drop.get_by_role("link", name="Dentist")).to_be_visible()
    visit(page, f"/tasks/{task['id']}")
    expect(field(page, r"^due").and_(page.locator("input[type=date]"))).to_have_value(target.isoformat())

    visit(page, f"/calendar?view=month&date={day.isoformat()}")
    page.get_by_role("main").get_by_role("link", name="Week", exact=True).click()
    expect(page).to_have_url(re.compile(r"view=week"))
    expect(page.locator("table.calendar.week")).to_be_visible()
    expect(page.locator("td[data-date][data-all-day]")).to_have_count(7)
    expect(page.locator("td[data-date][data-hour]")).to_have_count(7 * 24)
    link = page.locator(f'td[data-date="{target.isoformat()}"][data-all-day]').get_by_role("link", name="Dentist", exact=True)
    expect(link).to_be_visible()
    link.focus()
    page.keyboard.press("Alt+ArrowRight")
    later = target + dt.timedelta(days=1)
    eventually(lambda: api.task(task["id"])["due"] == later.isoformat(),
               message=f"due after Alt+ArrowRight: {api.task(task['id'])['due']} (wanted {later})")
    main = page.get_by_role("main")
    for name in ("Previous", "Next", "Today", "Month"):
        expect(main.get_by_role("link", name=name, exact=True)).to_be_visible()
    main.get_by_role("link", name="Next", exact=True).click()
    expect(page).to_have_url(re.compile(r"view=week"))
    expect(page.locator("table.calendar.week")).to_be_visible()


def test_VIEW2_the_week_is_an_hour_grid_and_repeating_tasks_show_at_every_occurrence(page, member):
    """Issue 29 item 7: the week places a timed task in its hour; dragging it to another hour (or pressing Alt with
    an arrow) moves its time; a repeating task shows at each of its occurrences in the month and the week, only
    its next one movable; on a phone the month agenda loads the next month as it is reached."""
    api = member.api
    lst = api.create_list("Routine", "teal")
    day = dt.date.fromisoformat(days_from_today(2))
    zone = api.me()["preferences"]["timeZone"]
    assert zone == "UTC", zone
    meeting = api.create_task("Standup", lst["id"], due=f"{day.isoformat()}T09:30:00Z")
    api.create_task("Stretch", lst["id"], due=days_from_today(0), recurrence="FREQ=DAILY")

    visit(page, f"/calendar?view=week&date={day.isoformat()}")
    nine = page.locator(f'td[data-date="{day.isoformat()}"][data-hour="9"]')
    standup = nine.get_by_role("link", name=re.compile("Standup"))
    expect(standup).to_contain_text("09:30")
    # The grid opens at the morning, not at midnight.
    page.wait_for_function("document.querySelector('.week-frame').scrollTop > 0", timeout=5_000)
    eleven = page.locator(f'td[data-date="{day.isoformat()}"][data-hour="11"]')
    eleven.scroll_into_view_if_needed()
    standup.drag_to(eleven)
    eventually(lambda: api.task(meeting["id"])["due"].startswith(f"{day.isoformat()}T11:30"),
               message=f"due after the drag: {api.task(meeting['id'])['due']}")
    moved = eleven.get_by_role("link", name=re.compile("Standup"))
    expect(moved).to_contain_text("11:30")
    moved.focus()
    page.keyboard.press("Alt+ArrowUp")
    eventually(lambda: api.task(meeting["id"])["due"].startswith(f"{day.isoformat()}T10:30"),
               message=f"due after Alt+ArrowUp: {api.task(meeting['id'])['due']}")

    # The daily task: once in each of the week's seven days (its next one is the task; the rest are repeats).
    stretches = page.locator(".calendar.week [data-all-day] a", has_text="Stretch")
    week_days = [dt.date.fromisoformat(d) for d in page.locator("td[data-all-day]").evaluate_all(
        "tds => tds.map(td => td.dataset.date)")]
    expected = sum(1 for d in week_days if d >= dt.date.fromisoformat(days_from_today(0)))
    expect(stretches).to_have_count(expected)
    expect(page.locator(".calendar.week a.is-occurrence", has_text="Stretch")).to_have_count(expected - (1 if dt.date.fromisoformat(days_from_today(0)) in week_days else 0))
    assert page.locator(".calendar.week a.is-occurrence[draggable]").count() == 0, "a repeat is not dragged"

    visit(page, f"/calendar?view=month&date={day.isoformat()}")
    # Only this month's days: on a phone the agenda may already have added the next month below.
    month_stretches = page.locator(f'.calendar.month td[data-date^="{day.isoformat()[:7]}"]:not(.other-month) a',
                                   has_text="Stretch")
    first_of_next = (day.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    left_in_month = (first_of_next - max(day.replace(day=1), dt.date.fromisoformat(days_from_today(0)))).days
    expect(month_stretches).to_have_count(left_in_month)
    if page.viewport_size["width"] < 640:
        # The agenda keeps going: the next month's days are added below as its end comes into view.
        page.locator("[data-agenda-next]").scroll_into_view_if_needed()
        expect(page.locator(f'.calendar.month td[data-date="{first_of_next.isoformat()}"]')).to_have_count(1, timeout=10_000)
        expect(page.locator("[data-agenda-next]")).to_contain_text(month_name(first_of_next + dt.timedelta(days=32)))
