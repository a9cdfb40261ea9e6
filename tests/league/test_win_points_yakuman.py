"""Ruling: in ブー麻雀 (win points) a yakuman ends the game at once as ダブルマルA, with no second tick.

Entry and import set ``ended_by_yakuman`` themselves (league.services.settling.seat_ending_the_game).
"""

from league.models import Game, GameSeat

from .conftest import game_post
from .import_files import game_row, plan_of, xlsx_bytes

SCORES = ("12000", "9000", "6000", "5000")  # 8,000 each at the start: West floats alone (マルA by the table)


def totals():
    return [seat.total for seat in GameSeat.objects.order_by("seat")]


def test_a_yakuman_entered_at_the_table_ends_the_game_without_a_tick(client, secretary, meeting, boo):
    client.force_login(secretary)
    data = game_post(**{f"score_{seat}": score for seat, score in enumerate(SCORES)})
    data.update(
        {
            "yakuman_0_seat": "2",
            "yakuman_0_kind": "yakuman",
            "yakuman_0_win": "ron",
            "yakuman_0_from": "0",
            "yakuman_0_name": "国士無双",
        }
    )
    response = client.post(f"/c/{boo.slug}/meetings/{meeting.pk}/enter/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.double_maru_a and game.sheet["ended_by_yakuman"] == 2
    assert totals() == [-60, -60, 180, -60]  # the others pay 6 each (docs/scoring.md, rulings)


def test_a_counted_yakuman_does_not_end_the_game_by_itself(client, secretary, meeting, boo):
    client.force_login(secretary)
    data = game_post(**{f"score_{seat}": score for seat, score in enumerate(SCORES)})
    data.update({"yakuman_0_seat": "2", "yakuman_0_kind": "counted", "yakuman_0_win": "tsumo"})
    assert client.post(f"/c/{boo.slug}/meetings/{meeting.pk}/enter/", data).status_code == 302
    assert not Game.objects.get().double_maru_a


def test_an_imported_yakuman_ends_the_game_without_the_end_mark(boo):
    row = game_row(scores=tuple(int(score) for score in SCORES), busts="", yakuman="西:国士無双:ロン:東")
    plan = plan_of(boo, xlsx_bytes([row]))
    assert not plan.problems, plan.problems
    [game] = plan.games
    assert game.ended_by_yakuman == 2 and game.result.double_maru_a
    assert [seat.tenths["total"] for seat in game.result] == [-60, -60, 180, -60]
