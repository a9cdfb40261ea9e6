"""The club's all-time records (記録) for one rule set, every season: best single games, every yakuman, the
longest runs of tops and of games without a last, the most games.

Records are facts, so guests (ゲスト) appear in them, marked as everywhere.
Points-only games (点数なし) have no score: they count in every record but the
best scores; day totals (日計) have no single game and no place: they count in
the most games only.  Ten queries, however many games (docs/awards.md).
"""

from dataclasses import dataclass

from django.db import connections
from django.db.models import F, Max, OuterRef, Subquery, Sum

from ..models.day_totals import DayTotalLine
from ..models.games import Game, GameSeat, Yakuman
from ..models.meeting_lines import MeetingLine
from ..models.meetings import Meeting
from ..models.people import Member, reading_order
from ..models.record_lines import RUN_KINDS, AllTimeLine, MemberDayRecord

TOP_TEN = 10


@dataclass(frozen=True)
class RunGame:
    """The first or last game of a run, as the records show it: the game and its day."""

    game_id: int
    date: object


@dataclass(frozen=True)
class RunRecord:
    """A member's longest run of one kind: its length, and the first and last game of it."""

    member: Member
    length: int
    first: RunGame
    last: RunGame


@dataclass(frozen=True)
class YakumanRecord:
    yakuman: Yakuman
    dealt_in: Member | None  # who discarded the winning tile (None for a tsumo)


@dataclass(frozen=True)
class Placed:
    """A record in a top ten: its rank (shared by equal figures: 1, 2, 2, 4) and what it holds."""

    rank: int
    item: object


@dataclass
class ClubRecords:
    rule_set: object
    best_scores: list  # Placed GameSeat, highest score first
    best_points: list  # Placed GameSeat, highest total first
    yakuman: "YakumanList"  # YakumanRecord, newest first, read a slice at a time
    top_runs: list  # Placed RunRecord, longest first
    not_last_runs: list  # Placed RunRecord, longest first
    most_games: list  # Placed GamesRecord, most games first


@dataclass(frozen=True)
class GamesRecord:
    """A member's games in the rule set (day totals' hanchan included) and the day of their latest."""

    member: Member
    games: int
    last_played: object


def club_records(rule_set):
    """Every record of ``rule_set``'s games and day totals, all seasons: read from the stored day records and
    all-time lines (``models.record_lines``), not from every seat (docs/performance.md)."""
    lines = list(AllTimeLine.objects.filter(rule_set=rule_set).select_related("member"))
    seats = GameSeat.objects.counted().for_rule_set(rule_set).select_related("member", "game__meeting")
    best_scores = _best_seats(
        seats.with_scores(),
        "score",
        _days_of(MemberDayRecord.objects.filter(best_score__isnull=False), rule_set),
        "best_score",
    )
    best_points = _best_seats(seats, "total", _days_of(MeetingLine.objects.all(), rule_set), "best")
    top_runs, not_last_runs = _runs(lines)
    return ClubRecords(
        rule_set=rule_set,
        best_scores=_placed(best_scores, "score"),
        best_points=_placed(best_points, "total"),
        yakuman=YakumanList(rule_set),
        top_runs=_placed(top_runs, "length"),
        not_last_runs=_placed(not_last_runs, "length"),
        most_games=_placed(_most_games(rule_set, lines), "games"),
    )


def _placed(items, figure):
    """``items`` (best first) with competition ranks by their ``figure``."""
    placed = []
    for position, item in enumerate(items, start=1):
        same = placed and getattr(placed[-1].item, figure) == getattr(item, figure)
        placed.append(Placed(placed[-1].rank if same else position, item))
    return placed


def _played_order():
    """Equal figures: who reached it first comes first; in one game (a four-way tie), by seat (東 first), so that
    every database lists them alike."""
    return ("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id", "seat")


class YakumanList:
    """Every yakuman won in the rule set's counted games, newest first (``oldest_first()``: the other way), with who
    dealt in; read a slice at a time (two queries: the yakuman, who dealt in), its length by one count.

    The page shows twenty at a time: reading the whole list (500 at 80,000 games) was most of the page's time.
    """

    ORDER = ("game__meeting__date", "game__meeting_id", "game__round", "game__table", "id")

    def __init__(self, rule_set, newest_first=True):
        self.rule_set, self.newest_first = rule_set, newest_first
        self._length = None

    def oldest_first(self):
        return YakumanList(self.rule_set, newest_first=False)

    def _won(self):
        # The winner is one of the club's: PostgreSQL then starts from the club's people and their few yakuman, not
        # from every game of the rule set's meetings, which it took for a few (94 → 6 ms at 80,000 games).
        won = Yakuman.objects.counted().filter(member__club_id=self.rule_set.club_id)
        return days_in(won, Meeting.objects.filter(rule_set=self.rule_set), "game__meeting_id")

    def __len__(self):
        if self._length is None:
            self._length = self._won().count()
        return self._length

    def __getitem__(self, index):
        if not isinstance(index, slice):
            return self[index : index + 1][0]
        discarder = GameSeat.objects.filter(game=OuterRef("game"), seat=OuterRef("discarder_seat")).values("member")
        won = list(
            self._won()
            .annotate(dealt_in_id=Subquery(discarder[:1]))
            .select_related("member", "game__meeting")
            .order_by(*(f"-{key}" if self.newest_first else key for key in self.ORDER))[index]
        )
        dealers = Member.objects.in_bulk({row.dealt_in_id for row in won if row.dealt_in_id})
        return [YakumanRecord(row, dealers.get(row.dealt_in_id)) for row in won]

    def __iter__(self):
        return iter(self[0:None])


def _days_of(days, rule_set):
    return days_in(days, Meeting.objects.filter(rule_set=rule_set))


def days_in(rows, meetings, meeting="meeting_id"):
    """``rows`` of ``meetings`` (their ``meeting`` column), looked up in the meetings' list as ``meeting + 0``,
    on SQLite, which cannot take its index of the meetings for it: it then reads the few rows it is after through
    their own index (a member's days down their best figure, the club's yakuman) instead of starting from every
    meeting of the rule set (every day: 50 ms at 80,000 games, against 0.3; every game for the yakuman)."""
    if connections[rows.db].vendor != "sqlite":
        # PostgreSQL plans the plain column well; given ``+ 0`` it read every yakuman of the site (29 ms, 205 clubs).
        return rows.filter(**{f"{meeting}__in": meetings.values("pk")})
    return rows.alias(day_of=F(meeting) + 0).filter(day_of__in=meetings.values("pk"))


def _best_seats(seats, column, days, best):
    """The ten best ``seats`` by ``column``, the earlier of equal ones first: three queries.

    ``days`` are the rule set's rows of a member's day keeping their best ``column`` (``best``).  A day's seats
    are at most its best, so every seat of the ten is at or above the tenth best day's: only the seats of the
    days reaching it are read (with fewer than ten days, all of them).  The tenth best is read first, as a
    figure: given it as a subquery, PostgreSQL planned for a third of the days reaching it and read all of
    them by meeting (22 ms at 80,000 games) instead of walking their index down to it.
    """
    floor = next(iter(days.order_by(f"-{best}").values_list(best, flat=True)[TOP_TEN - 1 : TOP_TEN]), None)
    reaching = list(
        (days if floor is None else days.filter(**{f"{best}__gte": floor})).values_list("meeting_id", "member_id", best)
    )
    if not reaching:
        return []
    # By their meetings alone, so that the seats are found through the few meetings' games (by member, SQLite
    # read every seat of those members); any seat of theirs at or above the floor is a true candidate.
    chosen = seats.filter(game__meeting_id__in={meeting for meeting, _member, _best in reaching})
    if len(reaching) >= TOP_TEN:  # ten days or more: the tenth best day's figure is a floor
        chosen = chosen.filter(**{f"{column}__gte": min(figure for _meeting, _member, figure in reaching)})
    return list(chosen.order_by(f"-{column}", *_played_order())[:TOP_TEN])


def _runs(lines):
    """Each member's longest run of tops and of games without a last (the latest of equal ones), longest first,
    from their all-time lines; one query for the days and rounds of the games that end and start them."""
    ends = {
        getattr(line, f"{kind}_run{part}")
        for line in lines
        for kind in RUN_KINDS
        for part in ("_first", "_last")
        if getattr(line, f"{kind}_run")
    }
    games = {
        pk: (date, meeting_id, round_number, table, pk)
        for pk, date, meeting_id, round_number, table in Game.objects.filter(pk__in=ends).values_list(
            "pk", "meeting__date", "meeting_id", "round", "table"
        )
    }
    runs = []
    for kind in RUN_KINDS:
        records = [
            RunRecord(
                line.member,
                getattr(line, f"{kind}_run"),
                RunGame(first, games[first][0]),
                RunGame(last, games[last][0]),
            )
            for line in lines
            if getattr(line, f"{kind}_run")
            for first, last in [(getattr(line, f"{kind}_run_first"), getattr(line, f"{kind}_run_last"))]
        ]
        # Equal runs: the one that ended first comes first (a day's earlier round before its later one).
        records.sort(key=lambda run: (-run.length, games[run.last.game_id], reading_order(run.member)))
        runs.append(records[:TOP_TEN])
    return runs


def _most_games(rule_set, lines):
    """The ten members with the most games: their all-time lines' games and their day totals' hanchan (日計)."""
    games = {line.member.pk: [line.member, line.games, line.last_played] for line in lines}
    days = (
        DayTotalLine.objects.for_rule_set(rule_set)
        .values("member")
        .annotate(games=Sum("day_total__games"), last_played=Max("day_total__meeting__date"))
        .order_by()
    )
    new = {}
    for day in days:
        if day["member"] in games:
            line = games[day["member"]]
            line[1] += day["games"] or 0
            line[2] = max(line[2], day["last_played"])
        else:
            new[day["member"]] = day
    if new:  # a member with day totals only: read once, and only then
        for member in Member.objects.filter(pk__in=new):
            games[member.pk] = [member, new[member.pk]["games"] or 0, new[member.pk]["last_played"]]
    records = [GamesRecord(*line) for line in games.values() if line[1]]
    return sorted(records, key=lambda record: (-record.games, reading_order(record.member)))[:TOP_TEN]
