"""My page (マイページ): a member linked to the visitor's login gets a link to their own page on every club page,
their own row marked in the standings, and their own card on the club's front page after login."""

import datetime

import pytest
from django.db import connection
from django.test.html import Element, parse_html
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from league.models import Meeting, Member, Season
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force

from .standings_html import classes, find_all, text_of

TODAY = timezone.localdate()
SCORES = [40000, 30000, 20000, 10000]  # +50.0 / +10.0 / ▲20.0 / ▲40.0 under the club's rules
FOUR = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
READING_PAGES = ["club", "standings", "running_standings", "awards", "records", "member_list", "club_rules"]


@pytest.fixture(autouse=True)
def japanese():
    with translation.override("ja"):
        yield


@pytest.fixture
def own(club, member):
    """The member login's own player: 南野二郎."""
    mine = Member.objects.get(club=club, name="南野二郎")
    mine.user = member
    mine.save()
    return mine


def play(meeting, round_number, names, user, table=1):
    members = [Member.objects.get(name=name) for name in names]
    entry = Entry(meeting=meeting, round=round_number, table=table, members=members, scores=SCORES)
    return record_game(settle_in_force(entry), user)


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club,
        name="今季",
        starts_on=TODAY - datetime.timedelta(days=60),
        ends_on=TODAY + datetime.timedelta(days=300),
        min_games=1,
    )


@pytest.fixture
def played(club, season, secretary):
    """Two meetings this season: 南野 2nd then 1st then 3rd (+10.0 +50.0 ▲20.0 = +40.0), 東田 +50.0 ▲40.0 +10.0."""
    rule_set = club.rule_sets.get()
    first = Meeting.objects.create(club=club, rule_set=rule_set, date=TODAY - datetime.timedelta(days=14))
    second = Meeting.objects.create(club=club, rule_set=rule_set, date=TODAY - datetime.timedelta(days=7))
    return [
        play(first, 1, FOUR, secretary),
        play(second, 1, ["南野二郎", "西川三郎", "北村四郎", "東田一郎"], secretary),
        play(second, 2, ["西川三郎", "東田一郎", "南野二郎", "北村四郎"], secretary),
    ]


def page(client, name, club, user=None, **kwargs):
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, args=[club.slug]), **kwargs)
    assert response.status_code == 200
    return response


def nav(response):
    return next(
        n
        for n in find_all(parse_html(response.content.decode()), lambda n: n.name == "nav")
        if "club-nav" in classes(n)
    )


def my_page_links(response):
    return [
        dict(a.attributes)["href"]
        for a in find_all(nav(response), lambda n: n.name == "a")
        if text_of(a).strip() == "マイページ"
    ]


# -- the link in the club's navigation -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", READING_PAGES)
def test_a_member_with_their_player_sees_my_page_on_every_club_page(client, club, member, own, name):
    assert my_page_links(page(client, name, club, member)) == [reverse("member_page", args=[club.slug, own.pk])]


def test_my_page_is_marked_current_on_the_members_own_page(client, club, member, own):
    client.force_login(member)
    response = client.get(reverse("member_page", args=[club.slug, own.pk]))
    link = next(a for a in find_all(nav(response), lambda n: n.name == "a") if text_of(a).strip() == "マイページ")
    assert ("aria-current", "page") in link.attributes
    other = Member.objects.get(name="東田一郎")
    response = client.get(reverse("member_page", args=[club.slug, other.pk]))
    link = next(a for a in find_all(nav(response), lambda n: n.name == "a") if text_of(a).strip() == "マイページ")
    assert ("aria-current", "page") not in link.attributes


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_without_their_own_player_sees_my_page(client, request, club, who):
    club.is_public = True  # so that the outsider and the anonymous visitor may read it
    club.save()
    user = request.getfixturevalue(who) if who else None
    for name in ("club", "standings"):
        assert my_page_links(page(client, name, club, user)) == []


def test_a_player_of_another_club_gives_no_link_here(client, club, member):
    """The login's player in another club is not its player here."""
    from league.models import Club

    other = Club.objects.create(slug="other", name="他の会", is_public=True)
    Member.objects.create(club=other, name="南野二郎", user=member)
    assert my_page_links(page(client, "club", club, member)) == []


def test_the_link_costs_no_query(client, club, member, django_assert_num_queries):
    client.force_login(member)
    url = reverse("club_rules", args=[club.slug])
    client.get(url)
    with CaptureQueriesContext(connection) as without:
        client.get(url)
    Member.objects.filter(name="南野二郎").update(user=member)
    with django_assert_num_queries(len(without.captured_queries)):
        response = client.get(url)
    assert my_page_links(response)


# -- the standings mark their own row ------------------------------------------------------------------------------


def own_rows(response):
    return [
        tr
        for tr in find_all(parse_html(response.content.decode()), lambda n: n.name == "tr")
        if ("aria-current", "true") in tr.attributes
    ]


def test_the_standings_mark_the_own_row_and_bring_it_into_view(client, club, member, own, played):
    response = page(client, "standings", club, member)
    rows = own_rows(response)
    assert len(rows) == 1
    assert "南野二郎" in text_of(rows[0]) and "me" in classes(rows[0])
    assert ("id", "my-row") in rows[0].attributes
    scripts = [
        dict(s.attributes).get("src")
        for s in find_all(parse_html(response.content.decode()), lambda n: n.name == "script")
    ]
    assert "/static/js/own-row.js" in scripts


def test_nobody_elses_row_is_marked(client, club, secretary, played):
    assert own_rows(page(client, "standings", club, secretary)) == []


# -- the card on the club's front page -----------------------------------------------------------------------------


def card(response):
    found = [
        n
        for n in find_all(parse_html(response.content.decode()), lambda n: n.name == "section")
        if "own-card" in classes(n)
    ]
    return found[0] if found else None


def squash(node):
    return " ".join(text_of(node).split())


def test_after_login_a_member_of_one_club_lands_on_its_page(client, club, member, own):
    client.force_login(member)
    response = client.get(reverse("landing"))
    assert response.status_code == 302 and response["Location"] == reverse("club", args=[club.slug])


def test_the_card_shows_the_latest_games_the_rank_and_the_next_meeting(client, club, member, own, played):
    upcoming = Meeting.objects.create(
        club=club, rule_set=club.rule_sets.get(), date=TODAY + datetime.timedelta(days=7), venue="雀荘 風"
    )
    Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=TODAY + datetime.timedelta(days=14))
    found = card(page(client, "club", club, member))
    assert found is not None
    text = squash(found)
    # 東田 +50.0 ▲40.0 +10.0 = +20.0, 南野 +40.0: 南野 first of the four ranked.
    assert "4人中 1位" in text and "+40.0" in text
    head, body = (find_all(found, lambda n, part=part: n.name == part)[0] for part in ("thead", "tbody"))
    assert [squash(cell) for cell in find_all(head, lambda n: n.name == "th")] == ["対局", "着順", "ポイント"]
    rows = [
        [squash(cell) for cell in tr.children if isinstance(cell, Element)]
        for tr in find_all(body, lambda n: n.name == "tr")
    ]
    assert [row[1:] for row in rows] == [["3着", "▲20.0"], ["1着", "+50.0"], ["2着", "+10.0"]]
    assert rows[0][0].endswith("2回戦") and rows[2][0].endswith("1回戦")
    links = [dict(a.attributes)["href"] for a in find_all(found, lambda n: n.name == "a")]
    for game in reversed(played):
        assert reverse("game_detail", args=[club.slug, game.pk]) in links
    assert reverse("meeting_detail", args=[club.slug, upcoming.pk]) in links and "雀荘 風" in text
    assert reverse("member_page", args=[club.slug, own.pk]) in links


def test_the_card_says_when_nothing_happened_yet(client, club, member, own, season):
    text = squash(card(page(client, "club", club, member)))
    assert "このシーズンの対局はまだありません。" in text
    assert "対局はまだありません。" in text and "次回の例会はまだ決まっていません。" in text


def test_an_unranked_member_is_said_to_be_so(client, club, member, own, played, season):
    season.min_games = 5
    season.save()
    text = squash(card(page(client, "club", club, member)))
    assert "順位外" in text and "+40.0" in text


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_without_their_own_player_gets_a_card(client, request, club, played, who):
    club.is_public = True
    club.save()
    user = request.getfixturevalue(who) if who else None
    assert card(page(client, "club", club, user)) is None


def test_the_card_takes_the_same_queries_however_many_games(client, club, member, own, played, secretary):
    client.force_login(member)
    url = reverse("club", args=[club.slug])
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    rule_set = club.rule_sets.get()
    for week in range(1, 4):
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=TODAY - datetime.timedelta(days=week))
        for round_number in (1, 2, 3):
            play(meeting, round_number, FOUR[round_number:] + FOUR[:round_number], secretary)
    Meeting.objects.create(club=club, rule_set=rule_set, date=TODAY + datetime.timedelta(days=3))
    with CaptureQueriesContext(connection) as many:
        response = client.get(url)
    assert len(many.captured_queries) == len(few.captured_queries)
    body = find_all(card(response), lambda n: n.name == "tbody")[0]
    assert len([tr for tr in find_all(body, lambda n: n.name == "tr") if isinstance(tr, Element)]) == 5


def test_the_card_takes_the_latest_games_of_the_days_the_member_played(client, club, member, own, season, secretary):
    """The latest five games are looked for on the member's latest days of play, not down all their games: days
    they missed and a voided game change nothing of which five are shown, newest first."""
    rule_set = club.rule_sets.get()
    others = ["東田一郎", "西川三郎", "北村四郎", "中島五郎"]
    games = []
    for week in range(8, 0, -1):
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=TODAY - datetime.timedelta(days=week))
        if week % 2 == 0:  # a day 南野 missed
            play(meeting, 1, others, secretary)
            continue
        games.append(play(meeting, 1, FOUR, secretary))
        if week == 1:
            games.append(play(meeting, 2, FOUR[1:] + FOUR[:1], secretary))
            games.append(play(meeting, 3, FOUR[2:] + FOUR[:2], secretary))
    voided = games.pop()
    set_void(voided, True, voided.revision, secretary)
    body = find_all(card(page(client, "club", club, member)), lambda n: n.name == "tbody")[0]
    links = [dict(a.attributes)["href"] for a in find_all(body, lambda n: n.name == "a")]
    wanted = [reverse("game_detail", args=[club.slug, game.pk]) for game in reversed(games[-5:])]
    assert [link for link in links if "/games/" in link] == wanted
