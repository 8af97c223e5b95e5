"""TASK-11 and VIEW-3 in the browser: photos on the task page. The member uploads two photos at once, sees their
thumbnails, opens one large, deletes one after a question; a web page named .png is refused with the reason by the
file field. Without the script the same forms work with a page per step. Every flow runs at 360 and 1280 px."""
import io
import random
import re
import struct
import time
import zlib

from PIL import Image, ImageDraw
from playwright.sync_api import expect

from ui import field, sign_in, toast, visit


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


def camera_photo(path, width=2600, height=1950):
    """What a phone's camera writes: a JPEG of about 3 MB, taken held upright (EXIF orientation 6: the pixels are
    landscape, the picture portrait), with the camera's name and the GPS position where it was taken."""
    rnd = random.Random(11)
    picture = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    draw = ImageDraw.Draw(picture)
    for _ in range(400):
        x, y, r = rnd.randrange(width), rnd.randrange(height), rnd.randrange(20, 240)
        draw.ellipse((x, y, x + r, y + r), fill=(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)))
    picture = Image.blend(picture, Image.effect_noise((width, height), 40).convert("RGB"), 0.3)
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to show
    exif[0x010F], exif[0x0110] = "Doable", "Test Camera"  # Make, Model
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)})
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=96, exif=exif)
    path.write_bytes(out.getvalue())
    return path


def jpeg_segments(data: bytes) -> list[tuple[int, bytes]]:
    """The marker and payload of each segment of a JPEG up to its image data."""
    assert data[:3] == b"\xff\xd8\xff", "a JPEG"
    segments, i = [], 2
    while i + 4 <= len(data):
        assert data[i] == 0xFF, f"a segment at {i}"
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        segments.append((marker, data[i + 4:i + 2 + length]))
        if marker == 0xDA:
            break
        i += 2 + length
    return segments


def has_exif(data: bytes) -> bool:
    return any(marker == 0xE1 and payload.startswith(b"Exif\0\0") for marker, payload in jpeg_segments(data))


def gps_position(data: bytes) -> dict:
    return dict(Image.open(io.BytesIO(data)).getexif().get_ifd(0x8825))


def fitted(page, chooser: str, name: str):
    """The file the chooser holds now (what its form will send), after photofit.js: its bytes and its name."""
    status = page.locator(f"{chooser} ~ [role=status]")
    expect(status).to_have_text(re.compile(r"Scaled to \d+×\d+, \d+ KB\. Location and camera details removed\."),
                                timeout=30_000)
    expect(status.locator("img")).to_have_count(1)
    sent = page.eval_on_selector(
        chooser, "async i => [i.files.length, i.files[0].name, i.files[0].type, "
                 "[...new Uint8Array(await i.files[0].arrayBuffer())]]")
    count, sent_name, sent_type, data = sent
    assert (count, sent_name, sent_type) == (1, name, "image/jpeg")
    width, height, kb = map(int, re.search(r"(\d+)×(\d+), (\d+) KB", status.inner_text()).groups())
    return bytes(data), (width, height, kb)


def check_fitted(data: bytes, shown: tuple[int, int, int]) -> None:
    """A JPEG of at most 65,536 bytes, upright, without EXIF (no GPS position, no camera) or other metadata, as the
    status says."""
    width, height, kb = shown
    assert len(data) <= 65_536, f"{len(data):,} bytes"
    assert not has_exif(data) and gps_position(data) == {}
    # Chromium writes the sRGB colour profile (APP2 ICC_PROFILE): about the picture, not the person; nothing else.
    assert [marker for marker, payload in jpeg_segments(data)
            if 0xE1 <= marker <= 0xEF and not payload.startswith(b"ICC_PROFILE\0") or marker == 0xFE] == []
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "JPEG"
    assert picture.size == (width, height) and height > width, "drawn upright (EXIF orientation applied)"
    assert max(width, height) >= 480, f"{width}×{height}: scaled no further than it had to be"
    assert kb == -(-len(data) // 1024)


def stored_photo(page, thumbnail) -> bytes:
    """The photo as the server keeps it and serves it."""
    response = page.request.get(thumbnail.get_attribute("src"))
    assert response.status == 200 and response.headers["content-type"] == "image/jpeg"
    return response.body()


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
    file field and nothing is added; one over 65,536 bytes that the browser cannot draw (so cannot make fit) is named
    before the form is sent."""
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
    # It cannot be drawn, so it cannot be made to fit (photofit.js tries first, so the message comes a moment later).
    expect(chooser).to_have_js_property(
        "validationMessage", "“big.png”: A photo may be at most 64 KB (65,536 bytes); this one has 70,008.")
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


def test_TASK11_a_3_MB_camera_photo_arrives_under_64_KB_without_its_GPS_position(page, member, tmp_path):
    """TASK-11 (issue 30): a phone photo of about 3 MB with GPS metadata, chosen on the task page, is scaled and
    re-encoded in the browser before it is sent: the file the form sends is a JPEG of at most 65,536 bytes, upright,
    without EXIF (so the position never leaves the device; the server strips metadata as well, so the sent bytes are
    checked, not only the stored ones); the member sees a preview and the size. The server keeps it as sent."""
    photo = camera_photo(tmp_path / "IMG_2041.JPG")
    original = photo.read_bytes()
    assert len(original) > 2_500_000 and has_exif(original) and gps_position(original)[1] == "N"
    task = member.api.create_task("Fix the bike")
    visit(page, f"/tasks/{task['id']}")
    chooser = page.get_by_label("Add photos")
    expect(chooser).not_to_have_attribute("capture", re.compile(".*"))  # the gallery stays on offer
    chooser.set_input_files(str(photo))
    sent, shown = fitted(page, "#photo-files", "IMG_2041.jpg")
    check_fitted(sent, shown)
    page.get_by_role("button", name="Upload photos").click()
    expect(toast(page)).to_contain_text("Photo added")
    expect(thumbnails(page)).to_have_count(1)
    stored = stored_photo(page, thumbnails(page).first)
    assert stored == sent, "nothing left to strip: kept byte for byte"
    check_fitted(stored, shown)


def test_MKT1_TASK11_a_camera_photo_on_a_new_posting_arrives_under_64_KB_without_its_GPS_position(
        page, member, tmp_path):
    """MKT-1 with TASK-11 (issue 30): the marketplace's new-posting form makes a camera photo fit the same way."""
    photo = camera_photo(tmp_path / "lawn.jpeg", width=2000, height=1500)
    assert len(photo.read_bytes()) > 1_048_576 and has_exif(photo.read_bytes())
    visit(page, "/market/new")
    field(page, r"^title").fill("Mow the lawn")
    field(page, r"^description").fill("About 200 square metres; the mower is in the shed.")
    field(page, r"^category").select_option(index=1)
    field(page, r"^maximum bid").fill("40")
    field(page, r"^place name").fill("Mitte backyard")
    field(page, r"^latitude").fill("52.52")
    field(page, r"^longitude").fill("13.405")
    field(page, r"^photos").set_input_files(str(photo))
    sent, shown = fitted(page, "#f-photos", "lawn.jpg")
    check_fitted(sent, shown)
    page.get_by_role("button", name="Post the task").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mow the lawn")
    thumbnail = page.get_by_role("img", name="Mow the lawn: photo 1 of 1")
    expect(thumbnail).to_be_visible()
    stored = stored_photo(page, thumbnail)
    assert stored == sent
    check_fitted(stored, shown)


def test_TASK11_without_the_script_a_photo_over_64_KB_is_refused_naming_the_rule(browsing, member, tmp_path):
    """TASK-11 with JavaScript off: nothing scales the photo, so the 64 KB rule holds on the server and says so. A
    photo over 64 KB comes back by the file field with the rule and its size; a camera's photo of megabytes (over the
    1 MiB a request may carry) gets a page naming the same rule, with a way back to the task."""
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    task = member.api.create_task("Wash the car")
    visit(page, f"/tasks/{task['id']}")
    middling = tmp_path / "middling.jpg"
    middling.write_bytes(b"\xff\xd8\xff\xe0" + bytes(199_996))
    page.get_by_label("Add photos").set_input_files(str(middling))
    with page.expect_response(lambda r: r.url.endswith("/photos")) as answer:
        page.get_by_role("button", name="Upload photos").click()
    assert answer.value.status == 400
    expect(page.locator("#photo-files-error")).to_have_text(
        "“middling.jpg”: A photo may be at most 64 KB (65,536 bytes); this one has 200,000. "
        "Doable scales photos for you when JavaScript is on.")
    expect(thumbnails(page)).to_have_count(0)

    photo = camera_photo(tmp_path / "IMG_2042.JPG")
    page.get_by_label("Add photos").set_input_files(str(photo))
    with page.expect_response(lambda r: r.url.endswith("/photos")) as answer:
        page.get_by_role("button", name="Upload photos").click()
    assert answer.value.status == 413
    expect(page.get_by_role("heading", level=1)).to_have_text("This photo is too large")
    expect(page.get_by_role("main")).to_contain_text(
        "A photo may be at most 64 KB (65,536 bytes); this upload is over 1 MiB. "
        "Doable scales photos for you when JavaScript is on.")
    page.get_by_role("link", name="Back to the form").click()
    expect(page).to_have_url(re.compile(rf"/tasks/{task['id']}#photos$"))
    expect(thumbnails(page)).to_have_count(0)
