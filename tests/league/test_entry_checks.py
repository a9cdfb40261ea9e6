"""The checks before a game is saved: the draw it was opened from, one table per person and round, and a game
saved twice (docs/entry.md, "Checks before saving")."""

import threading

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client
from django.test.html import parse_html

from league.models import Attendance, Game, Member, ReportedResult
from league.services.draws import redraw, swap
from league.services.entry_checks import EntryChecks, EntryRefused
from league.services.games import correct_game, record_game
from league.services.settling import Entry, settle_in_force
from league.stats.drawn_tables import drawn_table

from .conftest import game_post
from .draws import draw_round
from .standings_html import classes, find_all, text_of

TABLE_1 = ["南野二郎", "東田一郎", "西川三郎", "北村四郎"]  # seat order of the draw, 東 (起家) first
TABLE_2 = ["中島五郎", "田中六郎", "佐藤七郎", "鈴木八郎"]
SCORES = {"score_0": "41300", "score_1": "31500", "score_2": "18700", "score_3": "8500"}


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


def enter_url(meeting, language=""):
    return f"{language}/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def edit_url(game, language=""):
    return f"{language}/c/{game.meeting.club.slug}/games/{game.pk}/edit/"


def table_post(names, **changes):
    return game_post(**{f"player_{seat}": name for seat, name in enumerate(names)}, **{**SCORES, **changes})


def person(name):
    return Member.objects.get(name=name)


def page(response):
    return parse_html(response.content.decode())


def value_of(response, name):
    found = find_all(page(response), lambda n: n.name == "input" and dict(n.attributes).get("name") == name)
    assert len(found) == 1, name
    return dict(found[0].attributes).get("value") or ""


def errors(response):
    """Every message the page shows for the form (beside a box or above the Save button)."""
    root = page(response)
    return [
        text_of(node).strip()
        for node in find_all(root, lambda n: "error" in classes(n) or "errors" in classes(n))
        if text_of(node).strip()
    ]


def block(response, block_id):
    """The texts of the block's heading and list items (None when the page has no such block)."""
    found = find_all(page(response), lambda n: dict(n.attributes).get("id") == block_id)
    if not found:
        return None
    return [" ".join(text_of(node).split()) for node in find_all(found[0], lambda n: n.name in ("strong", "li", "a"))]


def box(response, name):
    return find_all(page(response), lambda n: n.name == "input" and dict(n.attributes).get("name") == name)


def save(meeting, names, table=1, round_number=1, scores=(41300, 31500, 18700, 8500), user=None):
    entry = Entry(
        meeting=meeting, round=round_number, table=table, members=[person(n) for n in names], scores=list(scores)
    )
    return record_game(settle_in_force(entry), user)


# -- the draw the form was opened from ---------------------------------------------------------------------


def test_a_form_opened_before_a_swap_is_refused_and_shows_the_table_now(client, secretary, meeting, drawn):
    client.force_login(secretary)
    opened = client.get(enter_url(meeting, "/en") + "?round=1&table=1")
    mark = value_of(opened, "drawn_mark")
    swap(meeting, 1, person("東田一郎").pk, person("高橋九郎").pk, secretary)
    response = client.post(enter_url(meeting, "/en"), table_post(TABLE_1, drawn_mark=mark))
    assert response.status_code == 400
    assert not Game.objects.exists()
    assert any("The draw changed since this form was opened" in message for message in errors(response))
    assert block(response, "drawn-table-now") == [
        "Round 1, table 1 in the draw now",
        "East 南野二郎",
        "South 高橋九郎",
        "West 西川三郎",
        "North 北村四郎",
        "Reload the form with this table",
    ]
    reload = find_all(page(response), lambda n: "reload-drawn" in classes(n))[0]
    assert dict(reload.attributes)["href"] == enter_url(meeting, "/en") + "?round=1&table=1"
    # Reloaded, the form shows the table as it is now and saves it.
    reopened = client.get(enter_url(meeting) + "?round=1&table=1")
    names = [value_of(reopened, f"player_{seat}") for seat in range(4)]
    assert names == ["南野二郎", "高橋九郎", "西川三郎", "北村四郎"]
    saved = client.post(enter_url(meeting), table_post(names, drawn_mark=value_of(reopened, "drawn_mark")))
    assert saved.status_code == 302
    assert [seat.member.name for seat in Game.objects.get().seats.order_by("seat")] == names


def test_a_form_opened_before_a_redraw_is_refused_in_japanese(client, secretary, meeting, drawn):
    for member in Member.objects.filter(club=meeting.club):
        Attendance.objects.create(meeting=meeting, member=member)
    client.force_login(secretary)
    opened = client.get(enter_url(meeting) + "?round=1&table=2")
    redraw(meeting, 1, secretary, seed=7)
    now = drawn_table(meeting, 1, 2)
    assert now.names != TABLE_2  # seed 7 seats table 2 otherwise
    response = client.post(
        enter_url(meeting), table_post(TABLE_2, table="2", drawn_mark=value_of(opened, "drawn_mark"))
    )
    assert response.status_code == 400
    assert not Game.objects.exists()
    assert any("卓組が変わりました" in message for message in errors(response)), errors(response)
    shown = block(response, "drawn-table-now")
    for wind, member in now.by_wind:
        assert f"{wind} {member.name}" in shown  # 東 (起家) first


def test_a_form_opened_before_the_round_was_drawn_is_refused(client, secretary, meeting, drawn):
    client.force_login(secretary)
    opened = client.get(enter_url(meeting) + "?round=2&table=1&p0=東田一郎")
    mark = value_of(opened, "drawn_mark")
    assert mark == "2:1:-"
    draw_round(meeting, 2, [TABLE_2, TABLE_1], sitting_out=["高橋九郎"])
    response = client.post(enter_url(meeting, "/en"), table_post(TABLE_1, round="2", drawn_mark=mark))
    assert response.status_code == 400
    assert not Game.objects.exists()
    assert block(response, "drawn-table-now")[1:5] == [
        f"{wind} {name}" for wind, name in zip(["East", "South", "West", "North"], TABLE_2, strict=True)
    ]


def test_other_players_than_drawn_are_refused_until_seated_as_typed(client, secretary, meeting, drawn):
    client.force_login(secretary)
    opened = client.get(enter_url(meeting, "/en") + "?round=1&table=1")
    mark = value_of(opened, "drawn_mark")
    assert box(opened, "seat_as_typed") == []  # offered only when needed
    typed = ["南野二郎", "高橋九郎", "西川三郎", "北村四郎"]  # 高橋 took 東田's seat: he left
    response = client.post(enter_url(meeting, "/en"), table_post(typed, drawn_mark=mark))
    assert response.status_code == 400
    assert not Game.objects.exists()
    assert any(
        "was drawn as East 南野二郎, South 東田一郎, West 西川三郎, North 北村四郎: 高橋九郎 is not one of them"
        in message
        for message in errors(response)
    )
    assert len(box(response, "seat_as_typed")) == 1
    response = client.post(enter_url(meeting, "/en"), table_post(typed, drawn_mark=mark, seat_as_typed="on"))
    assert response.status_code == 302
    assert {seat.member.name for seat in Game.objects.get().seats.all()} == set(typed)


def test_the_drawn_people_in_other_seats_are_taken(client, secretary, meeting, drawn):
    client.force_login(secretary)
    opened = client.get(enter_url(meeting) + "?round=1&table=1")
    response = client.post(
        enter_url(meeting), table_post(list(reversed(TABLE_1)), drawn_mark=value_of(opened, "drawn_mark"))
    )
    assert response.status_code == 302


def test_changing_the_round_or_table_after_opening_is_not_a_changed_draw(client, secretary, meeting, drawn):
    client.force_login(secretary)
    opened = client.get(enter_url(meeting) + "?round=1&table=1")
    response = client.post(
        enter_url(meeting), table_post(TABLE_1, table="3", drawn_mark=value_of(opened, "drawn_mark"))
    )
    assert response.status_code == 302


def test_confirming_a_report_made_before_a_swap_is_refused_with_the_table_now(
    client, club, meeting, drawn, member, secretary
):
    club.players_report_results = True
    club.save()
    Member.objects.filter(club=club, name="西川三郎").update(user=member)
    client.force_login(member)
    sent = client.post(f"/c/{club.slug}/meetings/{meeting.pk}/report/1/1/", {**SCORES, "action": "save"})
    assert sent.status_code == 302
    report = ReportedResult.objects.get()
    client.force_login(secretary)
    opened = client.get(enter_url(meeting, "/en") + f"?report={report.pk}")
    swap(meeting, 1, person("北村四郎").pk, person("高橋九郎").pk, secretary)  # after the form was opened
    response = client.post(
        enter_url(meeting, "/en"),
        {**report.sheet, "report": report.pk, "action": "save", "drawn_mark": value_of(opened, "drawn_mark")},
    )
    assert response.status_code == 400
    assert any("The draw changed since this form was opened" in message for message in errors(response))
    assert block(response, "drawn-table-now")[4] == "North 高橋九郎"
    report.refresh_from_db()
    assert (report.status, Game.objects.count()) == ("pending", 0)


# -- one table per person and round ----------------------------------------------------------------------


def test_a_member_at_two_typed_tables_of_a_round_is_refused(client, secretary, meeting):
    client.force_login(secretary)
    save(meeting, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"])
    response = client.post(
        enter_url(meeting, "/en"), table_post(["中島五郎", "南野二郎", "東田一郎", "北村四郎"], table="2")
    )
    assert response.status_code == 400
    assert Game.objects.count() == 1
    field_errors = find_all(page(response), lambda n: dict(n.attributes).get("data-errors-for") == "player_1")
    assert "南野二郎 already played round 1 at table 1" in text_of(field_errors[0])
    assert block(response, "existing-game")[0] == "Saved already: round 1, table 1"
    # The next round is another matter.
    assert (
        client.post(
            enter_url(meeting), table_post(["中島五郎", "南野二郎", "東田一郎", "北村四郎"], table="2", round="2")
        ).status_code
        == 302
    )


def test_a_member_at_two_drawn_tables_is_refused_even_when_seated_as_typed(client, secretary, meeting, drawn):
    client.force_login(secretary)
    save(meeting, TABLE_1)
    typed = ["中島五郎", "田中六郎", "東田一郎", "鈴木八郎"]
    response = client.post(enter_url(meeting, "/en"), table_post(typed, table="2", seat_as_typed="on"))
    assert response.status_code == 400
    assert any("東田一郎 already played round 1 at table 1" in message for message in errors(response))
    assert Game.objects.count() == 1


def test_a_correction_seating_a_member_of_another_table_is_refused(client, secretary, meeting, drawn):
    client.force_login(secretary)
    save(meeting, TABLE_1)
    second = save(meeting, TABLE_2, table=2)
    response = client.post(
        edit_url(second, "/en"),
        table_post(
            ["中島五郎", "田中六郎", "西川三郎", "鈴木八郎"],
            table="2",
            revision=str(second.revision),
            seat_as_typed="on",
        ),
    )
    assert response.status_code == 400
    assert any("西川三郎 already played round 1 at table 1" in message for message in errors(response))
    assert {seat.member.name for seat in Game.objects.get(pk=second.pk).seats.all()} == set(TABLE_2)


def test_a_correction_of_a_game_seated_as_typed_keeps_its_players(client, secretary, meeting, drawn):
    client.force_login(secretary)
    typed = ["南野二郎", "高橋九郎", "西川三郎", "北村四郎"]
    game = record_game(
        settle_in_force(
            Entry(
                meeting=meeting,
                round=1,
                table=1,
                members=[person(n) for n in typed],
                scores=[41300, 31500, 18700, 8500],
            )
        ),
        secretary,
    )
    response = client.post(
        edit_url(game), table_post(typed, score_0="41400", score_3="8400", revision=str(game.revision))
    )
    assert response.status_code == 302
    # Moving it onto table 2, whose draw seats others, asks again.
    response = client.post(edit_url(game, "/en"), table_post(typed, table="2", revision=str(game.revision + 1)))
    assert response.status_code == 400
    assert len(box(response, "seat_as_typed")) == 1


def test_the_service_refuses_two_tables_without_a_form(club, meeting, secretary):
    save(meeting, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"])
    with pytest.raises(EntryRefused) as refused:
        save(meeting, ["中島五郎", "南野二郎", "東田一郎", "北村四郎"], table=2)
    assert refused.value.existing.table == 1


# -- a game saved twice ------------------------------------------------------------------------------------


def test_the_same_game_saved_twice_asks_first(client, secretary, meeting):
    client.force_login(secretary)
    first = client.post(enter_url(meeting), table_post(["東田一郎", "南野二郎", "西川三郎", "北村四郎"]))
    assert first.status_code == 302
    game = Game.objects.get()
    again = table_post(
        ["西川三郎", "東田一郎", "北村四郎", "南野二郎"],
        round="2",
        score_0="18700",
        score_1="41300",
        score_2="8500",
        score_3="31500",
    )  # same people, same scores
    response = client.post(enter_url(meeting), again)
    assert response.status_code == 400
    assert Game.objects.count() == 1
    assert any(message.startswith("同じ対局がすでに入力されています") for message in errors(response))
    shown = block(response, "existing-game")
    assert shown[1:5] == ["東 東田一郎 41,300", "南 南野二郎 31,500", "西 西川三郎 18,700", "北 北村四郎 8,500"]
    link = find_all(
        page(response), lambda n: n.name == "a" and dict(n.attributes).get("href", "").endswith(f"/games/{game.pk}/")
    )
    assert link
    assert len(box(response, "same_game_ok")) == 1
    response = client.post(enter_url(meeting), {**again, "same_game_ok": "on"})
    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_the_same_people_with_other_scores_do_not_ask(client, secretary, meeting):
    client.force_login(secretary)
    players = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    assert client.post(enter_url(meeting), table_post(players)).status_code == 302
    response = client.post(enter_url(meeting), table_post(players, round="2", score_0="41400", score_3="8400"))
    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_correcting_a_game_is_not_a_second_copy_of_it(client, secretary, meeting):
    client.force_login(secretary)
    players = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    assert client.post(enter_url(meeting), table_post(players)).status_code == 302
    game = Game.objects.get()
    response = client.post(edit_url(game), table_post(players, deposit="", revision=str(game.revision)))
    assert response.status_code == 302
    # Correcting another game into a copy of the first asks, as entry does.
    other = save(meeting, players, round_number=2, scores=(40000, 30000, 20000, 10000))
    response = client.post(edit_url(other), table_post(players, round="2", revision=str(other.revision)))
    assert response.status_code == 400
    assert len(box(response, "same_game_ok")) == 1


def test_a_voided_game_is_not_asked_about(client, secretary, meeting):
    client.force_login(secretary)
    players = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    game = save(meeting, players)
    Game.objects.filter(pk=game.pk).update(void=True)
    assert client.post(enter_url(meeting), table_post(players)).status_code == 302


def test_the_service_asks_only_when_told(meeting, secretary):
    players = ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    save(meeting, players)
    entry = Entry(
        meeting=meeting, round=2, table=1, members=[person(n) for n in players], scores=[41300, 31500, 18700, 8500]
    )
    with pytest.raises(EntryRefused):
        record_game(settle_in_force(entry), secretary, EntryChecks(same_game_ok=False))
    game = record_game(settle_in_force(entry), secretary)
    with pytest.raises(EntryRefused):
        correct_game(game, settle_in_force(entry), game.revision, secretary, EntryChecks(same_game_ok=False))


# -- two secretaries at once -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="real concurrent transactions: PostgreSQL",
)
def test_two_secretaries_saving_one_table_at_once_save_one_game(club, meeting, secretary, owner):
    draw_round(meeting, 1, [TABLE_1[:4]], sitting_out=["中島五郎"])
    opened = Client()
    opened.force_login(secretary)
    mark = value_of(opened.get(enter_url(meeting) + "?round=1&table=1"), "drawn_mark")
    start, results = threading.Barrier(2), {}

    def send(user, scores):
        client = Client()
        client.force_login(user)
        try:
            start.wait()
            response = client.post(enter_url(meeting, "/en"), table_post(TABLE_1, drawn_mark=mark, **scores))
            results[user.username] = (response.status_code, errors(response) if response.status_code != 302 else [])
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=send, args=(secretary, {})),
        threading.Thread(target=send, args=(owner, {"score_0": "41400", "score_3": "8400"})),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Game.objects.count() == 1
    assert sorted(status for status, _messages in results.values()) == [302, 400]
    refused = next(messages for status, messages in results.values() if status == 400)
    assert any("Round 1 at table 1 already has a game in this meeting." in message for message in refused), refused


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="real concurrent transactions: PostgreSQL",
)
def test_a_save_and_a_swap_at_once_never_both_go_through(club, meeting, secretary, owner):
    Member.objects.create(club=club, name="高橋九郎", kana="たかはしくろう")
    draw_round(meeting, 1, [TABLE_1], sitting_out=["高橋九郎"])
    opened = Client()
    opened.force_login(secretary)
    mark = value_of(opened.get(enter_url(meeting) + "?round=1&table=1"), "drawn_mark")
    start, results = threading.Barrier(2), {}

    def save_game():
        client = Client()
        client.force_login(secretary)
        try:
            start.wait()
            response = client.post(enter_url(meeting, "/en"), table_post(TABLE_1, drawn_mark=mark))
            results["save"] = response.status_code
        finally:
            connections.close_all()

    def swap_seats():
        try:
            start.wait()
            swap(meeting, 1, person("東田一郎").pk, person("高橋九郎").pk, owner)
            results["swap"] = "swapped"
        except Exception as refusal:  # the refusal's kind is what the test reads
            results["swap"] = type(refusal).__name__
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save_game), threading.Thread(target=swap_seats)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Either the game came first (the round is played: the swap is refused), or the swap did (the form's draw
    # changed: the save is refused); never a game of the old seating beside a changed draw.
    assert results in ({"save": 302, "swap": "Refused"}, {"save": 400, "swap": "swapped"}), results
    game = Game.objects.first()
    drawn = set(drawn_table(meeting, 1, 1).names)
    assert game is None or {seat.member.name for seat in game.seats.all()} == drawn
