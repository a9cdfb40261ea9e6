"""Reading a day's seating draw (卓組): its rounds as ``seating`` takes them, who met whom earlier in the season,
and the rounds as the draw page shows them (docs/club_day.md)."""

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby

from django.db.models import Sum

import seating

from ..models.day_pairs import DayPair, SeasonPair
from ..models.draws import SITTING_OUT, DrawnRound, DrawnSeat
from ..models.games import WINDS, Game, GameSeat
from ..models.meeting_people import Attendance
from ..models.people import Member, reading_order
from ..models.seasons import Season
from ..web.links import login_shown


def seats_at_a_table(meeting):
    """How many sit at a table that day: 4, or 3 for a three-player rule set (三人麻雀)."""
    return meeting.rule_set.settings_on(meeting.date)["players"]


def here_now(meeting):
    """The ids of the people here now (came and not left), in a fixed order: who a draw seats."""
    return sorted(Attendance.objects.filter(meeting=meeting, present_at_close=True).values_list("member_id", flat=True))


def met_before(meeting):
    """``frozenset({a, b})`` → the counted games a and b sat at one table in, on the season's earlier days.

    The season is the club's season covering the meeting's date, the games those of the meeting's rule set
    (the draw spreads people out within the league they play); no season, no history.  Read from what the
    writers keep (``services.day_pairs``): the season's sums of its days' pairs, less the pairs of the days from
    this one to the season's end (today's games, and any day after it).  Two queries, neither over the season's
    days: 780 rows for a club of 40, however long its history.
    """
    season = Season.objects.filter(club=meeting.club_id).covering(meeting.date).first()
    if season is None:
        return {}
    met = {
        (first, second): games
        for first, second, games in SeasonPair.objects.filter(season=season, rule_set=meeting.rule_set_id).values_list(
            "first_id", "second_id", "games"
        )
    }
    later = (
        DayPair.objects.filter(
            meeting__rule_set=meeting.rule_set_id,
            meeting__date__gte=meeting.date,
            meeting__date__lte=season.ends_on,
        )
        .values_list("first_id", "second_id")
        .annotate(games=Sum("games"))
        .order_by()
    )
    for first, second, games in later:
        met[first, second] = met.get((first, second), 0) - games
    return {frozenset(pair): games for pair, games in met.items() if games > 0}


def played_rounds(meeting):
    """The round numbers that have a counted game entered: a round already played is never redrawn."""
    return set(Game.objects.filter(meeting=meeting).counted().values_list("round", flat=True))


def drawn_seats(meeting):
    """Every drawn seat of the day as (round number, seed, table, seat, member id), in that order: one query, which
    the page, the rounds for ``seating`` and the mark all read."""
    return list(
        DrawnSeat.objects.filter(round__meeting=meeting)
        .order_by("round__number", "table", "seat")
        .values_list("round__number", "round__seed", "table", "seat", "member_id")
    )


def day_rounds(meeting, leave_out=None, seats=None):
    """round number → ``seating.Round`` for every round of the day so far (but ``leave_out``): the drawn ones as
    drawn, and a round played without a draw as its games' tables (its sit-outs are not known).  ``seats``: the
    day's ``drawn_seats`` when the caller has them."""
    rounds = {}
    seats = drawn_seats(meeting) if seats is None else seats
    for number, rows in groupby(seats, key=lambda row: row[0]):
        tables, out = {}, []
        for _n, _seed, table, _seat, member in rows:
            (out if table == SITTING_OUT else tables.setdefault(table, [])).append(member)
        rounds[number] = seating.Round(tables=tuple(tuple(tables[t]) for t in sorted(tables)), sitting_out=tuple(out))
    games = (
        GameSeat.objects.counted()
        .filter(game__meeting=meeting)
        .exclude(game__round__in=rounds)
        .order_by("game__round", "game__table", "seat")
        .values_list("game__round", "game__table", "member_id")
    )
    for number, rows in groupby(games, key=lambda row: row[0]):
        tables = {}
        for _n, table, member in rows:
            tables.setdefault(table, []).append(member)
        rounds[number] = seating.Round(tables=tuple(tuple(tables[t]) for t in sorted(tables)), sitting_out=())
    rounds.pop(leave_out, None)
    return rounds


def next_round(meeting):
    """The number of the next round to draw: after every round drawn or played."""
    return max([0, *day_rounds(meeting)]) + 1


def draw_mark(meeting, seats=None):
    """A short fingerprint of the day's draw as it stands, to refuse a form shown before a change (or sent twice).
    ``seats``: the day's ``drawn_seats`` when the caller has them."""
    rows = drawn_seats(meeting) if seats is None else seats
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


# -- the page ------------------------------------------------------------------------------------------------


@dataclass
class ShownTable:
    number: int
    seats: list  # (wind name, Member, here now)


@dataclass
class ShownRound:
    drawn: DrawnRound
    played: bool
    drawer: str | None = None  # who drew it, as pages show a login (links.login_shown)
    tables: list = field(default_factory=list)
    sitting_out: list = field(default_factory=list)  # (Member, here now)

    @property
    def number(self):
        return self.drawn.number

    @property
    def people(self):
        """Everyone of the round, table by table in seat order, then the sit-outs: the swap form's choices."""
        return [member for table in self.tables for _wind, member, _here in table.seats] + [
            member for member, _here in self.sitting_out
        ]

    @cached_property
    def choices(self):
        """``people`` as the swap form's options, (value, name): made once for its two lists, the ids as text
        (a number in a template goes through the locale's formatting, 640 times on a day of 40 × 8)."""
        return [(str(member.pk), member.name) for member in self.people]


@dataclass
class DayDraw:
    rounds: list  # ShownRound, in order
    here: list  # Members here now, in reading order
    quality: object  # seating.Quality of the drawn rounds, or None before any
    mark: str
    next_round: int
    seats: int

    @property
    def sit_outs(self):
        """(Member, sit-outs today) for everyone drawn, most first: who waited the most."""
        if self.quality is None:
            return []
        members = {m.pk: m for r in self.rounds for m in r.people}
        lines = [(members[pk], count) for pk, count in self.quality.sit_outs.items() if pk in members]
        return sorted(lines, key=lambda line: (-line[1], reading_order(line[0])))


def day_draw(meeting):
    """Everything the draw page shows, in a fixed number of queries."""
    drawn = list(DrawnRound.objects.filter(meeting=meeting).select_related("drawn_by").in_order())
    seats = drawn_seats(meeting)  # read once: for the cards, the rounds for the quality and the mark
    here = set(here_now(meeting))
    members = Member.objects.in_bulk({row[4] for row in seats})
    played = played_rounds(meeting)
    drawers = {r.drawn_by_id: r.drawn_by for r in drawn}  # one login, most days
    drawers = {pk: login_shown(meeting.club, user) for pk, user in drawers.items()}
    shown = {r.number: ShownRound(drawn=r, played=r.number in played, drawer=drawers[r.drawn_by_id]) for r in drawn}
    for number, _seed, table, seat, member_id in seats:
        round_, member = shown.get(number), members[member_id]
        if round_ is None:  # drawn between the two reads: the next showing has it
            continue
        if table == SITTING_OUT:
            round_.sitting_out.append((member, member_id in here))
            continue
        if not round_.tables or round_.tables[-1].number != table:
            round_.tables.append(ShownTable(number=table, seats=[]))
        round_.tables[-1].seats.append((WINDS[seat], member, member_id in here))
    rounds = [shown[r.number] for r in drawn]
    day = day_rounds(meeting, seats=seats)
    # Rounds played without a draw count too: a pair that met in one meets again in the next.
    quality = (
        seating.draw_quality([day[number] for number in sorted(day)], met_before=met_before(meeting)) if drawn else None
    )
    return DayDraw(
        rounds=rounds,
        here=list(Member.objects.filter(pk__in=here).in_kana_order()),
        quality=quality,
        mark=draw_mark(meeting, seats),
        next_round=max([0, *day]) + 1,
        seats=seats_at_a_table(meeting),
    )
