"""A small season for the awards and records tests, every figure worked out by hand.

Club ``kaze`` (conftest: start 25,000, target 30,000, uma 20-10, oka 20 to the top, yakuman ron 30,
tsumo 20 each).  Season 2026年度 (2026-04-01 – 2027-03-31, 2 games to be ranked); spring 春 (5/1 – 6/30).
旅人 is a guest (ゲスト).

G1 5/10 r1  東 40,000 +110.0 (tsumo 四暗刻: +60.0, 20.0 from each) | 南 30,000 −10.0 | 西 20,000 −40.0 | 北 10,000 −60.0
G2 5/10 r2  南 40,000 +50.0 | 東 30,000 +10.0 | 北 20,000 −20.0 | 西 10,000 −40.0
G3 6/14 r1  東 45,000 +55.0 | 西 25,000 +5.0 | 南 20,000 −20.0 | 北 10,000 −40.0
G4 6/14 r2  北 52,000 +92.0 (ron 大三元 off 西: +30.0) | 南 28,000 +8.0 | 東 12,000 −28.0 | 西 8,000 −72.0
G5 7/12 r1  旅人 55,000 +125.0 (tsumo 国士無双: +60.0) | 東 25,000 −15.0 | 中 12,000 −48.0 | 南 8,000 −62.0
G6 7/12 r2  points only (点数なし): 西 +120.0 | 北 +10.0 | 東 −50.0 | 中 −80.0
中 is marked present on 5/10, 6/14 and 8/9 (a meeting without games) and plays on 7/12.

Season:  東 6 games +82.0, places 2-2-2-0 (top 33.3%, top two 66.7%, never last, average 2.00)
         南 5 games −34.0, 1-2-1-1 · 西 5 −27.0, 1-1-1-2 · 北 5 −18.0, 1-1-1-2 · 中 2 −128.0 · 旅人 1 +125.0
Spring:  東 4 games 2-1-1-0 (top 50%, top two 75%, never last, 1.75) · 南 4 games 1-2-1-0 (25%, 75%, never last)
Halves of the season's three days with games: 5/10 and 6/14, then 7/12.  Per game: 西 −36.75 then +120.0
(+156.75, written +156.8) · 北 −7.0 then +10.0 · 東 +36.75 then −32.5 · 南 +7.0 then −62.0.
"""

import datetime

from league.models import Attendance, Member, Season

from .standings_data import meeting_on, play

D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE, GUEST = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎", "旅人"


def awards_season(club, user):
    """The season above; returns (season, spring)."""
    Member.objects.create(club=club, name=GUEST, kana="たびびと", guest=True)
    season = Season.objects.create(
        club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31), min_games=2
    )
    spring = Season.objects.create(club=club, name="春", starts_on=D(2026, 5, 1), ends_on=D(2026, 6, 30))
    may, june, july = (meeting_on(club, day) for day in (D(2026, 5, 10), D(2026, 6, 14), D(2026, 7, 12)))
    play(
        may,
        1,
        [EAST, SOUTH, WEST, NORTH],
        [40000, 30000, 20000, 10000],
        user,
        yakuman=[{"seat": 0, "win": "tsumo", "name": "四暗刻"}],
    )
    play(may, 2, [SOUTH, EAST, NORTH, WEST], [40000, 30000, 20000, 10000], user)
    play(june, 1, [EAST, WEST, SOUTH, NORTH], [45000, 25000, 20000, 10000], user)
    play(
        june,
        2,
        [NORTH, SOUTH, EAST, WEST],
        [52000, 28000, 12000, 8000],
        user,
        yakuman=[{"seat": 0, "win": "ron", "from": 3, "name": "大三元"}],
    )
    play(
        july,
        1,
        [GUEST, EAST, CENTRE, SOUTH],
        [55000, 25000, 12000, 8000],
        user,
        yakuman=[{"seat": 0, "win": "tsumo", "name": "国士無双"}],
    )
    play(july, 2, [WEST, NORTH, EAST, CENTRE], None, user, points=[1200, 100, -500, -800])
    centre = Member.objects.get(name=CENTRE)
    for meeting in (may, june, meeting_on(club, D(2026, 8, 9))):
        Attendance.objects.create(meeting=meeting, member=centre)
    return season, spring
