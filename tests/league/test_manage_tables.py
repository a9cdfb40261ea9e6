"""The owner's seasons, logins and invites as page tables: cells, sorting on the day, no download."""

import datetime

import pytest
from django.test.html import parse_html

from league.models import Adjustment, Member, Season

from .standings_html import find_all, text_of
from .test_manage_people import url
from .test_meeting_tables import download_links, headings_of, rows_of
from .test_page_tables import HOSTILE

pytestmark = pytest.mark.django_db


@pytest.fixture
def seasons(club):
    for name, first, last in (
        ("2025", (2025, 1, 1), (2025, 12, 31)),
        ("2026 autumn", (2026, 9, 1), (2026, 11, 30)),
        ("2026 spring", (2026, 3, 1), (2026, 5, 31)),
    ):
        Season.objects.create(club=club, name=name, starts_on=datetime.date(*first), ends_on=datetime.date(*last))


def test_the_seasons_sort_on_their_days(client, club, owner, seasons):
    client.force_login(owner)
    address = url("manage_seasons", club.slug)
    response = client.get(address)
    assert headings_of(response, "striped") == ["Season", "First day", "Last day", "Games to be ranked"]
    assert rows_of(response, "striped")[0] == ["2026 autumn", "Tue 1 Sep 2026", "Mon 30 Nov 2026", "0"]
    assert [row[0] for row in rows_of(response, "striped")] == ["2026 autumn", "2026 spring", "2025"]  # newest first
    oldest = client.get(address, {"sort": "first_day"})
    assert [row[0] for row in rows_of(oldest, "striped")] == ["2025", "2026 spring", "2026 autumn"]
    by_end = client.get(address, {"sort": "-last_day"})
    assert [row[0] for row in rows_of(by_end, "striped")] == ["2026 autumn", "2026 spring", "2025"]
    assert not download_links(response)
    assert "Content-Disposition" not in client.get(address, {"_export": "xlsx"})


def test_the_logins_and_invites_tables(client, club, owner, member):
    Member.objects.filter(name="南野二郎").update(user=member)
    invited = Member.objects.create(club=club, name=HOSTILE, kana="")
    client.force_login(owner)
    made = client.post(url("make_invite", club.slug), {"member": invited.pk, "role": "member"})
    assert made.status_code == 302
    response = client.get(url("manage_logins", club.slug))
    assert headings_of(response, "phone-cards") == ["Login", "Role", "Member", "Password"]
    logins = rows_of(response, "phone-cards")
    assert [row[:3] for row in logins] == [["owner(you)", "owner", "—"], ["member", "member", "南野二郎"]]
    title = find_all(parse_html(response.content.decode()), lambda node: node.name == "title")[0]
    assert " ".join(text_of(title).split()).startswith("Logins and roles")
    assert "Invites" not in text_of(title)  # the invites list once landed in the page's title
    section = find_all(
        parse_html(response.content.decode()),
        lambda node: node.name == "section" and dict(node.attributes).get("id") == "invites",
    )[0]
    invites = [" ".join(text_of(cell).split()) for cell in find_all(section, lambda node: node.name == "th")]
    assert invites[:3] == ["Member", "Role", "State"] and HOSTILE in invites
    assert not download_links(response)


def test_the_adjustments_sort_on_their_points_and_days(client, club, secretary):
    rule_set = club.rule_sets.get()
    for name, day, tenths in (("東田一郎", 3, 30), ("南野二郎", 1, -120), ("西川三郎", 2, 451)):
        Adjustment.objects.create(
            club=club,
            rule_set=rule_set,
            member=Member.objects.get(name=name),
            date=datetime.date(2026, 11, day),
            points=tenths,
            reason=HOSTILE,
        )
    client.force_login(secretary)
    address = url("adjustments", club.slug, language="ja")
    response = client.get(address)
    assert [row[:3] for row in rows_of(response, "striped")] == [
        ["2026/11/03(火)", "東田一郎", "+3.0"],
        ["2026/11/02(月)", "西川三郎", "+45.1"],
        ["2026/11/01(日)", "南野二郎", "▲12.0"],
    ]
    assert rows_of(response, "striped")[0][3] == HOSTILE
    by_points = client.get(address, {"sort": "points"})
    assert [row[2] for row in rows_of(by_points, "striped")] == ["▲12.0", "+3.0", "+45.1"]  # on the tenths
    oldest = client.get(address, {"sort": "date"})
    assert [row[1] for row in rows_of(oldest, "striped")] == ["南野二郎", "西川三郎", "東田一郎"]
    head = find_all(
        parse_html(response.content.decode()),
        lambda node: node.name == "th" and dict(node.attributes).get("aria-label") == "削除",
    )
    assert head and not download_links(response)
