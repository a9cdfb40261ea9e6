"""``manage.py demo``: a believable season for every seed club, settled by the engine, and demo logins."""

import datetime
import random
import re
from collections import defaultdict
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.db.models import Count
from django.test import RequestFactory

import scoring
from league.demo import PASSWORD, PLANS
from league.demo.hanchan import Table, force_tie, play, play_with_yakuman
from league.models import Attendance, Club, Game, GameSeat, Meeting, Member, Membership, Role, Season, Yakuman
from league.services.settling import entry_from_game


@pytest.fixture(autouse=True)
def demo_allowed(settings):
    """The demo runs on development sites (DEBUG on); pytest-django turns DEBUG off."""
    settings.DEBUG = True


TODAY = datetime.date(2026, 11, 21)
WEEKS = 3
KANA = re.compile(r"^[ぁ-ゖー]+ [ぁ-ゖー]+$")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def run_demo(*args):
    out = StringIO()
    call_command("demo", *args, weeks=WEEKS, today=TODAY, stdout=out)
    return out.getvalue()


@pytest.fixture
def demo(seed_clubs):
    return run_demo()


def snapshot():
    """Every stored game and seat of every club, in a comparable form."""
    return [
        (
            seat.game.meeting.club.slug,
            seat.game.meeting.date,
            seat.game.round,
            seat.game.table,
            seat.seat,
            seat.member.name,
            seat.score,
            seat.chips,
            seat.total,
            seat.game.deposit,
        )
        for seat in GameSeat.objects.select_related("game__meeting__club", "member").order_by(
            "game__meeting__club__slug", "game__meeting__date", "game__round", "game__table", "seat"
        )
    ]


@pytest.mark.django_db
def test_every_seed_club_gets_members_a_season_meetings_and_games(demo):
    assert Club.objects.count() == len(PLANS) == 5
    for club in Club.objects.all():
        members = club.members.active()
        assert 12 <= members.count() <= 30, club
        assert all(KANA.match(member.kana) for member in members), club
        assert all(" " in member.name for member in members), club  # family name, given name
        season = Season.objects.get(club=club)
        assert (season.name, season.starts_on, season.ends_on) == (
            "2026年度",
            datetime.date(2026, 4, 1),
            datetime.date(2027, 3, 31),
        )
        meetings = list(Meeting.objects.filter(club=club).order_by("date"))
        assert len(meetings) == WEEKS
        assert all(season.starts_on <= m.date < TODAY for m in meetings)
        assert [m.closed for m in meetings] == [True] * (WEEKS - 1) + [False]  # the latest is still open
        assert all(m.venue and m.venue_fee > 0 and 4 <= m.rounds <= 8 for m in meetings)
        assert Game.objects.for_club(club).exists()


@pytest.mark.django_db
def test_tables_are_filled_from_the_attendance(demo):
    for meeting in Meeting.objects.prefetch_related("attendance", "games__seats"):
        came = {row.member_id for row in meeting.attendance.all()}
        players = meeting.rule_set.version_on(meeting.date).settings["players"]
        tables = {game.table for game in meeting.games.all()}
        assert 1 <= len(tables) <= 3
        assert meeting.games.count() == meeting.rounds * len(tables)
        for game in meeting.games.all():
            seated = {seat.member_id for seat in game.seats.all()}
            assert len(seated) == players and seated <= came
    present = Attendance.objects.filter(present_at_close=True).count()
    assert present > 0.75 * Attendance.objects.count()


@pytest.mark.django_db
def test_touten_plays_several_rule_sets_including_three_player_and_boo(demo):
    used = set(Meeting.objects.filter(club__slug="touten").values_list("rule_set__slug", flat=True))
    assert {"yonin-a", "boo", "sannin-a"} <= used
    latest = Meeting.objects.filter(club__slug="touten").latest("date")
    assert latest.rule_set.slug == "yonin-a"
    three = GameSeat.objects.filter(game__meeting__rule_set__slug="sannin-a")
    assert three.values("game").annotate(n=Count("id")).filter(n=3).count() == three.values("game").distinct().count()


@pytest.mark.django_db
def test_every_game_is_stored_as_the_engine_settled_it(demo):
    games = Game.objects.select_related("meeting__rule_set", "rule_version").prefetch_related(
        "seats__member", "meeting__rule_set__versions"
    )
    for game in games:
        version = game.meeting.rule_set.version_on(game.meeting.date)
        assert game.rule_version == version
        settings = version.settings
        seats = list(game.seats.all())
        scores = [seat.score for seat in seats]
        assert all(score % 100 == 0 for score in scores)
        assert game.deposit % 100 == 0
        assert sum(scores) + game.deposit == settings["players"] * settings["start"]
        # Every seed club is zero-sum: bust penalty and bonus are equal (爆風の会 10/10), chips and
        # shūgi move between players, ブー's chombo is shared among the others, deposits go to the top.
        assert sum(seat.total for seat in seats) == 0
        assert sum(seat.chips for seat in seats) == 0
        result = scoring.settle(version.rules, entry_from_game(game).engine_game())
        for seat in seats:
            parts = result[seat.seat].tenths
            assert (
                seat.place,
                seat.base,
                seat.oka,
                seat.uma,
                seat.bust,
                seat.chip_points,
                seat.shugi,
                seat.chombo,
                seat.total,
            ) == (
                result[seat.seat].place,
                parts["base"],
                parts["oka"],
                parts["uma"],
                parts["bust"],
                parts["chips"],
                parts["shugi"],
                parts["chombo"],
                parts["total"],
            )
        assert game.history.count() == 1  # its creation, by the demo secretary
        assert game.updated_by.username == "secretary"


@pytest.mark.django_db
def test_the_season_has_busts_chips_yakuman_ties_and_realistic_tops(demo):
    games = list(Game.objects.select_related("rule_version").prefetch_related("seats"))
    assert any(game.sheet.get("busts") for game in games)
    assert Game.objects.filter(meeting__club__slug="bakufu", seats__bust__lt=0).exists()
    assert GameSeat.objects.exclude(chips=0).exists()
    assert Yakuman.objects.exclude(name="").exists()
    assert any(len({seat.score for seat in game.seats.all()}) < len(game.seats.all()) for game in games)
    assert Game.objects.filter(deposit__gt=0).exists()
    # busts only where the rules pay for them; chips only where a chip is worth something
    assert not GameSeat.objects.exclude(game__meeting__club__slug="bakufu").exclude(bust=0).exists()
    for seat in GameSeat.objects.exclude(chips=0).select_related("game__rule_version"):
        assert seat.game.rule_version.settings["chips"]["value"] != 0
    tops = [
        max(seat.score for seat in game.seats.all()) for game in games if game.rule_version.settings["start"] == 25000
    ]
    assert 38000 <= sorted(tops)[len(tops) // 2] <= 50000
    boo = [seat.score for seat in GameSeat.objects.filter(game__meeting__rule_set__slug="boo")]
    assert boo and all(-20000 <= score <= 30000 for score in boo)


@pytest.mark.django_db
def test_running_demo_again_changes_nothing(demo):
    before = snapshot()
    counts = (
        Member.objects.count(),
        Season.objects.count(),
        Meeting.objects.count(),
        Attendance.objects.count(),
        Game.objects.count(),
        Membership.objects.count(),
    )
    output = run_demo()
    assert snapshot() == before
    assert counts == (
        Member.objects.count(),
        Season.objects.count(),
        Meeting.objects.count(),
        Attendance.objects.count(),
        Game.objects.count(),
        Membership.objects.count(),
    )
    assert output.count("already has data") == 5
    assert "skipped" in output


@pytest.mark.django_db
def test_reset_recreates_the_same_data(demo):
    before = snapshot()
    output = run_demo("--reset", "--club", "bakufu")
    assert "爆風の会: created" in output
    assert snapshot() == before
    bakufu = Club.objects.get(slug="bakufu")
    assert (
        Game.history.filter(meeting_id__in=Meeting.objects.filter(club=bakufu).values("id"), history_type="+").count()
        == Game.objects.for_club(bakufu).count()
    )
    assert not Game.history.filter(history_type="-").exists()  # the old games' history went with them


@pytest.mark.django_db
def test_demo_accounts_log_in_with_their_roles(demo):
    request = RequestFactory().post("/login/")
    expected = {"owner": Role.OWNER, "secretary": Role.SECRETARY, "member": Role.MEMBER}
    for username, role in expected.items():
        user = authenticate(request, username=username, password=PASSWORD)
        assert user is not None, username
        roles = dict(Membership.objects.filter(user=user).values_list("club__slug", "role"))
        assert roles == {slug: role for slug in PLANS}
        assert Member.objects.filter(user=user, club__slug="bakufu").count() == 1
    assert authenticate(request, username="member", password="wrong") is None


@pytest.mark.django_db
def test_output_names_each_account_and_leaves_the_address_to_bin_start(demo):
    assert "Log in with a demo account" in demo and "http://" not in demo  # bin/start prints where it serves
    assert "secretary / janroku-demo — secretary of every seed club: enters and corrects results" in demo
    for username in ("owner", "member"):
        assert f"{username:<9} / janroku-demo — {username} of every seed club" in demo


@pytest.mark.django_db
def test_a_club_with_data_of_its_own_is_left_alone(seed_clubs):
    club = Club.objects.get(slug="makura")
    Member.objects.create(club=club, name="枕 太郎", kana="まくら たろう")
    output = run_demo()
    assert "枕倶楽部: already has data (members 1, meetings 0, games 0)" in output
    assert list(club.members.values_list("name", flat=True)) == ["枕 太郎"]
    assert not Game.objects.for_club(club).exists()
    per_club = defaultdict(int)
    for slug in Game.objects.values_list("meeting__club__slug", flat=True):
        per_club[slug] += 1
    assert set(per_club) == set(PLANS) - {"makura"}


@pytest.mark.parametrize(
    "table",
    [
        Table(),
        Table(bust_ends=False),
        Table(ends_at=60000, chips=True, red_chips=True, yakuman_chips=True),
        Table(players=3, start=35000, target=40000, west_round=True, chips=True, red_chips=True),
        Table(start=8000, target=8000, ends_at=16000, riichi_sticks=False, noten_payments=False, boo=True),
    ],
    ids=["four", "no-bust-end", "four-b", "three", "boo"],
)
def test_simulated_hanchan_keep_every_point(table):
    rng = random.Random(table.players * table.start)
    for number in range(400):
        strengths = [rng.uniform(0.8, 1.25) for _ in range(table.players)]
        hanchan = play_with_yakuman(rng, table, strengths) if number % 50 == 0 else play(rng, table, strengths)
        if number % 7 == 0:
            force_tie(rng, hanchan)
        assert sum(hanchan.scores) + hanchan.deposit == table.players * table.start
        assert all(score % 100 == 0 for score in hanchan.scores) and hanchan.deposit % 100 == 0
        assert sum(hanchan.chips) == 0 and (not hanchan.chips or len(hanchan.chips) == table.players)
        for bust in hanchan.busts:
            assert hanchan.scores[bust["seat"]] < 0 and bust["by"] != bust["seat"]
        if number % 50 == 0:
            assert len(hanchan.yakuman) == 1
            assert (hanchan.ended_by_yakuman is not None) == table.boo


def test_the_demo_refuses_to_run_on_a_production_site(db, settings):
    from django.core.management import CommandError, call_command

    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG"):
        call_command("demo", "--weeks", "1")
