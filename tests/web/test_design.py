"""Issue 29, the design system (docs/design.md) in measurable parts, at both window sizes: the first task row within
the top 200 px at 360 px, no sideways scrolling at 320 px, icons drawn from the sprite and no emoji in the
navigation, the phone's tab bar and add button, menus that close with Escape, and Today's counts equal to the rows
they count (VIEW-1)."""
import re
import unicodedata

from playwright.sync_api import expect

from doable_web import days_from_today
from ui import row, sign_in, visit

EMOJI = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F]")


def import_past_due(member, tasks: list[tuple[str, str]]) -> None:
    """Tasks whose due moment has passed, as an import brings them (the API refuses a past date when it is typed)."""
    todos = "".join(f"BEGIN:VTODO\r\nUID:{i}-design@test\r\nSUMMARY:{title}\r\nDUE{due}\r\nEND:VTODO\r\n"
                    for i, (title, due) in enumerate(tasks))
    body = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Doable tests//EN\r\n{todos}END:VCALENDAR\r\n"
    member.api.call("POST", f"/imports?listId={member.inbox_id}", data=body.encode(),
                    headers={"Content-Type": "text/calendar"})


def first_row_top(page) -> float:
    return page.locator("#main li.task").first.evaluate("r => r.getBoundingClientRect().top")


def test_VIEW1_first_task_row_is_near_the_top_of_every_task_page(page, member, size):
    """Phone first: on Today, a list, Upcoming and search results the first task row starts within the top 200 px
    of a 360 px wide window (on a desktop window too, where there is more room)."""
    work = member.api.create_list("Work", "indigo", description="Projects and meetings")
    member.api.create_task("Quarterly report", work["id"], due=days_from_today(0), priority="high")
    member.api.create_task("Reply to Maria", work["id"], due=days_from_today(1))
    member.api.create_task("Book flights", member.inbox_id, due=days_from_today(3))
    for path in ["/today", f"/lists/{work['id']}", "/upcoming", "/search?q=report"]:
        visit(page, path)
        expect(page.locator("#main li.task").first).to_be_visible()
        top = first_row_top(page)
        limit = 200 if size == "phone" else 400  # the bound is the phone's; a desktop has more room
        assert top <= limit, f"{path}: the first task row starts {top:.0f} px down at {size}"


def test_VIEW1_nothing_scrolls_sideways_at_320_px(browsing, member, size):
    """The narrowest phones (320 px): no page of the main ones scrolls sideways."""
    if size != "phone":
        return
    member.api.create_task("A task with a rather long title that has to wrap on a small phone screen",
                           member.inbox_id, due=days_from_today(0))
    page = browsing.context().new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    sign_in(page, member.username, member.password)
    for path in ["/today", f"/lists/{member.inbox_id}", "/upcoming", "/calendar", "/search?q=task", "/settings",
                 "/labels", "/completed", "/market"]:
        page.goto(path)
        width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"{path} scrolls sideways at 320 px: {width} > {inner}"


def test_VIEW1_navigation_has_drawn_icons_and_no_emoji(page, member, size):
    """The sidebar's views, the top bar and (on a phone) the tab bar carry icons from the sprite, each drawn (not an
    empty box), and no emoji."""
    navigation = page.locator("#nav-views, .topbar, .tab-bar")
    text = " ".join(navigation.all_inner_texts())
    assert not EMOJI.search(text), f"emoji in the navigation: {[c for c in text if EMOJI.match(c)]}"
    assert not any(unicodedata.category(c) == "So" for c in text), text
    icons = page.locator("#nav-views .icon, .topbar .icon:visible")
    assert icons.count() >= 10
    sizes = icons.evaluate_all("icons => icons.map(i => { const b = i.querySelector('use').getBBox(); "
                               "return b.width * b.height; })")
    assert all(area > 0 for area in sizes[:10]), f"icons not drawn: {sizes}"


def test_VIEW1_phone_has_tab_bar_and_add_button_desktop_does_not(page, member, size):
    """Phone: Today, Upcoming, Search and Lists at the bottom, and a round add button that opens quick add as a
    sheet, which stays for the next task and closes with Escape. Desktop: quick add sits in the top bar."""
    tabs = page.get_by_role("navigation", name="Shortcuts")
    add = page.get_by_role("link", name="Quick add", exact=True)
    if size == "desktop":
        expect(tabs).to_be_hidden()
        expect(add).to_be_hidden()
        expect(page.get_by_label("New task", exact=True)).to_be_visible()
        return
    for name in ["Today", "Upcoming", "Search", "Lists"]:
        expect(tabs.get_by_role("link", name=name, exact=True)).to_be_visible()
    bar = tabs.evaluate("t => t.getBoundingClientRect().bottom")
    assert bar == 740, f"the tab bar ends at {bar}, not at the window's bottom"
    expect(tabs.get_by_role("link", name="Today", exact=True)).to_have_attribute("aria-current", "page")
    box = page.get_by_label("New task", exact=True)
    expect(box).to_be_hidden()
    add.click()
    expect(box).to_be_focused()
    box.fill("Call the dentist")
    box.press("Enter")
    expect(box).to_have_value("")
    expect(box).to_be_focused()  # ready for the next one
    added = next(t for t in member.api.tasks(list=member.inbox_id) if t["title"] == "Call the dentist")
    expect(row(page, added["id"])).to_be_visible()
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    tabs.get_by_role("link", name="Lists", exact=True).click()
    expect(page.get_by_role("navigation", name="Main")).to_be_in_viewport()


def test_VIEW1_menus_close_with_escape(page, member, size):
    """A row's ⋯ menu and the account menu close with Escape, focus back on what opened them."""
    member.api.create_task("Water the plants", member.inbox_id, due=days_from_today(0))
    visit(page, "/today")
    trigger = page.get_by_label("Actions for 'Water the plants'", exact=True)
    trigger.click()
    menu = trigger.locator("xpath=..")
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(trigger).to_be_focused()
    account = page.locator("details.account-menu")
    account.locator("summary").click()
    expect(account.get_by_role("link", name="Sign out")).to_be_visible()
    page.keyboard.press("Escape")
    expect(account.get_by_role("link", name="Sign out")).to_be_hidden()


def test_VIEW1_today_counts_equal_the_rows_they_count(page, member, size):
    """"0 overdue" above a row saying "Overdue since 09:00" was a lie: a time already past today counts as overdue,
    and each count equals the rows of its section."""
    import_past_due(member, [("Pay rent", f":{days_from_today(0).replace('-', '')}T000000Z"),
                             ("Send the invoice", f";VALUE=DATE:{days_from_today(-2).replace('-', '')}")])
    member.api.create_task("Buy bread", member.inbox_id, due=days_from_today(0))
    visit(page, "/today")
    counts = page.get_by_role("list", name="Your tasks at a glance")
    overdue_rows = page.locator("section[aria-labelledby=overdue-heading] li.task")
    today_rows = page.locator("section[aria-labelledby=due-today] li.task")
    expect(overdue_rows).to_have_count(2)
    expect(today_rows).to_have_count(1)
    expect(counts.get_by_role("link", name=re.compile(r"^2 overdue$"))).to_be_visible()
    expect(counts.get_by_role("link", name=re.compile(r"^1 due today$"))).to_be_visible()


def test_VIEW2_phone_month_is_an_agenda_today_first(page, member, size):
    """Issue 29 item 7: on a phone the month is an agenda: today at the top, then only the days with tasks (no
    screens of empty days), and the next month one tap on. A desktop keeps the whole grid."""
    later = days_from_today(3)
    member.api.create_task("Dentist", member.inbox_id, due=later)
    visit(page, "/calendar?view=month")
    days = page.locator("td.cal-day")
    shown = days.evaluate_all("cells => cells.filter(c => c.offsetParent !== null).map(c => c.dataset.date)")
    today = days_from_today(0)
    if size == "desktop":
        assert len(shown) >= 28, shown
        return
    # Today first, then only days with tasks. When "later" falls in next month, the agenda may already have loaded
    # that month below (it does as its end comes into view, and this page is short): either way no empty day shows.
    assert shown and shown[0] == today and set(shown) <= {today, later}, f"the agenda shows {shown}"
    if later[:7] == today[:7]:
        assert shown == [today, later], f"the agenda shows {shown}"
    else:
        expect(page.locator(f'td[data-date="{later}"]:not(.other-month)')).to_be_visible(timeout=10_000)
    top = page.locator("td.is-today").evaluate("c => c.getBoundingClientRect().top")
    assert top < 300, f"today starts {top:.0f} px down"
    expect(page.get_by_role("link", name=re.compile(r"^Show \w+ \d{4}$"))).to_be_visible()


def test_TASK1_task_page_is_short_and_says_its_title_once(page, member, size):
    """Issue 29 item 3: a task with no subtasks or comments fits in under 1,600 px at 1280 px; its title shows once
    (edited where it stands); Duplicate and Delete are in its menu, not red buttons mid-page; no validation text
    shows while nothing is wrong."""
    task = member.api.create_task("Renew the passport", member.inbox_id, due=days_from_today(5), priority="high")
    visit(page, f"/tasks/{task['id']}")
    expect(page.get_by_role("heading", level=1, name="Renew the passport")).to_have_count(1)
    title = page.get_by_label("Title", exact=True)
    expect(title).to_have_value("Renew the passport")
    assert page.get_by_text("Renew the passport", exact=True).count() == 0 or \
        page.locator("#main :text-is('Renew the passport'):visible").count() <= 1
    expect(page.locator("#main .button.danger")).to_have_count(0)
    expect(page.get_by_text(re.compile(r"1 to 200 characters|Up to 10,000 characters"))).to_have_count(0)
    menu = page.get_by_label("More actions for this task", exact=True)
    menu.click()
    expect(page.get_by_role("button", name="Duplicate", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Delete", exact=True)).to_be_visible()
    if size == "desktop":
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height < 1600, f"the task page is {height} px tall"


def test_GAME6_statistics_words_are_never_broken_inside(page, member, size):
    """Issue 29 item 9: /stats at every width: a value in words ("Wednesday") wraps between words only, so a
    one-word value takes one line and no value spills out of its tile."""
    for title in ("Water the plants", "Pay rent"):
        member.api.complete(member.api.create_task(title, member.inbox_id)["id"])
    visit(page, "/stats")
    values = page.locator(".stat-value")
    expect(values.first).to_be_visible()
    shapes = values.evaluate_all("""vs => vs.map(v => {
        const style = getComputedStyle(v), line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
        return {text: v.textContent.trim(), lines: Math.round(v.getBoundingClientRect().height / line),
                spills: v.scrollWidth > v.clientWidth + 1};
    })""")
    for shape in shapes:
        assert not shape["spills"], shape
        if " " not in shape["text"]:
            assert shape["lines"] <= 1, f"'{shape['text']}' is broken over {shape['lines']} lines at {size}"


def test_GAME6_chart_labels_can_be_read_at_every_width(page, member, size):
    """Issue 29 item 9: the statistics charts' labels were about 5 px tall on a phone. Each chart keeps a width at
    which its axis labels are at least 10 px tall; on a phone it scrolls sideways inside its own frame (which the
    keyboard can focus), never the page."""
    member.api.complete(member.api.create_task("Water the plants", member.inbox_id)["id"])
    visit(page, "/stats")
    labels = page.locator(".chart-drawing svg text")
    expect(labels.first).to_be_visible()
    heights = labels.evaluate_all("ts => ts.map(t => t.getBoundingClientRect().height).filter(h => h > 0)")
    assert heights and min(heights) >= 10, f"smallest chart label {min(heights):.1f} px at {size}"
    frame = page.locator(".chart-drawing").first
    assert frame.get_attribute("tabindex") == "0"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_TASK1_a_tasks_sections_fold_under_their_headings_and_stay_folded(page, member, size):
    """Issue 29 item 3: reminders, photos, comments, history and subtasks fold under their headings (each heading a
    disclosure button); a folded section stays folded on the next task page; on a phone the history starts folded."""
    api = member.api
    first = api.create_task("Renew passport", member.inbox_id)
    second = api.create_task("Book flights", member.inbox_id)
    visit(page, f"/tasks/{first['id']}")
    comments = page.get_by_role("region", name="Comments")
    toggle = comments.get_by_role("button", name="Comments")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    history = page.get_by_role("button", name="History")
    expect(history).to_have_attribute("aria-expanded", "false" if size == "phone" else "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(comments.locator("textarea")).to_be_hidden()
    visit(page, f"/tasks/{second['id']}")
    toggle = page.get_by_role("region", name="Comments").get_by_role("button", name="Comments")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(page.get_by_role("region", name="Comments").locator("textarea")).to_be_visible()
