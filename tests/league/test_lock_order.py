"""The one lock order (league/services/locks.py): writers racing each other on PostgreSQL never deadlock, never
fail with anything but a refusal, and lose or duplicate nothing; a write whose target vanished is refused."""

import datetime
import threading
from functools import partial

import pytest
from django.conf import settings
from django.db import connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from league.imports.commit import commit
from league.imports.undo import undo_import
from league.models import (
    AllTimeLine,
    Attendance,
    DrawnSeat,
    Game,
    GameSeat,
    KeptLine,
    KeptMonth,
    KeptMonthLine,
    Meeting,
    MeetingLine,
    Member,
    MemberMonthFigures,
    MemberMonthOpponent,
)
from league.models.draws import SITTING_OUT
from league.services import people
from league.services.attendance import HERE, LEFT, set_presence
from league.services.draws import swap
from league.services.games import correct_game, record_game, set_void
from league.services.locks import MEMBER_MONTHS_LOCK, lock_member_months
from league.services.meeting_lines import refresh_meeting_lines
from league.services.meetings import set_closed
from league.services.member_months import refresh_member_months
from league.services.record_lines import refresh_all_time_lines
from league.services.refusals import Refused
from league.services.settling import Entry, entry_from_game, settle_in_force
from league.views import games as game_views
from league.views.confirmation import CONFIRMED

from .conftest import game_post
from .draws import draw_round
from .import_files import NAMES, csv_bytes, game_row, plan_of

TIMES = 10  # each race, so that a deadlock that happens one time in four shows
UNDOS = 6  # an import each time: slower
SCORES = [52300, 31500, 18700, -2500]

on_postgresql = pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="real concurrent transactions: PostgreSQL",
)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def named(name):
    return Member.objects.get(name=name)


def play(meeting, round, names, user, scores=SCORES):
    entry = Entry(meeting=meeting, round=round, table=1, members=[named(name) for name in names], scores=scores)
    return record_game(settle_in_force(entry), user)


def corrected(game, scores):
    game = Game.objects.select_related("meeting").get(pk=game.pk)
    entry = entry_from_game(game)
    entry.scores = scores
    return settle_in_force(entry)


def race(*actions):
    """Run ``actions`` at the same moment, each in its own thread with its own connection; what each returned,
    or the Refused it raised.  Anything else raised (a deadlock, a DoesNotExist: a 500 on a page) fails."""
    start, results = threading.Barrier(len(actions)), [None] * len(actions)

    def run(index, action):
        try:
            start.wait()
            with translation.override("en"):
                results[index] = action()
        except Exception as error:  # reported below, with the others'
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [
        repr(result) for result in results if isinstance(result, Exception) and not isinstance(result, Refused)
    ] == []
    return results


def refused(result):
    return isinstance(result, Refused)


def assert_lines_agree(*meetings):
    """The stored lines of ``meetings`` are what their seats give now: no writer's change was lost between them."""

    def lines():
        fields = [field.attname for field in MeetingLine._meta.concrete_fields if not field.primary_key]
        return sorted(MeetingLine.objects.filter(meeting__in=meetings).values_list(*fields))

    stored = lines()
    with transaction.atomic():
        refresh_meeting_lines([meeting.pk for meeting in meetings])
        assert lines() == stored
        transaction.set_rollback(True)


@pytest.fixture
def day(club):
    return Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=datetime.date(2026, 11, 20))


# -- a target that vanished: refused in words, on every database ------------------------------------------------


def test_a_game_removed_under_a_form_is_refused_in_words(club, secretary, day):
    game = play(day, 1, NAMES, secretary)
    settled = corrected(game, [50000, 33800, 18700, -2500])  # the form was read; then an undo removed the game
    GameSeat.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).delete()
    for write in (lambda: set_void(game, True, 1, secretary), lambda: correct_game(game, settled, 1, secretary)):
        with pytest.raises(Refused, match="This game no longer exists"):
            write()


def test_voiding_a_game_removed_meanwhile_says_so_instead_of_failing(client, club, secretary, day, monkeypatch):
    game = play(day, 1, NAMES, secretary)
    shown = Game.objects.select_related("meeting").get(pk=game.pk)  # what the view loaded, just before the undo
    GameSeat.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).delete()
    monkeypatch.setattr(game_views, "_game", lambda access, game_id: shown)
    client.force_login(secretary)
    response = client.post(f"/en/c/{club.slug}/games/{game.pk}/void/", {"revision": "1", CONFIRMED: "yes"}, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain == [(f"/en/c/{club.slug}/", 302)]
    assert any("This game no longer exists" in str(message) for message in response.context["messages"])


def test_a_meeting_removed_under_a_form_is_refused_in_words(club, secretary, day):
    entry = settle_in_force(Entry(meeting=day, round=1, table=1, members=[named(n) for n in NAMES], scores=SCORES))
    draw_round(day, 1, [NAMES], sitting_out=["中島五郎"])
    gone = Meeting.objects.get(pk=day.pk)
    Meeting.objects.filter(pk=day.pk).delete()
    writes = [
        lambda: record_game(entry, secretary),
        lambda: set_closed(gone, True),
        lambda: swap(gone, 1, named(NAMES[0]).pk, named("中島五郎").pk, secretary),
    ]
    for write in writes:
        with pytest.raises(Refused, match="This meeting no longer exists"):
            write()


# -- races on PostgreSQL -----------------------------------------------------------------------------------------

pytestmark_races = [on_postgresql, pytest.mark.django_db(transaction=True)]


def races(test):
    for mark in pytestmark_races:
        test = mark(test)
    return test


@races
def test_merging_a_guest_while_their_game_is_voided(club, owner, secretary, day):
    kitamura = named("北村四郎")
    for time in range(TIMES):
        guest = Member.objects.create(club=club, name=f"ゲスト{time}", guest=True)
        game = play(day, time + 1, [guest.name, *NAMES[:3]], secretary)
        merged, voided = race(
            partial(people.merge_guest, club, guest, kitamura, owner), partial(set_void, game, True, 1, secretary)
        )
        game.refresh_from_db()
        assert not refused(merged) and not Member.objects.filter(pk=guest.pk).exists()
        assert list(game.seats.order_by("seat").values_list("member", flat=True)) == [
            kitamura.pk,
            *(named(name).pk for name in NAMES[:3]),
        ]
        assert game.sheet["players"][0] == kitamura.pk
        assert game.void == (not refused(voided))  # a void after the merge was made from a stale revision
        assert game.revision == (3 if game.void else 2)
    assert_lines_agree(day)


def assert_played_agrees():
    """Every attendance row says whether its person has a line that day, as the lines say now."""
    lines = set(MeetingLine.objects.values_list("meeting", "member"))
    rows = Attendance.objects.values_list("meeting", "member", "played")
    assert [(meeting, member, (meeting, member) in lines) for meeting, member, _played in rows] == list(rows)


@races
def test_marking_a_player_here_while_their_game_is_entered_or_voided(club, secretary, day):
    # The attendance row is written under the day's lock, as the lines' refresh sets it: whichever goes second
    # sees the other's.
    for time in range(TIMES):
        meeting = Meeting.objects.create(
            club=club, rule_set=club.rule_sets.get(), date=datetime.date(2027, 4, time + 1)
        )
        marked, entered = race(
            partial(set_presence, meeting, named(NAMES[0]), HERE, secretary),
            partial(play, meeting, 1, NAMES, secretary),
        )
        assert not refused(marked) and not refused(entered)
        assert Attendance.objects.get(meeting=meeting, member=named(NAMES[0])).played
        voided, left = race(
            partial(set_void, entered, True, entered.revision, secretary),
            partial(set_presence, meeting, named(NAMES[0]), LEFT, secretary),
        )
        assert not refused(voided) and not refused(left)
        assert not Attendance.objects.get(meeting=meeting, member=named(NAMES[0])).played
    assert_played_agrees()


@races
def test_merging_a_guest_while_the_member_is_marked_here_on_their_day(club, owner, secretary, day):
    kitamura = named("北村四郎")
    for time in range(TIMES):
        meeting = Meeting.objects.create(
            club=club, rule_set=club.rule_sets.get(), date=datetime.date(2027, 5, time + 1)
        )
        guest = Member.objects.create(club=club, name=f"ゲスト{time}", guest=True)
        set_presence(meeting, guest, HERE, secretary)
        play(meeting, 1, [guest.name, *NAMES[:3]], secretary)
        merged, marked = race(
            partial(people.merge_guest, club, guest, kitamura, owner),
            partial(set_presence, meeting, kitamura, LEFT if time % 2 else HERE, secretary),
        )
        assert not refused(merged) and not refused(marked)
        assert Attendance.objects.get(meeting=meeting, member=kitamura).played
        assert not Attendance.objects.filter(member_id=guest.pk).exists()
    assert_played_agrees()
    assert_lines_agree(*Meeting.objects.all())


@races
def test_merging_a_guest_while_their_drawn_seat_is_swapped(club, owner, secretary, day):
    kitamura, nakajima = named("北村四郎"), named("中島五郎")
    for time in range(TIMES):
        guest = Member.objects.create(club=club, name=f"ゲスト{time}", guest=True)
        drawn = draw_round(day, time + 1, [[guest.name, *NAMES[:3]]], sitting_out=[nakajima.name])
        merged, swapped = race(
            partial(people.merge_guest, club, guest, kitamura, owner),
            partial(swap, day, time + 1, guest.pk, nakajima.pk, secretary),
        )
        assert not refused(merged) and not Member.objects.filter(pk=guest.pk).exists()
        seats = dict(DrawnSeat.objects.filter(round=drawn).values_list("member", "table"))
        assert len(seats) == DrawnSeat.objects.filter(round=drawn).count() == 5
        assert guest.pk not in seats
        assert seats[kitamura.pk] == (SITTING_OUT if not refused(swapped) else 1)
        assert seats[nakajima.pk] == (1 if not refused(swapped) else SITTING_OUT)


@races
def test_merging_a_guest_while_they_are_entered_on_another_day(club, owner, secretary, day):
    kitamura = named("北村四郎")
    for time in range(TIMES):
        guest = Member.objects.create(club=club, name=f"ゲスト{time}", guest=True)
        play(day, time + 1, [guest.name, *NAMES[:3]], secretary)
        other = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=datetime.date(2027, 2, time + 1))
        merged, entered = race(
            partial(people.merge_guest, club, guest, kitamura, owner),
            partial(play, other, 1, [guest.name, *NAMES[:3]], secretary),
        )
        seats = set(GameSeat.objects.filter(game__meeting=other, seat=0).values_list("member", flat=True))
        assert seats == (set() if refused(entered) else {guest.pk if refused(merged) else kitamura.pk})
        assert Member.objects.filter(pk=guest.pk).exists() == refused(merged)
        assert not GameSeat.objects.filter(member_id=guest.pk).exists() or refused(merged)
        if refused(entered):
            assert entered.message.startswith("A player of this game was merged")  # not "the table is taken"
    assert_lines_agree(day)


def imported(club, secretary, time):
    """Two games of a day the import creates (a different day each time)."""
    date = f"2026-12-{time + 1:02d}"
    rows = [game_row(date=date), game_row(date=date, round=2, names=NAMES[1:] + NAMES[:1])]
    batch = commit(plan_of(club, csv_bytes(rows), "games.csv"), user=secretary)
    return batch, batch.created_meetings.get(), Game.objects.filter(import_batch=batch).order_by("round").first()


@races
def test_undoing_an_import_while_one_of_its_games_is_corrected(club, secretary):
    for time in range(UNDOS):
        batch, meeting, game = imported(club, secretary, time)
        settled = corrected(game, [50000, 33800, 18700, -2500])
        undone, saved = race(partial(undo_import, batch, secretary), partial(correct_game, game, settled, 1, secretary))
        batch.refresh_from_db()
        assert refused(undone) != refused(saved)  # exactly one of them went through
        if refused(saved):
            assert "no longer exists" in saved.message
            assert batch.undone_at is not None and not Meeting.objects.filter(pk=meeting.pk).exists()
            assert not Game.objects.filter(import_batch=batch).exists()
        else:
            assert batch.undone_at is None
            assert Game.objects.get(pk=game.pk).sheet["scores"][0] == 50000
            assert_lines_agree(meeting)


@races
def test_through_the_pages_an_undo_a_void_and_a_correction_at_once_never_fail(club, secretary):
    def post(url, data):
        client = Client()
        client.force_login(secretary)
        return client.post(url, data).status_code

    names = dict(zip(("player_0", "player_1", "player_2", "player_3"), NAMES[1:] + NAMES[:1], strict=True))
    for time in range(UNDOS):
        batch, meeting, first = imported(club, secretary, time)
        second = Game.objects.get(import_batch=batch, round=2)
        statuses = race(
            partial(post, f"/en/c/{club.slug}/import/batches/{batch.pk}/undo/", {"confirm": "on"}),
            partial(post, f"/en/c/{club.slug}/games/{first.pk}/void/", {"revision": "1", CONFIRMED: "yes"}),
            partial(
                post,
                f"/en/c/{club.slug}/games/{second.pk}/edit/",
                game_post(round="2", bust_3="0", revision="1", score_0="52400", score_1="31400", **names),
            ),
        )
        assert all(status < 500 for status in statuses), statuses
        batch.refresh_from_db()
        assert Game.objects.filter(import_batch=batch).count() == (0 if batch.undone_at else 2)
        if not batch.undone_at:
            assert_lines_agree(meeting)


@races
def test_undoing_an_import_while_one_of_its_games_is_voided(club, secretary):
    for time in range(UNDOS):
        batch, meeting, game = imported(club, secretary, time)
        undone, voided = race(partial(undo_import, batch, secretary), partial(set_void, game, True, 1, secretary))
        batch.refresh_from_db()
        assert refused(undone) != refused(voided)
        if refused(voided):
            assert batch.undone_at is not None and not Game.objects.filter(pk=game.pk).exists()
        else:
            assert batch.undone_at is None and Game.objects.get(pk=game.pk).void
            assert_lines_agree(meeting)


@races
def test_undoing_an_import_while_a_game_is_entered_on_its_day(club, secretary):
    for time in range(UNDOS):
        batch, meeting, _game = imported(club, secretary, time)
        undone, entered = race(partial(undo_import, batch, secretary), partial(play, meeting, 3, NAMES, secretary))
        batch.refresh_from_db()
        assert refused(undone) != refused(entered)
        if refused(entered):
            assert "no longer exists" in entered.message
            assert batch.undone_at is not None and not Meeting.objects.filter(pk=meeting.pk).exists()
        else:
            assert batch.undone_at is None
            assert Game.objects.filter(meeting=meeting).count() == 3
            assert_lines_agree(meeting)


@races
def test_undoing_an_import_while_its_day_is_closed(club, secretary):
    for time in range(UNDOS):
        batch, meeting, _game = imported(club, secretary, time)
        undone, closed = race(partial(undo_import, batch, secretary), partial(set_closed, meeting, True, secretary))
        batch.refresh_from_db()
        assert refused(undone) != refused(closed)
        if refused(closed):
            assert batch.undone_at is not None and not Meeting.objects.filter(pk=meeting.pk).exists()
        else:
            assert batch.undone_at is None
            assert sum(sum(line["places"]) for line in Meeting.objects.get(pk=meeting.pk).settlement["lines"]) == 8


@races
def test_closing_a_day_while_a_game_is_entered(club, secretary):
    for time in range(TIMES):
        meeting = Meeting.objects.create(
            club=club, rule_set=club.rule_sets.get(), date=datetime.date(2027, 1, time + 1)
        )
        closed, entered = race(
            partial(set_closed, meeting, True, secretary), partial(play, meeting, 1, NAMES, secretary)
        )
        assert not refused(closed)
        kept = sum(sum(line["places"]) for line in Meeting.objects.get(pk=meeting.pk).settlement["lines"])
        assert Game.objects.filter(meeting=meeting).count() * 4 == kept == (0 if refused(entered) else 4)


@races
def test_closing_two_days_of_one_month_at_once(club, secretary):
    """Both days' money is in their month's sums: the second writer adds the month up from what the first kept."""
    for time in range(TIMES):
        month = datetime.date(2027, 1, 1) + datetime.timedelta(days=31 * time)
        days = [
            Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=month.replace(day=day))
            for day in (3, 17)
        ]
        for meeting in days:
            play(meeting, 1, NAMES, secretary)
        assert not any(refused(result) for result in race(*(partial(set_closed, day, True, secretary) for day in days)))
        month = month.replace(day=1)
        assert KeptMonth.objects.get(club=club, month=month).meetings == 2
        kept = KeptLine.objects.filter(meeting__in=days)
        assert sorted(
            KeptMonthLine.objects.filter(club=club, month=month).values_list("member", "meetings", "games", "fee")
        ) == sorted(
            (member, len(days), 2, sum(kept.filter(member=member).values_list("fee", flat=True)))
            for member in kept.values_list("member", flat=True).distinct()
        )


@races
def test_two_corrections_of_one_game_at_once(club, secretary, day):
    for time in range(TIMES):
        game = play(day, time + 1, NAMES, secretary)
        first, second = corrected(game, [50000, 33800, 18700, -2500]), corrected(game, [52300, 31500, 20000, -3800])
        results = race(
            partial(correct_game, game, first, 1, secretary), partial(correct_game, game, second, 1, secretary)
        )
        assert sorted(refused(result) for result in results) == [False, True]
        assert "Someone else saved this game" in next(result for result in results if refused(result)).message
        saved = next(result for result in results if not refused(result))
        game.refresh_from_db()
        assert game.revision == 2 and game.sheet["scores"] == saved.sheet["scores"]
    assert_lines_agree(day)


@races
def test_games_of_one_member_on_two_days_saved_at_once_keep_their_all_time_lines(club, secretary):
    # Each save rebuilds its players' all-time lines from their days: under the members' locks, the second sees the
    # first's day, so neither writes runs that miss the other's game.
    rule_set = club.rule_sets.get()
    for time in range(TIMES):
        days = [
            Meeting.objects.create(club=club, rule_set=rule_set, date=datetime.date(2027, 2, 1) + offset)
            for offset in (datetime.timedelta(days=2 * time), datetime.timedelta(days=2 * time + 1))
        ]
        results = race(*(partial(play, meeting, 1, NAMES, secretary) for meeting in days))
        assert not any(refused(result) for result in results)

    def stored():
        return sorted(tuple(row.values())[1:] for row in AllTimeLine.objects.values())

    lines = stored()
    with transaction.atomic():
        refresh_all_time_lines(Member.objects.values_list("pk", flat=True))
        assert stored() == lines
        transaction.set_rollback(True)


@races
def test_games_of_one_member_on_two_days_of_a_month_saved_at_once_keep_their_month(club, secretary):
    # Each save counts its players' month again from their lines: under the members' locks, the second sees the
    # first's day, so neither writes a month that misses the other's game.
    rule_set = club.rule_sets.get()
    for time in range(TIMES):
        days = [
            Meeting.objects.create(club=club, rule_set=rule_set, date=datetime.date(2027, 3, 1) + offset)
            for offset in (datetime.timedelta(days=2 * time), datetime.timedelta(days=2 * time + 1))
        ]
        results = race(*(partial(play, meeting, 1, NAMES, secretary) for meeting in days))
        assert not any(refused(result) for result in results)

    def stored():
        return [
            sorted(tuple(row.values())[1:] for row in model.objects.values())
            for model in (MemberMonthFigures, MemberMonthOpponent)
        ]

    months = stored()
    assert MemberMonthFigures.objects.filter(month=datetime.date(2027, 3, 1)).values_list("games", flat=True)
    with transaction.atomic():
        refresh_member_months(Member.objects.values_list("pk", flat=True), None)
        assert stored() == months
        transaction.set_rollback(True)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_month_locks_are_taken_at_once_and_held_to_the_end(club):
    # One statement takes them all (a save's four players were four round trips): each is held until the commit.
    ids = sorted(Member.objects.filter(club=club).values_list("pk", flat=True))[:4]
    connection = connections["default"]
    with transaction.atomic():
        with CaptureQueriesContext(connection) as queries:
            lock_member_months([*reversed(ids), None, ids[0]])
        assert len(queries) == 1
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s AND pid = pg_backend_pid()",
                [MEMBER_MONTHS_LOCK],
            )
            assert sorted(row[0] for row in cursor.fetchall()) == ids
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()")
        assert cursor.fetchone()[0] == 0
