"""The games already saved: a row repeating another, a game saved before (skipped), a slot taken, a closed day.

Day totals (日計) are checked against the day: one already saved with the same
hanchan count and the same members' points is skipped (importing a file again
adds nothing); otherwise a member of the row who already has games or a
different day total saved that day, or games in another row of the file that
day, is a problem, as a game row whose player has a day total that day is:
the day would count twice.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.points import tenths_from_points

from ..models.day_totals import DayTotalLine
from ..models.games import Game
from ..models.meetings import Meeting
from .planned import Problem


@dataclass(frozen=True)
class SavedDayTotal:
    """A day total already saved, as a row repeating it is matched to: its id and number of hanchan."""

    pk: int
    games: int


def check_slots(plan):
    """Rows repeating another row, games already saved (skipped), slots holding another game, closed days."""
    dated = [
        game for game in plan.games if game.date and game.rule_set and (game.day_total or (game.round and game.table))
    ]
    if not dated:
        return
    first, last = min(g.date for g in dated), max(g.date for g in dated)
    rule_sets = {game.rule_set.pk for game in dated}
    meetings = {}
    for meeting in Meeting.objects.filter(rule_set__in=rule_sets, date__range=(first, last)).order_by("date", "id"):
        meetings.setdefault((meeting.rule_set_id, meeting.date), meeting)  # the day's first meeting takes them
    saved = {}
    # Voided games too: a row repeating a game voided on the site is skipped, not brought back.
    for game in (
        Game.objects.filter(meeting__rule_set__in=rule_sets, meeting__date__range=(first, last))
        .select_related("meeting")
        .prefetch_related("seats")
    ):
        saved.setdefault((game.meeting.rule_set_id, game.meeting.date, game.round, game.table), []).append(game)
    days = _Days(plan, saved, rule_sets, first, last)
    seen = {}
    for game in dated:
        if game.day_total:
            days.check_day_total(game)
        else:
            _check_game(game, seen, saved, days)
        if game.existing:
            continue
        game.meeting = meetings.get((game.rule_set.pk, game.date))
        if game.meeting is not None and game.meeting.closed:
            game.problems.append(
                Problem(
                    game.row,
                    "date",
                    _("The meeting of %(date)s is closed. A secretary must reopen it first.") % {"date": game.date},
                )
            )


def _check_game(game, seen, saved, days):
    slot = (game.rule_set.pk, game.date, game.round, game.table)
    if slot in seen:
        game.problems.append(
            Problem(
                game.row,
                "round",
                _("Row %(row)s already has round %(round)s at table %(table)s on %(date)s.")
                % {"row": seen[slot], "round": game.round, "table": game.table, "date": game.date},
            )
        )
        game.existing = None
        return
    seen[slot] = game.row
    there = saved.get(slot, [])
    game.existing = next((other for other in there if _same_game(other, game)), None)
    if game.existing:
        return
    resolved = all(player is not None for player in game.players)
    if any(not other.void for other in there) and resolved:
        game.problems.append(
            Problem(
                game.row,
                "round",
                _(
                    "Round %(round)s at table %(table)s on %(date)s already holds a different game. Correct or void "
                    "that game on the site, or correct this row."
                )
                % {"round": game.round, "table": game.table, "date": game.date},
            )
        )
    days.check_game(game)


class _Days:
    """Who has games and day totals on each day, saved and in the file: (rule set id, date) → member ids."""

    def __init__(self, plan, saved, rule_sets, first, last):
        self.played = {}  # saved games that count
        for (rule_set, day, _round, _table), games in saved.items():
            for game in games:
                if not game.void:
                    self.played.setdefault((rule_set, day), set()).update(seat.member_id for seat in game.seats.all())
        self.totals = {}  # saved day totals: (rule set id, date) → [(DayTotal id and games, {member id: points})]
        lines = (
            DayTotalLine.objects.filter(
                day_total__meeting__rule_set__in=rule_sets, day_total__meeting__date__range=(first, last)
            )
            .values_list(
                "day_total_id",
                "day_total__games",
                "day_total__meeting__rule_set_id",
                "day_total__meeting__date",
                "member_id",
                "points",
            )
            .order_by("day_total_id")
        )
        by_total = {}
        for total, games, rule_set, day, member, points in lines:
            by_total.setdefault((rule_set, day, total, games), {})[member] = points
        for (rule_set, day, total, games), members in by_total.items():
            self.totals.setdefault((rule_set, day), []).append((SavedDayTotal(total, games), members))
        self.in_file_games = {}  # the file's game rows: (rule set id, date) → {member id: row}
        for game in plan.games:
            if game.date and game.rule_set and not game.day_total:
                self.in_file_games.setdefault((game.rule_set.pk, game.date), {}).update(
                    (player.pk, game.row) for player in game.players if getattr(player, "pk", None)
                )
        self.matched = set()  # saved day totals a row of the file repeats

    def check_day_total(self, game):
        key = (game.rule_set.pk, game.date)
        members = {
            player.pk: points
            for player, points in zip(game.players, game.points or [], strict=False)
            if getattr(player, "pk", None)
        }
        if len(members) == len(game.players) and None not in members.values():
            game.existing = next(
                (
                    total
                    for total, lines in self.totals.get(key, ())
                    if total.pk not in self.matched and total.games == game.day_games and lines == members
                ),
                None,
            )
            if game.existing:
                self.matched.add(game.existing.pk)
                return
        for player in game.players:
            pk = getattr(player, "pk", None)
            if pk is None:
                continue
            if pk in self.played.get(key, ()):
                self._problem(
                    game,
                    _(
                        "%(name)s already has games saved on %(date)s: a day total would count that "
                        "day twice. Leave this row out, or void those games first."
                    ),
                    player,
                )
            elif any(pk in lines for _total, lines in self.totals.get(key, ())):
                self._problem(
                    game,
                    _(
                        "%(name)s already has a different day total saved on %(date)s. Undo the import "
                        "that saved it and import the corrected sheet, or correct this row."
                    ),
                    player,
                )
            elif pk in self.in_file_games.get(key, {}):
                self._problem(
                    game,
                    _(
                        "%(name)s also has a game on %(date)s in row %(other)s: the day would count "
                        "twice. Keep either the day total or the games."
                    ),
                    player,
                    self.in_file_games[key][pk],
                )

    def check_game(self, game):
        key = (game.rule_set.pk, game.date)
        for player in game.players:
            pk = getattr(player, "pk", None)
            if pk is not None and any(pk in lines for _total, lines in self.totals.get(key, ())):
                self._problem(
                    game,
                    _(
                        "%(name)s already has a day total saved on %(date)s: a game that day would "
                        "count twice. Undo the import that saved it, or leave this row out."
                    ),
                    player,
                )

    @staticmethod
    def _problem(game, message, player, other=None):
        game.problems.append(
            Problem(game.row, "date", message % {"name": player.name, "date": game.date, "other": other})
        )


def _same_game(saved, game):
    """The same players in the same seats with the same scores (or, points only, the same points)."""
    seats = sorted(saved.seats.all(), key=lambda seat: seat.seat)
    if [seat.member_id for seat in seats] != [getattr(player, "pk", None) for player in game.players]:
        return False
    if game.points_only:
        saved_points = [tenths_from_points(value) for value in saved.sheet.get("points", [])]
        return saved.points_only and saved_points == game.points
    return not saved.points_only and [seat.score for seat in seats] == list(game.scores)
