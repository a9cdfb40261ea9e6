"""Every list of people sorts by reading, and people without a reading come after those with one, never first."""

import json

import pytest
from django.test.html import parse_html
from django.urls import reverse

from league.models import Member
from league.models.people import reading_order
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .standings_html import find_all, ranked_names, text_of
from .standings_html import url as standings_url

pytestmark = pytest.mark.django_db

# The fixture's members: 東田 ひがしだ, 南野 みなみの, 西川 にしかわ, 北村 きたむら, 中島 なかじま; two lose it.
IN_READING_ORDER = ["北村四郎", "中島五郎", "東田一郎", "南野二郎"]
WITHOUT_READING = ["西川三郎", "読みなし"]  # then by name


@pytest.fixture
def readings(club):
    Member.objects.filter(name="西川三郎").update(kana="")
    Member.objects.create(club=club, name="読みなし", kana="")
    return club


def names_in(response, selector):
    page = parse_html(response.content.decode())
    return [text_of(node).strip() for node in find_all(page, selector)]


def test_the_queryset_order_and_the_python_order_agree(readings):
    members = Member.objects.filter(club=readings)
    expected = IN_READING_ORDER + WITHOUT_READING
    assert [member.name for member in members] == expected  # the default order
    assert [member.name for member in members.in_kana_order()] == expected
    assert [member.name for member in members.members_first()] == expected
    assert [member.name for member in sorted(members.order_by("?"), key=reading_order)] == expected


def test_a_guest_without_a_reading_still_comes_after_every_member(readings):
    Member.objects.create(club=readings, name="あいさん", kana="あい", guest=True)
    names = [member.name for member in Member.objects.filter(club=readings).members_first()]
    assert names == [*IN_READING_ORDER, *WITHOUT_READING, "あいさん"]


def test_the_owners_members_page(client, readings, owner):
    client.force_login(owner)
    response = client.get(reverse("manage_members", args=[readings.slug]))
    rows = names_in(response, lambda n: n.name == "th" and dict(n.attributes).get("scope") == "row")
    assert rows == IN_READING_ORDER + WITHOUT_READING


def test_the_member_list(client, readings, member):
    client.force_login(member)
    response = client.get(reverse("member_list", args=[readings.slug]))
    page = parse_html(response.content.decode())
    body = find_all(page, lambda n: n.name == "tbody")[0]
    links = [text_of(a).strip() for a in find_all(body, lambda n: n.name == "a")]
    assert links == IN_READING_ORDER + WITHOUT_READING


def test_the_entry_pages_suggestions(client, readings, secretary, meeting):
    client.force_login(secretary)
    response = client.get(f"/c/{readings.slug}/meetings/{meeting.pk}/enter/")
    page = parse_html(response.content.decode())
    script = find_all(page, lambda n: n.name == "script" and dict(n.attributes).get("id") == "member-choices")[0]
    assert [choice["name"] for choice in json.loads(text_of(script))] == IN_READING_ORDER + WITHOUT_READING


def test_ties_in_the_standings(client, readings, member, secretary, meeting):
    """Four games, each player once in each place with the same scores: every figure ties, the reading decides."""
    players = [Member.objects.get(name=name) for name in ("西川三郎", "南野二郎", "北村四郎", "東田一郎")]
    for round in range(1, 5):
        seated = players[round - 1 :] + players[: round - 1]
        record_game(
            settle_in_force(
                Entry(meeting=meeting, round=round, table=1, members=seated, scores=[40000, 30000, 20000, 10000])
            ),
            secretary,
        )
    client.force_login(member)
    response = client.get(standings_url(readings, season="all"))
    assert ranked_names(response) == ["北村四郎", "東田一郎", "南野二郎", "西川三郎"]
