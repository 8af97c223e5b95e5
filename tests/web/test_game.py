"""GAME-1 to GAME-6 in a real browser: a member turns the companion game on, names the companion, completes tasks and
sees the reward at once, buys and equips an item, keeps a streak over three simulated days, loses it and buys it
back, and reads the statistics page — at 360 px and 1280 px, axe clean.

Days pass on a server of this module's own, started with `DOABLE_TEST_CLOCK_FILE`: the file holds how many seconds
the server's clock runs ahead, and each step of the test moves it on (the server re-reads it within a quarter of a
second)."""
from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from doable_web import Server, register
from ui import check_box, press_until, sign_in, toast, visit
from ui import serious as axe_serious

@pytest.fixture(scope="module")
def clock_file():
    folder = tempfile.mkdtemp(prefix="doable-clock-")
    path = Path(folder) / "offset"
    path.write_text("0")
    return path


@pytest.fixture(scope="module")
def server(clock_file):
    """A server of its own whose clock the test moves (the session's server keeps real time)."""
    os.environ["DOABLE_TEST_CLOCK_FILE"] = str(clock_file)
    try:
        with Server() as running:
            yield running
    finally:
        os.environ.pop("DOABLE_TEST_CLOCK_FILE", None)


@pytest.fixture(scope="module")
def base_url(server) -> str:
    return server.base


class SimulatedDays:
    """Moves the server's clock: day 0 is today at 10:00 UTC (members' time zone is UTC), each `day(k)` is k days
    later, and `later(seconds)` moves within the day (past the anti-farming window before completing)."""

    def __init__(self, path: Path):
        self.path = path
        now = dt.datetime.now(dt.timezone.utc)
        self.start = now.replace(hour=10, minute=0, second=0, microsecond=0)
        self.offset = 0

    def _set(self, moment: dt.datetime) -> None:
        self.offset = int((moment - dt.datetime.now(dt.timezone.utc)).total_seconds())
        self.path.write_text(str(self.offset))
        time.sleep(0.4)  # the server re-reads the file every quarter second

    def day(self, k: int) -> str:
        self._set(self.start + dt.timedelta(days=k))
        self.current = k
        return (self.start + dt.timedelta(days=k)).date().isoformat()

    def later(self, minutes: int) -> None:
        self._set(self.start + dt.timedelta(days=self.current, minutes=minutes))


def serious(page, path):
    return [f"{where}: {v['id']}: {v['help']} {[n.get('target') for n in v['nodes'][:3]]}"
            for where, v in axe_serious(page, path)]


def test_GAME1_to_GAME6_a_member_plays_for_three_days(browsing, base_url, clock_file):
    days = SimulatedDays(clock_file)
    member = register(base_url)
    api = member.api
    page = browsing.page()
    problems: list[str] = []

    # Day 0. GAME-2: the game is off until the member turns it on; then the companion is named and drawn.
    today = days.day(0)
    sign_in(page, member.username, member.password)
    visit(page, "/game")
    expect(page.get_by_role("heading", name="The companion game")).to_be_visible()
    assert not page.locator(".companion-today").count(), "no game element while the game is off"
    # Issue 29: the member names it first; it is nobody's "Pip" before that.
    page.get_by_role("button", name="Turn the game on").click()
    expect(page.locator("#f-name-error")).to_contain_text("1 to 30 characters")
    page.get_by_label("Its name").fill("Pip")
    page.get_by_role("radio", name=re.compile("^cat$", re.I)).check()
    page.get_by_role("button", name="Turn the game on").click()
    expect(toast(page)).to_contain_text("Say hello to Pip!")
    expect(page.get_by_role("heading", name="Companion", exact=True)).to_be_visible()
    problems += serious(page, "/game")

    visit(page, "/game/companion")
    page.get_by_label("Name").fill("B" * 31)
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#f-name-error")).to_contain_text("must be 1 to 30 characters")
    page.get_by_label("Name").fill("Biscuit")
    page.get_by_role("radio", name=re.compile("^dog$", re.I)).check()
    page.get_by_role("radio", name=re.compile("^teal$", re.I)).check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Biscuit", exact=True)).to_be_visible()
    game = api.call("GET", "/game")
    assert game["companion"] == {**game["companion"], "name": "Biscuit", "species": "dog", "color": "teal"}

    # GAME-1 and QR-01: completing a task in the web app shows its reward and the companion's words at once.
    first = api.create_task("Water the plants", due=today, estimatedMinutes=30)
    second = api.create_task("Read a chapter", due=today)
    days.later(5)  # past the anti-farming minute
    visit(page, "/today")
    expect(page.locator(".companion-today")).to_be_visible()
    check_box(page, "Water the plants").click()
    expect(toast(page)).to_contain_text(re.compile(r"\+13 points"))
    expect(toast(page)).to_contain_text("Biscuit")
    # Issue 29 item 5: the first badge's news waits behind the completion, whose reward and Undo stay on screen;
    # the sidebar's points follow at once.
    expect(toast(page).get_by_role("button", name="Undo", exact=True)).to_be_visible()
    expect(page.locator("#nav-views .nav-points")).to_have_text("13 pts")
    expect(page.locator("#bell .bell-count")).to_be_visible()  # the badge's notification has arrived, live
    expect(toast(page)).to_contain_text(re.compile(r"\+13 points"))
    toast(page).get_by_role("button", name="Dismiss", exact=True).click()
    expect(toast(page)).to_contain_text("Badge earned: ")
    api.complete(second["id"])
    points = api.call("GET", "/game")["points"]
    assert points == 13 + 10, points

    # GAME-4: days 1 and 2 kept too; day 3 opens on a three-day streak.
    for k in (1, 2):
        due = days.day(k)
        task = api.create_task(f"Day {k} chore", due=due)
        days.later(5)
        reward = api.complete(task["id"])["reward"]
        assert reward["points"] == 10 and reward["companion"]["name"] == "Biscuit"
    days.day(3)
    visit(page, "/game")
    game = api.call("GET", "/game")
    assert game["streak"]["current"] == 3, game["streak"]
    assert [d["status"] for d in game["streak"]["days"]][-3:] == ["kept", "kept", "kept"]
    # streak bonuses: 2, 4 and 6 points
    assert game["points"] == 23 + 20 + 12, game["points"]
    expect(page.locator(".game-streak")).to_contain_text("3")

    # GAME-4: day 3's dated task stays open (two undated ones are done), so day 3 breaks the streak.
    api.create_task("Day 3 chore", due=days.day(3))
    extras = [api.create_task(title) for title in ("Tidy the desk", "Call grandma")]
    days.later(5)
    for task in extras:
        api.complete(task["id"])
    assert api.call("GET", "/game")["points"] == 75

    # GAME-3: buying with too few points is refused with the reason; then the cheapest worn item is bought and worn.
    store = api.call("GET", "/game/store")["items"]
    dear = max(store, key=lambda item: item["price"])
    assert dear["price"] > 75
    cheap = min((item for item in store if item["slot"] in ("head", "eyes", "neck", "body", "held")),
                key=lambda item: item["price"])
    visit(page, "/game/store")
    # aria-disabled, explained beside it ("You need … more points"), yet it still submits and hears why not.
    page.get_by_role("button", name=f"Buy {dear['name']} for {dear['price']} points").click(force=True)
    expect(page.get_by_text(re.compile(r"costs \d+ points; you have 75")).first).to_be_visible()
    assert api.call("GET", "/game")["points"] == 75, "a refused purchase costs nothing"
    page.get_by_role("button", name=f"Buy {cheap['name']} for {cheap['price']} points").click()
    expect(page.get_by_role("button", name=f"Equip {cheap['name']}")).to_be_visible()
    press_until(page, page.get_by_role("button", name=f"Equip {cheap['name']}"),
                page.get_by_role("button", name=f"Unequip {cheap['name']}"))
    problems += serious(page, "/game/store")
    game = api.call("GET", "/game")
    assert [item["id"] for item in game["companion"]["equipped"]] == [cheap["id"]]
    balance = 75 - cheap["price"]
    assert game["points"] == balance

    # On day 4 the broken streak is bought back within 48 hours.
    days.day(4)
    visit(page, "/game")
    game = api.call("GET", "/game")
    assert game["streak"]["current"] == 0 and game["streak"]["restore"]["lostStreak"] == 3, game["streak"]
    cost = game["streak"]["restore"]["cost"]
    assert cost == 30 + 5 * 3 and balance >= cost
    button = page.get_by_role("button", name=f"Buy back the 3-day streak for {cost} points")
    expect(button).to_be_visible()
    problems += serious(page, "/game")
    button.click()
    expect(page.locator(".restore-offer")).to_have_count(0)
    game = api.call("GET", "/game")
    assert game["streak"]["current"] == 3, game["streak"]
    assert game["points"] == balance - cost
    expect(page.get_by_role("main").locator("svg").first).to_be_visible()  # the companion

    # GAME-5: the first task's badge, with its date.
    assert "firstTask" in [badge["id"] for badge in game["badges"]]
    expect(page.locator(".game-badges")).to_contain_text("First task")

    # GAME-6: the statistics page, with its numbers as tables beside the charts.
    visit(page, "/stats")
    expect(page.get_by_role("heading", name=re.compile("Statistics"))).to_be_visible()
    expect(page.locator("figure svg").first).to_be_visible()
    expect(page.locator("table").first).to_be_attached()
    problems += serious(page, "/stats")

    # Turning the game off hides it everywhere and keeps the data; turning it on again brings it all back.
    api.call("PATCH", "/game", json={"enabled": False})
    visit(page, "/today")
    assert not page.locator(".companion-today").count()
    api.call("PATCH", "/game", json={"enabled": True})
    again = api.call("GET", "/game")
    assert again["points"] == game["points"] and again["companion"]["name"] == "Biscuit"
    assert not problems, "\n".join(problems)
