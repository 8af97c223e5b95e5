"""REACH-2 in Chromium with a real service worker: the web app's offline replica on the sync protocol (docs/sync.md).
With the network off, Today, a list, a task page and search draw from the replica under "Offline — N changes
waiting"; adding, completing, editing and deleting work offline, and so does Undo; back online each change reaches
the server exactly once and another browser sees them live; a change the server refuses (its list was deleted
meanwhile) is shown to the member with the reason."""
import re

import pytest
from playwright.sync_api import expect

from ui import describe, eventually, serious, sign_in, visit


def worker_of(page):
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    return eventually(lambda: page.context.service_workers, timeout=10)[0]


def synced(page, worker) -> None:
    """Brings the worker's replica up to date as the live nudge does (a page visit does too, at most every 15 s)."""
    visit(page, "/today")
    eventually(lambda: worker.evaluate("sync(true).then(() => Replica.meta('cursor'))"), timeout=15,
               message="the replica never pulled")


def banner(page):
    return page.locator("#offline-banner")


@pytest.fixture
def groceries(member):
    lst = member.api.create_list("Groceries", "green")
    milk = member.api.create_task("Oat milk", lst["id"])
    member.api.create_task("Oranges", lst["id"], parentId=milk["id"])
    bread = member.api.create_task("Rye bread", lst["id"])
    return lst, milk, bread


def test_REACH2_offline_views_and_changes_reach_the_server_once(page, member, groceries, browsing):
    lst, milk, bread = groceries
    worker = worker_of(page)
    synced(page, worker)
    other = browsing.page()
    sign_in(other, member.username, member.password)
    visit(other, f"/lists/{lst['id']}")

    page.context.set_offline(True)
    try:
        # The list, from the replica, with the subtask under its task.
        visit(page, f"/lists/{lst['id']}")
        expect(page.get_by_role("heading", name="Groceries", level=1)).to_be_visible()
        expect(banner(page)).to_contain_text("Offline")
        expect(page.get_by_role("link", name="Oranges")).to_be_visible()
        # Add, complete.
        page.get_by_label("New task in Groceries").fill("Coffee beans")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.get_by_role("link", name="Coffee beans")).to_be_visible()
        expect(banner(page)).to_contain_text("1 change waiting")
        page.get_by_role("checkbox", name="Mark 'Rye bread' as done").click()
        expect(page.get_by_role("link", name="Rye bread")).to_have_count(0)
        expect(banner(page)).to_contain_text("2 changes waiting")
        # Delete, then Undo it.
        visit(page, f"/tasks/{milk['id']}")
        expect(page.get_by_role("heading", name="Oat milk", level=1)).to_be_visible()
        page.get_by_role("button", name="Delete").click()
        expect(banner(page)).to_contain_text("3 changes waiting")
        page.locator("#toast").get_by_role("button", name="Undo").click()
        expect(page.locator("#toast")).to_contain_text("Undone.")
        expect(banner(page)).to_contain_text("2 changes waiting")
        # Edit the title, notes, due date and priority.
        visit(page, f"/tasks/{milk['id']}")
        page.get_by_label("Title").fill("Oat milk, 2 litres")
        page.get_by_label("Notes").fill("The barista one")
        page.get_by_label("Due date").fill("2030-01-15")
        page.get_by_label("Priority").select_option("high")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_role("heading", name="Oat milk, 2 litres", level=1)).to_be_visible()
        # A subtask, and a move to another list.
        page.get_by_label("New subtask").fill("Check the date")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.get_by_role("link", name="Check the date")).to_be_visible()
        visit(page, f"/tasks/{bread['id']}")
        page.get_by_label("List").select_option(label="Inbox")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#toast")).to_contain_text("Moved “Rye bread” to Inbox.")
        found = serious(page, "/tasks (offline)")
        assert not found, describe(found)
        # Today and search draw from the replica too.
        visit(page, "/today")
        expect(page.get_by_role("heading", name="Today", level=1)).to_be_visible()
        page.get_by_label("New task for today").fill("Call the bakery")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.get_by_role("link", name="Call the bakery")).to_be_visible()
        visit(page, "/search?q=coffee")
        expect(page.get_by_role("link", name="Coffee beans")).to_be_visible()
        expect(banner(page)).to_contain_text("6 changes waiting")
        found = serious(page, "/search (offline)")
        assert not found, describe(found)
        # Nothing scrolls sideways at 320 px either.
        size = page.viewport_size
        page.set_viewport_size({"width": 320, "height": 640})
        visit(page, f"/lists/{lst['id']}")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the offline list scrolls sideways"
        page.set_viewport_size(size)
        assert "Coffee beans" not in member.api.titles()
    finally:
        page.context.set_offline(False)
    page.evaluate("dispatchEvent(new Event('online'))")
    eventually(lambda: {"Coffee beans", "Call the bakery"} <= set(member.api.titles())
               and member.api.task(milk["id"])["priority"] == "high", timeout=15,
               message="the offline changes never arrived")
    titles = member.api.titles()
    assert titles.count("Coffee beans") == 1 and titles.count("Call the bakery") == 1
    edited = member.api.task(milk["id"])
    assert (edited["title"], edited["notes"], edited["due"][:10], edited["priority"]) == (
        "Oat milk, 2 litres", "The barista one", "2030-01-15", "high")
    assert member.api.task(bread["id"])["status"] == "completed"
    assert member.api.task(bread["id"])["listId"] == member.api.me()["inboxId"]
    assert titles.count("Check the date") == 1
    assert member.api.task(milk["id"])["deletedAt"] is None, "the undone delete never reached the server"
    # The other browser hears of it live.
    expect(other.get_by_role("link", name="Coffee beans")).to_be_visible(timeout=10_000)
    # The page itself comes from the server again once nothing waits.
    expect(banner(page)).to_have_count(0, timeout=10_000)


def test_REACH2_a_change_the_server_refuses_is_shown_with_its_reason(page, member, groceries):
    lst, milk, bread = groceries
    worker = worker_of(page)
    synced(page, worker)
    page.context.set_offline(True)
    try:
        visit(page, f"/lists/{lst['id']}")
        page.get_by_label("New task in Groceries").fill("Flour")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(banner(page)).to_contain_text("1 change waiting")
        member.api.call("DELETE", f"/lists/{lst['id']}")
    finally:
        page.context.set_offline(False)
    page.evaluate("dispatchEvent(new Event('online'))")
    refused = banner(page).locator(".refused")
    expect(refused).to_contain_text("Not saved: Add “Flour”:", timeout=15_000)
    expect(refused).to_contain_text(re.compile("list", re.I))
    assert "Flour" not in member.api.titles()
    banner(page).get_by_role("button", name="Dismiss").click()
    expect(refused).to_have_count(0)
