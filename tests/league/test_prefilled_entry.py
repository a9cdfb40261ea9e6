"""Entry of a drawn table: the page opens with the table's names in their seats; the tables still to enter
are one tap away on the entry page and the meeting page."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Game, Meeting, Member

from .conftest import game_post
from .draws import TABLE_1, draw_round

TABLE_2 = ["中島五郎", "田中六郎", "佐藤七郎", "鈴木八郎"]


@pytest.fixture
def drawn(club, meeting):
    for name, kana in [
        ("田中六郎", "たなかろくろう"),
        ("佐藤七郎", "さとうしちろう"),
        ("鈴木八郎", "すずきはちろう"),
        ("高橋九郎", "たかはしくろう"),
    ]:
        Member.objects.create(club=club, name=name, kana=kana)
    return draw_round(meeting, 1, [TABLE_1, TABLE_2], sitting_out=["高橋九郎"])


def table_post(names, **changes):
    """A valid game of the table ``names`` (no bust), as the entry form posts it."""
    return game_post(
        **{f"player_{seat}": name for seat, name in enumerate(names)}, score_0="41300", score_3="8500", **changes
    )


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def value_of(html, name):
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert found, name
    value = re.search(r'value="([^"]*)"', found.group(0))
    return value.group(1) if value else ""


def names_on(html):
    return [value_of(html, f"player_{seat}") for seat in range(4)]


def test_a_drawn_table_opens_with_its_names_in_their_seats(client, secretary, meeting, drawn):
    client.force_login(secretary)
    html = client.get(enter_url(meeting) + "?round=1&table=2").content.decode()
    assert names_on(html) == TABLE_2
    assert (value_of(html, "round"), value_of(html, "table")) == ("1", "2")
    # Only the scores are left to type: the page opens on East's score.
    assert re.search(r'name="score_0"[^>]*autofocus', html)


def test_the_entry_page_opens_on_the_first_table_still_to_enter_and_offers_the_others(
    client, secretary, meeting, drawn
):
    client.force_login(secretary)
    html = client.get(enter_url(meeting)).content.decode()
    assert names_on(html) == TABLE_1
    assert f'href="{enter_url(meeting)}?round=1&amp;table=2"' in html
    assert "中島五郎・田中六郎・佐藤七郎・鈴木八郎" in html
    assert "高橋九郎" not in html.split('id="drawn-tables-heading"')[1].split("</section>")[0]  # sitting out


def test_saving_a_drawn_table_opens_the_next_one_still_to_enter(client, secretary, meeting, drawn):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), table_post(TABLE_1))
    assert response.status_code == 302
    assert response["Location"] == enter_url(meeting) + "?round=1&table=2"
    html = client.get(response["Location"]).content.decode()
    assert names_on(html) == TABLE_2
    # The table entered is no longer offered.
    assert "?round=1&amp;table=1" not in html


def test_after_the_last_drawn_table_the_next_game_follows_the_table_as_before(client, secretary, meeting, drawn):
    client.force_login(secretary)
    client.post(enter_url(meeting), table_post(TABLE_1))
    response = client.post(enter_url(meeting), table_post(TABLE_2, table="2"))
    assert response["Location"].startswith(enter_url(meeting) + "?round=2&table=2&p0=")
    assert Game.objects.count() == 2


def test_a_table_the_draw_does_not_have_opens_as_a_new_table(client, secretary, meeting, drawn):
    client.force_login(secretary)
    html = client.get(enter_url(meeting) + "?round=1&table=3").content.decode()
    assert names_on(html) == ["", "", "", ""]
    assert value_of(html, "table") == "3"


def test_the_meeting_page_offers_the_drawn_tables_to_the_secretary_only(client, secretary, member, meeting, drawn):
    client.force_login(secretary)
    url = f"/c/{meeting.club.slug}/meetings/{meeting.pk}/"
    html = client.get(url).content.decode()
    assert f'href="{enter_url(meeting)}?round=1&amp;table=1"' in html
    client.force_login(member)
    assert "?round=1&amp;table=1" not in client.get(url).content.decode()


def test_a_closed_meeting_offers_no_drawn_tables(client, secretary, meeting, drawn):
    meeting.closed = True
    meeting.save()
    client.force_login(secretary)
    html = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/").content.decode()
    assert "?round=1&amp;table=1" not in html


def test_choosing_the_meeting_offers_its_drawn_tables_in_fixed_queries(client, secretary, club, meeting, drawn):
    client.force_login(secretary)
    url = f"/c/{club.slug}/enter/?choose"

    def queries():
        with CaptureQueriesContext(connection) as captured:
            html = client.get(url).content.decode()
        return len(captured), html

    few, html = queries()
    assert f'href="{enter_url(meeting)}?round=1&amp;table=2"' in html
    other = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 13))
    draw_round(other, 1, [TABLE_1])
    more, html = queries()
    assert more == few
    assert f'href="{enter_url(other)}?round=1&amp;table=1"' in html
