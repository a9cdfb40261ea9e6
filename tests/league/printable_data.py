"""Forty members and forty games for the print tests: a season that has to fit one A4 page."""

import datetime

from league.models import Member, Season
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .standings_data import meeting_on

MEMBERS = 40
SURNAMES = "青木石田上田江藤小野加藤木村工藤小林斎藤佐藤島田鈴木関口高橋田中千葉土屋寺田中村"
GIVEN = ("一郎", "次郎")


def forty_members(club, user):
    """40 members (a surname and a given name), each in four games of 2026年度; returns the season."""
    surnames = [SURNAMES[index : index + 2] for index in range(0, len(SURNAMES), 2)]
    members = [
        Member.objects.create(club=club, name=f"{surname}{given}", kana=f"めんばー{number:02d}")
        for number, (given, surname) in enumerate((g, s) for g in GIVEN for s in surnames)
    ][:MEMBERS]
    season = Season.objects.create(
        club=club, name="2026年度", starts_on=datetime.date(2026, 4, 1), ends_on=datetime.date(2027, 3, 31)
    )
    day = meeting_on(club, datetime.date(2026, 4, 4))
    # Four rounds of ten tables; each round seats the members in another order (i × 1, 3, 7, 9 mod 40).
    for round_number, step in enumerate((1, 3, 7, 9), start=1):
        order = [members[(index * step) % MEMBERS] for index in range(MEMBERS)]
        for table in range(MEMBERS // 4):
            seated = order[table * 4 : table * 4 + 4]
            scores = [40000, 30000, 20000, 10000][table % 4 :] + [40000, 30000, 20000, 10000][: table % 4]
            entry = Entry(meeting=day, round=round_number, table=table + 1, members=seated, scores=scores)
            record_game(settle_in_force(entry), user)
    return season
