"""The meeting's tables, the season's money, the owner's member list and the draw's sit-outs as page tables."""

from types import SimpleNamespace

import pytest
from django.test import RequestFactory
from django.test.html import parse_html

from league.models import DayTotal, DayTotalLine, Member
from league.page_tables.base import configure
from league.page_tables.meetings import DayStandingsTable, day_standing_rows

from .conftest import game_post
from .standings_html import classes, find_all, text_of
from .test_manage_people import url
from .test_page_tables import HOSTILE, csv_rows, xlsx_sheet

pytestmark = pytest.mark.django_db

JA_STANDINGS = ["順位", "名前", "ポイント", "半荘数", "1着", "2着", "3着", "4着", "チップ"]
JA_MONEY = ["名前", "受取", "差引", "ゲーム代", "半荘数", "精算時"]
JA_PRESENT = "在席"


def table_of(response, table_class: str):
    page = parse_html(response.content.decode())
    return find_all(page, lambda node: node.name == "table" and table_class in classes(node))[0]


def rows_of(response, table_class: str) -> list[list[str]]:
    table = find_all(table_of(response, table_class), lambda node: node.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(table, lambda node: node.name == "tr")
    ]


def headings_of(response, table_class: str) -> list[str]:
    head = find_all(table_of(response, table_class), lambda node: node.name == "thead")[0]
    return [" ".join(text_of(cell).split()).rstrip(" ▲▼") for cell in find_all(head, lambda n: n.name == "th")]


@pytest.fixture
def played(client, club, meeting, secretary):
    """Two games: 東田, 南野, 西川, 北村; then 中島 in 北村's seat."""
    client.force_login(secretary)
    assert client.post(url("enter_game", club.slug, meeting.pk), game_post(bust_3="0")).status_code == 302
    assert (
        client.post(
            url("enter_game", club.slug, meeting.pk),
            game_post(
                round="2", player_0="中島五郎", player_3="北村四郎", score_0="-2500", score_3="52300", bust_0="3"
            ),
        ).status_code
        == 302
    )
    client.logout()
    return meeting


def page(club, meeting, language="en"):
    return url("meeting_detail", club.slug, meeting.pk, language=language)


def download_links(response) -> list[str]:
    anchors = find_all(parse_html(response.content.decode()), lambda node: node.name == "a")
    return [dict(a.attributes)["href"] for a in anchors if "_export=" in dict(a.attributes).get("href", "")]


# --- the day's standings ------------------------------------------------------------------------------------


def test_the_days_standings_show_their_cells(client, club, member, played):
    client.force_login(member)
    response = client.get(page(club, played))
    assert headings_of(response, "day-standings") == [
        "Rank",
        "Name",
        "Points",
        "Games",
        "1st",
        "2nd",
        "3rd",
        "4th",
        "Chips",
    ]
    assert rows_of(response, "day-standings") == [
        ["1", "東田一郎", "+71.0", "1", "1", "0", "0", "0", "±0"],
        ["2", "南野二郎", "+24.0", "2", "0", "2", "0", "0", "±0"],
        ["3", "北村四郎", "+9.0", "2", "1", "0", "0", "1", "±0"],
        ["4", "西川三郎", "−42.0", "2", "0", "0", "2", "0", "±0"],
        ["5", "中島五郎", "−62.0", "1", "0", "0", "0", "1", "±0"],
    ]
    japanese = client.get(page(club, played, language="ja"))
    assert [row[2] for row in rows_of(japanese, "day-standings")] == ["+71.0", "+24.0", "+9.0", "▲42.0", "▲62.0"]
    table = table_of(response, "day-standings")
    places = find_all(table, lambda node: node.name == "td" and "detail-cell" in classes(node))
    assert len(places) == 5 * 5  # four places and the chips: behind "show all columns" on a phone


def test_the_days_standings_sort_on_the_points_not_their_text(client, club, member, played):
    client.force_login(member)

    def names(**sort):
        return [row[1] for row in rows_of(client.get(page(club, played), sort), "day-standings")]

    assert names(**{"day-sort": "points"}) == ["中島五郎", "西川三郎", "北村四郎", "南野二郎", "東田一郎"]
    assert names(**{"day-sort": "-points"}) == ["東田一郎", "南野二郎", "北村四郎", "西川三郎", "中島五郎"]
    # Ties keep the day's ranking, in either direction.
    assert names(**{"day-sort": "games"}) == ["東田一郎", "中島五郎", "南野二郎", "北村四郎", "西川三郎"]
    assert names(**{"day-sort": "-games"}) == ["南野二郎", "北村四郎", "西川三郎", "東田一郎", "中島五郎"]
    assert names(**{"day-sort": "-place_1"}) == ["東田一郎", "北村四郎", "南野二郎", "西川三郎", "中島五郎"]


def test_the_days_standings_keep_the_ranking_for_equal_points(club):
    members = list(Member.objects.filter(club=club).order_by("pk"))
    lines = [
        SimpleNamespace(rank=rank, member=person, points=points, games=1, places=[1, 0, 0, 0], chips=0)
        for rank, person, points in zip([1, 2, 2, 4, 5], members, [300, 5, 5, -5, -120], strict=True)
    ]
    table = DayStandingsTable(day_standing_rows(lines), place_names=["1st", "2nd", "3rd", "4th"])
    configure(RequestFactory().get("/", {"day-sort": "points"}), table)
    assert [row.record.member for row in table.rows] == [members[4], members[3], members[1], members[2], members[0]]
    table = DayStandingsTable(day_standing_rows(lines), place_names=["1st", "2nd", "3rd", "4th"])
    configure(RequestFactory().get("/", {"day-sort": "-points"}), table)
    assert [row.record.member for row in table.rows] == [members[0], members[1], members[2], members[3], members[4]]


def test_the_days_standings_download_in_english_and_japanese(client, club, member, played):
    Member.objects.filter(name="北村四郎").update(name=HOSTILE)
    client.force_login(member)
    english = csv_rows(client.get(page(club, played), {"_export": "csv", "_table": "day-"}))
    assert english[0] == ["Rank", "Name", "Points", "Games", "1st", "2nd", "3rd", "4th", "Chips"]
    assert english[1] == ["1", "東田一郎", "71.0", "1", "1", "0", "0", "0", "0"]
    assert english[3] == ["3", "'" + HOSTILE, "9.0", "2", "1", "0", "0", "1", "0"]
    assert english[4][2] == "-42.0"  # a number, never the page's −42.0
    response = client.get(
        page(club, played, language="ja"), {"_export": "xlsx", "_table": "day-", "day-sort": "points"}
    )
    assert response["Content-Disposition"] == 'attachment; filename="day-standings.xlsx"'
    rows = list(xlsx_sheet(response).iter_rows())
    assert [cell.value for cell in rows[0]] == JA_STANDINGS
    assert [cell.value for cell in rows[1]][1:4] == ["中島五郎", -62, 1]
    assert rows[1][2].data_type == "n"
    hostile = next(row[1] for row in rows if str(row[1].value).startswith("="))
    assert hostile.value == HOSTILE and hostile.data_type == "s" and hostile.quotePrefix


def test_the_meeting_page_offers_each_tables_downloads(client, club, member, played):
    client.force_login(member)
    links = download_links(client.get(page(club, played), {"day-sort": "points"}))
    assert links == [
        "?day-sort=points&_export=csv&_table=day-",
        "?day-sort=points&_export=xlsx&_table=day-",
        "?day-sort=points&_export=csv&_table=money-",
        "?day-sort=points&_export=xlsx&_table=money-",
    ]


# --- the day's money --------------------------------------------------------------------------------------


def test_the_days_money_shows_yen_and_sorts_on_them(client, club, member, played):
    client.force_login(member)
    response = client.get(page(club, played))
    assert headings_of(response, "money") == ["Name", "Receives", "Net", "Fee", "Games", "At the close"]
    assert rows_of(response, "money") == [
        ["東田一郎", "−¥2,200", "−¥2,550", "¥350", "1", "present"],
        ["南野二郎", "¥0", "−¥700", "¥700", "2", "present"],
        ["北村四郎", "¥0", "−¥700", "¥700", "2", "present"],
        ["西川三郎", "¥0", "−¥700", "¥700", "2", "present"],
        ["中島五郎", "¥0", "−¥350", "¥350", "1", "present"],
    ]
    foot = find_all(table_of(response, "money"), lambda node: node.name == "tfoot")[0]
    assert [" ".join(text_of(cell).split()) for cell in find_all(foot, lambda n: n.name in ("th", "td"))][:4] == [
        "Total",
        "−¥2,200",
        "",
        "¥2,800",
    ]
    by_net = client.get(page(club, played), {"money-sort": "-net"})
    assert [row[0] for row in rows_of(by_net, "money")] == ["中島五郎", "南野二郎", "北村四郎", "西川三郎", "東田一郎"]
    japanese = client.get(page(club, played, language="ja"), {"money-sort": "net"})
    assert [row[2] for row in rows_of(japanese, "money")] == ["▲2,550円", "▲700円", "▲700円", "▲700円", "▲350円"]


def test_the_days_money_downloads_yen_as_numbers(client, club, member, played):
    Member.objects.filter(name="北村四郎").update(name=HOSTILE)
    client.force_login(member)
    english = csv_rows(client.get(page(club, played), {"_export": "csv", "_table": "money-"}))
    assert english[0] == ["Name", "Receives", "Net", "Fee", "Games", "At the close"]
    assert english[1] == ["東田一郎", "-2200", "-2550", "350", "1", "present"]
    assert english[3] == ["'" + HOSTILE, "0", "-700", "700", "2", "present"]
    response = client.get(page(club, played, language="ja"), {"_export": "xlsx", "_table": "money-"})
    assert response["Content-Disposition"] == 'attachment; filename="day-money.xlsx"'
    rows = list(xlsx_sheet(response).iter_rows())
    assert [cell.value for cell in rows[0]] == JA_MONEY
    assert [cell.value for cell in rows[1]] == ["東田一郎", -2200, -2550, 350, 1, JA_PRESENT]
    assert all(cell.data_type == "n" for cell in rows[1][1:5])
    hostile = rows[3][0]
    assert hostile.value == HOSTILE and hostile.data_type == "s" and hostile.quotePrefix


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
@pytest.mark.parametrize("prefix", ["day-", "money-", "totals-"])
def test_a_meeting_download_answers_as_its_page(client, club, member, outsider, played, export_format, prefix):
    address = page(club, played)
    for person in (None, outsider, member):
        client.logout()
        if person is not None:
            client.force_login(person)
        shown = client.get(address)
        download = client.get(address, {"_export": export_format, "_table": prefix})
        assert download.status_code == shown.status_code
        assert ("Content-Disposition" in download) == (shown.status_code == 200)
    client.force_login(outsider)
    assert client.get(address, {"_export": export_format, "_table": prefix}).status_code == 404


def test_a_public_clubs_visitor_downloads_the_standings_but_not_the_money(client, club, played):
    club.is_public = True
    club.save()
    standings = client.get(page(club, played), {"_export": "csv", "_table": "day-"})
    assert standings["Content-Disposition"] == 'attachment; filename="day-standings.csv"'
    money = client.get(page(club, played), {"_export": "csv", "_table": "money-"})
    assert "Content-Disposition" not in money  # the page, which shows no money to a visitor
    assert not find_all(parse_html(money.content.decode()), lambda node: "money" in classes(node))
    assert download_links(client.get(page(club, played))) == ["?_export=csv&_table=day-", "?_export=xlsx&_table=day-"]


def test_the_sheet_and_the_board_neither_sort_nor_download(client, club, member, played):
    client.force_login(member)
    for name in ("meeting_sheet", "day_board"):
        response = client.get(url(name, club.slug, played.pk))
        assert not download_links(response)
        head = find_all(table_of(response, "day-standings"), lambda node: node.name == "thead")[0]
        assert not find_all(head, lambda node: node.name == "a")
    sheet = client.get(url("meeting_sheet", club.slug, played.pk))
    assert headings_of(sheet, "day-standings") == ["Rank", "Name", "Points", "Games", "1st", "2nd", "3rd", "4th"]
    assert rows_of(sheet, "money")[0] == ["東田一郎", "−¥2,200", "−¥2,550", "¥350", "1", "present"]


# --- the day totals, the kept settlements and the drift ------------------------------------------------------


def test_the_day_totals_table_and_its_download(client, club, member, meeting):
    total = DayTotal.objects.create(meeting=meeting, games=5)
    for name, tenths in (("東田一郎", 2000), ("北村四郎", -500), ("南野二郎", -1500)):
        DayTotalLine.objects.create(day_total=total, member=Member.objects.get(name=name), points=tenths)
    Member.objects.filter(name="北村四郎").update(name=HOSTILE)
    client.force_login(member)
    response = client.get(page(club, meeting))
    assert headings_of(response, "day-total-lines") == ["Member", "Hanchan (半荘数)", "Points"]
    assert rows_of(response, "day-total-lines") == [
        ["東田一郎", "5", "+200.0"],
        [HOSTILE, "5", "−50.0"],
        ["南野二郎", "5", "−150.0"],
    ]
    rows = csv_rows(client.get(page(club, meeting, language="ja"), {"_export": "csv", "_table": "totals-"}))
    assert rows[1:] == [["東田一郎", "5", "200.0"], ["'" + HOSTILE, "5", "-50.0"], ["南野二郎", "5", "-150.0"]]


def test_each_day_total_is_a_group_of_rows(client, club, member, meeting):
    """One <tbody> per total: the players of a table read together, as the sheet kept them."""
    for games, lines in ((5, (("東田一郎", 200), ("北村四郎", -200))), (4, (("南野二郎", 100), ("西川三郎", -100)))):
        total = DayTotal.objects.create(meeting=meeting, games=games)
        for name, tenths in lines:
            DayTotalLine.objects.create(day_total=total, member=Member.objects.get(name=name), points=tenths)
    client.force_login(member)
    groups = find_all(table_of(client.get(page(club, meeting)), "day-total-lines"), lambda node: node.name == "tbody")
    assert [
        [text_of(row.children[0]) for row in find_all(group, lambda node: node.name == "tr")] for group in groups
    ] == [["東田一郎", "北村四郎"], ["南野二郎", "西川三郎"]]


def test_a_closed_and_re_settled_meeting_shows_its_kept_money_and_drift(client, club, owner, secretary, played):
    client.force_login(secretary)
    assert client.post(url("close_meeting", club.slug, played.pk)).status_code == 302
    from league.models import GameSeat

    seat = GameSeat.objects.filter(game__meeting=played, member__name="東田一郎").get()
    GameSeat.objects.filter(pk=seat.pk).update(total=seat.total - 100)  # changed behind the kept settlement
    client.force_login(owner)
    response = client.get(page(club, played))
    drift = rows_of(response, "drift")
    assert drift and drift[0][:3] == ["東田一郎", "+71.0", "+61.0"]
    kept = rows_of(response, "compact")
    assert kept[0] == ["東田一郎", "¥350", "−¥2,200", "−¥2,550", "1"]


# --- the season's money ---------------------------------------------------------------------------------------


@pytest.fixture
def closed(client, club, secretary, played):
    client.force_login(secretary)
    assert client.post(url("close_meeting", club.slug, played.pk)).status_code == 302
    client.logout()
    return played


def test_the_season_money_shows_yen_and_sorts_on_them(client, club, member, closed):
    client.force_login(member)
    response = client.get(url("season_money", club.slug))
    assert headings_of(response, "money") == ["Name", "Received", "Net", "Fees paid", "Meetings", "Games"]
    assert rows_of(response, "money") == [
        ["中島五郎", "¥0", "−¥350", "¥350", "1", "1"],
        ["北村四郎", "¥0", "−¥700", "¥700", "1", "2"],  # equal nets in reading order
        ["西川三郎", "¥0", "−¥700", "¥700", "1", "2"],
        ["南野二郎", "¥0", "−¥700", "¥700", "1", "2"],
        ["東田一郎", "−¥2,200", "−¥2,550", "¥350", "1", "1"],
    ]
    by_received = client.get(url("season_money", club.slug, language="ja"), {"sort": "received"})
    assert [row[1] for row in rows_of(by_received, "money")] == ["▲2,200円", "0円", "0円", "0円", "0円"]
    by_games = client.get(url("season_money", club.slug), {"sort": "-games"})
    assert [row[0] for row in rows_of(by_games, "money")] == [
        "北村四郎",
        "西川三郎",
        "南野二郎",
        "中島五郎",
        "東田一郎",
    ]  # ties keep the page's order


def test_the_season_money_downloads_yen_as_numbers(client, club, member, closed):
    Member.objects.filter(name="北村四郎").update(name=HOSTILE)
    client.force_login(member)
    english = csv_rows(client.get(url("season_money", club.slug), {"_export": "csv"}))
    assert english[0] == ["Name", "Received", "Net", "Fees paid", "Meetings", "Games"]
    assert english[2] == ["'" + HOSTILE, "0", "-700", "700", "1", "2"]
    assert english[5] == ["東田一郎", "-2200", "-2550", "350", "1", "1"]
    response = client.get(url("season_money", club.slug, language="ja"), {"_export": "xlsx"})
    assert response["Content-Disposition"] == 'attachment; filename="season-money.xlsx"'
    rows = list(xlsx_sheet(response).iter_rows())
    assert [cell.value for cell in rows[0]] == ["名前", "受取", "差引", "ゲーム代", "開催日", "半荘数"]
    assert [cell.value for cell in rows[5]] == ["東田一郎", -2200, -2550, 350, 1, 1]
    assert all(cell.data_type == "n" for cell in rows[5][1:])
    hostile = rows[2][0]
    assert hostile.value == HOSTILE and hostile.data_type == "s" and hostile.quotePrefix


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_season_money_download_is_the_clubs_own(client, club, member, outsider, closed, export_format):
    address = url("season_money", club.slug)
    client.force_login(outsider)
    assert client.get(address).status_code == 404
    assert client.get(address, {"_export": export_format}).status_code == 404
    club.is_public = True
    club.save()
    client.logout()
    assert client.get(address).status_code == 403  # a public club's money is still its own people's
    assert client.get(address, {"_export": export_format}).status_code == 403
    client.force_login(member)
    assert "Content-Disposition" in client.get(address, {"_export": export_format})


# --- the owner's member list -------------------------------------------------------------------------------


def test_the_owners_member_list_sorts_and_offers_no_download(client, club, owner):
    Member.objects.create(club=club, name=HOSTILE, kana="", active=False)
    Member.objects.create(club=club, name="客人", kana="きゃくじん", guest=True)
    client.force_login(owner)
    address = url("manage_members", club.slug)
    response = client.get(address)
    assert headings_of(response, "member-roster") == ["Name", "Reading", "Login", "Status"]
    roster = rows_of(response, "member-roster")
    assert [row[0] for row in roster] == ["北村四郎", "中島五郎", "西川三郎", "東田一郎", "南野二郎", HOSTILE]
    assert roster[-1] == [HOSTILE, "", "—", "inactive"]
    assert not download_links(response)
    by_state = client.get(address, {"sort": "-status"})
    assert rows_of(by_state, "member-roster")[0][0] == HOSTILE
    by_name = client.get(address, {"sort": "-name"})
    assert [row[0] for row in rows_of(by_name, "member-roster")][:2] == [HOSTILE, "南野二郎"]
    ignored = client.get(address, {"_export": "csv"})
    assert ignored.status_code == 200 and "Content-Disposition" not in ignored  # logins never leave as a file
    assert _guest_rows(response) == [["客人", "きゃくじん", "Make a member (会員にする)"]]


def _guest_rows(response) -> list[list[str]]:
    section = find_all(
        parse_html(response.content.decode()),
        lambda node: node.name == "section" and dict(node.attributes).get("id") == "guests",
    )[0]
    body = find_all(section, lambda node: node.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(body, lambda node: node.name == "tr")
    ]


# --- the draw's sit-outs -----------------------------------------------------------------------------------


def test_the_draws_sit_outs_sort_on_the_count(client, club, meeting, secretary):
    from league.services.draws import draw

    from .test_draw_pages import add_people

    add_people(club, meeting, 6)
    draw(meeting, secretary, seed=4)
    draw(meeting, secretary, seed=5)
    client.force_login(secretary)
    address = url("meeting_draw", club.slug, meeting.pk)
    response = client.get(address)
    assert headings_of(response, "sit-outs") == ["Name", "Count"]
    rows = rows_of(response, "sit-outs")
    assert len(rows) == 6 and sum(int(row[1]) for row in rows) == 2 * 2
    counts = [int(row[1]) for row in rows]
    assert counts == sorted(counts, reverse=True)
    fewest = [int(row[1]) for row in rows_of(client.get(address, {"sort": "sit_outs"}), "sit-outs")]
    assert fewest == sorted(counts)
    assert not download_links(response)
    assert "Content-Disposition" not in client.get(address, {"_export": "csv"})


# --- a game's history -----------------------------------------------------------------------------------------


def test_a_games_history_shows_each_corrections_changes(client, club, member, secretary, played):
    from league.models import Game

    from .test_corrections import corrected, edit_url

    game = Game.objects.get(meeting=played, round=1)
    client.force_login(secretary)
    assert client.post(edit_url(game), corrected(score_0="52400", score_1="31400")).status_code == 302
    client.force_login(member)
    response = client.get(url("game_history", club.slug, game.pk))
    assert headings_of(response, "changes") == ["What", "Before", "After"]
    changes = rows_of(response, "changes")
    assert changes and all(len(row) == 3 for row in changes)
    assert any("52,300" in row[1] and "52,400" in row[2] for row in changes)
    assert not download_links(response)


# --- the club page's latest meeting ---------------------------------------------------------------------------


def test_the_club_pages_latest_meeting_tables(client, club, member, played):
    client.force_login(member)
    response = client.get(url("club", club.slug))
    assert headings_of(response, "day-totals") == ["Rank", "Member", "Games", "Points"]
    assert rows_of(response, "day-totals")[0] == ["1", "東田一郎", "1", "+71.0"]
    assert rows_of(response, "day-totals")[-1] == ["5", "中島五郎", "1", "−62.0"]
    assert headings_of(response, "day-games") == ["Round · table", "Players by place"]
    head = find_all(
        table_of(response, "day-games"), lambda node: node.name == "th" and dict(node.attributes).get("colspan") == "4"
    )
    assert len(head) == 1  # one heading over the four seats
    leaders = find_all(
        parse_html(response.content.decode()),
        lambda node: node.name == "section" and dict(node.attributes).get("aria-labelledby") == "leaders-heading",
    )
    if leaders:  # the leaders of the current season, when the club has one with games
        heads = find_all(leaders[0], lambda node: node.name == "th" and dict(node.attributes).get("scope") == "col")
        assert [text_of(cell) for cell in heads] == ["Rank", "Member", "Games", "Points"]
    games = rows_of(response, "day-games")
    assert games[0] == ["Round 1 · table 1", "東田一郎+71.0", "南野二郎+12.0", "西川三郎−21.0", "北村四郎−62.0"]
    assert not download_links(response)


def test_a_games_breakdown_shows_every_part_in_seat_order(client, club, member, played):
    from league.models import Game

    game = Game.objects.get(meeting=played, round=1)
    client.force_login(member)
    response = client.get(url("game_detail", club.slug, game.pk, language="ja"))
    assert headings_of(response, "breakdown")[:5] == ["席", "名前", "点数", "着順", "合計"]
    rows = rows_of(response, "breakdown")
    assert [row[:5] for row in rows] == [
        ["東", "東田一郎", "52,300", "1", "+71.0"],
        ["南", "南野二郎", "31,500", "2", "+12.0"],
        ["西", "西川三郎", "18,700", "3", "▲21.0"],
        ["北", "北村四郎", "▲2,500", "4", "▲62.0"],
    ]
    assert all(len(row) == 12 for row in rows)
    assert not download_links(response)
    heads = find_all(
        table_of(response, "breakdown"), lambda node: node.name == "th" and ("scope", "col") in node.attributes
    )
    # Seat and player are text, not figures aligned to the right.
    assert [classes(head) for head in heads][:5] == [[], [], ["num"], ["num"], ["num", "total"]]


# --- the games' cards ---------------------------------------------------------------------------------------


def card_rows(response) -> list[list[list[str]]]:
    """Each game card's table as the text of its cells: no headings (the card's own heading names the game)."""
    cards = find_all(
        parse_html(response.content.decode()), lambda node: node.name == "article" and "game-card" in classes(node)
    )
    tables = [find_all(card, lambda node: node.name == "table")[0] for card in cards]
    assert not any(find_all(table, lambda node: node.name == "thead") for table in tables)
    return [
        [
            [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
            for row in find_all(table, lambda node: node.name == "tr")
        ]
        for table in tables
    ]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_each_game_card_shows_its_seats_in_the_page_language(client, club, member, played, language):
    client.force_login(member)
    minus = "▲" if language == "ja" else "−"
    east, south, west, north = ("東", "南", "西", "北") if language == "ja" else ("East", "South", "West", "North")
    first, second = card_rows(client.get(page(club, played, language=language)))
    assert first[0] == [east, "東田一郎", "52,300", "1", "+71.0"]
    assert first[3] == [north, "北村四郎", f"{minus}2,500", "4", f"{minus}62.0"]  # busted by the east
    assert [row[0] for row in second] == [east, south, west, north] and second[0][1] == "中島五郎"
    board = card_rows(client.get(url("day_board", club.slug, played.pk, language=language)))
    assert board == [second, first]  # newest first
