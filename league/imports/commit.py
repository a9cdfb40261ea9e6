"""Saving an import: all of it in one transaction, or nothing.

``commit(plan, mapping, user)`` plans the same rows again under a lock (so
games saved since the preview, or a mapping changed since, are seen), refuses
a plan with any problem, then creates the members chosen to be created, a
meeting for each date that has none for the rule set, and every new game
with its seats and yakuman as the engine settled them (the same
``fill_game`` / ``build_rows`` as a game entered at the table).  Games the
club already has are skipped.  Any failure rolls everything back.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from ..models import Game, GameSeat, Meeting, Member, RuleSet, Yakuman
from ..refusals import Refused
from ..services.games import Entry, build_rows, fill_game
from .names import NewMember
from .plan import make_plan

CHANGE_REASON = "import"
BATCH = 500


class ImportRefused(Refused):
    """An import that was not saved; ``plan`` is the plan as it stands now (to show again)."""

    def __init__(self, message, plan=None):
        super().__init__(message)
        self.plan = plan


@dataclass
class Imported:
    games: int = 0
    skipped: int = 0
    members: int = 0
    meetings: int = 0


def commit(plan, mapping=None, user=None, expected=None):
    """Save every new game of ``plan``; ``expected`` is the fingerprint of the plan the user saw, if any."""
    try:
        with transaction.atomic():
            # One import of a rule set at a time: the second sees the first's games and skips them.
            list(RuleSet.objects.select_for_update().filter(pk__in=[r.pk for r in plan.rule_sets_used])
                 .order_by("pk"))
            fresh = make_plan(plan.club, plan.rule_set, plan.table, plan.mapping if mapping is None else mapping)
            if fresh.has_errors:
                raise ImportRefused(_("Nothing was saved: the import has %(count)s problems. Correct them and "
                                      "try again.") % {"count": len(fresh.problems)}, fresh)
            if expected is not None and expected != fresh.fingerprint:
                raise ImportRefused(_("Nothing was saved: the import changed since the preview (games saved "
                                      "meanwhile, or the names chosen). Check the preview again, then import."),
                                    fresh)
            return _save(fresh, user)
    except IntegrityError as error:
        raise ImportRefused(_("Nothing was saved: another save got in the way (a game or a member added at the "
                              "same time). Check the preview again, then import.")) from error


def _save(plan, user):
    done = Imported(skipped=len(plan.already))
    created = _create_members(plan)
    done.members = len(created)
    meetings = _create_meetings(plan, user)
    done.meetings = len(meetings)
    games, seats, yakuman = [], [], []
    for planned in plan.new_games:
        meeting = planned.meeting or meetings[(planned.rule_set.pk, planned.date)]
        members = [created[player] if isinstance(player, NewMember) else player for player in planned.players]
        entry = Entry(meeting=meeting, round=planned.round, table=planned.table, members=members,
                      scores=planned.scores, points=planned.points, deposit=planned.deposit, chips=planned.chips,
                      busts=planned.busts,
                      yakuman=planned.yakuman, chombo=planned.chombo, ended_by_yakuman=planned.ended_by_yakuman)
        game = Game(meeting=meeting, rule_version=planned.version, updated_by=user)
        fill_game(game, entry, planned.result)
        game_seats, game_yakuman = build_rows(game, entry, planned.result)
        games.append(game)
        seats += game_seats
        yakuman += game_yakuman
    bulk_create_with_history(games, Game, batch_size=BATCH, default_user=user, default_change_reason=CHANGE_REASON)
    GameSeat.objects.bulk_create(seats, batch_size=BATCH)
    Yakuman.objects.bulk_create(yakuman, batch_size=BATCH)
    done.games = len(games)
    return done


def _create_meetings(plan, user):
    """A meeting for each rule set and date that has new games and no meeting yet: (rule set id, date) → Meeting."""
    days = {(planned.rule_set.pk, planned.date): planned.rule_set for planned in plan.new_games
            if planned.meeting is None}
    meetings = [Meeting(club=plan.club, rule_set=days[day], date=day[1]) for day in sorted(days)]
    bulk_create_with_history(meetings, Meeting, batch_size=BATCH, default_user=user,
                             default_change_reason=CHANGE_REASON)
    return {(meeting.rule_set.pk, meeting.date): meeting for meeting in meetings}


def _create_members(plan):
    """The members chosen to be created, each once: NewMember → Member."""
    created = {}
    for planned in plan.new_games:
        for player in planned.players:
            if isinstance(player, NewMember) and player not in created:
                member = Member(club=plan.club, name=player.name, kana=player.kana)
                member.save()  # normalises the name and reading, and keeps the member's history
                created[player] = member
    return created
