"""The club's all-time records (記録) for one rule set, every season: best single games, every yakuman, the
longest runs of tops and of games without a last, the most games.

Records are facts, so guests (ゲスト) appear in them, marked as everywhere.
Points-only games (点数なし) have no score: they count in every record but the
best scores; day totals (日計) have no single game and no place: they count in
the most games only.  Ten queries, however many games (docs/awards.md).
"""

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from ..models.games import GameSeat, Yakuman
from ..models.people import Member, reading_order
from .member_games import streaks
from .standings import Period, standings

TOP_TEN = 10


@dataclass(frozen=True)
class SeatPlayed:
    """One seat in the club's history, as a streak counts it (``stats.member_games.STREAK_KINDS``)."""

    game_id: int
    date: object
    place: int
    players: int
    total: int
    order: int  # the game's place in the order the rule set's games were played (day, meeting, round, table)

    @property
    def is_top(self):
        return self.place == 1

    @property
    def is_last(self):
        return self.place == self.players

    @property
    def is_positive(self):
        return self.total > 0


@dataclass(frozen=True)
class RunRecord:
    """A member's longest run of one kind: its length, and the first and last game of it."""

    member: Member
    length: int
    first: SeatPlayed
    last: SeatPlayed


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
    yakuman: list  # YakumanRecord, newest first
    top_runs: list  # Placed RunRecord, longest first
    not_last_runs: list  # Placed RunRecord, longest first
    most_games: list  # Placed standings Line, most games first


def club_records(rule_set):
    """Every record of ``rule_set``'s games and day totals, all seasons."""
    everything = Period(rule_set=rule_set)
    lines = standings(everything).lines
    members = {line.member.pk: line.member for line in lines}
    seats = GameSeat.objects.counted().for_rule_set(rule_set).select_related("member", "game__meeting")
    best_scores = list(seats.with_scores().order_by("-score", *_played_order())[:TOP_TEN])
    best_points = list(seats.order_by("-total", *_played_order())[:TOP_TEN])
    top_runs, not_last_runs = _runs(rule_set, members)
    most_games = sorted(
        (line for line in lines if line.games), key=lambda line: (-line.games, reading_order(line.member))
    )[:TOP_TEN]
    return ClubRecords(
        rule_set=rule_set,
        best_scores=_placed(best_scores, "score"),
        best_points=_placed(best_points, "total"),
        yakuman=_yakuman(rule_set),
        top_runs=_placed(top_runs, "length"),
        not_last_runs=_placed(not_last_runs, "length"),
        most_games=_placed(most_games, "games"),
    )


def _placed(items, figure):
    """``items`` (best first) with competition ranks by their ``figure``."""
    placed = []
    for position, item in enumerate(items, start=1):
        same = placed and getattr(placed[-1].item, figure) == getattr(item, figure)
        placed.append(Placed(placed[-1].rank if same else position, item))
    return placed


def _played_order():
    """Equal figures: who reached it first comes first."""
    return ("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id")


def _yakuman(rule_set):
    """Every yakuman won in a counted game, newest first, with who dealt in: two queries."""
    discarder = GameSeat.objects.filter(game=OuterRef("game"), seat=OuterRef("discarder_seat")).values("member")[:1]
    won = list(
        Yakuman.objects.counted()
        .filter(game__meeting__rule_set=rule_set)
        .annotate(dealt_in_id=Subquery(discarder))
        .select_related("member", "game__meeting")
        .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table", "-id")
    )
    dealers = Member.objects.in_bulk({row.dealt_in_id for row in won if row.dealt_in_id})
    return [YakumanRecord(row, dealers.get(row.dealt_in_id)) for row in won]


def _runs(rule_set, members):
    """Each member's longest run of tops and of games without a last (the latest of equal ones), longest first;
    one query reading every seat's place in the order the games were played."""
    rows = (
        GameSeat.objects.counted()
        .for_rule_set(rule_set)
        .in_meeting_order()
        .values_list("game_id", "member_id", "place", "total", "game__meeting__date")
    )
    by_game = {}
    for game_id, member_id, place, total, day in rows:
        by_game.setdefault(game_id, []).append((member_id, place, total, day))
    played = {}
    for order, (game_id, seats) in enumerate(by_game.items()):  # dicts keep the games in the order they were played
        for member_id, place, total, day in seats:
            played.setdefault(member_id, []).append(SeatPlayed(game_id, day, place, len(seats), total, order))
    runs = {"top": [], "not_last": []}
    for member_id, games in played.items():
        for streak in streaks(games):
            if streak.kind in runs and streak.longest.length:
                longest = streak.longest
                runs[streak.kind].append(RunRecord(members[member_id], longest.length, longest.first, longest.last))
    # Equal runs: the one that ended first comes first (a day's earlier round before its later one).
    return tuple(
        sorted(runs[kind], key=lambda run: (-run.length, run.last.order, reading_order(run.member)))[:TOP_TEN]
        for kind in ("top", "not_last")
    )
