"""The member page's history of games and head-to-head, drawn in Python (``league/member_tables.py``), are the
tables the template drew before.

``member_drawn.json.gz`` holds, for each page below, the history and head-to-head sections of the member page
as the template loops wrote them, with the ids in links written as names or as the n-th meeting, game or season
of the club (so that any database gives the same text).  This test draws the same pages now and compares them
parsed (``django.test.html``: every element, attribute, class and text, whitespace set aside).

The games are those of test_standings_drawing.py: scored games with chips, busts and a yakuman, a game recorded
by points only, a guest, two days known only by their day totals (日計), the win-points rule set and the
three-player one; every person's page in Japanese and English, for the season, all games and each rule set.

A deliberate change to these tables changes the file: write it again from the ``drawings`` fixture
(``gzip.compress(json.dumps(drawings, ensure_ascii=False, indent=1, sort_keys=True).encode())``) in the same
commit, and say why.
"""

import re
from pathlib import Path

import pytest
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from league.models import Game, Meeting, Member, Season

from .standings_html import assert_drawn_as_saved, classes, find_all
from .test_standings_drawing import build

SAVED = Path(__file__).with_name("member_drawn.json.gz")
SECTIONS = ("member-history", "member-h2h")
# (name, query) of each period drawn, for every person, in both languages.
PERIODS = [
    ("season", {}),
    ("all games", {"season": "all"}),
    ("win points", {"season": "all", "rule_set": "boo"}),
    ("three players", {"season": "all", "rule_set": "sannin"}),
]


def stable_ids(club, html):
    """``html`` with each id in a link written as what it names: a person's name, the n-th meeting, game or
    season of the club by id."""
    names = {str(pk): name for pk, name in Member.objects.filter(club=club).values_list("pk", "name")}
    meetings = {str(pk): f"m{n}" for n, pk in enumerate(Meeting.objects.filter(club=club).order_by("pk")
                                                         .values_list("pk", flat=True))}
    games = {str(pk): f"g{n}" for n, pk in enumerate(Game.objects.filter(meeting__club=club).order_by("pk")
                                                      .values_list("pk", flat=True))}
    seasons = {str(pk): f"s{n}" for n, pk in enumerate(Season.objects.filter(club=club).order_by("pk")
                                                        .values_list("pk", flat=True))}
    html = re.sub(r"/members/(\d+)/", lambda m: f"/members/{names[m[1]]}/", html)
    html = re.sub(r"/meetings/(\d+)/", lambda m: f"/meetings/{meetings[m[1]]}/", html)
    html = re.sub(r"/games/(\d+)/", lambda m: f"/games/{games[m[1]]}/", html)
    return re.sub(r"season=(\d+)", lambda m: f"season={seasons[m[1]]}", html)


def drawn(client, club, member, language, query):
    """The history and head-to-head sections of ``member``'s page, as HTML with stable ids ({} without games)."""
    with translation.override(language):
        path = reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk})
    response = client.get(path, query)
    assert response.status_code == 200
    html = stable_ids(club, response.content.decode())
    return {section: str(node) for section in SECTIONS
            for node in find_all(parse_html(html), lambda node, section=section: node.name == "section"
                                 and section in classes(node))}


@pytest.fixture
def drawings(client, club, secretary, member):
    build(club, secretary, member)
    client.force_login(member)
    return {f"{language} {person.name} {name}": drawn(client, club, person, language, query)
            for language in ("ja", "en") for person in Member.objects.filter(club=club).order_by("name")
            for name, query in PERIODS}


def test_the_history_and_head_to_head_are_drawn_as_before_with_every_kind_of_row(drawings):
    everything = "".join(html for sections in drawings.values() for html in sections.values())
    for mark in ("day-total", "日計", "day total", "points-only-mark", "(+2)", "(▲2)", "(−2)", "▲", "−", "±0.0",
                 "東", "South", "detail-cell", "name-cell", "key-cell", "opponents", "/members/旅の人/?season=s0",
                 "/games/g", "/meetings/m"):
        assert mark in everything, mark
    assert_drawn_as_saved(drawings, SAVED)
