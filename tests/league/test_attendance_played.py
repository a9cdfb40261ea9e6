"""Each attendance row's stored ``played`` (the person has a meeting line that day) stays equal to a fresh look for
one, and for a counted seat of theirs that day, through every kind of write; the awards' attendance read from it
is what counting every attendance row, game and day total gave (``test_record_lines.seat_awards``).

Random writes, as in ``test_record_lines``: entries, corrections (some moving a game to another day), voids and
restores, people marked here, left and absent (before and after they play), the accounts saved, a row written
directly, the admin moving a row to another day and deleting a game, an import and its undo, a guest merged into
a member (their rows moved, or joined to the member's), the stored figures spoiled and ``recompute --commit``.
"""

import datetime
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from league.models import Attendance, Game, GameSeat, Meeting, MeetingLine, Member, RuleSet, RuleVersion
from league.services.attendance import ABSENT, PRESENCES, set_presence
from league.services.meetings import save_accounts
from league.services.people import merge_guest
from league.services.refusals import Refused
from league.stats.awards import _Context
from league.stats.standings import Period, standings

from .standings_data import BOO_RULES
from .test_meeting_lines import FIRST, import_and_maybe_undo, play_days, shake
from .test_record_lines import assert_attendance_as_counted, seat_awards


def stored_played():
    return dict(
        ((meeting, member), played)
        for meeting, member, played in Attendance.objects.values_list("meeting", "member", "played")
    )


def fresh_played():
    """``{(meeting, member): played}`` of every attendance row, looked for afresh in the lines and in the seats."""
    lines = set(MeetingLine.objects.values_list("meeting", "member"))
    seats = set(GameSeat.objects.counted().values_list("game__meeting", "member"))
    assert lines == seats
    return {key: key in lines for key in Attendance.objects.values_list("meeting", "member")}


def check(rule_sets):
    assert stored_played() == fresh_played()
    for rule_set in rule_sets:
        period = Period(rule_set=rule_set)
        _single, attended, held = seat_awards(period, rule_set.club)
        assert_attendance_as_counted(_Context(period, rule_set.club, standings(period)), attended, held)


def mark(rng, meetings, members, secretary, times=12):
    """People marked here, left or absent at random (absent refused for someone who played that day)."""
    for _ in range(times):
        meeting = rng.choice(meetings)
        try:
            set_presence(meeting, rng.choice(members), rng.choice(PRESENCES), secretary)
        except Refused:
            pass


@pytest.mark.parametrize("seed", range(3))
def test_played_follows_every_write(client, club, secretary, seed):
    rng = random.Random(seed)
    main = club.rule_sets.get()
    boo = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀")
    RuleVersion.objects.create(rule_set=boo, effective_from=datetime.date(2020, 1, 1), rules=BOO_RULES)
    guests = [
        Member.objects.create(club=club, name=f"ゲスト{number}", kana=f"げすと{number}", guest=True)
        for number in range(2)
    ]
    members = [*Member.objects.filter(club=club, guest=False), *guests]
    days = [FIRST + datetime.timedelta(days=7 * week) for week in range(6)]
    meetings = {
        rule_set: [Meeting.objects.create(club=club, rule_set=rule_set, date=day) for day in days]
        for rule_set in (main, boo)
    }
    every_meeting = [*meetings[main], *meetings[boo]]
    mark(rng, every_meeting, members, secretary)  # some before they play
    games = []
    for rule_set in (main, boo):
        play_days(rng, meetings[rule_set][:4], members, secretary, games)
    mark(rng, every_meeting, members, secretary)
    check((main, boo))
    assert {True, False} <= set(stored_played().values())  # both kinds, or the test shows nothing

    shake(rng, [game for game in games if game.meeting.rule_set == main], meetings[main], members, secretary)
    shake(rng, [game for game in games if game.meeting.rule_set == boo], meetings[boo], members, secretary)
    mark(rng, every_meeting, members, secretary)
    check((main, boo))

    # The accounts: who came, as the form sends it (rows added, kept, removed).
    for meeting in rng.sample(meetings[main], 2):
        came = {member: rng.random() < 0.8 for member in rng.sample(members, rng.randint(2, len(members)))}
        played = set(GameSeat.objects.counted().filter(game__meeting=meeting).values_list("member", flat=True))
        came |= {member: True for member in members if member.pk in played and member not in came}
        save_accounts(meeting, 3000, None, came)
    # A row written directly, on a day the person played or not.
    for _ in range(3):
        Attendance.objects.get_or_create(meeting=rng.choice(every_meeting), member=rng.choice(members))
    check((main, boo))

    # The admin: a row moved to another day and person, and a game deleted.
    admin = get_user_model().objects.create_superuser("admin", "admin@example.jp", "a long admin password")
    client.force_login(admin)
    row = rng.choice(list(Attendance.objects.all()))
    taken = set(Attendance.objects.values_list("meeting", "member"))
    meeting, member = next(
        (meeting, member)
        for meeting in rng.sample(every_meeting, len(every_meeting))
        for member in members
        if (meeting.pk, member.pk) not in taken
        and GameSeat.objects.counted().filter(game__meeting=meeting, member=member).exists()
    )
    answer = client.post(
        f"/admin/league/attendance/{row.pk}/change/",
        {"meeting": meeting.pk, "member": member.pk, "present_at_close": "on"},
    )
    assert answer.status_code == 302
    assert Attendance.objects.get(pk=row.pk).played
    played = Attendance.objects.filter(played=True).select_related("meeting").first()
    for game in Game.objects.filter(meeting=played.meeting_id, seats__member=played.member_id):
        assert client.post(f"/admin/league/game/{game.pk}/delete/", {"post": "yes"}).status_code == 302
    check((main, boo))

    play_days(rng, meetings[main][4:], members, secretary, games)
    import_and_maybe_undo(rng, club, main, meetings[main], members, secretary)
    mark(rng, every_meeting, members, secretary)
    check((main, boo))

    # A guest merged into a member: their rows moved, or joined to the member's on a day both came.
    for guest in guests:
        for into in rng.sample(members[: -len(guests)], len(members) - len(guests)):
            try:
                merge_guest(club, guest, into, secretary)
                break
            except Refused:
                continue
    check((main, boo))

    # Spoiled, then rebuilt by the recompute.
    Attendance.objects.filter(pk__in=rng.sample(list(Attendance.objects.values_list("pk", flat=True)), 5)).update(
        played=True
    )
    Attendance.objects.filter(played=True).filter(pk__in=Attendance.objects.values("pk")[:3]).update(played=False)
    assert stored_played() != fresh_played()
    call_command("recompute", club.slug, "--commit")
    check((main, boo))


def test_a_row_written_keeps_its_history_without_played(club, secretary, meeting):
    member = Member.objects.filter(club=club).first()
    record = set_presence(meeting, member, "here", secretary)
    assert not record.played
    assert "played" not in {field.name for field in Attendance.history.model._meta.fields}
    set_presence(meeting, member, ABSENT, secretary)
    assert not Attendance.objects.exists() and Attendance.history.count() == 2
