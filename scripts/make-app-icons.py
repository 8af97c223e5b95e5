"""REACH-1: draws the installed app's icons (192 and 512 px, and a maskable 512 px one) from the same shapes as
`Resources/web/icon.svg`, in Chromium, so that the PNGs the manifest names match the SVG. Run it after changing the
icon: `.venv/bin/python scripts/make-app-icons.py` (writes into Sources/DoableWeb/Resources/web/app-icons/)."""
from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "Sources/DoableWeb/Resources/web/app-icons"
BLUE = "#2563EB"
CHECK = ('<circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" stroke-width="2.6"/>'
         '<path d="M11.5 16.3l3.1 3.1 6-6.7" fill="none" stroke="#fff" stroke-width="2.6" '
         'stroke-linecap="round" stroke-linejoin="round"/>')


def any_purpose() -> str:
    """A rounded square with the check mark, for launchers that show the icon as it is."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" '
            f'fill="{BLUE}"/>{CHECK}</svg>')


def maskable() -> str:
    """Full bleed, the mark inside the middle 80% (the safe zone a launcher's mask never cuts)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="{BLUE}"/>'
            f'<g transform="translate(16 16) scale(0.78) translate(-16 -16)">{CHECK}</g></svg>')


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-any.svg").write_text(any_purpose() + "\n")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("DOABLE_CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        for name, svg, size in [("icon-192.png", any_purpose(), 192), ("icon-512.png", any_purpose(), 512),
                                ("maskable-512.png", maskable(), 512)]:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<style>html,body{{margin:0;background:transparent}}svg{{display:block;width:{size}px;'
                             f'height:{size}px}}</style>{svg}')
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
