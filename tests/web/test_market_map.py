"""MKT-12 and issue 29 item 8 in the browser: a marketplace that feels like one. On a server given a tile server
(--map-tiles), its credit (--map-attribution), a Nominatim-compatible geocoder (--geocoder) and a currency
(--currency SEK), Ann finds her place by its address, moves the pin on a real map (Leaflet from Debian's
libjs-leaflet, served by Doable), says when the job should happen and posts; the page shows the amount in kronor,
the day and the place on the map; Ben finds it near an address he types. The tile server and the geocoder are
fakes on loopback ports that record what they were asked."""
import json
import random
import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from conftest import SIZES
from doable_web import Server, register
from ui import describe, field, select_option_matching, serious, sign_in, visit



def a_place() -> dict:
    """Oranienstraße 5 at a point of its own for each run: the server may share a PostgreSQL database with other
    tests, whose postings must never be near it."""
    lat, lon = round(random.uniform(-50, 50), 4), round(random.uniform(-170, 170), 4)
    return {"display_name": "Oranienstraße 5, Kreuzberg, Berlin", "lat": f"{lat:.4f}", "lon": f"{lon:.4f}"}


def shown(value: str) -> str:
    """A coordinate as the form writes it (at most six decimals, no trailing zeros)."""
    return f"{float(value):.6f}".rstrip("0").rstrip(".")


def tile_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes((200, 220, 200)) * 256 for _ in range(256))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class FakeMapServices:
    """Tiles at /{z}/{x}/{y}.png and Nominatim's /search, on one loopback port; `tiles` and `searches` record the
    requests."""

    def __init__(self, place: dict) -> None:
        self.tiles: list[str] = []
        self.searches: list[tuple[str, str]] = []
        png = tile_png()
        services = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the standard library's name)
                url = urlparse(self.path)
                if re.fullmatch(r"/\d+/\d+/\d+\.png", url.path):
                    services.tiles.append(url.path)
                    self.answer(200, "image/png", png)
                elif url.path == "/search":
                    q = parse_qs(url.query).get("q", [""])[0]
                    services.searches.append((q, self.headers.get("Accept-Language", "")))
                    found = [place] if "oranien" in q.lower() else []
                    self.answer(200, "application/json", json.dumps(found).encode())
                else:
                    self.answer(404, "text/plain", b"no")

            def answer(self, status, kind, body):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.http.server_address[1]}"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()


def test_MKT12_a_real_map_an_address_search_a_day_and_the_servers_currency(browsing):
    place = a_place()
    fakes = FakeMapServices(place)
    try:
        with Server("--map-tiles", fakes.base + "/{z}/{x}/{y}.png", "--map-attribution", "© Test Tiles",
                    "--geocoder", fakes.base, "--currency", "SEK") as server:
            ann, ben = register(server.base), register(server.base)
            context = browsing.browser.new_context(
                base_url=server.base, viewport=SIZES[browsing.size], locale="en-US")
            page = context.new_page()
            sign_in(page, ann.username, ann.password)
            visit(page, "/market/new")

            # The form: the currency by the amount, a real map with the tiles' credit, and the address search.
            expect(field(page, r"^maximum bid \(SEK\)")).to_be_visible()
            picker = page.locator("[data-map-pick]")
            expect(picker).to_have_class(re.compile(r"\bis-live\b"))
            expect(picker.locator(".leaflet-tile-loaded").first).to_be_visible(timeout=10_000)
            expect(picker).to_contain_text("© Test Tiles")
            assert fakes.tiles, "the browser fetched tiles from the tile server"
            found = serious(page, "/market/new")
            assert not found, describe(found)

            field(page, r"^find the place by address").fill("Oranienstraße 5")
            page.get_by_role("button", name="Find", exact=True).click()
            page.get_by_role("button", name="Oranienstraße 5, Kreuzberg, Berlin").click()
            expect(field(page, r"^latitude")).to_have_value(shown(place["lat"]))
            expect(field(page, r"^longitude")).to_have_value(shown(place["lon"]))
            expect(field(page, r"^place name")).to_have_value("Oranienstraße 5")
            expect(picker.locator(".leaflet-marker-icon")).to_have_count(1)
            assert fakes.searches[-1] == ("Oranienstraße 5", "en-US"), fakes.searches

            # A tap on the map moves the place there.
            box = picker.bounding_box()
            page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.3)
            expect(field(page, r"^latitude")).not_to_have_value(shown(place["lat"]))
            moved = float(field(page, r"^latitude").input_value())
            assert abs(moved - float(place["lat"])) < 0.02, (moved, place)

            field(page, r"^title").fill("Carry a sofa")
            field(page, r"^description").fill("Third floor, no lift; two people needed.")
            select_option_matching(field(page, r"^category"), r"^gardening$")
            field(page, r"^maximum bid").fill("450")
            day = page.evaluate("() => { const d = new Date(Date.now() + 5 * 864e5); return d.toISOString().slice(0, 10); }")
            field(page, r"^day\b").fill(day)
            page.get_by_role("button", name="Post the task").click()

            # The posting: the amount in kronor, the day in words, the place on the map (exact for Ann).
            expect(page.get_by_role("heading", level=1)).to_have_text("Carry a sofa")
            expect(page.locator(".posting-max")).to_have_text(re.compile(r"SEK\s*450\.00"))
            expect(page.locator(".posting-day")).to_be_visible()
            expect(page.locator(".market-status")).to_have_text("Open for bids")
            spot = page.locator(".spot-map")
            expect(spot).to_have_class(re.compile(r"\bis-live\b"))
            expect(spot.locator(".leaflet-marker-icon")).to_have_count(1)

            # Ben looks near an address; the geocoder finds it, the map shows the posting as pin 1.
            other = browsing.browser.new_context(base_url=server.base, viewport=SIZES[browsing.size], locale="sv-SE")
            ben_page = other.new_page()
            sign_in(ben_page, ben.username, ben.password)
            visit(ben_page, "/market/near?place=Oranienstra%C3%9Fe+5")
            expect(ben_page.get_by_role("heading", name=re.compile(r"^1 open posting within 5 km"))).to_be_visible()
            near = ben_page.locator("[data-map-near]")
            expect(near).to_have_class(re.compile(r"\bis-live\b"))
            expect(near.locator(".map-number")).to_have_text("1")
            assert fakes.searches[-1] == ("Oranienstraße 5", "sv-SE"), fakes.searches
            # In Swedish the amount is written as Swedes write kronor.
            expect(ben_page.locator(".posting-max").first).to_have_text(re.compile(r"450,00\s*kr"))
            other.close()
            context.close()
    finally:
        fakes.close()
