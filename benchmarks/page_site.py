"""The page benchmark's site: 爆風の会 grown by seasons of 20,000 games, its visitors, one of each thing a page shows.

The club grows as a real one does: a season of at most ``SEASON_GAMES`` games a year, the same 40 members playing
in each, the current season ending yesterday (``build_season`` of the export benchmark settles every game).
80,000 games are three earlier seasons of 20,000 and the current one; 1,000 games one season.  So "the current
season" pages read a season whatever the club's size, and the whole-history variants read all of it.
"""

import datetime
import time

CLUB = "bakufu"
SEASON_GAMES = 20_000
MEMBERS, TABLES, ROUNDS = 40, 5, 10
SITE_MEMBERS = 24
VISITORS = ("owner", "secretary", "member", "outsider", "anonymous")
LOGINS = {
    "owner": "bench-owner",
    "secretary": "bench-secretary",
    "member": "bench-member",
    "outsider": "bench-outsider",
}
PASSWORD = "bench password"
BUILT_TABLE = "bench_built"  # one row: what was built (games, clubs), so that a kept database is reused only as built
IMPORTED_GAMES = 20  # an import batch for its page, on days before the first season


def season_plan(games, today):
    """(first day, games) of each season, oldest first, the last ending the day before ``today``."""
    sizes = [SEASON_GAMES] * (games // SEASON_GAMES) + ([games % SEASON_GAMES] if games % SEASON_GAMES else [])
    per_day = TABLES * ROUNDS
    plan, next_first = [], None
    for size in reversed(sizes):
        days = -(-size // per_day)
        if next_first is None:
            first = today - datetime.timedelta(days=days)
        else:  # build_season makes a season at least 365 days long: the next one starts the day after it ends
            first = next_first - datetime.timedelta(days=max(days, 365) + 1)
        plan.append((first, size))
        next_first = first
    return list(reversed(plan))


def build_club(club, games):
    """``games`` games in seasons for ``club`` (season_plan), then its visitors and page objects."""
    from django.utils import timezone

    from benchmarks.export_season import build_season

    people = None
    for number, (first_day, size) in enumerate(season_plan(games, timezone.localdate()), start=1):
        started = time.perf_counter()
        season = build_season(
            club, size, members=MEMBERS, tables=TABLES, rounds=ROUNDS, seed=number, first_day=first_day, people=people
        )
        people = list(club.members.order_by("pk"))
        print(f"  season {season.starts_on}: {size:,} games in {time.perf_counter() - started:.0f} s", flush=True)
    add_visitors(club)
    add_page_objects(club)


def busiest_member(club):
    from django.db.models import Count

    from league.models import GameSeat

    row = (
        GameSeat.objects.filter(member__club=club)
        .values("member")
        .annotate(games=Count("id"))
        .order_by("-games", "member")
        .first()
    )
    return row["member"], row["games"]


def add_visitors(club):
    """The owner, a secretary, a member (whose login is the busiest member) and an outsider (a login of no club)."""
    from django.contrib.auth import get_user_model

    from league.models import Member, Membership, Role

    users = {who: get_user_model().objects.create_user(login, password=PASSWORD) for who, login in LOGINS.items()}
    for who in ("owner", "secretary", "member"):
        Membership.objects.create(user=users[who], club=club, role=Role(who))
    Member.objects.filter(pk=busiest_member(club)[0]).update(user=users["member"])


def add_page_objects(club):
    """An open meeting after the last with a drawn round and the member's report of their table, an adjustment, a
    guest, an invite and an import batch: what the pages about each need."""
    from django.contrib.auth import get_user_model

    from benchmarks.import_games import build_file
    from league.imports.columns import find_columns
    from league.imports.commit import commit
    from league.imports.plan import make_plan
    from league.imports.reading import read_bytes
    from league.models import Adjustment, DrawnRound, DrawnSeat, Invite, Meeting, Member, ReportedResult

    club.players_report_results = True  # the member's report of their drawn table is a page too
    club.save(update_fields=["players_report_results"])
    owner = get_user_model().objects.get(username=LOGINS["owner"])
    member_login = get_user_model().objects.get(username=LOGINS["member"])
    latest = Meeting.objects.filter(club=club).order_by("-date").first()
    day = Meeting.objects.create(club=club, rule_set=latest.rule_set, date=latest.date + datetime.timedelta(days=1))
    member = Member.objects.get(user=member_login, club=club)
    others = list(Member.objects.filter(club=club).exclude(pk=member.pk).order_by("pk")[:3])
    drawn = DrawnRound.objects.create(meeting=day, number=1, seed=1)
    DrawnSeat.objects.bulk_create(
        [DrawnSeat(round=drawn, table=1, seat=seat, member=person) for seat, person in enumerate([member, *others])]
    )
    ReportedResult.objects.create(meeting=day, round=1, table=1, sheet={}, reported_by=member_login)
    Adjustment.objects.create(
        club=club, rule_set=latest.rule_set, member=member, date=latest.date, points=-50, reason="遅刻"
    )
    Member.objects.create(club=club, name="ビジター", guest=True)
    Invite.objects.create(club=club, member=others[0], role="member", created_by=owner)
    earliest = Meeting.objects.filter(club=club).order_by("date").first().date
    data = build_file(club, IMPORTED_GAMES, first_day=earliest - datetime.timedelta(days=30))
    rule_set = club.rule_sets.with_versions().first()
    commit(make_plan(club, rule_set, find_columns(read_bytes(data, "old.xlsx"), 4, rule_set.name)), user=owner)


def page_ids(club):
    """The ids the pages' arguments take, by argument name, and the pages taking an argument of another meaning;
    with what the report says about them (the busiest member's games)."""
    from django.contrib.auth import get_user_model

    from league.models import Game, ImportBatch, Invite, Meeting, Member, Membership, ReportedResult
    from league.stats.periods import current_season

    season = current_season(club)
    member, member_games = busiest_member(club)
    played = Meeting.objects.filter(club=club, date__range=(season.starts_on, season.ends_on), games__isnull=False)
    meetings = list(played.distinct().order_by("date").values_list("pk", flat=True))
    meeting = meetings[len(meetings) // 2]
    report = ReportedResult.objects.filter(meeting__club=club).latest("pk")
    invite = Invite.objects.filter(club=club).latest("pk")
    ids = {
        "slug": club.slug,
        "meeting_id": meeting,
        "game_id": Game.objects.filter(meeting_id=meeting).order_by("pk").first().pk,
        "member_id": member,
        "season_id": season.pk,
        "rule_set_id": club.rule_sets.with_versions().first().pk,
        "adjustment_id": club.adjustments.latest("pk").pk,
        "membership_id": Membership.objects.get(club=club, user__username=LOGINS["member"]).pk,
        "guest_id": Member.objects.filter(club=club, guest=True).latest("pk").pk,
        "invite_id": invite.pk,
        "batch_id": ImportBatch.objects.filter(club=club).latest("pk").pk,
        "round_number": report.round,
        "table": report.table,
        "number": report.round,
        "report_id": report.pk,
    }
    # The draw's pages are the day's meeting's: its id replaces the season's meeting for them.
    day = {"meeting_id": report.meeting_id}
    by_page = {
        "use_invite": {"token": invite.token},
        **{name: day for name in ("report_table", "meeting_draw", "meeting_attendance", "turn_down_report")},
    }
    about = {"member_games": member_games, "season": str(season), "users": get_user_model().objects.count()}
    return ids, by_page, about


def build_site(games, site_clubs, site_games):
    """The big club and ``site_clubs`` more clubs with the same rules, one built and copied (club_copies.py)."""
    from django.core.management import call_command
    from django.db import transaction

    from benchmarks.club_copies import clone_club
    from benchmarks.export_season import build_season
    from league.models import Club

    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    club = Club.objects.get(slug=CLUB)
    started = time.perf_counter()
    build_club(club, games)
    print(f"Built {club.name}: {games:,} games in {time.perf_counter() - started:.0f} s", flush=True)
    if site_clubs:
        started = time.perf_counter()
        other = copy_club(club, "bench-0")
        build_season(other, site_games, members=SITE_MEMBERS, tables=TABLES, rounds=ROUNDS, seed=99)
        with transaction.atomic():
            clone_club(other, site_clubs - 1)
        print(f"Built {site_clubs} more clubs of {site_games:,} games in {time.perf_counter() - started:.0f} s")
    mark_built(games, site_clubs)


def copy_club(club, slug):
    """A new club with the same rule sets and versions as ``club`` (no members, no games)."""
    from league.models import Club, RuleSet, RuleVersion

    other = Club.objects.create(slug=slug, name=f"ベンチ{slug[-3:]}会", is_public=True)
    for rule_set in club.rule_sets.all():
        copy = RuleSet.objects.create(club=other, slug=rule_set.slug, name=rule_set.name)
        RuleVersion.objects.bulk_create(
            [
                RuleVersion(rule_set=copy, effective_from=v.effective_from, rules=v.rules, fees=v.fees, notes=v.notes)
                for v in rule_set.versions.all()
            ]
        )
    return other


def mark_built(games, site_clubs):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {BUILT_TABLE} (games integer, site_clubs integer)")
        cursor.execute(f"INSERT INTO {BUILT_TABLE} VALUES (%s, %s)", [games, site_clubs])


def built_as():
    """(games, site clubs) the database was built with, or None when it was not (or not finished)."""
    from django.db import connection

    if BUILT_TABLE not in connection.introspection.table_names():
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT games, site_clubs FROM {BUILT_TABLE}")
        return tuple(cursor.fetchone())
