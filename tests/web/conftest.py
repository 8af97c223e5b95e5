"""Fixtures of the browser suite: one `doable serve` and one headless Chromium for the whole session, a fresh
member for every test, and every flow at two window sizes (a 360×740 phone and a 1280×800 desktop).

On the phone size each page a test visits is checked for sideways scrolling: an init script reports
`scrollWidth > innerWidth` after every page load, `visit()` checks after each navigation it makes, and the
context's teardown checks the page the test ended on. Uncaught script errors and Content-Security-Policy
violations fail the test at teardown too."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from doable_web import Mailbox, Member, Server, register  # noqa: E402
from ui import page_overflow, sign_in  # noqa: E402

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
# The window sizes and colour schemes (ui.THEMES) to run, all by default. The test command runs every flow once more on
# PostgreSQL at one size and scheme: the engine sits behind the same pages, and sizes and schemes are checked on SQLite.
SIZES = {name: SIZES[name] for name in os.environ.get("DOABLE_WEB_SIZES", ",".join(SIZES)).split(",")}
CHROMIUM = os.environ.get("DOABLE_CHROMIUM", "/usr/bin/chromium")

# Every context asks for `prefers-reduced-motion: reduce`, which the app honours (no fades, no slides), so that no
# assertion, axe colour check or screenshot can meet a toast or a panel half way through its animation however busy
# the machine is. A test that is about motion passes `reduced_motion="no-preference"` (test_motion.py).
REDUCED_MOTION = "reduce"
ACTION_TIMEOUT_MS = 10_000  # a click or fill that cannot happen fails in 10 s, not Playwright's 30
expect.set_options(timeout=5_000)

OVERFLOW_SCRIPT = """
(() => {
  const report = () => {
    const root = document.documentElement;
    if (root && root.scrollWidth > window.innerWidth && window.__doableOverflow)
      window.__doableOverflow(location.pathname + location.search, root.scrollWidth, window.innerWidth);
  };
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(report, 0)));
})();
"""


@pytest.fixture(scope="session")
def mailbox():
    """NOTIF-2: an SMTP server on a free port (tests/support/smtp_sink.py) that keeps every email the test server
    sends; tests read them with `mailbox.wait_for(...)`."""
    with Mailbox() as running:
        yield running


@pytest.fixture(scope="session")
def server(mailbox):
    """The test server, sending email to `mailbox` (`--smtp-url`); links in emails point at it. It may call loopback
    (`--allow-outgoing`, OPS-7) for the push service stand-in of test_push.py: one server, because on PostgreSQL a
    second one on the same database would take some of the first one's deliveries and refuse loopback."""
    with Server("--smtp-url", f"smtp://127.0.0.1:{mailbox.port}", "--allow-outgoing", "127.0.0.1") as running:
        yield running
    # the temporary folder (and its log) is gone now; print the log's tail on failures from within tests


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.base


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright_instance) -> Browser:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
    yield browser
    browser.close()


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def size(request) -> str:
    return request.param


@pytest.fixture
def member(base_url) -> Member:
    """A member of their own, registered through the API (fast); tests that are about registering use the form."""
    return register(base_url)


@dataclass
class Watch:
    """What went wrong in one browser context besides the test's own assertions."""
    size: str
    overflows: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    dialogs: list = field(default_factory=list)


class Browsing:
    """Makes browser contexts of one window size for one test and checks them when the test ends."""

    def __init__(self, browser: Browser, base_url: str, size: str):
        self.browser, self.base_url, self.size = browser, base_url, size
        self.contexts: list[tuple[BrowserContext, Watch]] = []

    def context(self, javascript: bool = True, **options) -> BrowserContext:
        options.setdefault("reduced_motion", REDUCED_MOTION)
        context = self.browser.new_context(
            base_url=self.base_url, viewport=SIZES[self.size], java_script_enabled=javascript,
            timezone_id="UTC", locale="en-GB", **options)
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        watch = Watch(self.size)
        if javascript and self.size == "phone":
            context.expose_binding("__doableOverflow", lambda _source, *args: watch.overflows.append(args))
            context.add_init_script(OVERFLOW_SCRIPT)
        context.on("page", lambda page: self._watch_page(page, watch))
        context.watch = watch  # type: ignore[attr-defined]
        self.contexts.append((context, watch))
        return context

    def page(self, javascript: bool = True, **options) -> Page:
        page = self.context(javascript, **options).new_page()
        return page

    @staticmethod
    def _watch_page(page: Page, watch: Watch) -> None:
        page.on("pageerror", lambda error: watch.errors.append(f"script error on {page.url}: {error}"))
        page.on("console", lambda message: watch.errors.append(f"{message.type} on {page.url}: {message.text}")
                if message.type == "error" and "Content Security Policy" in message.text else None)
        page.on("dialog", lambda dialog: (watch.dialogs.append(f"{dialog.type}: {dialog.message}"),
                                          dialog.dismiss()))

    def close(self) -> list[str]:
        problems = []
        for context, watch in self.contexts:
            if watch.size == "phone":
                for page in context.pages:
                    try:
                        width = page_overflow(page)
                    except Exception:  # a page that is closing; nothing to measure
                        width = None
                    if width:
                        watch.overflows.append((page.url, *width))
            problems += [f"sideways scrolling at 360 px on {url}: scrollWidth {sw} > innerWidth {iw}"
                         for url, sw, iw in dict.fromkeys(tuple(o) for o in watch.overflows)]
            problems += watch.errors
            problems += [f"native dialog opened: {text}" for text in watch.dialogs]
            context.close()
        return problems


@pytest.fixture
def browsing(browser, base_url, size, request):
    session = Browsing(browser, base_url, size)
    yield session
    problems = session.close()
    if problems and not getattr(request.node, "_failed", False):
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item._failed = True


@pytest.fixture
def page(browsing, member) -> Page:
    """A page signed in as the test's own member, showing Today."""
    page = browsing.page()
    sign_in(page, member.username, member.password)
    return page
