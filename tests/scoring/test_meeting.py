"""Settling a meeting's money (開催日の精算) for 爆風の会 and the settings around it.

From rule book 004 (docs/clubs.md):
「半荘1回 350円とする」
「場代と半荘の集金の差額(サービス代含)は開催日のトップ者がもらえる。
  ただし、規定ルールに満たない場合は次席(2位)がもらえることとする。
  万が一、集金額が足りない場合は差額を支払う場合がある」
「<規定ルール> ・開催日の終了時の会計に立ち会う事
  ・開催日の全半荘の1/3以上に参加している事(切り上げ)
  04〜06回開催なら2回以上 / 07〜09回開催なら3回以上 / 10〜12回開催なら4回以上 / 13〜15回開催なら5回以上」

Every expected yen amount below is computed by hand.  Every case also checks
conservation: collected == venue + Σ received + club.
"""

from decimal import Decimal

import pytest

from scoring import settle_meeting

BAKUFU = {
    "per_game": 350,
    "by_place": None,
    "surplus_to": "day_top",
    "min_share": [1, 3],
    "require_present": True,
    "shortfall": "recipient",
}


def fees(**changes):
    return {**BAKUFU, **changes}


# A day of 6 hanchan at one table of five members (24 seats):
#   A 6 games, B 5, C 5, D 4, E 4 → 24 × 350 = 8,400 yen collected.
# Fees: A 2,100; B 1,750; C 1,750; D 1,400; E 1,400.
DAY = [
    {"id": "A", "places": [2, 2, 1, 1], "points": Decimal("45.3"), "present_at_close": True},
    {"id": "B", "places": [1, 1, 2, 1], "points": Decimal("12.0"), "present_at_close": True},
    {"id": "C", "places": [1, 1, 1, 2], "points": Decimal("-3.3"), "present_at_close": True},
    {"id": "D", "places": [1, 1, 1, 1], "points": Decimal("-20.0"), "present_at_close": True},
    {"id": "E", "places": [1, 1, 1, 1], "points": Decimal("-34.0"), "present_at_close": True},
]
FEES = {"A": 2100, "B": 1750, "C": 1750, "D": 1400, "E": 1400}


def day(**changes):
    """DAY with some players changed: day(A={"present_at_close": False})."""
    return [{**p, **changes.get(p["id"], {})} for p in DAY]


def balanced(result, players):
    """The money balances to the yen, and each player's figures agree."""
    assert result.collected == sum(p.fee for p in result.players)
    assert result.surplus == result.collected - result.venue
    assert result.collected == result.venue + sum(p.received for p in result.players) + result.club
    assert [p.id for p in result.players] == [p["id"] for p in players]
    for money, player in zip(result.players, players, strict=True):
        assert money.games == sum(player["places"])
        assert money.net == money.received - money.fee
    return result


def received(result):
    return {p.id: p.received for p in result.players}


def nets(result):
    return {p.id: p.net for p in result.players}


def test_surplus_goes_to_the_eligible_top():
    # 8,400 − 6,000 = 2,400 to A (6 games ≥ ceil(6/3) = 2, present).
    players = DAY
    result = balanced(settle_meeting(fees(venue=6000, rounds=6), players), players)
    assert (result.collected, result.venue, result.surplus, result.club) == (8400, 6000, 2400, 0)
    assert result.min_games == 2
    assert result.recipients == ["A"]
    assert result.passed_over == []
    assert {p.id: p.fee for p in result.players} == FEES
    assert received(result) == {"A": 2400, "B": 0, "C": 0, "D": 0, "E": 0}
    assert nets(result) == {"A": 300, "B": -1750, "C": -1750, "D": -1400, "E": -1400}


def test_top_absent_at_the_close_passes_to_the_next():
    # 「開催日の終了時の会計に立ち会う事」… 「次席(2位)がもらえる」
    players = day(A={"present_at_close": False})
    result = balanced(settle_meeting(fees(venue=6000, rounds=6), players), players)
    assert result.recipients == ["B"]
    assert result.passed_over == [("A", "absent_at_close")]
    assert received(result) == {"A": 0, "B": 2400, "C": 0, "D": 0, "E": 0}
    assert nets(result)["A"] == -2100
    assert nets(result)["B"] == 650  # 2,400 − 1,750
    assert result.club == 0


def test_top_and_second_absent_passes_further_down_the_order():
    # The book names only 次席; docs/scoring.md: "it passes down the day's order".
    players = day(A={"present_at_close": False}, B={"present_at_close": False})
    result = balanced(settle_meeting(fees(venue=6000, rounds=6), players), players)
    assert result.recipients == ["C"]
    assert result.passed_over == [("A", "absent_at_close"), ("B", "absent_at_close")]
    assert received(result)["C"] == 2400


def test_require_present_false_lets_an_absent_top_receive():
    players = day(A={"present_at_close": False})
    result = balanced(settle_meeting(fees(venue=6000, rounds=6, require_present=False), players), players)
    assert result.recipients == ["A"]
    assert received(result)["A"] == 2400


# 「開催日の全半荘の1/3以上に参加している事(切り上げ)」 and the book's table.
BOOK_MIN_GAMES = [
    (4, 2),
    (5, 2),
    (6, 2),
    (7, 3),
    (8, 3),
    (9, 3),
    (10, 4),
    (11, 4),
    (12, 4),
    (13, 5),
    (14, 5),
    (15, 5),
]
BOOK_IDS = [f"{r}回開催-{m}回以上" for r, m in BOOK_MIN_GAMES]


def rounds_day(rounds, top_games, second_games):
    """A day of ``rounds`` hanchan at one table: 4 × rounds seats.

    T (the day's top) and S (second) play the given numbers of games; F1–F3
    play every hanchan; F4 fills the remaining seats.
    """
    filler = 4 * rounds - 3 * rounds - top_games - second_games
    assert 1 <= filler <= rounds
    return [
        {"id": "T", "places": [top_games, 0, 0, 0], "points": Decimal("50.0"), "present_at_close": True},
        {"id": "S", "places": [0, second_games, 0, 0], "points": Decimal("30.0"), "present_at_close": True},
        {"id": "F1", "places": [0, 0, rounds, 0], "points": Decimal("10.0"), "present_at_close": True},
        {"id": "F2", "places": [0, 0, 0, rounds], "points": Decimal("-10.0"), "present_at_close": True},
        {"id": "F3", "places": [0, rounds, 0, 0], "points": Decimal("-30.0"), "present_at_close": True},
        {"id": "F4", "places": [filler, 0, 0, 0], "points": Decimal("-50.0"), "present_at_close": True},
    ]


@pytest.mark.parametrize(("rounds", "min_games"), BOOK_MIN_GAMES, ids=BOOK_IDS)
def test_too_few_games_passes_the_top_over(rounds, min_games):
    # T played one game fewer than needed; S exactly enough.
    # Collected 350 × 4 × rounds; venue 1,000 × rounds → surplus 400 × rounds.
    players = rounds_day(rounds, min_games - 1, min_games)
    result = balanced(settle_meeting(fees(venue=1000 * rounds, rounds=rounds), players), players)
    assert result.min_games == min_games
    assert result.collected == 1400 * rounds
    assert result.surplus == 400 * rounds
    assert result.recipients == ["S"]
    assert result.passed_over == [("T", "too_few_games")]
    assert received(result)["S"] == 400 * rounds
    assert received(result)["T"] == 0


@pytest.mark.parametrize(("rounds", "min_games"), BOOK_MIN_GAMES, ids=BOOK_IDS)
def test_exactly_the_minimum_is_enough(rounds, min_games):
    players = rounds_day(rounds, min_games, min_games - 1)
    result = balanced(settle_meeting(fees(venue=1000 * rounds, rounds=rounds), players), players)
    assert result.min_games == min_games
    assert result.recipients == ["T"]
    assert result.passed_over == []
    assert received(result)["T"] == 400 * rounds


def test_tie_for_the_top_shares_odd_yen_to_the_first_listed():
    # B and D tie on 30.0.  Venue 7,349: surplus 8,400 − 7,349 = 1,051 → 526 to B
    # (listed first), 525 to D.
    players = day(A={"points": Decimal("10.0")}, B={"points": Decimal("30.0")}, D={"points": Decimal("30.0")})
    result = balanced(settle_meeting(fees(venue=7349, rounds=6), players), players)
    assert result.surplus == 1051
    assert result.recipients == ["B", "D"]
    assert received(result) == {"A": 0, "B": 526, "C": 0, "D": 525, "E": 0}
    assert result.club == 0


def test_three_way_tie_for_the_top():
    # B, C, D on 20.0; surplus 8,400 − 7,400 = 1,000 → 334, 333, 333.
    players = day(
        A={"points": Decimal("-10.0")}, B={"points": 20}, C={"points": Decimal("20.0")}, D={"points": Decimal("20")}
    )
    result = balanced(settle_meeting(fees(venue=7400, rounds=6), players), players)
    assert result.recipients == ["B", "C", "D"]
    assert received(result) == {"A": 0, "B": 334, "C": 333, "D": 333, "E": 0}


def test_tie_for_the_top_with_one_of_them_absent():
    players = day(
        A={"points": Decimal("10.0")},
        B={"points": Decimal("30.0")},
        D={"points": Decimal("30.0"), "present_at_close": False},
    )
    result = balanced(settle_meeting(fees(venue=7349, rounds=6), players), players)
    assert result.recipients == ["B"]
    assert received(result)["B"] == 1051


def test_nobody_eligible_the_club_keeps_the_surplus():
    players = day(**{pid: {"present_at_close": False} for pid in "ABCDE"})
    result = balanced(settle_meeting(fees(venue=6000, rounds=6), players), players)
    assert result.recipients == []
    assert result.club == 2400
    assert all(p.received == 0 for p in result.players)
    assert result.passed_over == [(pid, "absent_at_close") for pid in "ABCDE"]


def test_nobody_played_enough_the_club_keeps_the_surplus():
    # 15 rounds held (needs 5), four players who stayed for 4 each: 16 × 350 = 5,600.
    players = [
        {"id": pid, "places": [1, 1, 1, 1], "points": Decimal(pts), "present_at_close": True}
        for pid, pts in (("P", "30"), ("Q", "10"), ("R", "-10"), ("S", "-30"))
    ]
    result = balanced(settle_meeting(fees(venue=5000, rounds=15), players), players)
    assert result.min_games == 5
    assert result.recipients == []
    assert result.club == 600
    assert result.passed_over == [(pid, "too_few_games") for pid in "PQRS"]


def test_shortfall_paid_by_the_recipient():
    # 「万が一、集金額が足りない場合は差額を支払う場合がある」: 8,400 − 9,000 = −600 paid by A.
    result = balanced(settle_meeting(fees(venue=9000, rounds=6), DAY), DAY)
    assert result.surplus == -600
    assert result.recipients == ["A"]
    assert received(result) == {"A": -600, "B": 0, "C": 0, "D": 0, "E": 0}
    assert nets(result)["A"] == -2700
    assert result.club == 0


def test_shortfall_paid_by_the_next_when_the_top_is_absent():
    players = day(A={"present_at_close": False})
    result = balanced(settle_meeting(fees(venue=9000, rounds=6), players), players)
    assert result.recipients == ["B"]
    assert received(result)["B"] == -600


def test_shortfall_shared_by_tied_recipients():
    # −1,051 between B and D: divmod(−1051, 2) = (−526, 1) → B (first listed) −525, D −526
    # (the engine's documented choice: the first in priority pays one yen less).
    players = day(A={"points": Decimal("10.0")}, B={"points": Decimal("30.0")}, D={"points": Decimal("30.0")})
    result = balanced(settle_meeting(fees(venue=9451, rounds=6), players), players)
    assert result.surplus == -1051
    assert received(result) == {"A": 0, "B": -525, "C": 0, "D": -526, "E": 0}


def test_shortfall_with_nobody_eligible_is_covered_by_the_club():
    players = day(**{pid: {"present_at_close": False} for pid in "ABCDE"})
    result = balanced(settle_meeting(fees(venue=9000, rounds=6), players), players)
    assert result.club == -600
    assert all(p.received == 0 for p in result.players)


def test_shortfall_split_among_all_players():
    # −1,003 among five: divmod(−1003, 5) = (−201, 2) → A −200, B −200, C −201, D −201, E −201.
    result = balanced(settle_meeting(fees(venue=9403, rounds=6, shortfall="split"), DAY), DAY)
    assert result.surplus == -1003
    assert received(result) == {"A": -200, "B": -200, "C": -201, "D": -201, "E": -201}
    assert nets(result) == {"A": -2300, "B": -1950, "C": -1951, "D": -1601, "E": -1601}
    assert result.club == 0


def test_shortfall_split_even_when_nobody_is_eligible():
    players = day(**{pid: {"present_at_close": False} for pid in "ABCDE"})
    result = balanced(settle_meeting(fees(venue=9403, rounds=6, shortfall="split"), players), players)
    assert received(result) == {"A": -200, "B": -200, "C": -201, "D": -201, "E": -201}
    assert result.club == 0


def test_shortfall_split_with_surplus_to_none():
    result = balanced(settle_meeting(fees(venue=9000, rounds=6, shortfall="split", surplus_to="none"), DAY), DAY)
    assert received(result) == {"A": -120, "B": -120, "C": -120, "D": -120, "E": -120}
    assert result.club == 0


def test_shortfall_left_to_the_club():
    result = balanced(settle_meeting(fees(venue=9000, rounds=6, shortfall="club"), DAY), DAY)
    assert result.club == -600
    assert all(p.received == 0 for p in result.players)
    assert nets(result) == {pid: -fee for pid, fee in FEES.items()}


def test_a_positive_surplus_ignores_the_shortfall_setting():
    for shortfall in ("recipient", "split", "club"):
        result = balanced(settle_meeting(fees(venue=6000, rounds=6, shortfall=shortfall), DAY), DAY)
        assert received(result)["A"] == 2400
        assert result.club == 0


def test_no_surplus_and_no_shortfall():
    result = balanced(settle_meeting(fees(venue=8400, rounds=6), DAY), DAY)
    assert result.surplus == 0
    assert all(p.received == 0 for p in result.players)
    assert result.club == 0


def test_fees_by_place():
    # by_place 700 / 500 / 300 / 100 replaces per_game:
    # A 2×700 + 2×500 + 300 + 100 = 2,800; B 700 + 500 + 2×300 + 100 = 1,900;
    # C 700 + 500 + 300 + 2×100 = 1,700; D and E 1,600 each.  Collected 9,600.
    result = balanced(settle_meeting(fees(venue=6000, rounds=6, by_place=[700, 500, 300, 100]), DAY), DAY)
    assert {p.id: p.fee for p in result.players} == {"A": 2800, "B": 1900, "C": 1700, "D": 1600, "E": 1600}
    assert result.collected == 9600
    assert result.surplus == 3600
    assert received(result)["A"] == 3600
    assert nets(result)["A"] == 800


def test_surplus_to_none_the_club_keeps_it():
    result = balanced(settle_meeting(fees(venue=6000, rounds=6, surplus_to="none"), DAY), DAY)
    assert result.recipients == []
    assert result.club == 2400
    assert all(p.received == 0 for p in result.players)


def test_surplus_to_none_and_a_shortfall_the_club_covers_it():
    result = balanced(settle_meeting(fees(venue=9000, rounds=6, surplus_to="none"), DAY), DAY)
    assert result.recipients == []
    assert result.club == -600
    assert all(p.received == 0 for p in result.players)


def test_defaults():
    # per_game 0, venue 0, surplus_to none: nothing moves.
    result = balanced(settle_meeting({}, DAY), DAY)
    assert (result.collected, result.venue, result.surplus, result.club) == (0, 0, 0, 0)
    assert result.recipients == []
    assert all(p.fee == 0 and p.received == 0 for p in result.players)


def test_min_share_follows_the_setting():
    # min_share [1, 2] with 6 rounds: ceil(6 / 2) = 3; D (4 games) would qualify, a
    # top with 2 games would not.
    players = day(A={"places": [1, 1, 0, 0], "points": Decimal("60.0")})
    result = balanced(settle_meeting(fees(venue=5000, rounds=6, min_share=[1, 2]), players), players)
    assert result.min_games == 3
    # 20 games × 350 = 7,000 − 5,000 = 2,000 to B.
    assert result.collected == 7000
    assert result.recipients == ["B"]
    assert result.passed_over == [("A", "too_few_games")]
    assert received(result)["B"] == 2000
