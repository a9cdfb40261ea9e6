"""Every page that chooses a season, rule set and period reads the query string alike.

The standings and their JSON, the running standings, the season's money, the
export page and its two downloads, and the member page and its JSON: with no
parameters each covers the season in force and the rule set with the most
games (the export: every rule set; the money: no rule set), ``season=<id>``,
``season=all`` and ``rule_set=<slug or id>`` choose, and a value that cannot
be used gets the same answer everywhere: a page shows the defaults with a
notice, a JSON answers 400, a download goes back to the export page.
"""

import datetime
import re
from dataclasses import dataclass
from urllib.parse import unquote, urlencode

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from league.models import Meeting, Member, RuleSet, RuleVersion, Season
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .conftest import BAKUFU_RULES

TODAY = timezone.localdate()
SCORES = [40000, 30000, 20000, 10000]
PLAYERS = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
ALL_RULE_SETS = ""  # what the export covers when no rule set is chosen


@pytest.fixture(autouse=True)
def japanese():
    """Addresses without a language prefix, whatever an earlier test left active."""
    with translation.override("ja"):
        yield


@dataclass
class League:
    club: object
    current: Season
    old: Season
    other: RuleSet  # fewer games than the club's first rule set ("main")
    member: Member


@pytest.fixture
def league(club, secretary):
    """This season and the one before; "main" has three games, "other" one, so "main" is shown first."""
    current = Season.objects.create(
        club=club,
        name="今季",
        starts_on=TODAY - datetime.timedelta(days=100),
        ends_on=TODAY + datetime.timedelta(days=100),
        min_games=1,
    )
    old = Season.objects.create(
        club=club,
        name="昨季",
        starts_on=TODAY - datetime.timedelta(days=500),
        ends_on=TODAY - datetime.timedelta(days=101),
    )
    other = RuleSet.objects.create(club=club, slug="other", name="別ルール", position=1)
    RuleVersion.objects.create(rule_set=other, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES)
    players = [Member.objects.get(name=name) for name in PLAYERS]
    main = club.rule_sets.get(slug="main")
    for rule_set, day, games in (
        (main, TODAY - datetime.timedelta(days=10), 2),
        (main, TODAY - datetime.timedelta(days=200), 1),
        (other, TODAY - datetime.timedelta(days=5), 1),
    ):
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=day)
        for round in range(1, games + 1):
            record_game(
                settle_in_force(Entry(meeting=meeting, round=round, table=1, members=players, scores=SCORES)), secretary
            )
    return League(club=club, current=current, old=old, other=other, member=players[0])


# -- what each page says it covers -----------------------------------------------------------------------------
# (first day, last day, rule set slug): "" for every rule set (the export), None where the page has no rule set.


def _days(period):
    return period.first_day, period.last_day


def _json_days(period):
    return tuple(datetime.date.fromisoformat(day) if day else None for day in (period["first_day"], period["last_day"]))


def standings_covers(response):
    return *_days(response.context["result"].period), response.context["result"].period.rule_set.slug


def standings_json_covers(response):
    period = response.json()["period"]
    return *_json_days(period), period["rule_set"]["slug"]


def running_covers(response):
    period = response.context["running"].standings.period
    return *_days(period), period.rule_set.slug


def money_covers(response):
    choice = response.context["form"].choice
    assert response.context["season"] == choice.season
    return choice.first_day, choice.last_day, None


def export_covers(response):
    choice = response.context["choice"]
    return choice.first_day, choice.last_day, ALL_RULE_SETS if choice.all_rule_sets else choice.rule_sets[0].slug


def member_covers(response):
    period = response.context["record"].period
    return *_days(period), period.rule_set.slug


def member_json_covers(response):
    period = response.json()["period"]
    return *_json_days(period), period["rule_set"]["slug"]


def download_covers(response):
    """The file's name: the club, the season (or all games) and the rule set when one was chosen."""
    assert response.status_code == 200
    quoted, plain = re.search(r"""filename\*=utf-8''(.+)$|filename="(.+)"$""", response["Content-Disposition"]).groups()
    return unquote(quoted) if quoted else plain


@dataclass(frozen=True)
class Page:
    name: str
    kind: str  # "page", "json" or "download"
    covers: object
    default_rule_set: object = "main"
    of_member: bool = False

    def url(self, league, **query):
        args = [league.club.slug] + ([league.member.pk] if self.of_member else [])
        return reverse(self.name, args=args) + ("?" + urlencode(query) if query else "")


PAGES = [
    Page("standings", "page", standings_covers),
    Page("api_standings", "json", standings_json_covers),
    Page("running_standings", "page", running_covers),
    Page("season_money", "page", money_covers, default_rule_set=None),
    Page("export", "page", export_covers, default_rule_set=ALL_RULE_SETS),
    Page("export_xlsx", "download", download_covers, default_rule_set=ALL_RULE_SETS),
    Page("export_csv", "download", download_covers, default_rule_set=ALL_RULE_SETS),
    Page("member_page", "page", member_covers, of_member=True),
    Page("api_member", "json", member_json_covers, of_member=True),
]


def expected(page, season, rule_set):
    """What ``page`` covers for ``season`` (None: all games) and ``rule_set`` (a slug; None: the page's default)."""
    if page.default_rule_set is None:  # the season's money counts every rule set's meetings
        rule_set = None
    elif rule_set is None:
        rule_set = page.default_rule_set
    if page.kind == "download":
        stem = "-".join(part for part in ("kaze", season.name if season else "all", rule_set) if part)
        return f"{stem}.{'xlsx' if page.name == 'export_xlsx' else 'csv'}"
    return (season.starts_on if season else None), (season.ends_on if season else None), rule_set


def ids(pages):
    return [page.name for page in pages]


@pytest.fixture
def visit(client, league, member):
    client.force_login(member)

    def get(page, **query):
        return client.get(page.url(league, **query))

    return get


# -- choosing ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES, ids=ids(PAGES))
def test_no_parameters_cover_the_season_in_force_and_the_main_rule_set(visit, league, page):
    response = visit(page)
    assert response.status_code == 200
    assert page.covers(response) == expected(page, league.current, None)


@pytest.mark.parametrize("page", PAGES, ids=ids(PAGES))
def test_a_season_is_chosen_by_its_id(visit, league, page):
    assert page.covers(visit(page, season=league.old.pk)) == expected(page, league.old, None)


@pytest.mark.parametrize("page", PAGES, ids=ids(PAGES))
def test_all_games_cover_every_day(visit, league, page):
    assert page.covers(visit(page, season="all")) == expected(page, None, None)


@pytest.mark.parametrize(
    "page",
    [page for page in PAGES if page.default_rule_set is not None],
    ids=ids(page for page in PAGES if page.default_rule_set is not None),
)
@pytest.mark.parametrize("by", ["slug", "id"])
def test_a_rule_set_is_chosen_by_its_slug_or_id(visit, league, page, by):
    chosen = league.other.slug if by == "slug" else league.other.pk
    assert page.covers(visit(page, rule_set=chosen)) == expected(page, league.current, "other")


def test_the_money_has_no_rule_set_to_choose(visit, league):
    page = next(page for page in PAGES if page.name == "season_money")
    response = visit(page, rule_set="other")
    assert page.covers(response) == expected(page, league.current, None)
    assert 'name="rule_set"' not in response.content.decode()


# -- values that cannot be used ----------------------------------------------------------------------------------

BAD_VALUES = [("season", "999999"), ("season", "abc"), ("rule_set", "abc"), ("rule_set", "999999")]


def choosing(name):
    return [page for page in PAGES if name == "season" or page.default_rule_set is not None]


@pytest.mark.parametrize(("name", "value"), BAD_VALUES)
@pytest.mark.parametrize("kind", ["page", "json", "download"])
def test_an_unusable_value_gets_the_same_answer_on_every_page(visit, league, kind, name, value):
    for page in [page for page in choosing(name) if page.kind == kind]:
        response = visit(page, **{name: value})
        if kind == "page":
            # The defaults, a notice naming the field, and the field showing what the page covers.
            assert response.status_code == 200, page.name
            assert page.covers(response) == expected(page, league.current, None), page.name
            html = response.content.decode()
            assert 'role="alert"' in html and f'id="id_{name}_error"' in html, page.name
            form = response.context["form"]
            assert [error.code for error in form.errors.as_data()[name]] == ["invalid_choice"], page.name
            assert form["season"].value() == str(league.current.pk), page.name
        elif kind == "json":
            assert response.status_code == 400, page.name
            assert response.json()["errors"][name][0]["code"] == "invalid_choice", page.name
        else:
            assert response.status_code == 302, page.name
            export_page = next(page for page in PAGES if page.name == "export")
            assert response["Location"] == export_page.url(league, **{name: value}), page.name


def test_the_member_pages_links_carry_the_choice_as_read_never_an_unusable_value(visit, league):
    member_page = next(page for page in PAGES if page.name == "member_page")
    html = visit(member_page, season="abc", rule_set="nowhere").content.decode()
    # (The language switch keeps the address as typed: the other language shows the same notice.)
    assert ".json?season=abc" not in html
    assert f".json?season={league.current.pk}&amp;rule_set=main" in html  # the JSON asks for what the page shows
