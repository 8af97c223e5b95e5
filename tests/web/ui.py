"""Helpers the browser tests share: finding controls as a person reads them, and checks every page gets."""
from __future__ import annotations

import json
import os
import datetime as dt
import re
import time

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()
# The colour schemes the tests that look at colour run in (conftest says why the test command may pick one).
THEMES = os.environ.get("DOABLE_WEB_THEMES", "light,dark").split(",")

# Every finite animation and transition on the page, and the page's fonts, finished. The suite runs with
# `prefers-reduced-motion: reduce` (conftest), which the app honours, so there is rarely anything to wait for; this
# covers what runs anyway. An evaluated function, not wait_for_function: the app's CSP forbids the page's eval.
SETTLE_SCRIPT = """async () => {
  await document.fonts.ready;
  const finite = a => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity;
  await Promise.all(document.getAnimations().filter(finite).map(a => a.finished.catch(() => null)));
}"""

PHONE_WIDTH = 360


def page_overflow(page: Page):
    """(scrollWidth, innerWidth) when the page scrolls sideways, else None."""
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return (sw, iw) if sw > iw else None


def field(page: Page, pattern: str):
    """The form control whose label matches `pattern` (a case-insensitive regular expression)."""
    return page.get_by_label(re.compile(pattern, re.I))


def sign_in(page: Page, login: str, password: str) -> None:
    visit(page, "/signin")
    field(page, r"^(email or username|username or email|login)").fill(login)
    field(page, r"^password").fill(password)
    page.get_by_role("button", name=re.compile(r"^sign in$", re.I)).click()
    expect(page).to_have_url(re.compile(r"/today$"))


def visit(page: Page, path: str):
    """Goes to `path`, fails on a server error, and on the phone size checks for sideways scrolling."""
    response = page.goto(path)
    assert response is not None and response.status < 500, f"GET {path} -> {response and response.status}"
    check_no_sideways_scroll(page)
    return response


def check_no_sideways_scroll(page: Page) -> None:
    if page.viewport_size and page.viewport_size["width"] <= 400:
        overflow = page_overflow(page)
        assert overflow is None, f"{page.url} scrolls sideways at 360 px: scrollWidth {overflow[0]} > {overflow[1]}"


def row(page: Page, task_id: str):
    """A task's row (`li.task#task-{id}` in the markup contract)."""
    return page.locator(f"#task-{task_id}")


def check_box(page: Page, title: str, done: bool = False):
    name = f"Mark '{title}' as not done" if done else f"Mark '{title}' as done"
    return page.get_by_role("checkbox", name=name, exact=True)


def toast(page: Page):
    return page.locator("#toast")


def eventually(check, timeout: float = 5.0, interval: float = 0.05, message: str = ""):
    """Polls `check` until it returns a truthy value (what the server says after the page acted)."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            last = check()
            if last:
                return last
        except AssertionError as error:
            last = error
        if time.monotonic() > deadline:
            raise AssertionError(message or f"condition not met within {timeout} s (last: {last!r})")
        time.sleep(interval)


def select_option_matching(select, pattern: str) -> None:
    """Chooses the option of a <select> whose visible text matches `pattern`, as a person reading it would."""
    options = select.locator("option").all_inner_texts()
    values = select.locator("option").evaluate_all("options => options.map(o => o.value)")
    for text, value in zip(options, values):
        if re.search(pattern, text.strip(), re.I):
            select.select_option(value=value)
            return
    raise AssertionError(f"no option matching {pattern!r} in {options}")


def confirm_dialog(page: Page, button: str):
    """The script's <dialog> that asks first; clicks its button whose name matches `button`."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=re.compile(button, re.I)).click()
    expect(dialog).to_be_hidden()


def choose(page: Page, label: str, option: str) -> None:
    """Picks `option` for the question labelled `label`, whether the page asks with a <select> or radio buttons."""
    select = field(page, label).and_(page.locator("select"))
    if select.count() and select.first.evaluate("e => { const d = e.closest('details'); return !!d && !d.open }"):
        select.first.locator("xpath=ancestor::details[1]/summary").click()  # folded filters: open them first
    if select.count():
        select_option_matching(select.first, option)
        return
    closed = page.get_by_label(re.compile(label, re.I)).and_(page.locator("details:not([open]) > summary"))
    if closed.count():
        closed.first.click()  # a chip whose picker asks the question (the task panel's Priority, List): open it
    group = page.get_by_role("radiogroup", name=re.compile(label, re.I)).or_(
        page.get_by_role("group", name=re.compile(label, re.I)))
    opened(group.first.get_by_role("radio", name=re.compile(option, re.I)).first).check()


def opened(target):
    """`target` with the disclosure it sits in opened first (a task's chip picker, a folded section), as a person
    taps the chip before choosing; returns it."""
    if target.evaluate("e => { const d = e.closest('details'); return !!d && !d.open }"):
        target.locator("xpath=ancestor::details[1]/summary").click()
    return target


def reveal(page: Page, target) -> None:
    """On a phone, opens the menu when `target` is in the sidebar that hides behind it (as a person would tap
    Menu first); then `target` is visible and in the window."""
    toggle = page.get_by_role("link", name="Menu", exact=True).or_(
        page.get_by_role("button", name="Menu", exact=True))
    if target.evaluate("e => { const d = e.closest('details'); return !!d && !d.open }"):
        target.locator("xpath=ancestor::details[1]/summary").click()  # a menu (the account's): open it first
    in_sidebar = target.evaluate("e => !!e.closest('#sidebar')")
    if in_sidebar and toggle.count() and toggle.first.is_visible() and \
            toggle.first.get_attribute("aria-expanded") != "true":
        toggle.first.click()
        # Once in CI (stop 47, the machine busy with two other lanes) the menu stayed closed after the tap, which
        # happened while the page was refreshing itself after a completion. A person taps again; the second tap is
        # logged, so a menu that often needs it shows up in the output.
        try:
            expect(target).to_be_visible(timeout=3_000)
        except AssertionError:
            if toggle.first.get_attribute("aria-expanded") != "true":
                print("reveal: the menu did not open on the first tap; tapping again")
                toggle.first.click()
    expect(target).to_be_visible()
    expect(target).to_be_in_viewport()


def header_link(page: Page, name: str):
    """A link of the top bar; one in a closed menu (the account's: Settings, Plans, Sign out) is not on the page's
    surface until the menu opens, so this opens it first, as a person would."""
    if not page.get_by_role("link", name=name, exact=True).count():
        exact = re.compile(f"^\\s*{re.escape(name)}\\s*$")
        menu = page.locator("details.menu:not([open])").filter(has=page.locator("a", has_text=exact))
        if menu.count():
            menu.first.locator("summary").click()
    link = page.get_by_role("link", name=name, exact=True).first
    reveal(page, link)
    return link


def quick_add_box(page: Page):
    """The quick add field. On a phone it is behind the add button (a sheet that opens over the page), which this
    taps first, as a person would."""
    box = page.get_by_label("New task", exact=True)
    if not box.is_visible():
        page.get_by_role("link", name="Quick add", exact=True).click()
        expect(box).to_be_visible()
    return box


def nav_link(page: Page, name: str):
    """A link of the sidebar ("Main" navigation), opening the phone menu first if needed."""
    link = page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)
    reveal(page, link)
    return link


def asked_first(page: Page, button: str, timeout: float = 10_000) -> bool:
    """When the action just taken asks first (the script's <dialog>, or the server's confirmation page without
    it), answers with the button matching `button`. Returns whether anything asked.

    The wait is a click's (10 s): a dialog that is coming can take seconds to show on a busy machine, and giving
    up early would go on as if nothing asked. Only where the page may well not ask does a caller pass less (and
    then it must not matter if a slow dialog is missed)."""
    dialog = page.get_by_role("dialog")
    try:
        dialog.wait_for(state="visible", timeout=timeout)
    except Exception:
        return False
    dialog.get_by_role("button", name=re.compile(button, re.I)).click()
    expect(dialog).to_be_hidden()
    return True


def task_menu_action(page: Page, title: str, action: str, attempts: int = 3) -> None:
    """Opens the row's "Actions for 'title'" menu and presses `action` (Move up, Delete, …). When a refresh in
    place swaps the row while the menu opens, it opens the new row's menu, as a person would tap again."""
    trigger = page.get_by_label(f"Actions for '{title}'", exact=True)
    menu = trigger.locator("xpath=..")  # the <details> the summary opens
    for attempt in range(attempts):
        if menu.get_attribute("open") is None:
            trigger.click()
        try:
            menu.get_by_role("button", name=action, exact=True).click(timeout=3_000)
            return
        except Exception:
            if attempt == attempts - 1:
                raise


def press_until(page: Page, button, shown, attempts: int = 3, timeout: float = 5_000) -> None:
    """Presses `button` until `shown` is visible. A live refresh in place can swap the button out in the instant it
    is pressed (the press then lands on a detached element and nothing is sent); a person would tap it again."""
    for attempt in range(attempts):
        button.click()
        try:
            expect(shown).to_be_visible(timeout=timeout)
            return
        except AssertionError:
            if attempt == attempts - 1 or not button.count():
                raise


def dom_order(page: Page) -> list:
    """The titles of the top-level task rows of the page, in order."""
    return page.locator("#main li.task").evaluate_all(
        "rows => rows.filter(r => !r.dataset.parentId).map(r => r.querySelector('.task-title').textContent.trim())")


def expect_order(page: Page, titles: list, timeout: float = 5.0) -> None:
    eventually(lambda: dom_order(page) == titles, timeout=timeout,
               message=f"the page shows {dom_order(page)}, wanted {titles}")


# Notes, on the page's own clock, the first moment a condition holds: a MutationObserver checks it after every
# change of the document. %s is the condition, a JavaScript expression (the app's CSP forbids compiling text in the
# page, so it goes into the evaluated function's source).
NOTE_SCRIPT = """key => {
  const met = () => !!(%s), noted = window.__doableNoted = window.__doableNoted || {};
  if (met()) return false;
  noted[key] = null;
  const observer = new MutationObserver(() => {
    if (met()) { noted[key] = Date.now(); observer.disconnect(); }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return true;
}"""


def note_when(page: Page, condition: str) -> str:
    """Starts noting when the JavaScript expression `condition` first holds on `page` (it must not hold yet);
    returns the key `shown_within` reads. For live updates (VIEW-6): the time is taken by the page as the change
    lands, so a busy machine that is slow to poll the page from here does not count against the app."""
    key = f"note{time.monotonic_ns()}"
    assert page.evaluate(NOTE_SCRIPT % condition, key), f"already true before the change: {condition}"
    return key


def shown_within(page: Page, key: str, since: float, seconds: float, what: str) -> None:
    """Asserts that the condition noted under `key` came true at most `seconds` after `since` (time.time(), the
    moment the change was made). Call it once a Playwright check has seen the result."""
    at = page.evaluate("key => (window.__doableNoted || {})[key]", key)
    assert at is not None, f"{what}: the page never noted it (did it reload?)"
    took = at / 1000 - since
    assert took <= seconds, f"{what} showed {took:.2f} s after the change (wanted: within {seconds:g} s)"


def task_link_named(title: str) -> str:
    """The condition (for `note_when`) that a task row's title link reads `title`."""
    return f"[...document.querySelectorAll('a.task-title')].some(a => a.textContent.trim() === {json.dumps(title)})"


def settle(page: Page) -> None:
    """Waits until nothing on the page is still moving or fading, so that what is measured is the final state (an
    axe colour check of a toast half faded in would judge a colour no one reads). Every axe run and screenshot goes
    through here."""
    page.evaluate(SETTLE_SCRIPT)


def serious(page: Page, path: str) -> list:
    """VIEW-5: axe's serious and critical violations on the page as it settles, as (path, violation) pairs."""
    settle(page)
    results = AXE.run(page)
    return [(path, v) for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def describe(found) -> str:
    """The violations `serious` found, one paragraph each, with the first elements that fail and why."""
    lines = []
    for path, violation in found:
        lines.append(f"{path}: [{violation['impact']}] {violation['id']}: {violation['help']} ({violation['helpUrl']})")
        for node in violation["nodes"][:5]:
            target = json.dumps(node.get("target"))
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {target} {node.get('html', '')[:160]}\n      {summary[:300]}")
        if len(violation["nodes"]) > 5:
            lines.append(f"    … and {len(violation['nodes']) - 5} more elements")
    return "\n".join(lines)


def due_words(day: dt.date) -> str:
    """A whole-day due date as the task page says it ("Due Monday", "Due 30 Nov")."""
    today = dt.datetime.now(dt.timezone.utc).date()
    offset = (day - today).days
    if 2 <= offset <= 6:
        return day.strftime("%A")
    words = f"{day.day} {day.strftime('%b')}"
    return words if day.year == today.year else f"{words} {day.year}"
