"""TASK-11 and VIEW-3 in the browser: photos on the task page. The member uploads two photos at once, sees their
thumbnails, opens one large, deletes one after a question; a web page named .png is refused with the reason by the
file field. Without the script the same forms work with a page per step. Every flow runs at 360 and 1280 px."""
import re
import struct
import time
import zlib

from playwright.sync_api import expect

from ui import toast, visit


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real PNG of one colour (the browser must be able to draw it)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def photo_files(tmp_path):
    red, blue = tmp_path / "red.png", tmp_path / "blue.png"
    red.write_bytes(png(40, 30, (200, 30, 30)))
    blue.write_bytes(png(20, 20, (30, 60, 200)))
    return red, blue


def thumbnails(page):
    return page.locator("#photos .photo-grid img")


def all_drawn(page) -> bool:
    return page.evaluate(
        "[...document.querySelectorAll('#photos .photo-grid img')].every(i => i.complete && i.naturalWidth > 0)")


def test_TASK11_VIEW3_two_photos_uploaded_shown_opened_large_and_one_deleted(page, member, tmp_path):
    """TASK-11, VIEW-3: two photos chosen at once are uploaded in place, shown as thumbnails with alt text; one
    opens as the photo itself; Delete asks first and removes it."""
    task = member.api.create_task("Paint the fence")
    visit(page, f"/tasks/{task['id']}")
    photos = page.get_by_role("region", name=re.compile(r"^Photos"))
    expect(photos).to_contain_text("No photos yet.")
    chooser = page.get_by_label("Add photos")
    expect(chooser).to_have_attribute("accept", "image/jpeg,image/png,image/gif,image/webp")
    chooser.set_input_files(list(photo_files(tmp_path)))
    page.get_by_role("button", name="Upload photos").click()
    expect(toast(page)).to_contain_text("2 photos added")
    expect(thumbnails(page)).to_have_count(2)
    expect(photos).to_contain_text("2 of 10")
    expect(thumbnails(page).first).to_have_attribute("alt", re.compile(r"^Paint the fence: photo 1 of 2, added"))
    expect(thumbnails(page).first).to_have_attribute("loading", "lazy")
    page.evaluate("document.getElementById('photos').scrollIntoView()")  # the thumbnails load lazily
    # wait_for_function compiles its text in the page, which the app's CSP (no eval) refuses: poll from here.
    loaded = "[...document.querySelectorAll('#photos .photo-grid img')].every(i => i.complete && i.naturalWidth > 0)"
    deadline = time.monotonic() + 10
    while not page.evaluate(loaded) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert page.evaluate(loaded), "both thumbnails load"

    # A thumbnail opens the photo itself.
    page.get_by_role("link", name=re.compile(r"^Open photo 1 of 2")).click()
    expect(page).to_have_url(re.compile(r"/attachments/[0-9a-f-]{36}$"))
    assert page.evaluate("document.images.length == 1 && document.images[0].naturalWidth") == 40
    page.go_back()
    expect(thumbnails(page)).to_have_count(2)

    # Delete asks in our dialog, then the photo is gone.
    page.get_by_role("button", name="Delete photo 1 of 2").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete photo 1 of 2?")
    dialog.get_by_role("button", name="Delete", exact=True).click()
    expect(toast(page)).to_contain_text("Photo deleted")
    expect(thumbnails(page)).to_have_count(1)
    expect(thumbnails(page).first).to_have_attribute("alt", re.compile(r"^Paint the fence: photo 1 of 1, added"))


def test_TASK11_a_web_page_named_png_is_refused_with_the_reason(page, member, tmp_path):
    """TASK-11: photos are checked by their bytes, not their name: an HTML file named .png is refused beside the
    file field and nothing is added; one over 65,536 bytes is named before the form is sent."""
    task = member.api.create_task("Clean the gutter")
    visit(page, f"/tasks/{task['id']}")
    evil = tmp_path / "evil.png"
    evil.write_text("<!doctype html><title>x</title><script>alert(1)</script>")
    chooser = page.get_by_label("Add photos")
    chooser.set_input_files(str(evil))
    page.get_by_role("button", name="Upload photos").click()
    error = page.locator("#photo-upload [role=alert]")
    expect(error).to_have_text("“evil.png”: A photo must be a JPEG, PNG, GIF or WebP image.")
    expect(chooser).to_have_attribute("aria-invalid", "true")
    expect(thumbnails(page)).to_have_count(0)
    # A photo over the limit is named before anything is sent (a phone's photo is often megabytes).
    big = tmp_path / "big.png"
    big.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(70_000))
    chooser.set_input_files(str(big))
    assert page.eval_on_selector("#photo-files", "i => i.validationMessage") == (
        "“big.png”: A photo may be at most 65,536 bytes; this one has 70,008.")
    page.get_by_role("button", name="Upload photos").click()
    expect(thumbnails(page)).to_have_count(0)
    # A good one afterwards goes through.
    red, _ = photo_files(tmp_path)
    chooser.set_input_files(str(red))
    page.get_by_role("button", name="Upload photos").click()
    expect(toast(page)).to_contain_text("Photo added")
    expect(thumbnails(page)).to_have_count(1)


def test_TASK11_photos_without_the_script(browsing, member, tmp_path):
    """TASK-11 with JavaScript off: the upload posts the form and comes back to the section; a refusal shows the
    page again with the reason; Delete asks on a page of its own."""
    from ui import sign_in
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    task = member.api.create_task("Oil the hinges")
    visit(page, f"/tasks/{task['id']}")
    red, blue = photo_files(tmp_path)
    page.get_by_label("Add photos").set_input_files([str(red), str(blue)])
    page.get_by_role("button", name="Upload photos").click()
    expect(page).to_have_url(re.compile(rf"/tasks/{task['id']}#photos$"))
    expect(toast(page)).to_contain_text("2 photos added")
    expect(thumbnails(page)).to_have_count(2)

    evil = tmp_path / "evil.png"
    evil.write_text("<html>not a picture</html>")
    page.get_by_label("Add photos").set_input_files(str(evil))
    page.get_by_role("button", name="Upload photos").click()
    expect(page.locator("#photo-files-error")).to_have_text(
        "“evil.png”: A photo must be a JPEG, PNG, GIF or WebP image.")

    page.get_by_role("button", name="Delete photo 2 of 2").click()
    expect(page.get_by_role("heading", name="Delete this photo?")).to_be_visible()
    page.get_by_role("button", name="Delete photo").click()
    expect(page).to_have_url(re.compile(rf"/tasks/{task['id']}#photos$"))
    expect(thumbnails(page)).to_have_count(1)
