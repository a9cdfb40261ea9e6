"""Pages, JSON and CSV go out gzipped to a browser that accepts it; a workbook, which is a zip already, does not.

The member on a phone in a basement 雀荘 feels every kilobyte (janroku/compression.py).
"""

import gzip
import io
from zipfile import ZipFile

import pytest
from django.urls import reverse
from django.utils import translation

from .standings_data import season_games

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def url(name, club, language="ja"):
    with translation.override(language):
        return reverse(name, args=[club.slug])


def whole(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_page_is_sent_compressed_and_reads_the_same(client, club, season, member, language):
    client.force_login(member)
    plain = client.get(url("standings", club, language))
    packed = client.get(url("standings", club, language), **GZIP)
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    page = gzip.decompress(packed.content)
    assert page.lower().startswith(b"<!doctype html>") and club.name.encode() in page
    assert len(packed.content) * 4 < len(page)  # a page of tables shrinks several times over
    # What differs between two answers is only what must: the masked CSRF token and the nonces.
    assert len(page) == len(plain.content)


def test_the_standings_json_and_the_results_csv_are_compressed(client, club, season, member):
    client.force_login(member)
    answer = client.get(url("api_standings", club), **GZIP)
    assert answer["Content-Type"].startswith("application/json") and answer["Content-Encoding"] == "gzip"
    assert gzip.decompress(answer.content).startswith(b"{")
    csv = client.get(url("export_csv", club), {"season": season.pk, "rule_set": "main"}, **GZIP)
    assert csv["Content-Encoding"] == "gzip"
    assert gzip.decompress(whole(csv)).startswith(b"\xef\xbb\xbf")  # the BOM Japanese Excel reads UTF-8 by


def test_a_workbook_is_not_compressed_twice(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_xlsx", club), {"season": season.pk}, **GZIP)
    assert "Content-Encoding" not in response
    assert ZipFile(io.BytesIO(whole(response))).namelist()  # the xlsx as it is


def test_each_compressed_page_is_different_bytes_against_breach(client, club, season, member):
    """Django's mitigation: random bytes in each gzip header, so a page's compressed length tells an attacker
    less about a secret it holds."""
    client.force_login(member)
    sizes = {len(client.get(url("standings", club), **GZIP).content) for _ in range(8)}
    assert len(sizes) > 1
