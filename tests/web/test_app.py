"""REACH-1, REACH-2 (the app shell) and REACH-4 in Chromium: Doable as an installable app. The browser's own check
finds nothing missing; "Install Doable" shows only where the browser offers it; pages visited stay readable with the
network off, and a page never visited says so and lists the ones that are; signing out forgets them; a new version
takes over when the member asks for it and the old one's caches go; text shared into the app opens quick add."""
import os
import re

import pytest
import requests
from playwright.sync_api import expect

from conftest import CHROMIUM
from doable_web import Server, register
from ui import eventually, sign_in, visit

WORKER_READY = "navigator.serviceWorker.ready.then(() => true)"


def controlled(page) -> None:
    """Waits until the service worker is installed and looks after the page (a reload puts a page under it)."""
    page.evaluate(WORKER_READY)
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    eventually(lambda: page.evaluate("!!navigator.serviceWorker.controller"), message="no worker looks after the page")


def test_REACH1_the_browser_finds_doable_installable(playwright_instance, member, base_url, tmp_path):
    """REACH-1: Chromium's installability check (DevTools' Page.getInstallabilityErrors) reports no error once the
    worker runs; the manifest is served as a manifest, names /today as its start, and every icon it lists exists
    at the size it claims. (In a profile of its own: Chromium never installs from an incognito window, which every
    other test's context is.)"""
    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=["--no-sandbox"], headless=True,
        base_url=base_url, viewport={"width": 360, "height": 740})
    try:
        page = context.pages[0] if context.pages else context.new_page()
        sign_in(page, member.username, member.password)
        controlled(page)
        installable(page, base_url)
    finally:
        context.close()


def installable(page, base_url) -> None:
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    response = requests.get(base_url + "/manifest.webmanifest", timeout=10)
    assert response.headers["Content-Type"].startswith("application/manifest+json")
    body = response.json()
    assert (body["start_url"], body["display"], body["short_name"]) == ("/today", "standalone", "Doable")
    assert {"any", "maskable"} <= {icon["purpose"] for icon in body["icons"]}
    assert [s["url"] for s in body["shortcuts"]] == ["/today#quick-add", "/today"]
    for icon in body["icons"]:
        image = requests.get(base_url + icon["src"], timeout=10)
        assert image.status_code == 200 and image.headers["Content-Type"] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = int.from_bytes(image.content[16:20], "big"), int.from_bytes(image.content[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"], icon
    colors = page.locator('meta[name="theme-color"]')
    expect(colors).to_have_count(2)


def test_REACH1_install_entry_only_where_the_browser_offers_it(page):
    """REACH-1: no "Install Doable" until the browser offers installing (`beforeinstallprompt`); then it is in the
    account menu, asks the browser once, and goes when the member accepted."""
    install = page.get_by_role("button", name="Install Doable")
    page.locator("details.account-menu summary").click()
    expect(install).to_be_hidden()
    page.evaluate("""() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      offer.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; };
      offer.userChoice = Promise.resolve({ outcome: 'accepted' });
      dispatchEvent(offer);
    }""")
    expect(install).to_be_visible()
    install.click()
    expect(install).to_be_hidden()
    assert page.evaluate("window.__prompted") == 1


def test_REACH4_shared_text_opens_quick_add_filled_in(page, member):
    """REACH-4: what another app shares (the manifest's share target, GET /share) opens quick add on Today with the
    title and the link, each once; Add adds it to the Inbox."""
    visit(page, "/share?title=Recipe%20to%20try&text=https%3A%2F%2Fexample.com%2Fsoup&url=https%3A%2F%2Fexample.com%2Fsoup")
    expect(page).to_have_url(re.compile(r"/today\?add="))
    box = page.get_by_label("New task", exact=True)
    expect(box).to_be_visible()
    expect(box).to_have_value("Recipe to try https://example.com/soup")
    page.get_by_role("button", name="Add", exact=True).click()
    eventually(lambda: "Recipe to try https://example.com/soup" in member.api.titles())


def test_REACH4_sharing_while_signed_out_comes_back_after_sign_in(browsing, member):
    page = browsing.page()
    visit(page, "/share?text=Call%20the%20plumber")
    expect(page).to_have_url(re.compile(r"/signin\?next="))
    page.get_by_label(re.compile("^(email or username|username or email|login)", re.I)).fill(member.username)
    page.get_by_label(re.compile("^password", re.I)).fill(member.password)
    page.get_by_role("button", name=re.compile("^sign in$", re.I)).click()
    expect(page.get_by_label("New task", exact=True)).to_have_value("Call the plumber")


def test_REACH1_quick_add_shortcut_opens_the_sheet(page):
    """REACH-1: the installed app's "Quick add" shortcut (/today#quick-add) opens quick add ready to type."""
    visit(page, "/upcoming")
    visit(page, "/today#quick-add")
    box = page.get_by_label("New task", exact=True)
    expect(box).to_be_visible()
    expect(box).to_be_focused()


def test_REACH2_pages_visited_stay_readable_offline_and_go_at_sign_out(page, member):
    """REACH-2: with the network off, a page opened before comes from this device's copy under an offline banner; a
    page never opened says so and lists the ones kept; signing out forgets them."""
    groceries = member.api.create_list("Groceries", "green")
    member.api.create_task("Oat milk", groceries["id"])
    controlled(page)
    visit(page, f"/lists/{groceries['id']}")
    expect(page.get_by_text("Oat milk")).to_be_visible()
    # The worker keeps the copy beside the page it answered with, a moment after.
    eventually(lambda: page.evaluate("caches.open('doable-pages').then(c => c.match(location.href)).then(Boolean)"))
    page.context.set_offline(True)
    try:
        visit(page, f"/lists/{groceries['id']}")
        expect(page.get_by_role("heading", name="Groceries", level=1)).to_be_visible()
        expect(page.get_by_text("Oat milk")).to_be_visible()
        expect(page.get_by_role("status").filter(has_text="Offline")).to_be_visible()
        visit(page, "/labels")
        expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
        kept = page.locator("#offline-pages a")
        expect(kept.filter(has_text="Groceries")).to_have_count(1)
        kept.filter(has_text="Groceries").click()
        expect(page.get_by_text("Oat milk")).to_be_visible()
    finally:
        page.context.set_offline(False)
    # Back online, a page drawn offline comes from the server again by itself.
    expect(page.locator("#offline-banner")).to_have_count(0, timeout=10_000)
    visit(page, "/signout")
    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile("/signin"))
    assert page.evaluate("caches.open('doable-pages').then(c => c.keys()).then(k => k.length)") == 0


@pytest.fixture
def versioned_server(tmp_path):
    """A server of its own, which the test starts again on the same address as "a new version" of the app."""
    with Server(data_dir=tmp_path / "data") as server:
        yield server
    os.environ.pop("DOABLE_ASSET_VERSION", None)


def test_REACH2_a_new_version_takes_over_when_asked_and_old_caches_go(browsing, versioned_server):
    """REACH-2: after an update the open page keeps working on the old version and offers "Reload to update"; only
    that reload brings the new version in, and the old version's shell cache is gone then."""
    member = register(versioned_server.base)
    context = browsing.browser.new_context(base_url=versioned_server.base, viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        sign_in(page, member.username, member.password)
        controlled(page)
        first = page.evaluate("caches.keys()")
        assert len([name for name in first if name.startswith("doable-shell-")]) == 1
        port = versioned_server.port
        versioned_server.stop()
        os.environ["DOABLE_ASSET_VERSION"] = "next"
        versioned_server.start(port=port)
        visit(page, "/upcoming")
        update = page.get_by_role("button", name="Reload to update")
        expect(update).to_be_visible(timeout=15_000)
        assert page.evaluate("caches.keys()") == first or set(first) <= set(page.evaluate("caches.keys()"))
        with page.expect_navigation(timeout=15_000):
            update.click()
        old = next(n for n in first if n.startswith("doable-shell-"))
        eventually(lambda: old not in page.evaluate("caches.keys()"), timeout=15, message="the old shell cache stayed")
        expect(page.get_by_role("button", name="Reload to update")).to_have_count(0)
        shells = [n for n in page.evaluate("caches.keys()") if n.startswith("doable-shell-")]
        assert len(shells) == 1
        css = page.evaluate("document.querySelector('link[rel=stylesheet]').href")
        assert shells[0].removeprefix("doable-shell-") in css
    finally:
        context.close()


def test_REACH2_a_page_showing_a_secret_once_is_not_kept(page):
    """A new access token's secret is shown once, on that screen only: the worker keeps no copy of that page."""
    controlled(page)
    visit(page, "/settings/tokens")
    page.get_by_label(re.compile("^name", re.I)).fill("Backup script")
    page.get_by_role("button", name=re.compile(r"^(create|new|add)( access)? token$|^create$", re.I)).click()
    expect(page.locator("#new-secret")).to_be_visible()
    visit(page, "/today")  # a page the worker does keep, after the one it must not
    eventually(lambda: page.evaluate(
        "caches.open('doable-pages').then(c => c.match(location.href)).then(Boolean)"))
    kept = page.evaluate("""async () => {
      const cache = await caches.open('doable-pages'), texts = [];
      for (const r of await cache.keys()) texts.push(await (await cache.match(r)).text());
      return texts.join('\\n');
    }""")
    assert "dpat_" not in kept, "a copy of the page with the token's secret was kept"
