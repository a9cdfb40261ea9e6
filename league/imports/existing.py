"""The games already saved: a row repeating another, a game saved before (skipped), a slot taken, a closed day."""

from django.utils.translation import gettext as _

from scoring.points import tenths_from_points

from ..models import Game, Meeting
from .planned import Problem


def check_slots(plan):
    """Rows repeating another row, games already saved (skipped), slots holding another game, closed days."""
    dated = [game for game in plan.games if game.date and game.round and game.table and game.rule_set]
    if not dated:
        return
    first, last = min(g.date for g in dated), max(g.date for g in dated)
    rule_sets = {game.rule_set.pk for game in dated}
    meetings = {}
    for meeting in (Meeting.objects.filter(rule_set__in=rule_sets, date__range=(first, last))
                    .order_by("date", "id")):
        meetings.setdefault((meeting.rule_set_id, meeting.date), meeting)  # the day's first meeting takes them
    saved = {}
    # Voided games too: a row repeating a game voided on the site is skipped, not brought back.
    for game in (Game.objects.filter(meeting__rule_set__in=rule_sets, meeting__date__range=(first, last))
                 .select_related("meeting").prefetch_related("seats")):
        saved.setdefault((game.meeting.rule_set_id, game.meeting.date, game.round, game.table), []).append(game)
    seen = {}
    for game in dated:
        slot = (game.rule_set.pk, game.date, game.round, game.table)
        if slot in seen:
            game.problems.append(Problem(game.row, "round", _(
                "Row %(row)s already has round %(round)s at table %(table)s on %(date)s.") % {
                "row": seen[slot], "round": game.round, "table": game.table, "date": game.date}))
            continue
        seen[slot] = game.row
        there = saved.get(slot, [])
        game.existing = next((other for other in there if _same_game(other, game)), None)
        if game.existing:
            continue
        resolved = all(player is not None for player in game.players)
        if any(not other.void for other in there) and resolved:
            game.problems.append(Problem(game.row, "round", _(
                "Round %(round)s at table %(table)s on %(date)s already holds a different game. Correct or void "
                "that game on the site, or correct this row.") % {
                "round": game.round, "table": game.table, "date": game.date}))
        game.meeting = meetings.get((game.rule_set.pk, game.date))
        if game.meeting is not None and game.meeting.closed:
            game.problems.append(Problem(game.row, "date", _(
                "The meeting of %(date)s is closed. A secretary must reopen it first.") % {"date": game.date}))


def _same_game(saved, game):
    """The same players in the same seats with the same scores (or, points only, the same points)."""
    seats = sorted(saved.seats.all(), key=lambda seat: seat.seat)
    if [seat.member_id for seat in seats] != [getattr(player, "pk", None) for player in game.players]:
        return False
    if game.points_only:
        saved_points = [tenths_from_points(value) for value in saved.sheet.get("points", [])]
        return saved.points_only and saved_points == game.points
    return not saved.points_only and [seat.score for seat in seats] == list(game.scores)
