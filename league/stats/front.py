"""What a club's front page shows: the latest meeting's results, the leaders, the latest yakuman.

Each part is a fixed number of queries whatever the number of games.
"""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Prefetch

from ..models.games import Game, GameSeat, Yakuman
from ..models.meetings import Meeting
from ..models.people import reading_order
from .periods import season_period
from .standings import standings

LEADERS = 5
RECENT_YAKUMAN = 5


@dataclass
class DayTotal:
    """One player's day: games, points (tenths) and first places, summed from the seats shown."""

    member: object
    games: int = 0
    points: int = 0
    firsts: int = 0
    rank: int | None = None


@dataclass
class MeetingResults:
    meeting: Meeting
    games: list  # counted games in round and table order, each with ``seats`` in place order
    totals: list = field(default_factory=list)  # DayTotals, the day's best first

    @property
    def players(self):
        """Seats at a table (3 or 4), for the games table's header."""
        return max((len(game.seats.all()) for game in self.games), default=4)


def latest_meeting_results(club):
    """The latest meeting with a counted game, its games and the day's totals; None if none.  Three queries."""
    has_games = Exists(Game.objects.counted().filter(meeting=OuterRef("pk")))
    meeting = Meeting.objects.filter(club=club).filter(has_games).select_related("rule_set").latest_first().first()
    if meeting is None:
        return None
    seats = GameSeat.objects.select_related("member").order_by("place", "seat")
    games = list(
        Game.objects.filter(meeting=meeting)
        .counted()
        .order_by("round", "table", "id")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    return MeetingResults(meeting=meeting, games=games, totals=day_totals(games))


def day_totals(games):
    """The day's totals per player from the games' loaded seats, ranked by points (ties share a rank)."""
    totals = {}
    for game in games:
        for seat in game.seats.all():
            total = totals.setdefault(seat.member_id, DayTotal(member=seat.member))
            total.games += 1
            total.points += seat.total
            total.firsts += seat.place == 1
    return rank_totals(totals.values())


def rank_totals(totals):
    """Day totals ranked by points, then first places (ties share a rank), in that order."""
    ordered = sorted(totals, key=lambda t: (-t.points, -t.firsts, reading_order(t.member)))
    for position, total in enumerate(ordered, start=1):
        same = position > 1 and (total.points, total.firsts) == (
            ordered[position - 2].points,
            ordered[position - 2].firsts,
        )
        total.rank = ordered[position - 2].rank if same else position
    return ordered


@dataclass
class Leaders:
    season: object  # Season or None (all games)
    rule_set: object
    lines: list  # standings Lines
    ranked: bool  # False when nobody has played enough games yet: the lines are the unranked leaders
    table: object = None  # the whole Standings they top: a member's own line is read from it (stats.own_card)


def leaders(rule_set, season):
    """The top of ``season``'s standings for ``rule_set`` (None: the club has no rule set).

    The front page passes the current season and the main rule set (``current_season``, ``main_rule_set``).
    """
    if rule_set is None:
        return None
    table = standings(season_period(rule_set, season))
    if table.ranked:
        return Leaders(season=season, rule_set=rule_set, lines=table.ranked[:LEADERS], ranked=True, table=table)
    # Nobody is ranked yet: the members leading so far, guests left out unless the club ranks them.
    rank_guests = rule_set.club.rank_guests
    lines = [line for line in table.unranked if line.games and (rank_guests or not line.member.guest)]
    return Leaders(season=season, rule_set=rule_set, lines=lines[:LEADERS], ranked=False, table=table)


def recent_yakuman(club, limit=RECENT_YAKUMAN):
    """The club's latest yakuman in counted games, newest first.  One query.

    The yakuman's person is one of the club's too: saying so lets the database start from the club's people
    and their few yakuman instead of walking every game of the club's meetings (19 ms to 4 at 20,000 games).
    """
    return list(
        Yakuman.objects.counted()
        .filter(game__meeting__club=club, member__club=club)
        .select_related("member", "game__meeting")
        .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table", "-id")[:limit]
    )
