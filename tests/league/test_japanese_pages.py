"""Nothing English on a Japanese page: every club page (the roles matrix's PAGES), the home page and the
error pages, read as the owner in Japanese, show no English words in their text or in the attributes
people hear or see (aria-label, title, placeholder, alt, a button's value).

The words allowed are the ones Japanese clubs write in Latin letters themselves (file formats, LINE)
and what the club's own people typed (a login name, a file name).  The chips the club played with
leave signs and counts: those are checked to be written the one way (▲, not a minus).
"""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from league.rule_checks import engine_message

from .test_roles import PAGES, REFUSED, objects, url_for, waiting_import  # noqa: F401 (objects is a fixture)

# Latin words a Japanese page may show: formats and services written so in Japanese too, and data the
# tests' people typed (login names, the imported file's name).
ALLOWED = {
    "csv", "xlsx", "excel", "json", "line", "id", "english", "tsv", "pdf", "utf", "shift", "jis", "mb",
    "owner", "secretary", "member", "games",  # login names and the imported file (games.xlsx) in the fixtures
}
HEARD = ("aria-label", "title", "placeholder", "alt")
WORD = re.compile(r"[A-Za-z]{2,}")
NOT_A_PAGE = {"api_standings", "api_member", "export_xlsx", "export_csv", "import_template_xlsx",
              "import_template_csv"}


class ShownText(HTMLParser):
    """The text a person reads or hears on a page: outside <script> and <style>, plus the attributes in HEARD."""

    def __init__(self):
        super().__init__()
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        attrs = dict(attrs)
        self.parts += [attrs[name] for name in HEARD if attrs.get(name)]
        if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            self.parts.append(attrs["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def english_words(html):
    """The Latin words on ``html`` that are not allowed, with a little of what surrounds each."""
    parser = ShownText()
    parser.feed(html)
    found = []
    for part in parser.parts:
        found += [f"{word!r} in {part.strip()[:80]!r}" for word in WORD.findall(part) if word.lower() not in ALLOWED]
    return found


def test_english_words_are_found_in_text_and_in_what_is_heard():
    assert english_words('<p>対局</p><button aria-label="Delete">×</button>') == ["'Delete' in 'Delete'"]
    assert english_words("<p>below 0</p><script>var x;</script>") == ["'below' in 'below 0'"]
    assert english_words("<p>CSV と LINE</p>") == []


def test_every_club_page_is_japanese_for_the_owner(client, club, objects, owner):  # noqa: F811
    client.force_login(owner)
    ids = waiting_import(client, club, objects)
    wrong = {}
    for name, methods in PAGES.items():
        if name in NOT_A_PAGE or methods["GET"] == REFUSED:
            continue
        response = client.get(url_for(name, ids))
        assert response.status_code == 200, name
        text = response.content.decode()
        if response["Content-Type"].startswith("text/plain"):
            text = f"<pre>{text}</pre>"
        if words := english_words(text):
            wrong[name] = words
    assert not wrong, "\n".join(f"{name}: {words}" for name, words in wrong.items())


@pytest.mark.parametrize("path", ["home", "login"])
def test_the_site_pages_are_japanese(client, club, owner, path):
    client.force_login(owner)
    assert english_words(client.get(reverse(path)).content.decode()) == []


def test_the_error_pages_are_japanese(client, club, member, meeting):
    client.force_login(member)
    for url in (f"/c/{club.slug}/manage/", "/c/no-such-club/", f"/c/{club.slug}/meetings/{meeting.pk}/close/"):
        assert english_words(client.get(url).content.decode()) == [], url


RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20], "rounding": "half_up",
         "bust": {"penalty": 10}}


def refusal(game):
    with pytest.raises(scoring.ScoringError) as refused:
        scoring.settle(RULES, game)
    return refused.value.errors[0]


def test_the_words_inside_an_engine_message_are_translated_too():
    error = refusal({"scores": [55000, 30000, 15500, -500], "busts": [{"seat": 2, "by": 0}]})
    seats = ["東", "南", "西", "北"]
    assert engine_message(error, seats) == "西は15,500点で終わっていて、飛んでいません（飛びは0点未満）。"
    translation.activate("en")
    assert "below 0" in engine_message(error, seats)
    error = refusal({"scores": [55000, 30000, 15500, -500], "busts": [{"by": 0}]})
    translation.activate("ja")
    assert english_words(engine_message(error)) == []
