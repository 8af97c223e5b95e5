"""Issue 15 in the browser: the marketplace (MKT-1..9). Ann posts a task with a photo and her location; Ben finds it
near him (list and map), bids; Ann sees the badge without reloading and accepts; Ben finds the task in his list
"Marketplace" and finishes it; Ann marks the posting done; both rate each other. Every flow runs at 360 and 1280 px,
with Ann and Ben each in a browser of their own that shares its position (Playwright's geolocation)."""
import random
import re
import struct
import uuid
import zlib

from playwright.sync_api import expect

from doable_web import register
from ui import asked_first, check_box, eventually, field, reveal, select_option_matching, sign_in, toast, visit



def somewhere() -> dict:
    """A point of its own for each test (the server, and a PostgreSQL database, outlive one test): postings of
    other tests are never near it."""
    return {"latitude": round(random.uniform(-50, 50), 4), "longitude": round(random.uniform(-170, 170), 4)}


def shown(value: float) -> str:
    """A coordinate as the pages print it."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def browser_at(browsing, who, where, path):
    """A browser of `who`'s that shares `where` as its position, signed in, on `path` with its live stream open."""
    page = browsing.page(geolocation=where, permissions=["geolocation"])
    sign_in(page, who.username, who.password)
    with page.expect_response(lambda r: "/api/v1/events" in r.url, timeout=10_000):
        visit(page, path)
    page.evaluate("window.__doableNotReloaded = true")
    return page


def test_MKT1_to_MKT9_ann_posts_ben_finds_it_near_him_bids_does_it_and_both_rate(browsing, member, base_url, tmp_path):
    ann, ben = member, register(base_url)
    ann_home = somewhere()
    ben_home = {"latitude": ann_home["latitude"] + 0.009, "longitude": ann_home["longitude"] + 0.002}  # ~1 km north
    here = f"{shown(ann_home['latitude'])}, {shown(ann_home['longitude'])}"
    photo = tmp_path / "lawn.png"
    photo.write_bytes(png(48, 32, (40, 160, 60)))

    # MKT-1: Ann posts with a photo, her location from the browser.
    ann_page = browser_at(browsing, ann, ann_home, "/market/new")
    field(ann_page, r"^title").fill("Mow the lawn")
    field(ann_page, r"^description").fill("About 200 square metres; the mower is in the shed.")
    select_option_matching(field(ann_page, r"^category"), r"^gardening$")
    field(ann_page, r"^maximum bid").fill("40")
    field(ann_page, r"^place name").fill("Mitte backyard")
    ann_page.get_by_role("button", name="Use my location").click()
    expect(field(ann_page, r"^latitude")).to_have_value(shown(ann_home["latitude"]))
    expect(field(ann_page, r"^longitude")).to_have_value(shown(ann_home["longitude"]))
    expect(ann_page.get_by_role("status").filter(has_text="Your location")).to_contain_text(here)
    field(ann_page, r"^photos").set_input_files(str(photo))
    ann_page.get_by_role("button", name="Post the task").click()
    expect(ann_page.get_by_role("heading", level=1)).to_have_text("Mow the lawn")
    expect(toast(ann_page)).to_contain_text("Posted “Mow the lawn”")
    posting_url = ann_page.url
    posting_id = posting_url.rsplit("/", 1)[1]
    thumbnail = ann_page.get_by_role("img", name="Mow the lawn: photo 1 of 1")
    expect(thumbnail).to_be_visible()
    eventually(lambda: ann_page.evaluate("[...document.images].some(i => i.complete && i.naturalWidth == 48)"),
               message="the thumbnail is not drawn")
    expect(ann_page.get_by_text(f"Exact location: {here}")).to_be_visible()

    # Ann waits on Today while Ben looks for work near him.
    with ann_page.expect_response(lambda r: "/api/v1/events" in r.url, timeout=10_000):
        visit(ann_page, "/today")
    ann_page.evaluate("window.__doableNotReloaded = true")
    market_link = ann_page.get_by_role("navigation", name="Main").get_by_role("link", name=re.compile(r"^Marketplace"))
    expect(market_link).to_have_accessible_name(re.compile(r"^Marketplace\s*$"))

    # MKT-9: Ben uses his location on Near me: the list shows the distance, the map links to the posting.
    ben_page = browser_at(browsing, ben, ben_home, "/market/near")
    ben_page.get_by_role("button", name="Use my location").click()
    results = ben_page.get_by_role("region", name=re.compile(r"open postings? within 5 km"))
    expect(results).to_contain_text("Mow the lawn")
    # Others see the place rounded to about 1 km, so the distance is about 1 km, to the south.
    distance = r"(\d\.\d km|\d+ m) (south|south-west|south-east)"
    expect(results.locator(".posting-distance").first).to_have_text(re.compile(rf"^{distance}$"))
    pin = ben_page.locator("svg.near-map").get_by_role("link", name=re.compile(rf"^1\. Mow the lawn, {distance}$"))
    expect(pin).to_have_count(1)
    pin.scroll_into_view_if_needed()
    pin.click()
    expect(ben_page).to_have_url(re.compile(rf"/market/postings/{posting_id}$"))
    expect(ben_page.get_by_text(re.compile(r"^Approximate location \(to about 1 km\)"))).to_be_visible()

    # MKT-4: Ben bids; a third decimal is refused by the field first.
    with ben_page.expect_response(lambda r: "/api/v1/events" in r.url, timeout=10_000):
        ben_page.reload()
    amount = field(ben_page, r"^your bid")
    amount.fill("30.555")
    field(ben_page, r"^message to the poster").fill("I can come on Saturday.")
    ben_page.get_by_role("button", name="Place bid").click()
    expect(amount).to_have_attribute("aria-invalid", "true")
    expect(ben_page.get_by_text("The amount may have at most two decimals.")).to_be_visible()
    amount.fill("30")
    ben_page.get_by_role("button", name="Place bid").click()
    expect(toast(ben_page)).to_contain_text("Bid placed: €30.00")
    expect(ben_page.get_by_text(re.compile(r"^You bid €30\.00"))).to_be_visible()

    # MKT-8: Ann's open page shows the badge at once, without a reload.
    expect(market_link).to_have_accessible_name(re.compile(r"^Marketplace\s*\(1 new bid\)"), timeout=5_000)
    assert ann_page.evaluate("window.__doableNotReloaded") is True, "Ann's page reloaded"
    reveal(ann_page, market_link)
    market_link.click()
    ann_page.get_by_role("navigation", name="Marketplace").get_by_role("link", name="My postings and bids").click()
    expect(ann_page.get_by_role("region", name=re.compile(r"^My postings"))).to_contain_text("1 new bid")
    ann_page.get_by_role("link", name="Mow the lawn", exact=True).click()

    # MKT-6: the bid with Ben's profile and standing; accepting asks first.
    bids = ann_page.get_by_role("region", name=re.compile(r"^Bids"))
    expect(bids.get_by_role("link", name=f"@{ben.username}")).to_have_attribute("href", f"/users/{ben.username}")
    expect(bids).to_contain_text("No ratings yet")
    expect(bids).to_contain_text("I can come on Saturday.")
    expect(market_link).to_have_accessible_name(re.compile(r"^Marketplace\s*$"))  # seen now
    bids.get_by_role("button", name=re.compile(rf"^Accept the bid of {ben.username}")).click()
    assert asked_first(ann_page, r"^accept$"), "accepting asks first"
    expect(toast(ann_page)).to_contain_text("is assigned to them")
    expect(ann_page.get_by_role("heading", name="Assigned")).to_be_visible()

    # Ben's page says so live; the posting is a task in his list "Marketplace", with the exact place.
    expect(ben_page.get_by_text(re.compile(r"Your bid of €30\.00 was accepted"))).to_be_visible(timeout=5_000)
    expect(ben_page.get_by_text(f"Exact location: {here}")).to_be_visible()
    ben_page.get_by_role("link", name="open the task").click()
    expect(ben_page.get_by_role("navigation", name="Where this task is")).to_contain_text("Marketplace")
    expect(field(ben_page, r"^notes")).to_have_value(re.compile(rf"/market/postings/{posting_id}"))
    check_box(ben_page, "Mow the lawn").click()
    asked_first(ben_page, r"^only this task$", timeout=800)
    expect(check_box(ben_page, "Mow the lawn", done=True)).to_be_visible()

    # MKT-7: Ann marks it done (asked first); both rate each other, hidden until both did.
    visit(ann_page, f"/market/postings/{posting_id}")
    ann_page.get_by_role("button", name="Mark done").click()
    assert asked_first(ann_page, r"^mark done$")
    expect(toast(ann_page)).to_contain_text("Marked “Mow the lawn” done")
    rating = ann_page.get_by_role("group", name=f"Your rating of @{ben.username}")
    rating.get_by_role("radio", name="5 of 5 stars").check()
    field(ann_page, r"^a few words").fill("Neat and quick.")
    ann_page.get_by_role("button", name=f"Rate @{ben.username}").click()
    expect(toast(ann_page)).to_contain_text(f"shown once @{ben.username} rates you too")

    visit(ben_page, f"/market/postings/{posting_id}")
    reviews = ben_page.get_by_role("region", name="Ratings")
    expect(reviews).not_to_contain_text("Neat and quick.")
    ben_page.get_by_role("group", name=f"Your rating of @{ann.username}").get_by_role("radio", name="4 of 5 stars").check()
    field(ben_page, r"^a few words").fill("Friendly, clear instructions.")
    ben_page.get_by_role("button", name=f"Rate @{ann.username}").click()
    expect(reviews).to_contain_text("Neat and quick.")
    expect(reviews).to_contain_text("Friendly, clear instructions.")
    assert ann.api.call("GET", f"/market/postings/{posting_id}")["status"] == "done"


def test_MKT2_MKT9_search_and_near_me_work_without_the_script(browsing, member, base_url):
    """MKT-2, MKT-9, VIEW-5: without JavaScript the search takes words and a category, and Near me takes typed
    coordinates; the map is there too, its postings reachable by keyboard as links."""
    ann, ben = member, register(base_url)
    tag, home = uuid.uuid4().hex[:8], somewhere()
    for title, north in [(f"Walk the dog {tag}", 0.0005), (f"Fix a bike {tag}", 0.01)]:
        ann.api.call("POST", "/market/postings", json={
            "title": title, "description": "Around the corner.", "category": "Pet care" if "dog" in title else "Repairs",
            "maxBid": 20, "location": {"latitude": home["latitude"] + north, "longitude": home["longitude"],
                                       "placeName": "Mitte"}})
    page = browsing.page(javascript=False)
    sign_in(page, ben.username, ben.password)
    visit(page, "/market")
    field(page, r"^words in title").fill(f"dog {tag}")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile(r"^1 open posting found"))).to_be_visible()
    expect(page.get_by_role("list", name="Postings found")).to_contain_text(f"@{ann.username}")
    field(page, r"^words in title").fill("piano")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.get_by_role("heading", name="No results")).to_be_visible()
    page.get_by_role("navigation", name="Browse by category").get_by_role("link", name="Repairs").click()
    expect(page.get_by_role("list", name="Postings found")).to_contain_text(f"Fix a bike {tag}")

    visit(page, "/market/near")
    expect(page.get_by_role("button", name="Use my location")).to_be_hidden()
    field(page, r"^latitude").fill(str(home["latitude"]))
    field(page, r"^longitude").fill(str(home["longitude"]))
    field(page, r"^within").fill("3")
    page.get_by_role("button", name="Show postings near").click()
    expect(page.get_by_role("heading", name="2 open postings within 3 km, nearest first")).to_be_visible()
    rows = page.get_by_role("list", name="Postings near, nearest first").locator(".posting-title")
    expect(rows).to_have_text([f"Walk the dog {tag}", f"Fix a bike {tag}"])
    map_links = page.locator("svg.near-map a")
    expect(map_links).to_have_count(2)
    map_links.first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Walk the dog {tag}")
