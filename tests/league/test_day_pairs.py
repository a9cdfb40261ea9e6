"""Who sat with whom, as the writers keep it (``DayPair``, ``SeasonPair``), is what a fresh count of the seats gives,
through every kind of write; and the draw's ``met_before`` read from it is what counting the season's seats gave.

The references are counted here from the counted seats (each game's pairs), and ``seat_met_before`` is the draw's
former query over the seats, kept in the test only.  Hypothesis draws a sequence of writes: games entered,
corrected (some moved to another day), voided and restored, an import and its undo, games deleted in the admin,
a season's dates changed, a guest merged into a member.
"""

import datetime
import random
import threading
from itertools import combinations

import pytest
from django.conf import settings as django_settings
from django.contrib import admin
from django.core.management import call_command
from django.db import connections, transaction
from django.db.models import Count, F
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.imports.columns import find_columns
from league.imports.commit import commit
from league.imports.plan import make_plan
from league.imports.reading import read_bytes
from league.imports.seasons import NewSeason, outside_seasons
from league.models import DayPair, Game, GameSeat, Meeting, Member, RuleSet, RuleVersion, Season, SeasonPair
from league.services.day_pairs import rebuild_club_season_pairs
from league.services.people import merge_guest, save_season
from league.services.refusals import Refused
from league.stats.draw import met_before

from .import_files import game_row, xlsx_bytes
from .standings_data import BOO_RULES
from .test_meeting_lines import FIRST, import_and_maybe_undo, play_days, shake

WRITES = ("play", "shake", "import", "delete", "season", "merge")


def seat_day_pairs():
    """``{(meeting id, first, second): games}`` counted from every counted seat, game by game."""
    players = {}
    for game, meeting, member in GameSeat.objects.counted().values_list("game_id", "game__meeting_id", "member_id"):
        players.setdefault((game, meeting), []).append(member)
    pairs = {}
    for (_game, meeting), people in players.items():
        for first, second in combinations(sorted(people), 2):
            pairs[meeting, first, second] = pairs.get((meeting, first, second), 0) + 1
    return pairs


def seat_season_pairs():
    """``{(season id, rule set id, first, second): games}``: the day pairs of every season's days, summed."""
    days = {
        pk: (club, rule_set, date)
        for pk, club, rule_set, date in Meeting.objects.values_list("pk", "club_id", "rule_set_id", "date")
    }
    sums = {}
    for season, club, starts_on, ends_on in Season.objects.values_list("pk", "club_id", "starts_on", "ends_on"):
        for (meeting, first, second), games in seat_day_pairs().items():
            day_club, rule_set, date = days[meeting]
            if day_club == club and starts_on <= date <= ends_on:
                key = (season, rule_set, first, second)
                sums[key] = sums.get(key, 0) + games
    return sums


def stored_day_pairs():
    return {(m, a, b): games for m, a, b, games in DayPair.objects.values_list("meeting", "first", "second", "games")}


def stored_season_pairs():
    return {
        (s, r, a, b): games
        for s, r, a, b, games in SeasonPair.objects.values_list("season", "rule_set", "first", "second", "games")
    }


def seat_met_before(meeting):
    """The draw's former reading: the season's earlier seats of the meeting's rule set, each joined to the later
    seats of its game."""
    season = Season.objects.filter(club=meeting.club_id).covering(meeting.date).first()
    if season is None:
        return {}
    pairs = (
        GameSeat.objects.counted()
        .filter(
            game__meeting__rule_set=meeting.rule_set_id,
            game__meeting__date__gte=season.starts_on,
            game__meeting__date__lt=meeting.date,
            game__seats__member__gt=F("member"),
        )
        .values_list("member_id", "game__seats__member_id")
        .annotate(games=Count("game_id"))
        .order_by()
    )
    return {frozenset((first, second)): games for first, second, games in pairs}


def check():
    assert stored_day_pairs() == seat_day_pairs()
    assert stored_season_pairs() == seat_season_pairs()
    for meeting in Meeting.objects.all():
        assert met_before(meeting) == seat_met_before(meeting), meeting


def delete_in_admin(rng):
    """Games deleted as the admin deletes them (one, or a selection)."""
    games = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    if not games:
        return
    model_admin = admin.site._registry[Game]
    chosen = rng.sample(games, min(len(games), rng.randint(1, 3)))
    if len(chosen) == 1:
        model_admin.delete_model(None, Game.objects.get(pk=chosen[0]))
    else:
        model_admin.delete_queryset(None, Game.objects.filter(pk__in=chosen))


def change_a_season(rng, club, days):
    season = rng.choice(list(Season.objects.filter(club=club)))
    starts_on = rng.choice(days[:3])
    ends_on = starts_on + datetime.timedelta(days=rng.choice([7, 20, 60]))
    save_season(club, season, name=season.name, starts_on=starts_on, ends_on=ends_on, min_games=0)


def merge_the_guest(club, secretary, members):
    guests = list(Member.objects.filter(club=club, guest=True))
    if not guests:
        return
    for into in members:
        if into.guest:
            continue
        try:
            merge_guest(club, guests[0], into, secretary)
            return
        except Refused:
            continue


@pytest.mark.django_db
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(writes=st.lists(st.tuples(st.sampled_from(WRITES), st.integers(0, 2**32)), min_size=1, max_size=6))
def test_stored_pairs_follow_every_write(club, secretary, writes):
    with transaction.atomic():
        main = club.rule_sets.get()
        boo = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀")
        RuleVersion.objects.create(rule_set=boo, effective_from=datetime.date(2020, 1, 1), rules=BOO_RULES)
        Member.objects.create(club=club, name="ゲスト一", kana="げすといち", guest=True)
        members = list(Member.objects.filter(club=club))
        days = [FIRST + datetime.timedelta(days=7 * week) for week in range(6)]
        # Two seasons that overlap, and days outside both.
        Season.objects.create(club=club, name="前期", starts_on=days[0], ends_on=days[3])
        Season.objects.create(club=club, name="通年", starts_on=days[1], ends_on=days[4])
        meetings = {
            rule_set: [Meeting.objects.create(club=club, rule_set=rule_set, date=day) for day in days]
            for rule_set in (main, boo)
        }
        games, imported = [], False
        for name, seed in writes:
            rng = random.Random(seed)
            rule_set = rng.choice((main, boo))
            if name == "play":
                play_days(rng, rng.sample(meetings[rule_set], 2), members, secretary, games)
            elif name == "shake":
                shake(rng, [g for g in games if g.meeting.rule_set == rule_set], meetings[rule_set], members, secretary)
                games = list(Game.objects.all())
            elif name == "import" and not imported:  # once: a second would find the first one's games
                import_and_maybe_undo(rng, club, main, meetings[main], members, secretary)
                imported = True
            elif name == "delete":
                delete_in_admin(rng)
                games = list(Game.objects.all())
            elif name == "season":
                change_a_season(rng, club, days)
            else:
                merge_the_guest(club, secretary, members)
                members = list(Member.objects.filter(club=club))
                games = list(Game.objects.all())
            check()
        transaction.set_rollback(True)


def test_the_recompute_command_rebuilds_pairs_gone_astray(club, secretary):
    members = list(Member.objects.filter(club=club))
    Season.objects.create(club=club, name="通年", starts_on=FIRST, ends_on=FIRST + datetime.timedelta(days=60))
    meetings = [
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST + datetime.timedelta(days=7 * n))
        for n in range(3)
    ]
    play_days(random.Random(1), meetings, members, secretary, [])
    expected_days, expected_seasons = stored_day_pairs(), stored_season_pairs()
    assert expected_days == seat_day_pairs() and expected_seasons == seat_season_pairs() and expected_seasons
    DayPair.objects.filter(meeting=meetings[0]).update(games=99)
    DayPair.objects.filter(meeting=meetings[1]).delete()
    SeasonPair.objects.update(games=1)
    call_command("recompute", club.slug, "--commit")
    assert stored_day_pairs() == expected_days
    assert stored_season_pairs() == expected_seasons


def test_a_season_an_import_creates_sums_the_days_it_covers_already(club, secretary):
    """The club's days before the import, outside any season, go into the season the import creates with them."""
    rule_set = club.rule_sets.get()
    members = list(Member.objects.filter(club=club))
    meetings = [
        Meeting.objects.create(club=club, rule_set=rule_set, date=FIRST + datetime.timedelta(days=n)) for n in (0, 7)
    ]
    play_days(random.Random(2), meetings, members, secretary, [])
    rows = [game_row(date=(FIRST + datetime.timedelta(days=14)).isoformat(), names=[m.name for m in members[:4]])]
    table = find_columns(read_bytes(xlsx_bytes(rows), "games.xlsx"), 4, rule_set.name)
    plan = make_plan(club, rule_set, table, None)
    _uncovered, proposals = outside_seasons(plan)
    assert proposals and proposals[0].starts_on <= FIRST
    commit(plan, user=secretary, seasons=[NewSeason("新シーズン", proposals[0].starts_on, proposals[0].ends_on)])
    assert stored_season_pairs() == seat_season_pairs() and len({key[0] for key in stored_season_pairs()}) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not django_settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="real concurrent transactions: PostgreSQL",
)
def test_games_saved_at_once_on_days_of_one_season_are_all_in_its_sums(club, secretary):
    """Two secretaries saving games of two days of one season at the same moment: the season's sums wait for each
    other (the season is locked), so neither is lost and no new pair is inserted twice."""
    members = list(Member.objects.filter(club=club))
    Season.objects.create(club=club, name="通年", starts_on=FIRST, ends_on=FIRST + datetime.timedelta(days=60))
    meetings = [
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST + datetime.timedelta(days=7 * n))
        for n in range(2)
    ]
    start, failures = threading.Barrier(2), []

    def save(meeting, seed):
        try:
            start.wait()
            play_days(random.Random(seed), [meeting], members, secretary, [])
        except Exception as error:  # reported below
            failures.append(repr(error))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(meeting, n)) for n, meeting in enumerate(meetings)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert GameSeat.objects.exists()
    assert stored_day_pairs() == seat_day_pairs()
    assert stored_season_pairs() == seat_season_pairs()


def test_a_meeting_re_dated_or_removed_is_summed_out_of_its_season(club, secretary):
    """What the admin's meeting page does after a meeting's date changes or it is removed (``MeetingAdmin``)."""
    members = list(Member.objects.filter(club=club))
    Season.objects.create(club=club, name="前期", starts_on=FIRST, ends_on=FIRST + datetime.timedelta(days=30))
    meetings = [
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST + datetime.timedelta(days=7 * n))
        for n in range(2)
    ]
    play_days(random.Random(3), meetings, members, secretary, [])
    Meeting.objects.filter(pk=meetings[0].pk).update(date=FIRST + datetime.timedelta(days=90))
    rebuild_club_season_pairs([club.pk])
    assert stored_season_pairs() == seat_season_pairs() and stored_season_pairs()
    model_admin = admin.site._registry[Meeting]
    Game.objects.filter(meeting=meetings[1]).delete()  # the admin removes a day with its games
    model_admin.delete_model(None, Meeting.objects.get(pk=meetings[1].pk))
    assert stored_season_pairs() == seat_season_pairs() == {}
