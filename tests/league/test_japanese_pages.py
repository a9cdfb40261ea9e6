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
from django.test import Client
from django.urls import reverse
from django.utils import translation

import scoring
from league.text.rule_checks import engine_message

from .test_roles import PAGES, REFUSED, SEATED, url_for, waiting_import

# Latin words a Japanese page may show: formats and services written so in Japanese too, and data the
# tests' people typed (login names, the imported file's name).
ALLOWED = {
    "csv",
    "xlsx",
    "excel",
    "json",
    "line",
    "id",
    "english",
    "tsv",
    "pdf",
    "utf",
    "shift",
    "jis",
    "mb",
    "owner",
    "secretary",
    "member",
    "games",  # login names and the imported file (games.xlsx) in the fixtures
    "url",
    "kaze",  # 「URL名」 as Japanese sites write it, and the test club's address name (data, shown as typed)
    "rmu",
    "ema",
    "wrc",
    "jpn",  # the rule presets: organisations' names (RMU, EMA / WRC), a seed club's (JPN書紀)
}
# Pages that show a file's own cells as the file holds them (its dates included).
FILE_CELLS = {"import_columns"}
HEARD = ("aria-label", "title", "placeholder", "alt")
WORD = re.compile(r"[A-Za-z]{2,}")
LINK = re.compile(r"https?://\S+")  # a link written out to copy (an invite's, in its chat text) is no word
NOT_A_PAGE = {
    "api_standings",
    "api_member",
    "export_xlsx",
    "export_csv",
    "import_template_xlsx",
    "import_template_csv",
    "job_download",
}


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


def shown(html):
    parser = ShownText()
    parser.feed(html)
    return parser.parts


# A date on a page: a year followed by a month and a day in any style.  The one style per language
# (janroku/formats/) is 2026/11/21(土) in Japanese, Sat 21 Nov 2026 in English.
ANY_DATE = re.compile(r"\d{4}\s*[-/年.]\s*\d{1,2}\s*[-/月.]\s*\d{1,2}日?(?:\([^)]*\))?")
DATE_STYLE = {"ja": re.compile(r"\d{4}/\d{2}/\d{2}\([月火水木金土日]\)"), "en": re.compile(r"(?!)")}


def other_date_styles(html, language="ja"):
    """The dates on ``html`` written in another style than the language's one."""
    return [date for part in shown(html) for date in ANY_DATE.findall(part) if not DATE_STYLE[language].fullmatch(date)]


def english_words(html):
    """The Latin words on ``html`` that are not allowed, with a little of what surrounds each."""
    found = []
    for part in shown(html):
        found += [
            f"{word!r} in {part.strip()[:80]!r}"
            for word in WORD.findall(LINK.sub("", part))
            if word.lower() not in ALLOWED
        ]
    return found


def test_dates_in_another_style_are_found():
    assert other_date_styles("<p>2026/11/21(土) · 2026-11-21 · 2026年11月21日(土) · 2026/11/21</p>") == [
        "2026-11-21",
        "2026年11月21日(土)",
        "2026/11/21",
    ]
    assert other_date_styles("<p>Sat 21 Nov 2026 · 2026-11-21</p>", "en") == ["2026-11-21"]


def test_english_words_are_found_in_text_and_in_what_is_heard():
    assert english_words('<p>対局</p><button aria-label="Delete">×</button>') == ["'Delete' in 'Delete'"]
    assert english_words("<p>below 0</p><script>var x;</script>") == ["'below' in 'below 0'"]
    assert english_words("<p>CSV と LINE</p>") == []


def test_every_club_page_is_japanese_for_the_owner(client, club, page_ids, owner, member):
    client.force_login(owner)
    ids = waiting_import(client, club, page_ids)
    player = Client()  # the member, for the pages only the drawn table's player sees
    player.force_login(member)
    wrong, dates = {}, 0
    for name, methods in PAGES.items():
        if name in NOT_A_PAGE or methods["GET"] == REFUSED:
            continue
        response = (player if methods["GET"] == SEATED else client).get(url_for(name, ids))
        assert response.status_code == 200, name
        text = response.content.decode()
        if response["Content-Type"].startswith("text/plain"):
            text = f"<pre>{text}</pre>"
        if words := english_words(text) + (other_date_styles(text) if name not in FILE_CELLS else []):
            wrong[name] = words
        dates += len(DATE_STYLE["ja"].findall(text))
    assert dates > 20  # the pages show dates, all in the one style
    assert not wrong, "\n".join(f"{name}: {words}" for name, words in wrong.items())


def test_every_form_refusing_an_empty_post_answers_in_japanese(client, club, page_ids, owner):
    client.force_login(owner)
    ids = waiting_import(client, club, page_ids)
    wrong, forms = {}, 0
    for name, methods in PAGES.items():
        if methods.get("POST", REFUSED) == REFUSED:
            continue
        response = client.post(url_for(name, ids))
        shown = response.status_code in (200, 400, 409)  # a form again, with what was wrong
        forms += shown
        if shown and (words := english_words(response.content.decode())):
            wrong[name] = words
    assert forms >= 10  # the forms shown again with their errors
    assert not wrong, "\n".join(f"{name}: {words}" for name, words in wrong.items())


def test_english_pages_write_dates_in_the_english_style(client, club, page_ids, owner):
    client.force_login(owner)
    translation.activate("en")
    wrong = {}
    for name in (
        "meeting_detail",
        "game_detail",
        "game_history",
        "member_page",
        "manage_seasons",
        "adjustments",
        "import_batch",
        "standings",
        "running_standings",
    ):
        html = client.get(url_for(name, page_ids)).content.decode()
        assert "2026" in html, name
        if dates := other_date_styles(html, "en"):
            wrong[name] = dates
    assert not wrong


@pytest.mark.parametrize("path", ["home", "login"])
def test_the_site_pages_are_japanese(client, club, owner, path):
    client.force_login(owner)
    assert english_words(client.get(reverse(path)).content.decode()) == []


def test_the_error_pages_are_japanese(client, club, member, meeting):
    client.force_login(member)
    for url in (f"/c/{club.slug}/manage/", "/c/no-such-club/", f"/c/{club.slug}/meetings/{meeting.pk}/close/"):
        assert english_words(client.get(url).content.decode()) == [], url


RULES = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "rounding": "half_up",
    "bust": {"penalty": 10},
}


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
