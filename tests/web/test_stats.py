"""GAME-6 in the browser: a member who completed a few tasks finds "Statistics" in the sidebar and sees the tiles and
the charts, each with its numbers as a table, in the light and the dark theme, at 360 and 1280 px; axe finds no
serious violation; the period switch changes the range."""
import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from doable_web import days_from_today
from ui import THEMES, describe, nav_link, serious, sign_in, visit


def moments_ago(seconds: int = 30) -> str:
    """A deadline just passed: the API takes one up to a minute old (TASK-2 refuses older ones)."""
    moment = dt.datetime.now(dt.timezone.utc) - dt.timedelta(seconds=seconds)
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def computed(page, selector: str, prop: str) -> str:
    return page.evaluate(f"getComputedStyle(document.querySelector({selector!r}))[{prop!r}]")


@pytest.mark.parametrize("theme", THEMES)
def test_GAME6_statistics_show_tiles_charts_and_tables(browsing, member, theme):
    """GAME-6: completed, pending, overdue, on-time rate, average time, busiest weekday and points (the game is on),
    then the charts drawn in the page's theme with "Show as a table" beside each; the monthly chart says when it
    comes."""
    api = member.api
    api.patch_me(preferences={"theme": theme, "gameOptIn": True})
    for title, due in [("Early", days_from_today(3)), ("On the day", days_from_today(0)),
                       ("Late", moments_ago()), ("No deadline", None)]:
        task = api.create_task(title, **({"due": due} if due else {}))
        api.complete(task["id"])
    api.create_task("Still open, overdue", due=moments_ago())

    page = browsing.page(color_scheme=theme)
    sign_in(page, member.username, member.password)
    nav_link(page, "Statistics").click()
    expect(page).to_have_url(re.compile(r"/stats$"))
    expect(page.get_by_role("heading", name="Statistics", level=1)).to_be_visible()
    expect(page.locator("#stat-completed .stat-value")).to_have_text("4")
    expect(page.locator("#stat-pending .stat-value")).to_have_text("1")
    expect(page.locator("#stat-overdue .stat-value")).to_have_text("1")
    expect(page.locator("#stat-ontime .stat-value")).to_have_text("67%")
    expect(page.locator("#stat-average .stat-value")).to_have_text("less than a minute")
    expect(page.locator("#stat-points .stat-value")).to_have_text(re.compile(r"^[1-9]\d*$"))

    width = page.viewport_size["width"]
    for name in ("completions", "ontime", "weekdays", "points"):
        figure = page.locator(f"#chart-{name}")
        drawing = figure.get_by_role("img")
        expect(drawing).to_be_visible()
        box = drawing.bounding_box()
        frame = figure.locator(".chart-drawing").bounding_box()
        # Issue 29: on a phone the drawing keeps a readable width and scrolls inside its frame; the frame fits.
        assert box and frame and frame["width"] <= width and box["height"] > 100, f"{name}: {box} in {frame}"
        figure.get_by_text("Show as a table").click()
        expect(figure.get_by_role("table")).to_be_visible()
    expect(page.locator("#chart-completions").get_by_role("row").filter(has_text="Completed")).to_have_count(1)
    expect(page.locator("#chart-monthly")).to_contain_text("appears after a month of use")

    # The drawings follow the theme chosen in the settings: their text is the page's, their background its surface.
    assert page.locator("html").get_attribute("data-theme") == theme
    assert computed(page, "#chart-completions .chart-title", "fill") == computed(page, "body", "color")
    assert computed(page, "#chart-completions .chart-bg", "fill") == computed(page, "#chart-completions",
                                                                              "backgroundColor")
    found = serious(page, "/stats")

    page.get_by_role("navigation", name="Period").get_by_role("link", name="12 months").click()
    expect(page).to_have_url(re.compile(r"/stats\?period=year$"))
    expect(page.get_by_role("link", name="12 months")).to_have_attribute("aria-current", "page")
    expect(page.locator(".stats-range")).to_contain_text("Last 12 months")
    expect(page.locator("#stat-completed .stat-value")).to_have_text("4")
    found += serious(page, "/stats?period=year")
    assert not found, describe(found)


def test_GAME6_a_new_member_gets_an_empty_state(page):
    """GAME-6: nothing done and nothing open yet: no empty charts, a way on instead."""
    visit(page, "/stats")
    expect(page.get_by_role("heading", name="Your statistics start here")).to_be_visible()
    expect(page.locator("figure")).to_have_count(0)
    assert not serious(page, "/stats")
