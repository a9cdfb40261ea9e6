"""Drawing the day's tables (卓組・席決め), redrawing a round not yet played, swapping two people by hand.

One transaction each, under the meeting's lock, refused on a closed meeting and when the draw changed since
the page was shown (``mark``: a form sent twice, or someone else drew meanwhile). The draw itself is the pure
``seating`` package (docs/draw.md): it is given who is here now, the day's other rounds (drawn, or played
without a draw) and who met whom earlier in the season. Every row is written with its history.
"""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import seating

from ..models.draws import DRAWN, REDRAWN, SITTING_OUT, SWAPPED, DrawnRound, DrawnSeat
from ..stats.draw import day_rounds, draw_mark, drawn_seats, here_now, met_before, played_rounds, seats_at_a_table
from .bulk import insert_history, insert_rows
from .locks import lock_meeting
from .refusals import Refused

MOST_ROUNDS = 20  # a club day is never longer; more is a typo


def new_seed():
    return secrets.randbits(62)


def draw(meeting, user, rounds=1, *, mark=None, seed=None):
    """Draw the next ``rounds`` rounds for the people here now; returns the new DrawnRounds.

    Rounds drawn together are drawn as one (the sit-outs spread over them) from one seed, kept on each: the
    same seed, people and earlier rounds give the same tables.
    """
    if not 1 <= rounds <= MOST_ROUNDS:
        raise Refused(_("Draw from 1 to %(most)s rounds.") % {"most": MOST_ROUNDS}, "rounds")
    seed = new_seed() if seed is None else seed
    with transaction.atomic():
        current, seats = _locked(meeting, mark)
        earlier = day_rounds(current, seats=seats)
        people, seats = _people(current)
        drawn = seating.draw_rounds(
            people,
            rounds,
            seats=seats,
            seed=seed,
            met_before=met_before(current),
            earlier=[earlier[n] for n in sorted(earlier)],
        )
        first = max([0, *earlier]) + 1
        saved = [
            DrawnRound(meeting=current, number=number, seed=seed, drawn_by=user)
            for number in range(first, first + len(drawn))
        ]
        # The rounds, their seats and the history of both: an insert each (row by row, 40 people's 8 rounds
        # were 656 statements, half the request).
        insert_rows(DrawnRound, saved, returning=True)
        insert_history(DrawnRound, saved, user, DRAWN)
        _save_seats([(row, round_) for row, round_ in zip(saved, drawn, strict=True)], user, DRAWN)
    return saved


def redraw(meeting, number, user, *, mark=None, seed=None):
    """Draw round ``number`` again with a new seed, for the people here now; refused once it was played."""
    seed = new_seed() if seed is None else seed
    with transaction.atomic():
        current, seats = _locked(meeting, mark)
        round_ = _unplayed(current, number)
        others = day_rounds(current, leave_out=number, seats=seats)
        people, seats = _people(current)
        drawn = seating.draw_rounds(
            people,
            1,
            seats=seats,
            seed=seed,
            met_before=met_before(current),
            earlier=[others[n] for n in sorted(others)],
        )[0]
        for seat in round_.seats.all():
            _history(seat, user, REDRAWN).delete()
        round_.seed, round_.drawn_by, round_.drawn_at, round_.changed_by_hand = seed, user, timezone.now(), False
        _history(round_, user, REDRAWN).save()
        _save_seats([(round_, drawn)], user, REDRAWN)
    return round_


def swap(meeting, number, first, second, user, *, mark=None):
    """Give ``first`` and ``second`` (member ids) each other's seat in round ``number`` (a sit-out included)."""
    if first == second:
        raise Refused(_("Choose two different people to swap."), "second")
    with transaction.atomic():
        current, _seats = _locked(meeting, mark)
        round_ = _unplayed(current, number)
        seats = {seat.member_id: seat for seat in round_.seats.select_for_update().select_related("member")}
        for field, person in (("first", first), ("second", second)):
            if person not in seats:
                raise Refused(_("This person is not in round %(number)s's draw.") % {"number": number}, field)
        a, b = seats[first], seats[second]
        if a.table == b.table == SITTING_OUT:
            raise Refused(_("Both sit this round out: swapping them changes nothing."), "second")
        # Both rows are written anew: the constraints allow no moment where one person holds two seats.
        places = [(a.table, a.seat, b.member), (b.table, b.seat, a.member)]
        for seat in (a, b):
            _history(seat, user, SWAPPED).delete()
        for table, place, member in places:
            _history(DrawnSeat(round=round_, table=table, seat=place, member=member), user, SWAPPED).save()
        round_.changed_by_hand = True
        _history(round_, user, SWAPPED).save()
    return round_


def _locked(meeting, mark):
    """The meeting, locked, and its drawn seats as they are now (``stats.draw.drawn_seats``, read once for the mark
    and the day's rounds)."""
    current = lock_meeting(meeting)
    if current.closed:
        raise Refused(_("The meeting is closed: its draw can no longer change."))
    seats = drawn_seats(current)
    if mark is not None and mark != draw_mark(current, seats):
        raise Refused(
            _(
                "The draw changed since this page was shown (someone drew, redrew or swapped, or the form "
                "was sent twice). Check the draw below and try again."
            )
        )
    return current, seats


def _unplayed(meeting, number):
    round_ = DrawnRound.objects.select_for_update().filter(meeting=meeting, number=number).first()
    if round_ is None:
        raise Refused(_("Round %(number)s has not been drawn.") % {"number": number})
    if number in played_rounds(meeting):
        raise Refused(
            _(
                "A game of round %(number)s has been entered: a round already played is never changed. "
                "Correct its games instead."
            )
            % {"number": number}
        )
    return round_


def _people(meeting):
    people, seats = here_now(meeting), seats_at_a_table(meeting)
    if len(people) < seats:
        raise Refused(
            _("Only %(here)s people are here: a table needs %(seats)s. Mark who is here first.")
            % {"here": len(people), "seats": seats}
        )
    return people, seats


def _save_seats(rounds, user, reason):
    """The seats of each (saved ``DrawnRound``, ``seating.Round``) of ``rounds``, with their history: one insert."""
    rows = []
    for drawn_round, round_ in rounds:
        rows += [
            DrawnSeat(round=drawn_round, table=table, seat=seat, member_id=member)
            for table, people in enumerate(round_.tables, start=1)
            for seat, member in enumerate(people)
        ]
        # Fewer sit out than sit at a table, so their order fits the seat numbers.
        rows += [
            DrawnSeat(round=drawn_round, table=SITTING_OUT, seat=order, member_id=member)
            for order, member in enumerate(round_.sitting_out)
        ]
    insert_rows(DrawnSeat, rows, returning=True)
    insert_history(DrawnSeat, rows, user, reason)


def _history(record, user, reason):
    if user is not None:
        record._history_user = user
    record._change_reason = reason
    return record
