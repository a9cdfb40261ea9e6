"""The wide-table pattern in the pages' HTML (league/static/css/tables.css): in every table of figures the key
figure is the cell right after the row's name, and a table with columns a phone leaves out offers the switch
that brings them back. The geometry on a 360 px phone is tested in tests/browser/test_phone_tables_browser.py."""

import pytest
from django.test.html import Element, parse_html
from django.urls import reverse

from league.models import Member
from league.services.meetings import set_closed

from .standings_html import classes, find_all, text_of
from .test_meeting_money import HIGASHIDA, play_day

SWITCH = '<label class="all-columns"><input type="checkbox" role="switch"> すべての列を表示</label>'


@pytest.fixture
def day(meeting, secretary):
    meeting = play_day(meeting, secretary)
    set_closed(meeting, True)
    return meeting


def key_tables(response):
    return [
        table
        for table in find_all(parse_html(response.content.decode()), lambda n: n.name == "table")
        if "key-table" in classes(table)
    ]


def first_row_roles(table):
    """The role classes of the first body row's cells, in order: rank-cell, name-cell, key-cell or ''."""
    body = find_all(table, lambda n: n.name == "tbody")[0]
    row = next(child for child in body.children if isinstance(child, Element) and child.name == "tr")
    cells = [cell for cell in row.children if isinstance(cell, Element) and cell.name in ("td", "th")]
    roles = ("rank-cell", "name-cell", "key-cell", "detail-cell")
    return [next((role for role in roles if role in classes(cell)), "") for cell in cells]


def assert_key_right_after_name(table):
    roles = first_row_roles(table)
    assert roles.index("key-cell") == roles.index("name-cell") + 1, roles
    assert "detail-cell" not in roles[: roles.index("key-cell")]


def page(client, user, name, *args, **query):
    client.force_login(user)
    response = client.get(reverse(name, args=args), query, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    return response


@pytest.mark.parametrize(("name", "tables"), [("meeting_detail", 2), ("meeting_sheet", 2)])
def test_the_days_tables_put_points_and_receipts_next_to_the_name(client, member, club, day, name, tables):
    response = page(client, member, name, club.slug, day.pk)
    found = key_tables(response)
    assert len(found) == tables
    for table in found:
        assert_key_right_after_name(table)
    assert response.content.decode().count(SWITCH) == tables
    # The day's money: what each receives (受取) beside the name; fee, games and the close behind the switch.
    money = next(table for table in found if "money" in classes(table))
    head = find_all(money, lambda n: n.name == "thead")[0]
    headers = [text_of(th).strip() for th in find_all(head, lambda n: n.name == "th")]
    assert headers[:3] == ["名前", "受取", "差引"]


def test_season_money_puts_the_receipts_next_to_the_name(client, member, club, day):
    response = page(client, member, "season_money", club.slug, season="all")
    [table] = key_tables(response)
    assert_key_right_after_name(table)
    assert first_row_roles(table)[-3:] == ["detail-cell"] * 3
    assert SWITCH in response.content.decode()


def test_a_members_games_and_head_to_head(client, member, club, day):
    higashida = Member.objects.get(club=club, name=HIGASHIDA)
    response = page(client, member, "member_page", club.slug, higashida.pk)
    by_seat, games, head_to_head = key_tables(response)
    for table in (by_seat, games, head_to_head):
        assert_key_right_after_name(table)
    assert first_row_roles(games).count("detail-cell") == 8  # the seat and the seven parts of the total
    assert response.content.decode().count(SWITCH) == 2


def test_the_running_standings_show_the_total_beside_the_name_and_need_no_switch(client, member, club, day):
    response = page(client, member, "running_standings", club.slug, season="all")
    now, by_meeting = key_tables(response)
    assert first_row_roles(now)[:3] == ["rank-cell", "name-cell", "key-cell"]
    assert_key_right_after_name(by_meeting)
    assert SWITCH not in response.content.decode()


def test_the_standings_leave_the_less_read_figures_to_the_switch_unless_sorted_by_one(client, member, club, day):
    response = page(client, member, "standings", club.slug, season="all")
    [table] = key_tables(response)
    assert first_row_roles(table)[:3] == ["rank-cell", "name-cell", "key-cell"]
    worst = find_all(table, lambda n: n.name == "td" and "col-worst" in classes(n))[0]
    assert "detail-cell" in classes(worst)
    assert SWITCH in response.content.decode()

    # Sorted by the worst game, that column stays in sight on a phone.
    response = page(client, member, "standings", club.slug, season="all", sort="worst")
    [table] = key_tables(response)
    worst = find_all(table, lambda n: n.name == "td" and "col-worst" in classes(n))[0]
    assert "detail-cell" not in classes(worst)
    assert SWITCH in response.content.decode()  # the other less-read columns still wait behind it

    # The projector leaves those figures out altogether, so it has no switch.
    response = page(client, member, "standings", club.slug, season="all", view="projector")
    assert SWITCH not in response.content.decode()
    assert not find_all(key_tables(response)[0], lambda n: "detail-cell" in classes(n))
