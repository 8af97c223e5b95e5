"""Issue 29's "first five minutes": one test per seed persona, each at 360×740 and 1280×800, axe on every page it
visits, and the issue's measurable parts where they apply: the first task row within the top 200 px at 360 px, a
task page under 1,600 px tall at 1280 px, no sideways scrolling at 320 px, no emoji in the navigation, and every
count equal to the list it counts.

The personas: a student's day (seed 000), a daily list (001), nested project lists (002), posting and bidding in the
marketplace (003) and a week with the companion (004). The week passes on this module's own server, started with
`DOABLE_TEST_CLOCK_FILE` (as in test_game.py); the other personas leave its clock at real time."""
from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from doable_web import Server, days_from_today, register
from ui import (asked_first, check_box, choose, describe, field, nav_link, quick_add_box, reveal, row,
                select_option_matching, serious, sign_in, toast, visit)

EMOJI = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F]")


@pytest.fixture(scope="module")
def server():
    """A server of this module's own whose clock the week persona moves: `clock_file` holds how many seconds it runs
    ahead (the server re-reads it within a quarter of a second)."""
    clock_file = Path(tempfile.mkdtemp(prefix="doable-clock-")) / "offset"
    clock_file.write_text("0")
    os.environ["DOABLE_TEST_CLOCK_FILE"] = str(clock_file)
    try:
        with Server() as running:
            running.clock_file = clock_file
            yield running
    finally:
        os.environ.pop("DOABLE_TEST_CLOCK_FILE", None)


@pytest.fixture(scope="module")
def base_url(server) -> str:
    return server.base


@pytest.fixture
def clock(server):
    """Sets the server's clock to a moment; real time again after the test."""
    def set_to(moment: dt.datetime) -> None:
        server.clock_file.write_text(str(int((moment - dt.datetime.now(dt.timezone.utc)).total_seconds())))
        time.sleep(0.4)
    yield set_to
    server.clock_file.write_text("0")
    time.sleep(0.4)


def checked(page, size, rows: bool = False) -> None:
    """What every page gets: axe finds nothing serious, no emoji in the navigation, and (on a page of task rows) the
    first row starts within the top 200 px at 360 px (VIEW-5, VIEW-7)."""
    found = serious(page, urlparse(page.url).path)
    assert not found, describe(found)
    text = " ".join(page.locator("#nav-views, .topbar, .tab-bar").all_inner_texts())
    assert not EMOJI.search(text), f"emoji in the navigation: {[c for c in text if EMOJI.match(c)]}"
    if rows:
        first = page.locator("#main li.task").first
        expect(first).to_be_visible()
        top = first.evaluate("r => r.getBoundingClientRect().top")
        assert size != "phone" or top <= 200, f"{page.url}: the first task row starts {top:.0f} px down at 360 px"


def short_task_page(page, size) -> None:
    """A task with no subtasks or comments fits in under 1,600 px at 1280 px."""
    height = page.evaluate("document.documentElement.scrollHeight")
    assert size != "desktop" or height < 1600, f"{page.url} is {height} px tall at 1280 px"


def nothing_scrolls_sideways_at_320(browsing, who, paths) -> None:
    page = browsing.page()
    page.set_viewport_size({"width": 320, "height": 640})
    sign_in(page, who.username, who.password)
    for path in paths:
        page.goto(path)
        width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"{path} scrolls sideways at 320 px: {width} > {inner}"


def expect_glance(page, open_: int, overdue: int, due_today: int) -> None:
    """Today's counts at a glance read `open_` open, `overdue` overdue and `due_today` due today."""
    counts = page.get_by_role("list", name="Your tasks at a glance").get_by_role("listitem")
    expect(counts).to_have_text([re.compile(rf"^\s*{n}\s+{what}\s*$")
                                 for n, what in ((open_, "open"), (overdue, "overdue"), (due_today, "due today"))])


def list_counts_agree(page, size, list_id, expected: int) -> None:
    """On the list's page, the rows, the header's "N open tasks" and the sidebar's count are all `expected`."""
    visit(page, f"/lists/{list_id}")
    expect(page.locator("#main li.task")).to_have_count(expected)
    expect(page.locator(".list-header .subtitle")).to_have_text(f"{expected} open task{'' if expected == 1 else 's'}")
    expect(page.locator(f"#nav-lists li[data-list-id='{list_id}'] .count")).to_have_text(str(expected))
    checked(page, size, rows=True)


def add_with_quick_add(page, size, *lines: str) -> None:
    for line in lines:
        box = quick_add_box(page)
        box.fill(line)
        box.press("Enter")
        expect(box).to_have_value("")
    if size == "phone":  # the sheet stays open for the next task until Escape
        page.keyboard.press("Escape")
        expect(page.get_by_label("New task", exact=True)).to_be_hidden()


def test_TASK1_VIEW1_VIEW4_a_students_day(page, member, browsing, size):
    """Seed 000's student plans the day with quick add: tonight's reading (in a list "Study" that quick add offers to
    create), the gym, printer paper, and tomorrow's essay and call. Today shows today's three with their times and
    priorities, Upcoming has tomorrow's two, and every count (Today's, the sidebar's, the lists') equals its rows."""
    # A time zone where it is 02:00 to 18:59 now, so that 19:30 and 21:00 today are still ahead.
    zone = next(name for name in ("UTC", "America/New_York", "Pacific/Pago_Pago")
                if 2 <= dt.datetime.now(ZoneInfo(name)).hour <= 18)
    member.api.patch_me(preferences={"timeZone": zone})
    page.reload()
    box = quick_add_box(page)
    box.fill("Read chapter 4 today 19:30 #Study !high")
    page.get_by_role("button", name="Create list 'Study'", exact=True).click()
    expect(box).to_have_value("")
    add_with_quick_add(page, size, "Gym today 21:00 !low", "Buy printer paper",
                       "Submit essay tomorrow 9am #Study !high", "Call mum tomorrow")
    study = member.api.list_named("Study")
    assert study, "the offer made no list 'Study'"

    rows = page.locator("section[aria-labelledby=due-today] li.task")
    expect(rows).to_have_count(3)
    assert sorted(rows.locator(".task-title").all_inner_texts()) == ["Buy printer paper", "Gym", "Read chapter 4"]
    for title, due, priority, where in [("Read chapter 4", "Today 19:30", ["High priority"], "Study"),
                                        ("Gym", "Today 21:00", ["Low priority"], "Inbox"),
                                        ("Buy printer paper", "Today", [], "Inbox")]:
        found = rows.filter(has=page.get_by_role("link", name=title, exact=True))
        expect(found.locator(".due")).to_have_text(due)
        expect(found.locator(".priority")).to_have_text(priority)
        expect(found.locator(".task-list-name")).to_have_text(where)
    main = page.get_by_role("main")
    expect(main.get_by_role("link", name="Submit essay", exact=True)).to_have_count(0)
    expect_glance(page, 5, 0, 3)
    checked(page, size, rows=True)

    page.get_by_role("list", name="Your tasks at a glance").get_by_role("link", name="5 open").click()
    expect(page).to_have_url(re.compile(r"/search\?status=open"))
    expect(page.locator("#main li.task")).to_have_count(5)
    expect(main).to_contain_text("5 tasks found.")
    checked(page, size, rows=True)

    nav_link(page, "Upcoming").click()
    tomorrow = page.get_by_role("region", name=re.compile(r"^Tomorrow"))
    expect(tomorrow.locator("li.task")).to_have_count(2)
    assert sorted(tomorrow.locator(".task-title").all_inner_texts()) == ["Call mum", "Submit essay"]
    essay = tomorrow.locator("li.task").filter(has_text="Submit essay")
    expect(essay.locator(".due")).to_have_text("Tomorrow 09:00")
    expect(essay.locator(".priority")).to_have_text("High priority")
    checked(page, size, rows=True)
    list_counts_agree(page, size, member.inbox_id, 3)
    list_counts_agree(page, size, study["id"], 2)

    visit(page, "/today")
    page.get_by_role("link", name="Gym", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Gym")
    expect(page.locator("input[name=priority][value=low]")).to_be_checked()  # in the priority chip's picker
    expect(page.locator(".task-chips .chip-priority")).to_contain_text("Low")
    expect(field(page, r"^due time")).to_have_value("21:00")
    short_task_page(page, size)
    checked(page, size)
    if size == "phone":
        nothing_scrolls_sideways_at_320(browsing, member, [
            "/today", "/upcoming", f"/lists/{study['id']}", urlparse(page.url).path, "/search?status=open"])


def test_LIST1_TASK10_VIEW1_a_daily_list(page, member, browsing, size):
    """Seed 001's daily list: a new list "Daily" made with the form, three things for today added to it, one set to
    repeat every day. Checking it off on Today moves it to tomorrow (Upcoming shows it there, Completed records
    today's); a one-off checked off is gone. Today's counts and the list's follow, row for row."""
    nav_link(page, "New list").click()
    field(page, r"^name").fill("Daily")
    page.get_by_role("button", name="Create list", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Daily")
    daily = member.api.list_named("Daily")
    add_with_quick_add(page, size, "Make the bed today", "Stretch today", "Read the news today")
    list_counts_agree(page, size, daily["id"], 3)

    page.get_by_role("link", name="Make the bed", exact=True).click()
    choose(page, r"^repeat$", r"^daily$")
    page.get_by_role("main").get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".task-chips .chip-repeat")).to_contain_text("Every day")
    bed = next(t for t in member.api.tasks(list=daily["id"]) if t["title"] == "Make the bed")
    assert (bed["recurrence"], bed["due"]) == ("FREQ=DAILY", days_from_today(0)), bed
    checked(page, size)

    nav_link(page, "Today").click()
    rows = page.locator("section[aria-labelledby=due-today] li.task")
    expect(rows).to_have_count(3)
    expect_glance(page, 3, 0, 3)
    check_box(page, "Make the bed").click()
    expect(toast(page)).to_contain_text("Completed 'Make the bed'")
    expect(rows).to_have_count(2)
    expect(page.get_by_role("main").get_by_role("link", name="Make the bed", exact=True)).to_have_count(0)
    expect_glance(page, 3, 0, 2)  # the bed comes back tomorrow
    moved = member.api.task(bed["id"])
    assert (moved["status"], moved["due"]) == ("pending", days_from_today(1)), moved
    check_box(page, "Stretch").click()
    expect(toast(page)).to_contain_text("Completed 'Stretch'")
    expect(rows).to_have_count(1)
    expect_glance(page, 2, 0, 1)
    checked(page, size, rows=True)

    nav_link(page, "Upcoming").click()
    tomorrow = page.get_by_role("region", name=re.compile(r"^Tomorrow"))
    expect(tomorrow.get_by_role("link", name="Make the bed", exact=True)).to_be_visible()
    checked(page, size, rows=True)
    nav_link(page, "Completed").click()
    done = page.get_by_role("region", name=re.compile(r"^Today"))
    expect(done.get_by_text(re.compile(r"Make the bed"))).to_be_visible()
    expect(done.get_by_text(re.compile(r"Stretch"))).to_be_visible()
    checked(page, size)
    list_counts_agree(page, size, daily["id"], 2)
    if size == "phone":
        nothing_scrolls_sideways_at_320(browsing, member, ["/today", f"/lists/{daily['id']}", "/completed",
                                                           f"/tasks/{bed['id']}"])


def test_TASK4_LIST4_nested_project_lists(page, member, browsing, size):
    """Seed 002's project split again and again: a list "Thesis" gets two tasks; the chapter gets subtasks, and the
    literature review subtasks of its own (three levels), all added on the pages. The list shows them nested with
    each parent's progress over its whole subtree; finishing a leaf updates every level and every count; a parent's
    subtasks fold away and come back."""
    thesis = member.api.create_list("Thesis", "teal")
    visit(page, f"/lists/{thesis['id']}")
    add_with_quick_add(page, size, "Write chapter 1", "Book a meeting with Dr Ada")
    for parent, titles in [("Write chapter 1", ["Literature review", "Outline"]),
                           ("Literature review", ["Find ten papers", "Summarise the papers"])]:
        page.get_by_role("main").get_by_role("link", name=parent, exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(parent)
        box = page.get_by_role("textbox", name="Add a subtask")
        for title in titles:
            box.fill(title)
            box.press("Enter")
            expect(page.get_by_role("region", name="Subtasks").get_by_role("link", name=title, exact=True)) \
                .to_be_visible()
        checked(page, size)
    page.get_by_role("main").get_by_role("link", name="Summarise the papers", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Summarise the papers")
    crumbs = page.get_by_role("navigation", name="Where this task is").get_by_role("link")
    expect(crumbs).to_have_text(["Thesis", "Literature review"])  # the list, then the parent
    short_task_page(page, size)
    checked(page, size)

    ids = {t["title"]: t["id"] for t in member.api.tasks(list=thesis["id"])}
    ids.update({t["title"]: t["id"] for p in ("Write chapter 1", "Literature review")
                for t in member.api.tasks(parent=ids[p])})
    assert len(ids) == 6, ids
    list_counts_agree(page, size, thesis["id"], 6)
    chapter, review = row(page, ids["Write chapter 1"]), row(page, ids["Literature review"])
    expect(chapter.locator(f"#task-{ids['Literature review']} #task-{ids['Find ten papers']}")).to_be_visible()
    fold = lambda r: r.locator("xpath=./details[contains(@class, 'subtasks')]/summary")  # noqa: E731  its own
    expect(fold(chapter)).to_have_text("0 of 4 subtasks done")
    expect(fold(review)).to_have_text("0 of 2 subtasks done")

    check_box(page, "Find ten papers").click()
    expect(toast(page)).to_contain_text("Completed 'Find ten papers'")
    expect(fold(chapter)).to_have_text("1 of 4 subtasks done")
    expect(fold(review)).to_have_text("1 of 2 subtasks done")
    list_counts_agree(page, size, thesis["id"], 5)

    fold(chapter).click()
    expect(fold(chapter).locator("xpath=..")).not_to_have_attribute("open", "")
    for title in ("Literature review", "Outline", "Summarise the papers"):
        expect(row(page, ids[title])).to_be_hidden()
    expect(row(page, ids["Book a meeting with Dr Ada"])).to_be_visible()
    checked(page, size, rows=True)
    fold(chapter).click()
    expect(row(page, ids["Summarise the papers"])).to_be_visible()
    fold(review).click()
    expect(row(page, ids["Summarise the papers"])).to_be_hidden()
    expect(row(page, ids["Outline"])).to_be_visible()
    fold(review).click()
    expect(row(page, ids["Summarise the papers"])).to_be_visible()
    if size == "phone":
        nothing_scrolls_sideways_at_320(browsing, member, [f"/lists/{thesis['id']}",
                                                           f"/tasks/{ids['Summarise the papers']}"])


def test_MKT1_MKT3_MKT4_MKT6_MKT8_posting_and_bidding(page, member, browsing, base_url, size):
    """Seed 003's marketplace: Ann posts a desk to assemble (up to €60, in two days); Ben finds it by a word,
    bids €45 with a message; Ann sees the new bid in the navigation and on her postings, and accepts. Ben is told,
    and the job is a task in his list "Marketplace". Statuses read in plain words; counts equal their lists."""
    ann, ben = member, register(base_url)
    tag = uuid.uuid4().hex[:8]
    title, day = f"Assemble a desk {tag}", days_from_today(2)
    status = lambda p: p.locator("#main .market-status").first  # noqa: E731

    nav_link(page, "Marketplace").click()
    page.get_by_role("navigation", name="Marketplace").get_by_role("link", name="Post a task").click()
    checked(page, size)
    field(page, r"^title").fill(title)
    field(page, r"^description").fill("A flat-pack desk; the tools are here. Two hours at most.")
    select_option_matching(field(page, r"^category"), r"^repairs$")
    field(page, r"^maximum bid").fill("60")
    field(page, r"^day").fill(day)
    page.get_by_role("button", name="Post the task").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    expect(toast(page)).to_contain_text(f"Posted “{title}”")
    expect(status(page)).to_have_text("Open for bids")
    expect(page.get_by_role("main")).to_contain_text(dt.date.fromisoformat(day).strftime("%A"))
    posting = urlparse(page.url).path
    checked(page, size)
    visit(page, "/today")  # Ann goes about her day (her open posting would show a new bid as seen at once)

    ben_page = browsing.page()
    sign_in(ben_page, ben.username, ben.password)
    nav_link(ben_page, "Marketplace").click()
    field(ben_page, r"^words in title").fill(tag)
    ben_page.get_by_role("button", name="Search", exact=True).click()
    found = ben_page.get_by_role("list", name="Postings found").get_by_role("listitem")
    expect(found).to_have_count(1)
    expect(ben_page.locator("#results-heading")).to_have_text("1 open posting found")
    for part in (f"@{ann.username}", "No bids yet", "max €60.00", "Open for bids"):
        expect(found).to_contain_text(part)
    checked(ben_page, size)
    found.get_by_role("link", name=title).click()
    field(ben_page, r"^your bid").fill("45")
    field(ben_page, r"^message to the poster").fill("I can come on Saturday morning.")
    ben_page.get_by_role("button", name="Place bid").click()
    expect(toast(ben_page)).to_contain_text("Bid placed: €45.00")
    expect(status(ben_page)).to_have_text("Has bids")
    checked(ben_page, size)

    visit(page, "/today")
    market = page.get_by_role("navigation", name="Main").get_by_role("link", name=re.compile(r"^Marketplace"))
    expect(market).to_have_accessible_name(re.compile(r"^Marketplace\s*\(1 new bid\)"))
    reveal(page, market)
    market.click()
    page.get_by_role("navigation", name="Marketplace").get_by_role("link", name="My postings and bids").click()
    mine = page.get_by_role("list", name="My postings").get_by_role("listitem")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("1 new bid")
    expect(mine).to_contain_text("Lowest bid €45.00")
    checked(page, size)
    mine.get_by_role("link", name=title).click()
    bids = page.get_by_role("region", name=re.compile(r"^Bids"))
    expect(bids.locator("h2 .count")).to_have_text("1 open")
    expect(bids.locator("li.bid")).to_have_count(1)
    expect(bids).to_contain_text("I can come on Saturday morning.")
    checked(page, size)
    bids.get_by_role("button", name=re.compile(rf"^Accept the bid of {ben.username}")).click()
    assert asked_first(page, r"^accept$"), "accepting asks first"
    expect(toast(page)).to_contain_text("is assigned to them")
    expect(status(page)).to_have_text("Assigned")
    expect(market).to_have_accessible_name(re.compile(r"^Marketplace\s*$"))
    checked(page, size)

    ben_page.reload()
    expect(ben_page.get_by_text(re.compile(r"Your bid of €45\.00 was accepted"))).to_be_visible()
    ben_page.get_by_role("link", name="open the task").click()
    expect(ben_page.get_by_role("navigation", name="Where this task is")).to_contain_text("Marketplace")
    list_counts_agree(ben_page, size, ben.api.list_named("Marketplace")["id"], 1)
    visit(ben_page, "/market/mine")
    expect(ben_page.get_by_role("region", name=re.compile(r"^My bids"))).to_contain_text("Assigned to you")
    checked(ben_page, size)
    for where in (page, ben_page):
        shown = set(where.locator("#main .market-status").all_inner_texts())
        assert shown and shown <= {"Open for bids", "Has bids", "Assigned", "Done"}, f"not in plain words: {shown}"
    if size == "phone":
        nothing_scrolls_sideways_at_320(browsing, ann, [posting, "/market/mine", f"/market?q={tag}"])
        nothing_scrolls_sideways_at_320(browsing, ben, [posting, "/market/mine"])


def test_GAME1_GAME2_GAME4_GAME5_a_week_with_the_companion(page, member, browsing, size, clock):
    """Seed 004's member turns the game on, names the companion (Mochi, a cat), and for seven days revises for an
    exam, ticking the day's task off. Each completion shows its reward, the companion's words and Undo; the sidebar's
    points keep up; each morning the companion's card on Today shows the streak so far. After the week: a 7-day
    streak, its badge, and the same point total on every page (10 a day plus the streak bonus 2, 4, … 14)."""
    api = member.api
    morning = dt.datetime.now(dt.timezone.utc).replace(hour=10, minute=0, second=0, microsecond=0)  # of day 0

    def day(k: int, minutes: int = 0) -> str:
        clock(morning + dt.timedelta(days=k, minutes=minutes))
        return (morning + dt.timedelta(days=k)).date().isoformat()

    day(0)
    visit(page, "/game")
    start = page.get_by_role("button", name="Turn the game on")
    start.click()  # no name yet: the companion is nobody's "Pip" until the member names it
    expect(page.get_by_label("Its name")).to_have_attribute("aria-invalid", "true")
    checked(page, size)
    page.get_by_label("Its name").fill("Mochi")
    page.get_by_role("radio", name=re.compile("^cat$", re.I)).check()
    start.click()
    expect(toast(page)).to_contain_text("Say hello to Mochi!")
    expect(page.get_by_role("heading", name="Mochi", exact=True)).to_be_visible()
    companion = api.call("GET", "/game")["companion"]
    assert (companion["name"], companion["species"]) == ("Mochi", "cat"), companion
    checked(page, size)

    points = lambda k: 10 * k + k * (k + 1)  # noqa: E731  before day k's task: k tasks, bonuses 2 + … + 2k
    card = page.locator(".companion-today")
    nav_points = page.locator("#nav-views .nav-points")
    for k in range(7):
        api.create_task(f"Revise for the exam, day {k + 1}", member.inbox_id, due=day(k))
        day(k, minutes=5)  # past the anti-farming minute
        visit(page, "/today")  # the morning look at the companion
        expect(card).to_contain_text(re.compile(rf"Streak {k} day{'' if k == 1 else 's'} · {points(k)} points"))
        if k == 1:
            checked(page, size)
        if k:  # Today lists the real day's tasks (the test clock moves the game only): from day 1 on, the list
            visit(page, f"/lists/{member.inbox_id}")
        check_box(page, f"Revise for the exam, day {k + 1}").click()
        expect(toast(page)).to_contain_text("+10 points")
        expect(toast(page)).to_contain_text("Mochi")
        expect(toast(page).get_by_role("button", name="Undo", exact=True)).to_be_visible()
        expect(nav_points).to_have_text(f"{points(k) + 10} pts")
        if k == 3:
            visit(page, "/game")
            expect(page.locator("#game-streak .stat-value")).to_have_text("3 days")
            expect(page.locator("ol.streak-days li.kept")).to_have_count(3)
            checked(page, size)
    assert api.call("GET", "/game")["points"] == points(6) + 10

    day(7)
    visit(page, "/today")
    expect(card).to_contain_text(f"Streak 7 days · {points(7)} points")
    game = api.call("GET", "/game")
    assert (game["points"], game["streak"]["current"]) == (points(7), 7), game["streak"]
    assert {"firstTask", "streak7"} <= {badge["id"] for badge in game["badges"]}, game["badges"]
    # A week in the streak strip once widened /game at 360 px; the strip now scrolls inside itself.
    visit(page, "/game")
    expect(page.locator("#game-streak .stat-value")).to_have_text("7 days")
    expect(page.locator("ol.streak-days li.kept")).to_have_count(7)
    expect(page.get_by_text(f"{points(7)} points to spend in the store")).to_be_visible()
    badges = page.get_by_role("region", name="Badges")
    for text in ("7-day streak", "First task", "7 of 10 tasks"):
        expect(badges).to_contain_text(text)
    checked(page, size)
    if size == "desktop":
        expect(nav_points).to_have_text(f"{points(7)} pts")
    else:
        nothing_scrolls_sideways_at_320(browsing, member, ["/today", f"/lists/{member.inbox_id}", "/game"])
