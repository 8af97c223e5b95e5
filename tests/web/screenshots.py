"""Takes PNG screenshots of the web app's main pages at a phone size (360×740) and a desktop size (1280×800) from a
fresh server with a realistic demo account. Run through scripts/screenshots.sh.

    python tests/web/screenshots.py [--out docs/screenshots] [--theme light|dark] [--full-page]
"""
import argparse
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from doable_web import ROOT, Server, register, seed_demo  # noqa: E402

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


def pages(ids):
    return [
        ("signin", "/signin", False),
        ("today", "/today", True),
        ("list", f"/lists/{ids['lists']['Work']}", True),
        ("task", f"/tasks/{ids['task']}", True),
        ("calendar-month", "/calendar?view=month", True),
        ("upcoming", "/upcoming", True),
        ("settings", "/settings/preferences", True),
        ("register", "/register", False),
        ("lists", "/lists", True),
        ("search", "/search?q=milk", True),
        ("calendar-week", "/calendar?view=week", True),
        ("stats", "/stats", True),
        ("market", "/market", True),
        ("notification-settings", "/settings/notifications", True),
        ("market-new", "/market/new", True),
        ("game", "/game", True),
        ("offline", "/offline", False),
        # Issue 31: accounts to rely on (ann is an admin here).
        ("forgot-password", "/forgot-password", False),
        ("two-factor", "/settings/two-factor", True),
        ("sessions", "/settings/sessions", True),
        ("invitations", "/settings/invitations", True),
        ("admin-accounts", "/admin/accounts", True),
        ("admin-audit", "/admin/audit", True),
    ]


# Pages shown after a step on them: two-factor sign-in while it is being set up (its QR code).
STEPS = {"two-factor": "Set up two-factor sign-in"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--theme", default="light", choices=["light", "dark"])
    parser.add_argument("--full-page", action="store_true", help="the whole page, not just the first screen")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--only", default="", help="comma-separated page names (default: every page)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.theme == "light" else "-dark"

    with Server() as server, sync_playwright() as playwright:
        member = register(server.base, username="ann", password="demo password")
        ids = seed_demo(member)
        # The admin area's pages (ADMIN-1, ADMIN-2): ann is an admin, with a few more accounts to list.
        subprocess.run([server.binary, "admin", "grant", "ann", "--data-dir", str(server.data_dir)], check=True,
                       capture_output=True)
        for name in ("ben", "cleo", "dev"):
            register(server.base, username=name, password="demo password")
        member.api.patch_me(preferences={"theme": args.theme})
        browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"], headless=True)
        written = []
        for size_name, viewport in SIZES.items():
            context = browser.new_context(base_url=server.base, viewport=viewport, timezone_id="UTC",
                                          locale="en-GB", color_scheme=args.theme, device_scale_factor=1,
                                          reduced_motion="reduce")
            page = context.new_page()
            page.goto("/signin")
            page.get_by_label("Email or username").fill("ann")
            page.get_by_label("Password", exact=True).fill("demo password")
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_url("**/today")
            stranger = browser.new_context(base_url=server.base, viewport=viewport, timezone_id="UTC",
                                           locale="en-GB", color_scheme=args.theme, reduced_motion="reduce")
            only = set(filter(None, args.only.split(",")))
            for name, path, signed_in in pages(ids):
                if only and name not in only:
                    continue
                target = page if signed_in else stranger.new_page()
                target.goto(path, wait_until="load")  # not networkidle: the live-update stream stays open
                if name in STEPS and target.get_by_role("button", name=STEPS[name]).count():
                    target.get_by_role("button", name=STEPS[name]).click()
                    target.wait_for_load_state("load")
                target.evaluate("document.fonts.ready.then(() => true)")
                file = out / f"{name}{suffix}-{size_name}.png"
                target.screenshot(path=str(file), full_page=args.full_page, animations="disabled", caret="hide")
                written.append(file)
                if not signed_in:
                    target.close()
            stranger.close()
            context.close()
        browser.close()
    for file in written:
        print(file.relative_to(ROOT) if file.is_relative_to(ROOT) else file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
