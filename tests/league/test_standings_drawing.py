"""The standings tables drawn in Python (``league/tables.py``) are the tables django-tables2 drew before.

``standings_drawn.json.gz`` holds, for each page below, each standings table of the
page as that code wrote it (the ``.wide-table`` box with its switch and table,
member ids written as names so that any database gives the same text).  This
test draws the same pages now and compares them parsed (``django.test.html``:
every element, attribute, class and text, whitespace set aside): a header
link, a cell's class or a sign that differs fails it.

The season is standings_data.py's, with a game recorded by points only (点数なし),
a guest, two days known only by their day totals (日計), the win-points rule
set (maru columns) and the three-player one; each page in Japanese and English,
sorted several ways, with guests apart and ranked, and the projector view.

A deliberate change to the tables changes the file: write it again from the
``drawings`` fixture (``gzip.compress(json.dumps(drawings, ensure_ascii=False,
indent=1, sort_keys=True).encode())``) in the same commit, and say why.
"""

import datetime
import re
from pathlib import Path

import pytest
from django.test.html import parse_html
from django.utils import translation

from league.models import Club, Member

from .day_total_files import import_days
from .standings_data import boo_games, meeting_on, play, season_games, three_player_games
from .standings_html import assert_drawn_as_saved, classes, find_all, url
from .test_points_only import points_game

SAVED = Path(__file__).with_name("standings_drawn.json.gz")
D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
GUEST = "旅の人"

# (name, query) of each page drawn, in both languages.
PAGES = [
    ("season", {}),
    ("points", {"sort": "points"}),
    ("fewest games", {"sort": "games"}),
    ("most games", {"sort": "-games"}),
    ("by name", {"sort": "member"}),
    ("best", {"sort": "-best"}),
    ("average score", {"sort": "average_score"}),
    ("a less-read column", {"sort": "-place_3_rate"}),
    ("two columns", {"sort": ["-busts", "chips"]}),
    ("unknown column", {"sort": "nothing"}),
    ("unranked sorted", {"unranked-sort": "-points", "sort": "rank"}),
    ("all games", {"season": "all"}),
    ("minimum 4", {"min_games": "4"}),
    ("projector", {"view": "projector"}),
    ("projector sorted by a hidden column", {"view": "projector", "sort": "worst"}),
    ("win points", {"rule_set": "boo"}),
    ("win points by maru", {"rule_set": "boo", "sort": "-maru_a"}),
    ("three players", {"rule_set": "sannin"}),
]


def build(club, secretary, viewer):
    """The season of standings_data.py and more, one table's every kind of line; the guests kept apart."""
    season_games(club, secretary)
    Member.objects.filter(club=club, name=EAST).update(user=viewer)  # the viewer's own row is marked
    import_days(club, secretary)  # 11/21 and 11/28, 7 hanchan known only by day totals
    autumn = meeting_on(club, D(2026, 10, 3))
    points_game(autumn, secretary, [-200, 100, 400, -300], names=(EAST, SOUTH, WEST, NORTH))
    Member.objects.create(club=club, name=GUEST, guest=True)
    play(autumn, 2, [GUEST, CENTRE, SOUTH, WEST], [52300, 31500, 18700, -2500], secretary,
         busts=[{"seat": 3, "by": 0}], chips=[-1, 0, 0, 1])
    play(autumn, 3, [GUEST, CENTRE, NORTH, EAST], [45000, 30000, 20000, 5000], secretary)
    boo_games(club, secretary)
    three_player_games(club, secretary)


def drawn(client, club, language, query):
    """Each standings table of the page (ranked, unranked) as HTML, member ids written as names."""
    response = client.get(url(club, language, **query))
    assert response.status_code == 200
    names = {str(pk): name for pk, name in Member.objects.filter(club=club).values_list("pk", "name")}
    html = re.sub(r'(/members/|data-member=")(\d+)', lambda m: m[1] + names[m[2]], response.content.decode())
    boxes = {}
    for box in find_all(parse_html(html), lambda node: node.name == "div" and "wide-table" in classes(node)):
        for table in find_all(box, lambda node: node.name == "table" and "standings" in classes(node)):
            boxes["unranked" if "unranked" in classes(table) else "ranked"] = str(box)
    return boxes


def pages(client, club):
    return {f"{language} {name}": drawn(client, club, language, query)
            for language in ("ja", "en") for name, query in PAGES}


def every_page(client, club):
    drawings = pages(client, club)
    Club.objects.filter(pk=club.pk).update(rank_guests=True)
    drawings |= {f"{name}, guests ranked": boxes for name, boxes in pages(client, club).items()}
    return drawings


@pytest.fixture
def drawings(client, club, secretary, member):
    build(club, secretary, member)
    client.force_login(member)
    with translation.override("ja"):
        return every_page(client, club)


def test_the_tables_are_drawn_as_before_on_pages_with_every_kind_of_line_and_column(drawings):
    everything = "".join(html for boxes in drawings.values() for html in boxes.values())
    for mark in ("scored-games", "col-maru_a", "col-double_maru_a", "col-chips", "col-shugi", "col-adjustments",
                 "detail-cell", "key-cell", "name-cell", "podium-1", " me", "minus", "unranked", GUEST, "guest-mark",
                 "all-columns", 'aria-sort="descending"', 'aria-sort="ascending"', "—"):
        assert mark in everything, mark
    assert_drawn_as_saved(drawings, SAVED)
