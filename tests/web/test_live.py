"""VIEW-6: a change made elsewhere shows within a second, without reloading."""
from playwright.sync_api import expect

from doable_web import Api, PASSWORD, sign_in_api
from ui import sign_in, visit


def open_live(browsing, member, path):
    """A second window signed in as the same member, on `path`, once its live stream is connected."""
    page = browsing.page()
    sign_in(page, member.username, member.password)
    with page.expect_response(lambda r: "/api/v1/events" in r.url, timeout=10_000):
        visit(page, path)
    page.evaluate("window.__doableNotReloaded = true")
    return page


def test_VIEW6_task_created_via_api_appears_within_1s(browsing, member, base_url):
    """VIEW-6: a task created through the API (a Bearer token from POST /api/v1/sessions) appears in an open
    list page within 1 s, without a reload."""
    lst = member.api.create_list("Shared view", "teal")
    watcher = open_live(browsing, member, f"/lists/{lst['id']}")
    session = sign_in_api(base_url, member.username, PASSWORD)
    assert session.status_code == 201, session.text
    Api(base_url, session.json()["token"]).create_task("Made through the API", lst["id"])
    expect(watcher.get_by_role("link", name="Made through the API", exact=True)).to_be_visible(timeout=1_000)
    assert watcher.evaluate("window.__doableNotReloaded") is True, "the page reloaded"


def test_VIEW6_change_in_one_window_shows_in_another(browsing, member):
    """VIEW-6: a task added with quick add in one window, and then completed there, shows in the other within
    1 s each time."""
    lst = member.api.create_list("Family", "pink")
    watcher = open_live(browsing, member, f"/lists/{lst['id']}")
    actor = browsing.page()
    sign_in(actor, member.username, member.password)
    visit(actor, f"/lists/{lst['id']}")
    quick = actor.get_by_label("New task", exact=True)
    quick.fill("Bake a cake")
    quick.press("Enter")
    expect(actor.get_by_role("link", name="Bake a cake", exact=True)).to_be_visible()
    expect(watcher.get_by_role("link", name="Bake a cake", exact=True)).to_be_visible(timeout=1_000)
    actor.get_by_role("checkbox", name="Mark 'Bake a cake' as done", exact=True).click()
    expect(actor.locator("#toast")).to_contain_text("Completed")
    expect(watcher.get_by_role("checkbox", name="Mark 'Bake a cake' as done", exact=True)).to_have_count(
        0, timeout=1_000)
    assert watcher.evaluate("window.__doableNotReloaded") is True, "the page reloaded"
    # the sidebar's open-task count follows too (on a phone the sidebar hides behind the menu)
    expect(watcher.locator(f'#nav-lists [data-list-id="{lst["id"]}"] .count')).to_have_text("0")
