"""The day board (当日ボード): the current round's drawn tables, the day's games newest first, the day's standings;
the parts the page fetches to stay current, and their fixed number of queries.  Who may open it: test_roles.py."""

import pytest
from django.db import connection
from django.test.html import parse_html
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from league.models import SITTING_OUT, DrawnRound, DrawnSeat, Member, ReportedResult
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force
from league.stats.day_board import current_round, day_board

from .standings_html import classes, find_all, text_of

EXTRA = [("白石六郎", "しらいしろくろう"), ("発田七子", "はったななこ"), ("中野八郎", "なかのはちろう")]


@pytest.fixture
def people(club):
    """Eight members: the club's five and three more, enough for two tables."""
    for name, kana in EXTRA:
        Member.objects.create(club=club, name=name, kana=kana)
    return list(Member.objects.filter(club=club).order_by("pk"))


def draw(meeting, number, tables, sitting_out=()):
    """A drawn round as rows: each table's people in seat order (東 first), and who sits out."""
    drawn = DrawnRound.objects.create(meeting=meeting, number=number, seed=number)
    DrawnSeat.objects.bulk_create(
        [
            DrawnSeat(round=drawn, table=table, seat=seat, member=member)
            for table, people in enumerate(tables, start=1)
            for seat, member in enumerate(people)
        ]
        + [
            DrawnSeat(round=drawn, table=SITTING_OUT, seat=seat, member=member)
            for seat, member in enumerate(sitting_out)
        ]
    )
    return drawn


def play(meeting, secretary, round_, table, members, scores=(40000, 30000, 20000, 10000)):
    return record_game(
        settle_in_force(Entry(meeting=meeting, round=round_, table=table, members=list(members), scores=list(scores))),
        secretary,
    )


def board_url(meeting, name="day_board", language="ja"):
    with translation.override(language):
        return reverse(name, kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk})


def parts(response):
    """The board's parts by name (data-board-part), as parsed HTML."""
    found = find_all(parse_html(response.content.decode()), lambda node: dict(node.attributes).get("data-board-part"))
    return {dict(node.attributes)["data-board-part"]: node for node in found}


def tables_shown(part):
    """Each drawn table on the board: (its heading, [(wind, name), …], whether its result is in)."""
    shown = []
    for article in find_all(part, lambda node: node.name == "article" and "board-table" in classes(node)):
        heading = text_of(find_all(article, lambda node: node.name == "strong")[0]).strip()
        seats = [
            (
                text_of(find_all(item, lambda node: "wind" in classes(node))[0]).strip(),
                text_of(find_all(item, lambda node: "name" in classes(node))[0]).strip(),
            )
            for item in find_all(article, lambda node: node.name == "li")
        ]
        shown.append((heading, seats, "result-in" in classes(article)))
    return shown


def game_headings(part):
    return [
        text_of(find_all(card, lambda node: node.name == "a")[0]).strip()
        for card in find_all(part, lambda node: node.name == "article" and "game-card" in classes(node))
    ]


@pytest.fixture
def two_rounds(meeting, people):
    """Two rounds of two tables drawn for eight people."""
    first, second = people[:4], people[4:8]
    draw(meeting, 1, [first, second])
    draw(meeting, 2, [[first[0], second[0], first[1], second[1]], [first[2], second[2], first[3], second[3]]])
    return people


def test_the_current_round_is_the_lowest_with_a_table_still_playing_else_the_last(meeting, secretary, two_rounds):
    people = two_rounds
    assert day_board(meeting).round.number == 1
    play(meeting, secretary, 1, 1, people[:4])
    board = day_board(meeting).round
    assert board.number == 1 and [table.result_in for table in board.tables] == [True, False]
    play(meeting, secretary, 1, 2, people[4:8])
    assert day_board(meeting).round.number == 2
    play(meeting, secretary, 2, 1, [people[0], people[4], people[1], people[5]])
    play(meeting, secretary, 2, 2, [people[2], people[6], people[3], people[7]])
    board = day_board(meeting).round
    assert board.number == 2 and board.all_in and board.drawn == 2


def test_a_voided_game_leaves_its_table_waiting(meeting, secretary, two_rounds):
    game = play(meeting, secretary, 1, 1, two_rounds[:4])
    game.void = True
    game.save()
    assert [table.result_in for table in day_board(meeting).round.tables] == [False, False]
    # Given no games, every drawn table is waiting: the board's games are what the round is read against.
    assert current_round(meeting, []).number == 1


def test_the_page_shows_the_tables_by_wind_the_results_newest_first_and_the_standings(
    client, meeting, member, secretary, two_rounds
):
    people = two_rounds
    play(meeting, secretary, 1, 1, people[:4])
    play(meeting, secretary, 1, 2, people[4:8], scores=(25000, 25000, 30000, 20000))
    client.force_login(member)
    response = client.get(board_url(meeting))
    assert response.status_code == 200
    shown = parts(response)
    assert set(shown) == {"updated", "round", "results", "standings"}
    assert "2回戦" in text_of(shown["round"])
    winds = ["東", "南", "西", "北"]
    assert tables_shown(shown["round"]) == [
        ("1卓", list(zip(winds, [people[i].name for i in (0, 4, 1, 5)], strict=True)), False),
        ("2卓", list(zip(winds, [people[i].name for i in (2, 6, 3, 7)], strict=True)), False),
    ]
    # The games as they came in, the newest first, each with its places and points.
    assert game_headings(shown["results"]) == ["1回戦 · 2卓", "1回戦 · 1卓"]
    results = text_of(shown["results"])
    assert "+50.0" in results and "▲40.0" in results
    standings = text_of(shown["standings"])
    assert standings.index(people[0].name) < standings.index(people[3].name)
    assert 'data-board-every="15"' in response.content.decode()
    assert "js/board.js" in response.content.decode()


def test_the_round_shows_who_sits_out(client, meeting, member, people):
    draw(meeting, 1, [people[:4]], sitting_out=[people[4]])
    client.force_login(member)
    round_part = parts(client.get(board_url(meeting)))["round"]
    assert tables_shown(round_part)[0][2] is False
    assert "抜け番" in text_of(round_part) and people[4].name in text_of(round_part)


def test_a_table_whose_result_a_player_reported_says_it_waits_for_the_secretary(
    client, meeting, member, secretary, two_rounds
):
    ReportedResult.objects.create(meeting=meeting, round=1, table=2, sheet={"score_0": "40000"})
    ReportedResult.objects.create(meeting=meeting, round=1, table=1, status=ReportedResult.Status.TURNED_DOWN)
    client.force_login(member)
    round_part = parts(client.get(board_url(meeting)))["round"]
    states = [text_of(node).strip() for node in find_all(round_part, lambda node: "board-state" in classes(node))]
    assert states == ["対局中", "報告あり・確認待ち"]
    play(meeting, secretary, 1, 2, two_rounds[4:8])  # confirmed by the secretary: the result is in
    round_part = parts(client.get(board_url(meeting)))["round"]
    assert [table[2] for table in tables_shown(round_part)] == [False, True]


def test_a_day_with_nothing_yet_says_what_will_appear(client, meeting, member):
    client.force_login(member)
    shown = parts(client.get(board_url(meeting)))
    assert "卓組が決まると" in text_of(shown["round"])
    assert not find_all(shown["standings"], lambda node: node.name == "table")


def test_games_without_a_draw_show_their_results_and_say_no_tables_were_drawn(
    client, meeting, member, secretary, people
):
    play(meeting, secretary, 1, 1, people[:4])
    client.force_login(member)
    shown = parts(client.get(board_url(meeting)))
    assert "卓組はありません" in text_of(shown["round"])
    assert game_headings(shown["results"]) == ["1回戦 · 1卓"]


def test_the_board_in_english(client, meeting, member, secretary, two_rounds):
    play(meeting, secretary, 1, 1, two_rounds[:4])
    client.force_login(member)
    response = client.get(board_url(meeting, language="en"))
    shown = parts(response)
    assert "Day board" in response.content.decode()
    assert tables_shown(shown["round"])[0][1][0] == ("East", two_rounds[0].name)
    assert "result in" in text_of(shown["round"]) and "playing" in text_of(shown["round"])
    assert game_headings(shown["results"]) == ["Round 1 · table 1"]
    assert "Updated at" in text_of(shown["updated"])


def test_the_meeting_page_links_to_its_board(client, meeting, member):
    client.force_login(member)
    assert (
        f'href="{board_url(meeting)}"'
        in client.get(
            reverse("meeting_detail", kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk})
        ).content.decode()
    )


def test_the_parts_are_the_boards_parts_alone_and_change_when_a_game_is_saved(
    client, meeting, member, secretary, two_rounds
):
    client.force_login(member)
    response = client.get(board_url(meeting, "day_board_parts"))
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"] and "private" in response["Cache-Control"]
    html = response.content.decode()
    assert "<html" not in html and '<header class="site-header' not in html
    before = parts(response)
    assert [table[2] for table in tables_shown(before["round"])] == [False, False]
    assert game_headings(before["results"]) == []

    play(meeting, secretary, 1, 2, two_rounds[4:8])
    after = parts(client.get(board_url(meeting, "day_board_parts")))
    assert [table[2] for table in tables_shown(after["round"])] == [False, True]
    assert game_headings(after["results"]) == ["1回戦 · 2卓"]
    assert two_rounds[4].name in text_of(after["standings"])
    assert text_of(after["standings"]) != text_of(before["standings"])


def test_the_page_and_its_parts_read_a_fixed_number_of_queries(client, meeting, member, secretary, people):
    draw(meeting, 1, [people[:4]], sitting_out=people[4:5])
    play(meeting, secretary, 1, 1, people[:4])
    client.force_login(member)
    counts = {}
    for label in ("small", "large"):
        if label == "large":
            for number in range(2, 7):
                order = people[number:] + people[:number]
                draw(meeting, number, [order[:4], order[4:8]])
                play(meeting, secretary, number, 1, order[:4])
                play(meeting, secretary, number, 2, order[4:8])
        for name in ("day_board", "day_board_parts"):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(board_url(meeting, name)).status_code == 200
            counts[label, name] = len(queries)
    assert counts["small", "day_board"] == counts["large", "day_board"]
    assert counts["small", "day_board_parts"] == counts["large", "day_board_parts"]


def test_the_refresh_gets_an_empty_304_while_nothing_changed(client, meeting, member, secretary, two_rounds):
    client.force_login(member)
    page = parse_html(client.get(board_url(meeting)).content.decode())
    shown = find_all(page, lambda node: "data-board-etag" in dict(node.attributes))
    etag = dict(shown[0].attributes)["data-board-etag"]
    first = client.get(board_url(meeting, "day_board_parts"))
    assert first["ETag"] == etag  # the page's own parts: the first refresh can already be a 304

    again = client.get(board_url(meeting, "day_board_parts"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and "no-cache" in again["Cache-Control"]

    play(meeting, secretary, 1, 2, two_rounds[4:8])
    changed = client.get(board_url(meeting, "day_board_parts"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert game_headings(parts(changed)["results"]) == ["1回戦 · 2卓"]
    assert client.get(board_url(meeting, "day_board_parts"), HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_the_clock_is_left_out_of_the_etag_and_the_days_close_is_not(client, meeting, member):
    client.force_login(member)
    open_parts = client.get(board_url(meeting, "day_board_parts"))
    clock = find_all(parse_html(open_parts.content.decode()), lambda node: "data-board-clock" in dict(node.attributes))
    assert len(clock) == 1 and ":" in text_of(clock[0])  # the time board.js sets again after a 304
    meeting.closed = True
    meeting.save(update_fields=["closed"])
    closed_parts = client.get(board_url(meeting, "day_board_parts"), HTTP_IF_NONE_MATCH=open_parts["ETag"])
    assert closed_parts.status_code == 200  # its line no longer says the board updates itself
