"""One member's record (個人成績) over a standings period: summary, games, streaks, yakuman, head-to-head.

Everything is read from the stored seats; nothing is recomputed.  The summary
is the member's own line of ``standings(period)``, so it always agrees with the
standings table (rank included).  The games, streaks, head-to-head and the
cumulative chart come from ONE query: every seat of every game the member
played in the period; the member's day totals (日計) from one more.  The
history lists both in date order, and the running total adds both; streaks
and head-to-head need places and opponents, so they count only the games.
The query count is the same for 3 games or 3,000.
"""

from dataclasses import dataclass, field

from django.db.models import Count, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from ..models import DayTotalLine, GameSeat, Member, Yakuman
from .standings import Line, Period, day_lines_in, seats_in, standings


@dataclass
class GameLine:
    """One game of the member: their seat, the other seats, and the running total of their points."""

    number: int  # 1 for the member's first game or day total of the period (its place in the history)
    seat: GameSeat
    opponents: list
    cumulative: int  # tenths: the sum of the member's totals (day totals too) up to and including this game
    is_day_total = False

    @property
    def game(self):
        return self.seat.game

    @property
    def date(self):
        return self.seat.game.meeting.date

    @property
    def total(self):
        return self.seat.total

    @property
    def players(self):
        return len(self.opponents) + 1

    @property
    def is_top(self):
        return self.seat.place == 1

    @property
    def is_last(self):
        """ラス: the last place number (as the standings count it: a split tie at the bottom is not last)."""
        return self.seat.place == self.players

    @property
    def is_positive(self):
        return self.seat.total > 0


@dataclass
class DayTotalEntry:
    """One day total (日計) of the member in the history: the day, its hanchan and the member's points."""

    number: int  # its place in the history, as GameLine's
    line: DayTotalLine
    cumulative: int  # tenths, as GameLine's
    is_day_total = True

    @property
    def day_total(self):
        return self.line.day_total

    @property
    def date(self):
        return self.line.day_total.meeting.date

    @property
    def total(self):
        return self.line.points


@dataclass
class Run:
    """A run of consecutive games (連続): how many, and the first and last of them."""

    length: int = 0
    first: GameLine | None = None
    last: GameLine | None = None


@dataclass
class Streak:
    """The longest and the current run of games meeting one condition."""

    kind: str  # "top" (トップ), "not_last" (ラス回避), "positive" (プラス)
    longest: Run
    current: Run


STREAK_KINDS = {
    "top": lambda line: line.is_top,
    "not_last": lambda line: not line.is_last,
    "positive": lambda line: line.is_positive,
}


@dataclass
class HeadToHead:
    """The member against one opponent, over the games they sat at together (対戦成績)."""

    opponent: Member
    games: int = 0
    above: int = 0  # the member finished above the opponent
    below: int = 0
    even: int = 0  # the same place (a split tie)
    points: int = 0  # tenths: the member's totals in those games
    opponent_points: int = 0

    @property
    def difference(self):
        return self.points - self.opponent_points


@dataclass
class MemberRecord:
    member: Member
    period: Period
    players: int
    win_points: bool
    line: Line
    games: list  # GameLine, oldest first
    history: list = field(default_factory=list)  # GameLine and DayTotalEntry, oldest first
    streaks: list = field(default_factory=list)
    yakuman: list = field(default_factory=list)
    head_to_head: list = field(default_factory=list)
    ranked_out_of: int = 0  # how many members are ranked in the period

    @property
    def newest_first(self):
        """The history (games and day totals), newest first."""
        return self.history[::-1]

    @property
    def day_totals(self):
        return [entry for entry in self.history if entry.is_day_total]


def member_record(member, period):
    """Everything the member page and its JSON show, in seven queries whatever the number of games."""
    table = standings(period)  # four queries
    line = next((line for line in table.lines if line.member.pk == member.pk), None)
    if line is None:
        maru = dict.fromkeys(("maru_a", "maru_b", "maru_c", "double_maru_a"), 0) if table.win_points else {}
        line = Line(member=member, places=[0] * table.players, maru=maru)
    games = games_of(member, period)  # one query
    history = in_date_order(games, day_lines_in(period).filter(member=member)  # one query
                            .select_related("day_total__meeting"))
    return MemberRecord(
        member=member, period=period, players=table.players, win_points=table.win_points, line=line,
        games=games, history=history, streaks=streaks(games), yakuman=yakuman_of(member, period),  # one query
        head_to_head=head_to_head(games), ranked_out_of=len(table.ranked),
    )


def games_of(member, period):
    """The member's games in ``period``, oldest first, each with every seat: one query."""
    seats = (
        seats_in(period).filter(game__seats__member=member)
        .select_related("game__meeting", "member")
        .order_by("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id", "seat")
    )
    by_game = {}
    for seat in seats:
        by_game.setdefault(seat.game_id, []).append(seat)
    lines, cumulative = [], 0
    for number, table in enumerate(by_game.values(), start=1):
        own = next(seat for seat in table if seat.member_id == member.pk)
        cumulative += own.total
        lines.append(GameLine(number=number, seat=own, opponents=[seat for seat in table if seat is not own],
                              cumulative=cumulative))
    return lines


def in_date_order(games, day_lines):
    """The games and the day totals in one list, oldest first (a day total after that day's games), numbered
    and with the running total of both."""
    days = sorted(day_lines, key=lambda line: (line.day_total.meeting.date, line.day_total.meeting_id,
                                               line.day_total_id))
    history, cumulative = [], 0
    queue = [(game.date, 0, index) for index, game in enumerate(games)]
    queue += [(line.day_total.meeting.date, 1, index) for index, line in enumerate(days)]
    for number, (_date, kind, index) in enumerate(sorted(queue), start=1):
        if kind:
            cumulative += days[index].points
            history.append(DayTotalEntry(number=number, line=days[index], cumulative=cumulative))
        else:
            game = games[index]
            cumulative += game.total
            game.number, game.cumulative = number, cumulative
            history.append(game)
    return history


def streaks(games):
    """For each kind, the longest run (the latest of equal ones) and the run still going at the last game."""
    result = []
    for kind, holds in STREAK_KINDS.items():
        longest, run = Run(), Run()
        for line in games:
            if holds(line):
                run = Run(length=run.length + 1, first=run.first or line, last=line)
                if run.length >= longest.length:
                    longest = run
            else:
                run = Run()
        result.append(Streak(kind=kind, longest=longest, current=run))
    return result


def head_to_head(games):
    """Each opponent met, most games together first (then by reading)."""
    records = {}
    for line in games:
        own = line.seat
        for seat in line.opponents:
            record = records.setdefault(seat.member_id, HeadToHead(opponent=seat.member))
            record.games += 1
            record.points += own.total
            record.opponent_points += seat.total
            if own.place < seat.place:
                record.above += 1
            elif own.place > seat.place:
                record.below += 1
            else:
                record.even += 1
    return sorted(records.values(), key=lambda r: (-r.games, r.opponent.kana, r.opponent.name))


def yakuman_of(member, period):
    """The member's yakuman in games that count in ``period``, newest first: one query."""
    yakuman = Yakuman.objects.counted().filter(member=member, game__meeting__rule_set=period.rule_set)
    if period.first_day:
        yakuman = yakuman.filter(game__meeting__date__gte=period.first_day)
    if period.last_day:
        yakuman = yakuman.filter(game__meeting__date__lte=period.last_day)
    return list(yakuman.select_related("game__meeting")
                .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table", "-id"))


def members_with_games(club, first_day=None, last_day=None):
    """The club's members in kana order, then its guests, each with ``games``: games that count between the two
    days (any rules), and the hanchan of their day totals (日計), summed in a subquery so that the two never
    multiply."""
    counted = Q(seats__game__void=False)
    if first_day:
        counted &= Q(seats__game__meeting__date__gte=first_day)
    if last_day:
        counted &= Q(seats__game__meeting__date__lte=last_day)
    day_games = (DayTotalLine.objects.filter(member=OuterRef("pk")).between(first_day, last_day).values("member")
                 .annotate(games=Sum("day_total__games")).values("games"))
    return (Member.objects.filter(club=club)
            .annotate(games=Count("seats", filter=counted) + Coalesce(Subquery(day_games), 0)).members_first())

