"""Installable: the manifest, the icons at the sizes they claim, /favicon.ico and /apple-touch-icon.png answered
in production mode, the page's links to them, and the notice for LINE's own browser."""

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from .standings_html import classes, find_all

LINE_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Mobile/15E148 Safari Line/14.9.0"
)
LINE_ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 "
    "Mobile Safari/537.36 Line/14.9.1/IAB"
)
SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height from its header (the IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def ico_sizes(data: bytes) -> list[tuple[int, int]]:
    """The sizes an .ico file holds (0 in its directory means 256)."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    return [(data[6 + 16 * i] or 256, data[7 + 16 * i] or 256) for i in range(count)]


def manifest(client, language="ja"):
    with translation.override(language):
        url = reverse("web_app_manifest")
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content)


@pytest.mark.parametrize(("language", "name", "start"), [("ja", "雀録", "/"), ("en", "Janroku", "/en/")])
def test_the_manifest_opens_the_site_full_screen_in_the_readers_language(client, db, language, name, start):
    data = manifest(client, language)
    assert data["name"] == data["short_name"] == name and data["lang"] == language
    assert data["display"] == "standalone"
    assert (data["start_url"], data["scope"]) == (start, "/")
    assert data["theme_color"].startswith("#") and data["background_color"].startswith("#")


def test_every_icon_exists_at_the_size_it_claims(client, db):
    icons = manifest(client)["icons"]
    assert {"any", "maskable"} <= {icon["purpose"] for icon in icons}
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in icons}
    for icon in icons:
        assert icon["src"].startswith("/static/")
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(Path(path).read_bytes()) == (width, height) and icon["type"] == "image/png"


def test_favicon_and_apple_touch_icon_answer_at_the_root(client, db):
    """Browsers ask the root for these whatever a page says; the tests run in production mode."""
    assert not settings.DEBUG
    favicon = client.get("/favicon.ico")
    assert favicon.status_code == 200
    assert sorted(ico_sizes(b"".join(favicon.streaming_content))) == [(16, 16), (32, 32)]
    touch = client.get("/apple-touch-icon.png")
    assert touch.status_code == 200 and touch["Content-Type"] == "image/png"
    assert png_size(b"".join(touch.streaming_content)) == (180, 180)


def test_every_page_links_the_manifest_icons_and_theme_colour(client, db):
    head = find_all(parse_html(client.get(reverse("home")).content.decode()), lambda n: n.name in ("link", "meta"))
    links = {dict(n.attributes).get("rel"): dict(n.attributes).get("href") for n in head if n.name == "link"}
    assert links["manifest"] == reverse("web_app_manifest")
    assert links["apple-touch-icon"] == "/apple-touch-icon.png"
    icons = [dict(n.attributes)["href"] for n in head if dict(n.attributes).get("rel") == "icon"]
    assert "/favicon.ico" in icons
    theme = [dict(n.attributes)["content"] for n in head if dict(n.attributes).get("name") == "theme-color"]
    assert theme == [manifest(client)["theme_color"]]


# -- LINE's own browser ------------------------------------------------------------------------------------------


def notice(response):
    found = [
        n
        for n in find_all(parse_html(response.content.decode()), lambda n: n.name == "aside")
        if "in-app-notice" in classes(n)
    ]
    return found[0] if found else None


@pytest.mark.parametrize("agent", [LINE_IPHONE, LINE_ANDROID])
def test_a_club_page_read_in_line_tells_how_to_open_it_in_the_browser(client, club, agent):
    club.is_public = True
    club.save()
    response = client.get(reverse("standings", args=[club.slug]) + "?season=all", HTTP_USER_AGENT=agent)
    found = notice(response)
    assert found is not None
    links = [dict(a.attributes)["href"] for a in find_all(found, lambda n: n.name == "a")]
    assert links == [reverse("standings", args=[club.slug]) + "?openExternalBrowser=1&season=all"]
    assert "ブラウザで開く" in response.content.decode()


@pytest.mark.parametrize("agent", [SAFARI, "", "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0", "Lineage/1.0"])
def test_no_notice_in_other_browsers(client, club, agent):
    club.is_public = True
    club.save()
    assert notice(client.get(reverse("club", args=[club.slug]), HTTP_USER_AGENT=agent)) is None
