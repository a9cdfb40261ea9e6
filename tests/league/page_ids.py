"""One of everything a club page is about, for the tests that open every club page (test_roles.py,
test_japanese_pages.py). Plugged in by conftest.py (fixture ``page_ids``).
"""

import datetime

import pytest

from league.imports.commit import commit
from league.jobs import tasks as start_job
from league.models import (
    SITTING_OUT,
    Adjustment,
    DrawnRound,
    DrawnSeat,
    Invite,
    Member,
    Membership,
    ReportedResult,
    Season,
)
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .club_data import PLAYERS
from .draws import draw_round
from .import_files import ROWS, plan_of, xlsx_bytes

# None of the fixture's meetings is on this day, so the entry page offers its choice instead of going straight to
# today's meeting: the pages must not depend on the day the suite runs (the imported file holds 2026-11-28).
CRAWL_TODAY = datetime.date(2026, 12, 1)


@pytest.fixture
def page_ids(club, meeting, secretary, member, monkeypatch):
    """One of everything a club page is about, by the name its URL gives the id."""
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *args, **kwargs: CRAWL_TODAY)
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    game = record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )
    rule_set = club.rule_sets.get()
    season = Season.objects.create(club=club, name="2026年度", starts_on="2026-04-01", ends_on="2027-03-31")
    adjustment = Adjustment.objects.create(
        club=club, rule_set=rule_set, member=members[0], date=datetime.date(2026, 10, 1), points=-50, reason="遅刻"
    )
    batch = commit(plan_of(club, xlsx_bytes(ROWS)), user=secretary)
    guest = Member.objects.create(club=club, name="ビジター", guest=True)
    drawn = DrawnRound.objects.create(meeting=meeting, number=1, seed=1)
    DrawnSeat.objects.bulk_create(
        [DrawnSeat(round=drawn, table=1, seat=seat, member=person) for seat, person in enumerate(members)]
        + [DrawnSeat(round=drawn, table=SITTING_OUT, seat=0, member=Member.objects.get(name=PLAYERS[4][0]))]
    )
    # Round 2 is drawn and not entered; the member's login plays as 中島五郎, seated at its table 1.
    club.players_report_results = True
    club.save()
    Member.objects.filter(club=club, name=PLAYERS[4][0]).update(user=member)
    second_round = draw_round(
        meeting, 2, [[PLAYERS[4][0], *(name for name, _ in PLAYERS[:3])]], sitting_out=[PLAYERS[3][0]]
    )
    report = ReportedResult.objects.create(meeting=meeting, round=2, table=1, sheet={}, reported_by=member)
    invite = Invite.objects.create(club=club, member=members[1], role="member", created_by=secretary)
    job = start_job.export(club, secretary, "season=all&rule_set=&min_games=0")  # done at once in the tests
    return {
        "slug": club.slug,
        "meeting_id": meeting.pk,
        "game_id": game.pk,
        "member_id": members[0].pk,
        "season_id": season.pk,
        "rule_set_id": rule_set.pk,
        "adjustment_id": adjustment.pk,
        "membership_id": Membership.objects.get(user=member, club=club).pk,
        "token": "nothing-waiting",
        "batch_id": batch.pk,
        "guest_id": guest.pk,
        "round_number": 2,
        "table": 1,
        "report_id": report.pk,
        "number": second_round.number,
        "invite_id": invite.pk,
        "job_id": job.id,
    }
