"""Games for the standings tests, with every figure worked out by hand in the comments.

The season 2026年度 (2026-04-01 – 2027-03-31, 3 games to be ranked) of the club ``kaze``
(爆風の会-like rules: oka 20 to the top, uma 20-10, bust 10/10, chips 5, yakuman tsumo 20 each):

G1 5/10  東 45,000 +55.0 | 南 30,000 +10.0 | 西 20,000 −20.0 | 北 5,000 −45.0
G2 5/10  南 41,000 +61.0 | 西 35,000 +15.0 | 中 25,000 −15.0 | 北 −1,000 −61.0 (busted by 南: −10/+10)
G3 6/14  中 30,000 +50.0 | 東 30,000 +10.0 | 西 25,000 −15.0 | 南 15,000 −45.0
         (中 and 東 tie on 30,000: the seat decides; chips 中 +2 = +10.0, 南 −2 = −10.0)
G4 6/14  北 50,000 +120.0 | 東 28,000 −12.0 | 中 12,000 −48.0 | 西 10,000 −60.0
         (北 tsumo yakuman: shūgi +60.0, the others −20.0 each)
G5 6/14  void: 東 60,000 … (does not count)
G6 3/20  before the season: 東 40,000 +50.0 | 南 30,000 +10.0 | 西 20,000 −20.0 | 北 10,000 −40.0
G7 7/12  all four on 25,000: 東 +35.0 | 六 +5.0 | 南 −15.0 | 北 −25.0 (seat order decides)
Adjustments: 西 +5.0 on 7/1; 七 +3.0 on 8/1 (七 plays no game); 東 −10.0 on 3/1 (before the season).

Season lines (points include adjustments):
東 4 games  +88.0  places 2-2-0-0  avg 1.50  best +55.0 worst −12.0  shūgi −20.0  score avg 32,000
南 4 games  +11.0  places 1-1-1-1  avg 2.50  best +61.0 worst −45.0  chips −2 (−10.0)  avg 27,750
北 4 games  −11.0  places 1-0-0-3  avg 3.25  best +120.0 worst −61.0  1 bust  shūgi +60.0  avg 19,750
中 3 games  −13.0  places 1-0-2-0  avg 2.33  best +50.0 worst −48.0  chips +2 (+10.0)  avg 22,333
西 4 games  −75.0  (−80.0 and +5.0 adjusted)  places 0-1-2-1  avg 3.00  best +15.0 worst −60.0  avg 22,500
unranked: 六 1 game +5.0; 七 no game, +3.0 adjusted.
"""

import datetime

from league.models import Adjustment, Meeting, Member, RuleSet, RuleVersion, Season
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force

D = datetime.date

THREE_PLAYER_RULES = {"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]}
BOO_RULES = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "float_line": 8000,
    "ties": "seat",
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
    "chombo": {"penalty": 3, "to_others": True},
}


def member(name):
    return Member.objects.get(name=name)


def meeting_on(club, day, rule_set=None):
    rule_set = rule_set or club.rule_sets.get(slug="main")
    return Meeting.objects.get_or_create(club=club, rule_set=rule_set, date=day)[0]


def play(meeting, round, names, scores, user, **extras):
    members = [member(name) for name in names]
    entry = Entry(meeting=meeting, round=round, table=1, members=members, scores=scores, **extras)
    return record_game(settle_in_force(entry), user)


def season_games(club, user):
    """The season described above; returns the season."""
    rule_set = club.rule_sets.get(slug="main")
    Member.objects.create(club=club, name="六郷六郎", kana="ろくごうろくろう")
    Member.objects.create(club=club, name="七海七郎", kana="ななみしちろう")
    season = Season.objects.create(
        club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31), min_games=3
    )
    may, june = meeting_on(club, D(2026, 5, 10)), meeting_on(club, D(2026, 6, 14))
    july = meeting_on(club, D(2026, 7, 12))
    east, south, west, north, centre = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
    play(may, 1, [east, south, west, north], [45000, 30000, 20000, 5000], user)
    play(may, 2, [south, west, centre, north], [41000, 35000, 25000, -1000], user, busts=[{"seat": 3, "by": 0}])
    play(june, 1, [centre, east, west, south], [30000, 30000, 25000, 15000], user, chips=[2, 0, 0, -2])
    play(
        june,
        2,
        [north, east, centre, west],
        [50000, 28000, 12000, 10000],
        user,
        yakuman=[{"seat": 0, "win": "tsumo", "name": "四暗刻"}],
    )
    void = play(june, 3, [east, south, west, north], [60000, 20000, 15000, 5000], user)
    set_void(void, True, void.revision, user)
    play(meeting_on(club, D(2026, 3, 20)), 1, [east, south, west, north], [40000, 30000, 20000, 10000], user)
    play(july, 1, [east, "六郷六郎", south, north], [25000, 25000, 25000, 25000], user)
    for name, day, tenths in ((west, D(2026, 7, 1), 50), ("七海七郎", D(2026, 8, 1), 30), (east, D(2026, 3, 1), -100)):
        Adjustment.objects.create(
            club=club, rule_set=rule_set, member=member(name), date=day, points=tenths, reason="テスト"
        )
    return season


def three_player_games(club, user):
    """A 3-player rule set (oka 15, uma 30-0-30), two games:

    T1 8/2  甲 50,000 +55.0 | 乙 35,000 −5.0 | 丙 20,000 −50.0
    T2 8/2  乙 45,000 +50.0 | 丙 35,000 −5.0 | 甲 25,000 −45.0
    乙 +45.0 (1-1-0, avg 1.50) · 甲 +10.0 (1-0-1, avg 2.00) · 丙 −55.0 (0-1-1, avg 2.50)
    """
    rule_set = RuleSet.objects.create(club=club, slug="sannin", name="三人打ち", position=1)
    RuleVersion.objects.create(rule_set=rule_set, effective_from=D(2020, 1, 1), rules=THREE_PLAYER_RULES)
    for name, kana in (("甲", "こう"), ("乙", "おつ"), ("丙", "へい")):
        Member.objects.create(club=club, name=name, kana=kana)
    meeting = meeting_on(club, D(2026, 8, 2), rule_set)
    play(meeting, 1, ["甲", "乙", "丙"], [50000, 35000, 20000], user)
    play(meeting, 2, ["乙", "丙", "甲"], [45000, 35000, 25000], user)
    return rule_set


def boo_games(club, user):
    """ブー麻雀 (win points; start and float line 8,000), four games:

    W1 マルA (one floats):    東 20,000 +9 | 南 6,000 −3 | 西 4,000 −3 | 北 2,000 −3
    W2 マルB (two float):     南 12,000 +4 | 東 10,000 0 | 西 6,000 −2 | 北 4,000 −2
    W3 マルC (three float):   西 9,000 +1 | 東 8,000 0 | 南 8,000 0 | 北 7,000 −1 (東 and 南 tie: seat order)
    W4 ダブルマルA (北 ends it by a yakuman): 北 +18, the others −6 each
    北 +12 (1-0-0-3) · 東 +3 (1-3-0-0, avg 1.75) · 南 −5 (1-1-2-0) · 西 −10 (1-0-2-1)
    """
    rule_set = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀", position=2)
    RuleVersion.objects.create(rule_set=rule_set, effective_from=D(2020, 1, 1), rules=BOO_RULES)
    meeting = meeting_on(club, D(2026, 9, 6), rule_set)
    east, south, west, north = "東田一郎", "南野二郎", "西川三郎", "北村四郎"
    play(meeting, 1, [east, south, west, north], [20000, 6000, 4000, 2000], user)
    play(meeting, 2, [south, east, west, north], [12000, 10000, 6000, 4000], user)
    play(meeting, 3, [west, east, south, north], [9000, 8000, 8000, 7000], user)
    play(meeting, 4, [north, east, south, west], [14000, 8000, 6000, 4000], user, ended_by_yakuman=0)
    return rule_set
