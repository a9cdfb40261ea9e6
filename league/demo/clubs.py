"""How each seed club meets and plays: the facts the demo needs that no rule version holds.

A rule version says how a game is settled; a ``ClubPlan`` says where and when
the club meets, how many come, and a ``Table`` per rule set says how its games
run at the table (bust end, 西入, chips for red fives…).  Players, start and
target, and whether chips, busts and chombo count at all, are read from the
rule version in force on the day (see ``build.table_for``).
"""

from dataclasses import dataclass, field

from .hanchan import Table


@dataclass(frozen=True)
class ClubPlan:
    members: int  # 12–30
    female_share: float
    weekday: int  # the club's day of the week (Monday 0)
    venue: str
    fee_per_table_round: int  # yen the venue charges per table and hanchan (卓代)
    fee_base: int  # yen per meeting on top (a room, drinks)
    tables: tuple  # fewest and most tables on a meeting day
    rounds: tuple  # fewest and most hanchan per meeting
    min_games: int
    # rule-set slugs in the order meetings use them, the latest meeting first (cycled)
    rotation: tuple
    tables_by_rule_set: dict = field(default_factory=dict)  # slug → how the table plays


FOUR = Table()

PLANS = {
    # 000 麻雀部: a students' club in a rented room; no bust end (ハコ割れ終了なし)
    "jpn-shoki": ClubPlan(
        members=14,
        female_share=0.3,
        weekday=5,
        venue="雀荘 東風 高田馬場店",
        fee_per_table_round=600,
        fee_base=0,
        tables=(1, 2),
        rounds=(4, 6),
        min_games=10,
        rotation=("official",),
        tables_by_rule_set={"official": Table(bust_ends=False)},
    ),
    "makura": ClubPlan(
        members=19,
        female_share=0.15,
        weekday=4,
        venue="まくら 新宿三丁目店",
        fee_per_table_round=800,
        fee_base=0,
        tables=(1, 3),
        rounds=(4, 6),
        min_games=12,
        rotation=("standard",),
        tables_by_rule_set={"standard": FOUR},
    ),
    # 002: the venue's own league, mostly 四人打ち A, with other rule sets some weeks
    "touten": ClubPlan(
        members=27,
        female_share=0.25,
        weekday=6,
        venue="当店 2階",
        fee_per_table_round=1000,
        fee_base=0,
        tables=(1, 3),
        rounds=(5, 8),
        min_games=10,
        rotation=(
            "yonin-a",
            "boo",
            "sannin-a",
            "yonin-a",
            "yonin-b",
            "yonin-a",
            "yonin-a",
            "sannin-b",
            "yonin-a",
            "boo",
            "yonin-a",
            "yonin-b",
        ),
        tables_by_rule_set={
            "yonin-a": Table(west_round=True, red_chips=True, yakuman_chips=True),
            "yonin-b": Table(ends_at=60000, red_chips=True, yakuman_chips=True),
            "sannin-a": Table(west_round=True, red_chips=True, yakuman_chips=True),
            "sannin-b": Table(yakuman_chips=True),  # 三人打ち B: red fives carry no ★
            "boo": Table(ends_at=16000, riichi_sticks=False, noten_payments=False, boo=True),
        },
    ),
    "hyojun": ClubPlan(
        members=12,
        female_share=0.35,
        weekday=2,
        venue="駒込地域センター 和室",
        fee_per_table_round=0,
        fee_base=1800,
        tables=(1, 2),
        rounds=(4, 5),
        min_games=10,
        rotation=("proposal",),
        tables_by_rule_set={"proposal": FOUR},
    ),
    # 004 爆風の会: 350 yen a hanchan each; the venue's fee is what those fees must cover
    "bakufu": ClubPlan(
        members=23,
        female_share=0.1,
        weekday=5,
        venue="雀荘 爆風 本店",
        fee_per_table_round=1200,
        fee_base=0,
        tables=(1, 3),
        rounds=(4, 8),
        min_games=10,
        rotation=("rule",),
        tables_by_rule_set={"rule": FOUR},  # chips for 一発 and 裏ドラ only (赤ドラはチップなし)
    ),
}

# The demo accounts' own members, in the club that links them (爆風の会): the first
# members of its roster, who are also its most regular players.
LINKED_CLUB = "bakufu"
