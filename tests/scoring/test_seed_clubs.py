"""Worked examples from the five seed clubs' own rule books (quoted in docs/clubs.md).

Every expected value below was computed by hand from the club's rule book,
docs/clubs.md and docs/scoring.md, never by running the engine.  Each case names the
rule it exercises, quoted from the book.  Points are written as text so that
no binary float ever meets a Decimal.

Reminder of the arithmetic (docs/scoring.md): base = (rounded score − target)/1000
for every seat outside the first-place group F; F takes its exact base plus
the rounding residue of the others, so the bases always add up to
(Σ scores + deposit − players × target)/1000 = −oka.
"""

from decimal import Decimal

import pytest

from scoring import ScoringError, settle

# ---------------------------------------------------------------------------
# The clubs' rules, exactly as docs/clubs.md digests them (they also ship as
# fixtures; they are kept literal here on purpose).
# ---------------------------------------------------------------------------

# 000 — JPN書紀 麻雀部 公式ルール
CLUB_000 = {
    "players": 4,
    "method": "oka_uma",
    "start": 25000,
    "target": 30000,
    "oka": 20,
    "uma": [20, 10, -10, -20],
    "rounding": "five_down_six_up",
    "ties": "split",
    "deposits": "top",
    "box_under": True,
}

# 001 — 枕倶楽部標準ルール 1.3版
CLUB_001 = {
    "players": 4,
    "method": "oka_uma",
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "rounding": "toward_target",
    "ties": "seat",
    "deposits": "top",
    "box_under": True,
    "bust": {"penalty": 0, "bonus": 0, "at_zero": False},
}

# 002 — one venue, five rule sets.  Chip value: the book gives none; the
# club (and the fixture) uses 2 P.
CLUB_002_FOUR_A = {
    "players": 4,
    "method": "oka_uma",
    "start": 25000,
    "target": 30000,
    "uma": [30, 10, -10, -30],
    "ties": "seat",
    "chips": {"value": 2, "in_total": True},
}
CLUB_002_FOUR_B = dict(CLUB_002_FOUR_A)  # as A, no West round, ends at 60,000
CLUB_002_THREE_A = {
    "players": 3,
    "method": "oka_uma",
    "start": 35000,
    "target": 40000,
    "oka": 15,
    "uma": [30, 0, -30],
    "ties": "seat",
    "chips": {"value": 2, "in_total": True},
}
CLUB_002_THREE_B = dict(CLUB_002_THREE_A)  # as A, no West round, flowers, no fu
CLUB_002_BOO = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "float_line": 8000,
    "ties": "seat",
    "chombo": {"penalty": 3, "to_others": True},
    "win_points": {
        "tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]},
        "yakuman": 18,
    },
}

# 003 — a proposed standard rule set (personal site).  No uma stated: none.
CLUB_003 = {
    "players": 4,
    "method": "oka_uma",
    "start": 25000,
    "target": 30000,
    "oka": 20,
    "uma": [0, 0, 0, 0],
    "ties": "seat",
    "deposits": "top",
    "bust": {"penalty": 0, "bonus": 0, "at_zero": False},
}

# 004 — 爆風の会ルール (2006/05/07, amended 2006/05/16)
CLUB_004 = {
    "players": 4,
    "method": "oka_uma",
    "start": 25000,
    "target": 30000,
    "oka": 20,
    "uma": [20, 10, -10, -20],
    "rounding": "half_up",
    "ties": "seat",
    "deposits": "top",
    "bust": {"penalty": 10, "bonus": 10, "at_zero": False},
    "chips": {"value": 5, "in_total": True},
    "yakuman_shugi": {"ron": 30, "tsumo_each": 20, "counted_ron": 0, "counted_tsumo_each": 0, "multiply": False},
    "chombo": {"penalty": 0, "to_others": False},
}


def P(value):
    """Points with one decimal place, from text or an int (never a float)."""
    return Decimal(str(value)).quantize(Decimal("0.1"))


def case(case_id, game, places, totals, **parts):
    return pytest.param(game, places, totals, parts, id=case_id)


def check(rules, game, places, totals, parts, total_sum="0"):
    result = settle(rules, game)
    assert [seat.place for seat in result] == places
    assert [seat.total for seat in result] == [P(t) for t in totals]
    assert [seat["total"] for seat in result] == [P(t) for t in totals]
    for part, expected in parts.items():
        if part in ("floats", "double_maru_a"):
            assert getattr(result, part) == expected, part
        else:
            assert [getattr(seat, part) for seat in result] == [P(v) for v in expected], part
    if total_sum is not None:
        assert sum(seat.total for seat in result) == P(total_sum)
    return result


# ---------------------------------------------------------------------------
# 000 — JPN書紀 麻雀部
# 4.「終了時、2位以下は500点以下切捨て、600点以上切上げ(五捨六入)。25.000点持ちの
#    30.000点返し。トップ者にはオカの20.000点が加点される。」
# 5.「順位ウマは1位+20.000点、2位+10.000点、3位△10.000点、4位に△20.000点。」
# 6.「順位は上家優先なし。同得点の場合は同順位。オカ・ウマとも同得点者の人数で割り、加減される。」
# ---------------------------------------------------------------------------
CASES_000 = [
    # 基本4・5「五捨六入」: 28,500→28,000 (500 dropped), 16,600→17,000 (600 up),
    # 9,400→9,000.  Residue +0.5 −0.4 +0.4 = +0.5, top 15.5 + 0.5 = 16.0.
    # Totals: 16+20+20=56; −2+10=8; −13−10=−23; −21−20=−41.
    case(
        "000-五捨六入-500切捨て-600切上げ",
        {"scores": [45500, 28500, 16600, 9400]},
        [1, 2, 3, 4],
        ["56.0", "8.0", "-23.0", "-41.0"],
        base=["16.0", "-2.0", "-13.0", "-21.0"],
        oka=["20", "0", "0", "0"],
        uma=["20", "10", "-10", "-20"],
    ),
    # 基本6「同得点の場合は同順位。オカ・ウマとも同得点者の人数で割り」— tie at the top.
    # 15,300→15,000 (res +0.3), 11,500→11,000 (res +0.5): residue 0.8 shared 0.4 each,
    # tops 6.6+0.4 = 7.0; uma (20+10)/2 = 15, oka 20/2 = 10: 7+10+15 = 32.
    case(
        "000-同順位-トップ折半",
        {"scores": [36600, 36600, 15300, 11500]},
        [1, 1, 3, 4],
        ["32.0", "32.0", "-25.0", "-39.0"],
        base=["7.0", "7.0", "-15.0", "-19.0"],
        oka=["10", "10", "0", "0"],
        uma=["15", "15", "-10", "-20"],
    ),
    # 基本6 — tie in the middle: 24,600→25,000 (600 up) for both, 10,700→11,000.
    # Residue −0.4 −0.4 −0.3 = −1.1, top 10.1 − 1.1 = 9.0; uma (10−10)/2 = 0 each.
    case(
        "000-同順位-2位3位折半",
        {"scores": [40100, 24600, 24600, 10700]},
        [1, 2, 2, 4],
        ["49.0", "-5.0", "-5.0", "-39.0"],
        base=["9.0", "-5.0", "-5.0", "-19.0"],
        uma=["20", "0", "0", "-20"],
    ),
    # 基本6 — tie at the bottom: 12,500→12,000 twice (res +0.5 each), top 12 + 1 = 13;
    # uma (−10−20)/2 = −15 each: −18−15 = −33.
    case(
        "000-同順位-3位4位折半",
        {"scores": [42000, 33000, 12500, 12500]},
        [1, 2, 3, 3],
        ["53.0", "13.0", "-33.0", "-33.0"],
        base=["13.0", "3.0", "-18.0", "-18.0"],
        uma=["20", "10", "-15", "-15"],
    ),
    # 基本6 — three tied at the top: uma (20+10−10)=20 and oka 20 each split in
    # three, 6.7/6.7/6.6 (odd tenths by seat priority, docs/scoring.md step 5).
    case(
        "000-同順位-三者トップ",
        {"scores": [30000, 30000, 30000, 10000]},
        [1, 1, 1, 4],
        ["13.4", "13.4", "13.2", "-40.0"],
        oka=["6.7", "6.7", "6.6", "0"],
        uma=["6.7", "6.7", "6.6", "-20"],
    ),
    # 基本6 — all four at 25,000 share first place: uma 0, oka 5 each, base −5: 0.
    case(
        "000-同順位-四者",
        {"scores": [25000, 25000, 25000, 25000]},
        [1, 1, 1, 1],
        ["0.0", "0.0", "0.0", "0.0"],
        oka=["5", "5", "5", "5"],
        uma=["0", "0", "0", "0"],
    ),
    # リーチ6「オーラスが流局した場合リーチ棒はトップ者に渡る。」 38,000 + 2,000 = 40,000.
    case(
        "000-供託はトップ",
        {"scores": [38000, 30000, 20000, 10000], "deposit": 2000},
        [1, 2, 3, 4],
        ["50.0", "10.0", "-20.0", "-40.0"],
        base=["10.0", "0.0", "-10.0", "-20.0"],
    ),
    # 基本11「ハコ割れ終了なし。」 −10,500 五捨六入 → −11,000 (docs/scoring.md step 4),
    # 27,500 → 27,000.  Residue +0.5 +0.5 = 1.0, top 22 + 1 = 23.
    case(
        "000-箱下-マイナス10500",
        {"scores": [52000, 31000, 27500, -10500]},
        [1, 2, 3, 4],
        ["63.0", "11.0", "-13.0", "-61.0"],
        base=["23.0", "1.0", "-3.0", "-41.0"],
    ),
]


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_000)
def test_club_000(game, places, totals, parts):
    check(CLUB_000, game, places, totals, parts)


# ---------------------------------------------------------------------------
# 001 — 枕倶楽部標準ルール 1.3版
# 1)「25,000点持ちの30,000点返し。順位ウマあり。トップ+20、2位+10、3位−10、4位−20。
#     同得点の場合の順位は起家から見て上家優先とする。」
#    「端数の点数計算はプラス者切り下げ。マイナス者切り上げ。」「箱下カウントあり。」
# ---------------------------------------------------------------------------
CASES_001 = [
    # 「プラス者切り下げ。マイナス者切り上げ。」 31,700→31,000 (+1), 17,700→18,000 (−12).
    # Residue +0.7 −0.3 = +0.4; top 15.6 + 0.4 = 16.0.
    case(
        "001-プラス者切り下げ-マイナス者切り上げ",
        {"scores": [45600, 31700, 17700, 5000]},
        [1, 2, 3, 4],
        ["56.0", "11.0", "-22.0", "-45.0"],
        base=["16.0", "1.0", "-12.0", "-25.0"],
    ),
    # Same rule below the target and below 0 (「箱下カウントあり」): 29,900→30,000 (0),
    # 18,600→19,000 (−11), −10,800→−10,000 (−40).  Residue −0.1 −0.4 −0.8 = −1.3;
    # top 32.3 − 1.3 = 31.0.
    case(
        "001-マイナス者切り上げ-箱下",
        {"scores": [62300, 29900, 18600, -10800]},
        [1, 2, 3, 4],
        ["71.0", "10.0", "-21.0", "-60.0"],
        base=["31.0", "0.0", "-11.0", "-40.0"],
    ),
    # 「同得点の場合の順位は起家から見て上家優先」 — seats 0 and 1 tie at 30,000,
    # seats 2 and 3 tie at 20,000: 1, 2, 3, 4 by seat.
    case(
        "001-同点-起家優先",
        {"scores": [30000, 30000, 20000, 20000]},
        [1, 2, 3, 4],
        ["40.0", "10.0", "-20.0", "-30.0"],
        uma=["20", "10", "-10", "-20"],
    ),
    # Same, tie at the top between South (1) and North (3): South is first.
    case(
        "001-同点-南家が北家より上",
        {"scores": [20000, 35000, 10000, 35000]},
        [3, 1, 4, 2],
        ["-20.0", "45.0", "-40.0", "15.0"],
        base=["-10.0", "5.0", "-20.0", "5.0"],
    ),
    # 24)「半荘終了時はトップ取り。」 39,000 + 1,000 deposit = 40,000.
    case(
        "001-供託はトップ取り",
        {"scores": [39000, 30000, 20000, 10000], "deposit": 1000},
        [1, 2, 3, 4],
        ["50.0", "10.0", "-20.0", "-40.0"],
    ),
    # 3)「0点丁度は続行。」 A player on exactly 0 is not busted and no bonus exists.
    case(
        "001-0点丁度",
        {"scores": [55000, 30000, 15000, 0]},
        [1, 2, 3, 4],
        ["65.0", "10.0", "-25.0", "-50.0"],
        bust=["0", "0", "0", "0"],
    ),
]


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_001)
def test_club_001(game, places, totals, parts):
    check(CLUB_001, game, places, totals, parts)


def test_club_001_exactly_zero_is_not_a_bust():
    # 3)「局終了時に持ち点 0点未満になったものがでた場合。 0点丁度は続行。」
    with pytest.raises(ScoringError) as refused:
        settle(CLUB_001, {"scores": [55000, 30000, 15000, 0], "busts": [{"seat": 3, "by": 0}]})
    assert refused.value.code == "not_busted"
    assert refused.value.field == "busts.0.seat"


# ---------------------------------------------------------------------------
# 002 — one venue's rule book
# 四人打ち半荘戦A「25000点持ち3万点返しの四人打ち半荘戦です.馬は10-30です.」
#                「ゲーム終了時同点の場合は起家優先とします.」
#                「一発★,裏ドラ★あり.赤伍萬,赤伍筒,赤伍索は各1枚です★.」
#                「(本役満栄★10摸★5,数え役満栄★6摸★3)」 — chips 2 P each (club's value)
# ---------------------------------------------------------------------------
CASES_002_FOUR_A = [
    # 「馬は10-30」 and ★ chips ×2 P.  No rounding in the book: exact tenths.
    # Bases 18.3, −2.4, −14.2, −21.7; chips 3, −1, 0, −2 → 6, −2, 0, −4.
    # 18.3+20+30+6 = 74.3; −2.4+10−2 = 5.6; −14.2−10 = −24.2; −21.7−30−4 = −55.7.
    case(
        "002-四人A-馬10-30-チップ",
        {"scores": [48300, 27600, 15800, 8300], "chips": [3, -1, 0, -2]},
        [1, 2, 3, 4],
        ["74.3", "5.6", "-24.2", "-55.7"],
        base=["18.3", "-2.4", "-14.2", "-21.7"],
        chips=["6", "-2", "0", "-4"],
        uma=["30", "10", "-10", "-30"],
    ),
    # 「ゲーム終了時同点の場合は起家優先とします.」
    case(
        "002-四人A-同点起家優先",
        {"scores": [32000, 32000, 18000, 18000]},
        [1, 2, 3, 4],
        ["52.0", "12.0", "-22.0", "-42.0"],
    ),
    # 「本役満…摸★5」: a tsumo yakuman by South is entered as chips +15 / −5 each
    # (the shūgi is paid in chips at the table).  Chips → 30, −10 each.
    # Places: South 57,000; East and West tie on 17,000 (East first); North.
    # 27+20+30+30 = 107; −13+10−10 = −13; −13−10−10 = −33; −21−30−10 = −61.
    case(
        "002-四人A-役満ツモ祝儀はチップ",
        {"scores": [17000, 57000, 17000, 9000], "chips": [-5, 15, -5, -5]},
        [2, 1, 3, 4],
        ["-13.0", "107.0", "-33.0", "-61.0"],
        chips=["-10", "30", "-10", "-10"],
    ),
]

CASES_002_FOUR_B = [
    # 四人打ち半荘戦B「途中で1人以上の持ち点が0点未満または6万点以上となった場合ゲーム終了です。」
    # Ended at 60,000: 30+20+30 = 80; −5+10 = 5; −20−10 = −30; −25−30 = −55.
    case(
        "002-四人B-6万点終了", {"scores": [60000, 25000, 10000, 5000]}, [1, 2, 3, 4], ["80.0", "5.0", "-30.0", "-55.0"]
    ),
]

CASES_002_THREE_A = [
    # 三人打ち半荘戦A「35000点持ち4万点返しの三人打ち半荘戦です.馬は0-30です。」
    # Oka (40,000−35,000)×3 = 15.  Bases 12.1, −6.6, −20.5; chips 2, 0, −2 → 4, 0, −4.
    # 12.1+15+30+4 = 61.1; −6.6; −20.5−30−4 = −54.5.
    case(
        "002-三人A-馬0-30-オカ15",
        {"scores": [52100, 33400, 19500], "chips": [2, 0, -2]},
        [1, 2, 3],
        ["61.1", "-6.6", "-54.5"],
        base=["12.1", "-6.6", "-20.5"],
        oka=["15", "0", "0"],
        uma=["30", "0", "-30"],
        chips=["4", "0", "-4"],
    ),
    # 「ゲーム終了時同点の場合は起家優先とします.」 East and West tie on 40,000.
    case("002-三人A-同点起家優先", {"scores": [40000, 25000, 40000]}, [1, 3, 2], ["45.0", "-45.0", "0.0"]),
]

CASES_002_THREE_B = [
    # 三人打ち半荘戦B「35000点持ち4万点返し…馬は0-30です.」 20+15+30 = 65; 5; −40−30 = −70.
    case("002-三人B", {"scores": [60000, 45000, 0]}, [1, 2, 3], ["65.0", "5.0", "-70.0"]),
]


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_002_FOUR_A)
def test_club_002_four_player_a(game, places, totals, parts):
    check(CLUB_002_FOUR_A, game, places, totals, parts)


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_002_FOUR_B)
def test_club_002_four_player_b(game, places, totals, parts):
    check(CLUB_002_FOUR_B, game, places, totals, parts)


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_002_THREE_A)
def test_club_002_three_player_a(game, places, totals, parts):
    check(CLUB_002_THREE_A, game, places, totals, parts)


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_002_THREE_B)
def test_club_002_three_player_b(game, places, totals, parts):
    check(CLUB_002_THREE_B, game, places, totals, parts)


# ブー麻雀ルール
# 「8000点持ち四人打ち半荘戦です. 原点は浮きとして扱います.」
# 「4人沈みの場合は持ち点の多い順に3人を浮きとして扱います。同点者がいる場合は起家優先となります。」
# 勝利点: ダブルマルA +18 / −6, マルA +9 / 0 / −3, マルB +4 / 0 / −2, マルC +1 / 0 / −1.
# 「役満は無条件にゲーム終了となり,達成者のダブルマルAとします.」
# 「包則が適用された場合,ツモ上がりの場合は包責者がトップの収入分の全額を支払うものとします。
#   ロン上がりの場合9勝利点を包責者の支払いとし,9勝利点を放銃者の支払いとします。」
# 「チョンボは通算成績を計算する場合は他家に各1勝利点の支払い」
CASES_002_BOO = [
    # マルA: only East floats.
    case(
        "002-ブー-マルA",
        {"scores": [16000, 6000, 5000, 5000]},
        [1, 2, 3, 4],
        ["9", "-3", "-3", "-3"],
        floats=1,
        double_maru_a=False,
    ),
    # マルB: East and South float.
    case("002-ブー-マルB", {"scores": [12000, 9000, 7000, 4000]}, [1, 2, 3, 4], ["4", "0", "-2", "-2"], floats=2),
    # マルC, and「原点は浮きとして扱います」: West on exactly 8,000 floats.
    case(
        "002-ブー-マルC-原点は浮き",
        {"scores": [10000, 9000, 8000, 5000]},
        [1, 2, 3, 4],
        ["1", "0", "0", "-1"],
        floats=3,
    ),
    # 「原点は浮き」 again: 16,100 and exactly 8,000 float → マルB.
    case(
        "002-ブー-原点8000でマルB", {"scores": [16100, 8000, 7900, 0]}, [1, 2, 3, 4], ["4", "0", "-2", "-2"], floats=2
    ),
    # Everyone on exactly 8,000: all four float, so the top three by place
    # (「起家優先」) count as floating → マルC.
    case(
        "002-ブー-全員原点-起家優先",
        {"scores": [8000, 8000, 8000, 8000]},
        [1, 2, 3, 4],
        ["1", "0", "0", "-1"],
        floats=3,
    ),
    # 「同点者がいる場合は起家優先」: three tied floaters.
    case("002-ブー-同点起家優先", {"scores": [5000, 9000, 9000, 9000]}, [4, 1, 2, 3], ["-1", "1", "0", "0"], floats=3),
    # ダブルマルA by tsumo (West wins): +18, each other −6.  The others keep their
    # order by score: West 1; South 6,000 → 2; East and North 5,000 → 3, 4 by seat.
    case(
        "002-ブー-ダブルマルA-ツモ",
        {
            "scores": [5000, 6000, 16000, 5000],
            "ended_by_yakuman": 2,
            "yakuman": [{"seat": 2, "kind": "yakuman", "win": "tsumo", "name": "四暗刻"}],
        },
        [3, 2, 1, 4],
        ["-6", "-6", "18", "-6"],
        double_maru_a=True,
    ),
    # ダブルマルA by ron, no pao (North from East): +18, each other −6.
    case(
        "002-ブー-ダブルマルA-ロン",
        {
            "scores": [4000, 7000, 6000, 15000],
            "ended_by_yakuman": 3,
            "yakuman": [{"seat": 3, "kind": "yakuman", "win": "ron", "from": 0, "name": "国士無双"}],
        },
        [4, 2, 3, 1],
        ["-6", "-6", "-6", "18"],
        double_maru_a=True,
    ),
    # 包則 on a tsumo: East wins, West is pao and pays all 18; the others 0.
    case(
        "002-ブー-ダブルマルA-包ツモ",
        {
            "scores": [17000, 6000, 4000, 5000],
            "ended_by_yakuman": 0,
            "yakuman": [{"seat": 0, "kind": "yakuman", "win": "tsumo", "pao": 2, "name": "大三元"}],
        },
        [1, 2, 4, 3],
        ["18", "0", "-18", "0"],
        double_maru_a=True,
    ),
    # 包則 on a ron: South wins from North, East is pao: East 9, North 9.
    case(
        "002-ブー-ダブルマルA-包ロン",
        {
            "scores": [6000, 16000, 7000, 3000],
            "ended_by_yakuman": 1,
            "yakuman": [{"seat": 1, "kind": "yakuman", "win": "ron", "from": 3, "pao": 0, "name": "大四喜"}],
        },
        [3, 1, 2, 4],
        ["-9", "18", "0", "-9"],
        double_maru_a=True,
    ),
    # チョンボ「他家に各1勝利点の支払い」 on a マルB game: North −3, others +1.
    # 4+1 = 5; 0+1 = 1; −2+1 = −1; −2−3 = −5.
    case(
        "002-ブー-チョンボ",
        {"scores": [12000, 9000, 7000, 4000], "chombo": [{"seat": 3}]},
        [1, 2, 3, 4],
        ["5", "1", "-1", "-5"],
        chombo=["1", "1", "1", "-3"],
    ),
]


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_002_BOO)
def test_club_002_boo(game, places, totals, parts):
    check(CLUB_002_BOO, game, places, totals, parts)


def test_club_002_boo_all_four_sinking_top_three_float():
    """「4人沈みの場合は持ち点の多い順に3人を浮きとして扱います。」

    Points only leave the players through a deposit (sticks left on the
    table), and floaters are counted on the scores as entered (docs/scoring.md),
    so 500 left on the table leaves all four below 8,000: the top three by
    place (起家優先 among the 7,900s) count as floating → マルC.  The deposit
    is dropped here (``deposits: "lost"``), which win points ignore anyway.
    """
    rules = {**CLUB_002_BOO, "deposits": "lost"}
    result = check(
        rules, {"scores": [7900, 7800, 7900, 7900], "deposit": 500}, [1, 4, 2, 3], ["1", "-1", "0", "0"], {"floats": 3}
    )
    assert result.floats == 3


# ---------------------------------------------------------------------------
# 003 — a proposed standard rule set
# 「同点の場合は上家取りとする。」「二万五千点持ち、三万点返し。」
# 「全員が25,000点持ちで終局した場合は、起家がトップ、開局時の南家が2着、開局時の西家が3着、
#   開局時の北家がラスということになります。」
# ---------------------------------------------------------------------------
CASES_003 = [
    # All at 25,000: East, South, West, North; base −5 each, oka 20 to East, no uma.
    case(
        "003-全員25000-上家取り",
        {"scores": [25000, 25000, 25000, 25000]},
        [1, 2, 3, 4],
        ["15.0", "-5.0", "-5.0", "-5.0"],
        base=["-5.0", "-5.0", "-5.0", "-5.0"],
        oka=["20", "0", "0", "0"],
        uma=["0", "0", "0", "0"],
    ),
    # No uma, no rounding stated: exact tenths.  11.2+20 = 31.2; 0.5; −11.7; −20.
    case(
        "003-ウマなし",
        {"scores": [41200, 30500, 18300, 10000]},
        [1, 2, 3, 4],
        ["31.2", "0.5", "-11.7", "-20.0"],
        uma=["0", "0", "0", "0"],
    ),
    # 上家取り: East and West tie at the top (East first); South and North tie below.
    case(
        "003-上家取り-東と西", {"scores": [30000, 20000, 30000, 20000]}, [1, 3, 2, 4], ["20.0", "-10.0", "0.0", "-10.0"]
    ),
    # 「供託されている点棒、リーチ棒等はトップ者のものとなる。」 34,000 + 2,000.
    case(
        "003-供託はトップ",
        {"scores": [34000, 28000, 22000, 14000], "deposit": 2000},
        [1, 2, 3, 4],
        ["26.0", "-2.0", "-8.0", "-16.0"],
    ),
    # 「とびあり。0点は続行とする。」 No bonus: a 0 changes nothing.
    case("003-0点は続行", {"scores": [50000, 30000, 20000, 0]}, [1, 2, 3, 4], ["40.0", "0.0", "-10.0", "-30.0"]),
]


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_003)
def test_club_003(game, places, totals, parts):
    check(CLUB_003, game, places, totals, parts)


def test_club_003_exactly_zero_is_not_a_bust():
    # 「とびあり。0点は続行とする。」
    with pytest.raises(ScoringError) as refused:
        settle(CLUB_003, {"scores": [50000, 30000, 20000, 0], "busts": [{"seat": 3, "by": None}]})
    assert refused.value.code == "not_busted"


# ---------------------------------------------------------------------------
# 004 — 爆風の会ルール
# 「25,000 点持ち 30,000 点返し。(トップ馬は20P)」
# 「半荘終了時の持ち点は4捨5入として計算し、1000 点1ポイントに換算する。」
# 「順位点は1位+20P、2位+10P、3位△10P、4位△20Pとし、同点の場合は上荘を上位とする。」
# 「飛び終了あり。(0点は続行) 飛んだ人は- 10P / 1人飛ばしの時、飛ばした人は+10P /
#   2人飛ばしの時、飛ばした人は+20P」
# 「とばしのポイントはあがった人に+10P、流局時はトップ者に+10Pとする。」
# 「チップ1枚は+5Pとする / 半荘終了時の順位を決定する得点には加算しない / 爆風の会の成績には加算する」
# 「役満御祝儀あり。つもの時、その他の3人から+20P 振り込みの時、振った人から+30P
#   ダブルの時、御祝儀がダブルになることはない。数え役満の場合は御祝儀はもらえない。」
# 「パオ…つもの時、役満を確定させた人の全額支払い(役満御祝儀も)
#   振り込みの時、振った人と役満を確定させた人の半々支払い(役満御祝儀も)」
# 「立直棒分のポイントはトップ者に加算される。」
# ---------------------------------------------------------------------------
CASES_004 = [
    # 「4捨5入」: 28,500→29,000 (−1), 17,400→17,000 (−13), 9,600→10,000 (−20).
    # Residue −0.5 +0.4 −0.4 = −0.5, top 14.5 − 0.5 = 14.0.
    case(
        "004-四捨五入",
        {"scores": [44500, 28500, 17400, 9600]},
        [1, 2, 3, 4],
        ["54.0", "9.0", "-23.0", "-40.0"],
        base=["14.0", "-1.0", "-13.0", "-20.0"],
    ),
    # 「飛んだ人は-10P」「1人飛ばしの時、飛ばした人は+10P」: South busted North.
    # 26,200→26,000 (res +0.2); −500→0 (四捨五入 on the signed score, res −0.5);
    # top 28.3 − 0.3 = 28.0.  South −4+10+10 = 16; North −30−20−10 = −60.
    case(
        "004-飛び賞-飛ばした人",
        {"scores": [58300, 26200, 16000, -500], "busts": [{"seat": 3, "by": 1}]},
        [1, 2, 3, 4],
        ["68.0", "16.0", "-24.0", "-60.0"],
        base=["28.0", "-4.0", "-14.0", "-30.0"],
        bust=["0", "10", "0", "-10"],
    ),
    # 「2人飛ばしの時、飛ばした人は+20P」: East busted West and North.
    # −200→0 (−30, res −0.2), −800→−1,000 (−31, res +0.2); top 41.0.
    # East 41+20+20+20 = 101; West −30−10−10 = −50; North −31−20−10 = −61.
    case(
        "004-飛び賞-2人飛ばし",
        {"scores": [71000, 30000, -200, -800], "busts": [{"seat": 2, "by": 0}, {"seat": 3, "by": 0}]},
        [1, 2, 3, 4],
        ["101.0", "10.0", "-50.0", "-61.0"],
        base=["41.0", "0.0", "-30.0", "-31.0"],
        bust=["20", "0", "-10", "-10"],
    ),
    # 「流局時はトップ者に+10P」: a bust from a draw, by null → the top.
    # 25,300→25,000 (res +0.3), −300→0 (res −0.3); top 10.0.
    case(
        "004-飛び賞-流局はトップ",
        {"scores": [40000, 35000, 25300, -300], "busts": [{"seat": 3, "by": None}]},
        [1, 2, 3, 4],
        ["60.0", "15.0", "-15.0", "-60.0"],
        bust=["10", "0", "0", "-10"],
    ),
    # 「チップ1枚は+5Pとする」「爆風の会の成績には加算する」: chips 2, −1, 1, −2.
    # 5+40+10 = 55; 0+10−5 = 5; −10−10+5 = −15; −15−20−10 = −45.
    case(
        "004-チップ5P",
        {"scores": [35000, 30000, 20000, 15000], "chips": [2, -1, 1, -2]},
        [1, 2, 3, 4],
        ["55.0", "5.0", "-15.0", "-45.0"],
        chips=["10", "-5", "5", "-10"],
    ),
    # 「半荘終了時の順位を決定する得点には加算しない」: South's chips lift its total
    # above East's, but East keeps first place (and the oka and uma).
    # East 1+40−20 = 21; South 0+10+20 = 30.
    case(
        "004-チップは順位に加算しない",
        {"scores": [31000, 30000, 20000, 19000], "chips": [-4, 4, 0, 0]},
        [1, 2, 3, 4],
        ["21.0", "30.0", "-20.0", "-31.0"],
        chips=["-20", "20", "0", "0"],
    ),
    # 「つもの時、その他の3人から+20P」: West tsumo yakuman.
    # Bases: West 28 (top), East −12, South −16, North −20.
    # West 28+20+20+60 = 128; East −12+10−20 = −22; South −16−10−20 = −46; North −20−20−20 = −60.
    case(
        "004-役満祝儀-ツモ",
        {
            "scores": [18000, 14000, 58000, 10000],
            "yakuman": [{"seat": 2, "kind": "yakuman", "win": "tsumo", "name": "四暗刻"}],
        },
        [2, 3, 1, 4],
        ["-22.0", "-46.0", "128.0", "-60.0"],
        shugi=["-20", "-20", "60", "-20"],
    ),
    # 「振り込みの時、振った人から+30P」: South rons North.
    # South 27+40+30 = 97; East −8+10 = 2; West −15−10 = −25; North −24−20−30 = −74.
    case(
        "004-役満祝儀-ロン",
        {
            "scores": [22000, 57000, 15000, 6000],
            "yakuman": [{"seat": 1, "kind": "yakuman", "win": "ron", "from": 3, "name": "国士無双"}],
        },
        [2, 1, 3, 4],
        ["2.0", "97.0", "-25.0", "-74.0"],
        shugi=["0", "30", "0", "-30"],
    ),
    # パオ on a tsumo: South (pao) pays all 60 P of the shūgi.
    # East 32+40+60 = 132; South −26−20−60 = −106; West −12+10 = −2; North −14−10 = −24.
    case(
        "004-パオ-ツモ全額",
        {
            "scores": [62000, 4000, 18000, 16000],
            "yakuman": [{"seat": 0, "kind": "yakuman", "win": "tsumo", "pao": 1, "name": "大三元"}],
        },
        [1, 4, 2, 3],
        ["132.0", "-106.0", "-2.0", "-24.0"],
        shugi=["60", "-60", "0", "0"],
    ),
    # パオ on a ron: North rons West, East is pao: 15 and 15.
    # North 28+40+30 = 98; South −8+10 = 2; East −16−10−15 = −41; West −24−20−15 = −59.
    case(
        "004-パオ-ロン半々",
        {
            "scores": [14000, 22000, 6000, 58000],
            "yakuman": [{"seat": 3, "kind": "yakuman", "win": "ron", "from": 2, "pao": 0, "name": "大四喜"}],
        },
        [3, 2, 4, 1],
        ["-41.0", "2.0", "-59.0", "98.0"],
        shugi=["-15", "0", "-15", "30"],
    ),
    # 「数え役満の場合は御祝儀はもらえない。」
    case(
        "004-数え役満は祝儀なし",
        {
            "scores": [20000, 56000, 14000, 10000],
            "yakuman": [{"seat": 1, "kind": "counted", "win": "ron", "from": 2, "name": "数え役満"}],
        },
        [2, 1, 3, 4],
        ["0.0", "66.0", "-26.0", "-40.0"],
        shugi=["0", "0", "0", "0"],
    ),
    # 「ダブルの時、御祝儀がダブルになることはない。」 count 2 pays 20 each, as one.
    # East 44+40+60 = 144; South −21+10−20 = −31; West −21−10−20 = −51; North −22−20−20 = −62.
    case(
        "004-ダブル役満も祝儀は同じ",
        {
            "scores": [74000, 9000, 9000, 8000],
            "yakuman": [{"seat": 0, "kind": "yakuman", "win": "tsumo", "count": 2, "name": "四暗刻単騎"}],
        },
        [1, 2, 3, 4],
        ["144.0", "-31.0", "-51.0", "-62.0"],
        shugi=["60", "-20", "-20", "-20"],
    ),
    # 「立直棒分のポイントはトップ者に加算される。」 37,400 + 3,000 = 40,400.
    # 31,600→32,000 (res −0.4), 19,500→20,000 (res −0.5), 8,500→9,000 (res −0.5):
    # top 10.4 − 1.4 = 9.0.
    case(
        "004-供託はトップ",
        {"scores": [37400, 31600, 19500, 8500], "deposit": 3000},
        [1, 2, 3, 4],
        ["49.0", "12.0", "-20.0", "-41.0"],
        base=["9.0", "2.0", "-10.0", "-21.0"],
    ),
    # 「同点の場合は上荘を上位とする。」
    case("004-同点は上荘", {"scores": [30000, 30000, 20000, 20000]}, [1, 2, 3, 4], ["40.0", "10.0", "-20.0", "-30.0"]),
]

# The 004 totals that do not add up to 0: none — every bust pays −10 and the
# buster gets +10, and shūgi moves between players.


@pytest.mark.parametrize(("game", "places", "totals", "parts"), CASES_004)
def test_club_004(game, places, totals, parts):
    check(CLUB_004, game, places, totals, parts)


def test_club_004_exactly_zero_goes_on():
    # 「飛び終了あり。(0点は続行)」
    with pytest.raises(ScoringError) as refused:
        settle(CLUB_004, {"scores": [50000, 30000, 20000, 0], "busts": [{"seat": 3, "by": 0}]})
    assert refused.value.code == "not_busted"
