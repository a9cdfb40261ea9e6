"""The running standings' grid as a django-tables2 declaration (league/page_tables/running.py): its cells and
headings on the page, and its download in Japanese and English (tests/league/test_running.py has the totals)."""

from decimal import Decimal

import pytest
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from league.models import Member
from league.text.formatting import format_date

from .running_data import DAY_1, DAY_2, DAY_3, page
from .standings_html import classes, find_all, text_of
from .test_page_tables import HOSTILE, csv_rows, xlsx_sheet

pytestmark = pytest.mark.usefixtures("japanese")


def grid(response):
    [table] = find_all(parse_html(response.content.decode()), lambda n: n.name == "table" and "running" in classes(n))
    return table


def grid_rows(response) -> list[list[str]]:
    body = find_all(grid(response), lambda n: n.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda n: n.name in ("th", "td"))]
        for row in find_all(body, lambda n: n.name == "tr")
    ]


def test_the_grid_shows_each_members_points_after_each_meeting(client, club, member, three_meetings):
    client.force_login(member)
    response = client.get(page(club))
    table = grid(response)
    head = find_all(table, lambda n: n.name == "thead")[0]
    assert [" ".join(text_of(th).split()) for th in find_all(head, lambda n: n.name == "th")][:2] == ["会員", "合計"]
    times = find_all(head, lambda n: n.name == "time")
    assert [dict(t.attributes)["datetime"] for t in times] == [day.isoformat() for day in (DAY_1, DAY_2, DAY_3)]
    with translation.override("ja"):
        assert [dict(t.attributes)["title"] for t in times] == [format_date(day) for day in (DAY_1, DAY_2, DAY_3)]
    links = [dict(a.attributes)["href"] for a in find_all(head, lambda n: n.name == "a")]
    assert links == [reverse("meeting_detail", args=[club.slug, meeting.pk]) for meeting in three_meetings]
    assert find_all(head, lambda n: n.name == "a" and "sort=" in dict(n.attributes)["href"]) == []  # no sorting
    assert grid_rows(response) == [
        ["1東田一郎", "+60.0", "+50.0", "+60.0", "+60.0"],
        ["2南野二郎", "+35.0", "+5.0", "▲15.0", "+35.0"],
        ["3西川三郎", "+10.0", "▲20.0", "+30.0", "+10.0"],
        ["4中島五郎", "▲40.0", "", "", "▲40.0"],
        ["5北村四郎", "▲55.0", "▲40.0", "▲80.0", "▲55.0"],
    ]
    body = find_all(table, lambda n: n.name == "tbody")[0]
    first = find_all(body, lambda n: n.name == "tr")[0]
    assert ["idle" in classes(td) for td in find_all(first, lambda n: n.name == "td")] == [
        False,
        False,
        False,
        True,
    ]  # 東田 missed day 3: dimmed
    assert "name-cell" in classes(find_all(first, lambda n: n.name == "th")[0])
    member_links = [dict(a.attributes)["href"] for a in find_all(body, lambda n: n.name == "a")]
    assert member_links[0] == reverse("member_page", args=[club.slug, Member.objects.get(name="東田一郎").pk])


def test_the_grid_downloads_as_numbers_in_english_and_japanese(client, club, member, three_meetings):
    Member.objects.filter(name="中島五郎").update(name=HOSTILE)
    address = page(club)
    client.force_login(member)
    english = csv_rows(client.get("/en" + address, {"_export": "csv"}))
    with translation.override("en"):
        assert english[0] == ["Member", "Total", *(format_date(day) for day in (DAY_1, DAY_2, DAY_3))]
    assert english[1:] == [
        ["東田一郎", "60.0", "50.0", "60.0", "60.0"],
        ["南野二郎", "35.0", "5.0", "-15.0", "35.0"],
        ["西川三郎", "10.0", "-20.0", "30.0", "10.0"],
        [f"'{HOSTILE}", "-40.0", "", "", "-40.0"],
        ["北村四郎", "-55.0", "-40.0", "-80.0", "-55.0"],
    ]
    sheet = xlsx_sheet(client.get(address, {"_export": "xlsx"}))
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    with translation.override("ja"):
        assert rows[0] == ["会員", "合計", *(format_date(day) for day in (DAY_1, DAY_2, DAY_3))]
    assert rows[4] == [HOSTILE, Decimal("-40"), None, None, Decimal("-40")]
    assert sheet["A5"].data_type == "s"  # text, never a formula


def test_a_download_of_the_latest_meetings_has_their_columns(client, club, member, three_meetings, monkeypatch):
    monkeypatch.setattr("league.views.running.LATEST_MEETINGS", 2)
    address = page(club)
    client.force_login(member)
    latest = csv_rows(client.get("/en" + address, {"_export": "csv"}))
    assert len(latest[0]) == 4 and latest[1] == ["東田一郎", "60.0", "60.0", "60.0"]
    earlier = csv_rows(client.get("/en" + address, {"_export": "csv", "meetings": "2"}))
    assert len(earlier[0]) == 3 and earlier[1] == ["東田一郎", "60.0", "50.0"]
    every = csv_rows(client.get("/en" + address, {"_export": "csv", "all": "1"}))
    assert len(every[0]) == 5
    assert every[1][2:] == ["50.0", *latest[1][2:]]


def test_the_grid_download_answers_as_the_page_does(client, club, outsider, three_meetings):
    client.force_login(outsider)
    for export_format in ("csv", "xlsx"):
        assert client.get(page(club), {"_export": export_format}).status_code == client.get(page(club)).status_code
