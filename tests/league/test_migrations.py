"""Migrations that never change (issue 24): every migration reads only its historical models and its own code.

The whole history applies to a fresh database; and a database made before the first data step
(``OLDEST``), holding a club's real data, comes out of ``migrate`` with the stored figures the site's code
computes today for the same data: each meeting's lines, the settlements recorded for meetings closed before
settlements were kept, the kept money, the cleaned names, the club's titles.

Both tests change the schema, so they run outside a transaction (``transaction=True``) on the test
database itself, and leave it migrated to the latest again.  Each starts from a database without the app
(``without_the_app``: its tables dropped, rather than its migrations unapplied, which renders every state on
the way back and took longer than the rest of the test), migrates forward only, and builds a handful of rows:
a few seconds each.
"""

import datetime
import json

import pytest
from django.apps import apps as runtime_apps
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from league.models import (
    AllTimeLine,
    Attendance,
    Club,
    KeptLine,
    KeptMonth,
    KeptMonthLine,
    Meeting,
    MeetingLine,
    Member,
    MemberDayRecord,
    MemberMonthRecord,
    Settlement,
)
from league.models.clubs import every_award_title
from league.services.attendance_played import set_played
from league.services.kept_money import keep_money, refresh_kept_months
from league.services.meeting_lines import refresh_meeting_lines
from league.services.record_lines import DAY_COLUMNS
from league.stats.day import record_of, settle_games

from .conftest import BAKUFU_RULES
from .test_day_pairs import seat_day_pairs, seat_season_pairs, stored_day_pairs, stored_season_pairs
from .test_layers import imported, modules

# Migrations change the schema: outside the test's transaction.
changes_the_schema = pytest.mark.django_db(transaction=True)

# The state before the first data step (0012 cleans names, 0013 records settlements, 0016 and 0018 fill the
# meeting lines, 0017 copies the kept money, 0022 forgets the drift, 0029 who played, 0030
# adds up the kept money by month), once every kind of data they read
# exists (day totals came last, in 0011).
OLDEST = [("league", "0011_day_totals")]

AT_ZERO_RULES = {**BAKUFU_RULES, "bust": {"penalty": 10, "bonus": 10, "at_zero": True}}
SANMA_RULES = {"players": 3, "start": 35000, "target": 40000, "uma": [15, 0, -15]}


def migrate(targets):
    """Migrate the test database to ``targets``; answer the historical apps there."""
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def without_the_app():
    """The test database as a fresh one is before the app's first migration: no table of the app, and none of
    its migrations applied (the other apps' stay: the test database was made by running them from nothing)."""
    with connection.schema_editor() as editor:
        for model in runtime_apps.get_app_config("league").get_models():
            editor.delete_model(model)
    MigrationRecorder(connection).migration_qs.filter(app="league").delete()


@pytest.fixture
def back_to_latest():
    """Whatever a test left the schema at, the next tests find it migrated to the latest."""
    yield
    migrate(latest())


# The app's code a migration may name: a field's callable default is written into the migration by its path
# (0015's, a one-line list of the titles; league/models/clubs.py says to keep it).
NAMED_BY_MIGRATIONS = {"0015_awards_club_titles": {"league.models.clubs"}}


def test_no_migration_imports_the_code_of_the_app():
    """A data step that calls the site's code breaks when that code changes (a figure added to the lines fails
    an old step on a fresh database): each keeps its own copy of what it needs (docs/architecture.md,
    "Migrations")."""
    for path in modules("migrations"):
        allowed = NAMED_BY_MIGRATIONS.get(path.stem, set())
        own = {name for name in imported(path) if name.split(".")[0] in {"league", "scoring", "seating", "janroku"}}
        assert own <= allowed, f"{path.name} imports {sorted(own - allowed)}"


@changes_the_schema
def test_the_whole_history_applies_to_a_fresh_database(back_to_latest):
    without_the_app()
    assert not set(connection.introspection.table_names()) & {model._meta.db_table for model in (Club, Meeting)}

    migrate(latest())

    assert not MigrationExecutor(connection).migration_plan(latest())
    tables = set(connection.introspection.table_names())
    assert {MeetingLine._meta.db_table, KeptLine._meta.db_table, Settlement._meta.db_table} <= tables
    assert not MeetingLine.objects.exists() and not Settlement.objects.exists()


class OldSite:
    """A club's data as a database at ``OLDEST`` holds it, written through that state's models."""

    def __init__(self, apps):
        self.apps = apps
        self.user = apps.get_model("auth", "User").objects.create(username="secretary")
        self.club = self.model("Club").objects.create(slug="kaze", name="風の会")
        self.main = self.model("RuleSet").objects.create(club=self.club, slug="main", name="四人打ち")
        version = self.model("RuleVersion").objects
        self.plain = version.create(
            rule_set=self.main,
            effective_from=datetime.date(2020, 1, 1),
            rules=BAKUFU_RULES,
            fees={"per_game": 350, "surplus_to": "day_top"},
        )
        # From June: a bust at 0 too, fees by place, the shortfall split, half the day's games to receive the surplus.
        self.by_place = version.create(
            rule_set=self.main,
            effective_from=datetime.date(2026, 6, 1),
            rules=AT_ZERO_RULES,
            fees={"by_place": [500, 400, 300, 200], "surplus_to": "day_top", "shortfall": "split", "min_share": [1, 2]},
        )
        self.sanma = self.model("RuleSet").objects.create(club=self.club, slug="sanma", name="三人打ち", position=1)
        self.sanma_version = version.create(
            rule_set=self.sanma, effective_from=datetime.date(2020, 1, 1), rules=SANMA_RULES, fees={"per_game": 400}
        )
        self.unruled = self.model("RuleSet").objects.create(club=self.club, slug="new", name="新ルール", position=2)
        people = [
            ("東田一郎", "ひがしだいちろう"),
            ("南野二郎", "みなみのじろう"),
            ("西川三郎", "にしかわさぶろう"),
            ("北村四郎", "きたむらしろう"),
            ("中島五郎", "なかじまごろう"),
            ("Zed", ""),
            ("\u202e北山六郎", "きたやまろくろう"),
        ]  # a name kept before saves took out bidi controls
        self.people = [
            self.model("Member").objects.create(club=self.club, name=name, kana=kana) for name, kana in people
        ]
        self.guest = self.model("Member").objects.create(club=self.club, name="田中", kana="たなか", guest=True)

    def model(self, name):
        return self.apps.get_model("league", name)

    def meeting(self, rule_set, day, venue_fee=0, closed=False, rounds=None, settlement=None):
        return self.model("Meeting").objects.create(
            club=self.club,
            rule_set=rule_set,
            date=day,
            venue_fee=venue_fee,
            closed=closed,
            rounds=rounds,
            settlement=settlement,
        )

    def game(self, meeting, version, round_number, seats, table=1, void=False, floats=0, double_maru_a=False):
        """``seats``: (member, score or None, place, total in tenths, chips) in seat order."""
        game = self.model("Game").objects.create(
            meeting=meeting,
            rule_version=version,
            round=round_number,
            table=table,
            void=void,
            floats=floats,
            double_maru_a=double_maru_a,
            points_only=seats[0][1] is None,
            updated_by=self.user,
        )
        self.model("GameSeat").objects.bulk_create(
            [
                self.model("GameSeat")(
                    game=game,
                    seat=seat,
                    member=member,
                    score=score,
                    place=place,
                    base=total,
                    oka=0,
                    uma=0,
                    bust=0,
                    chombo=0,
                    total=total,
                    chips=chips,
                    chip_points=chips * 50,
                    shugi=30 if place == 1 else 0,
                )
                for seat, (member, score, place, total, chips) in enumerate(seats)
            ]
        )
        return game

    def attend(self, meeting, member, present_at_close=True):
        self.model("Attendance").objects.create(meeting=meeting, member=member, present_at_close=present_at_close)

    def closed_on_the_site(self, meeting, at):
        """History as the site wrote it: saved open, then closed by the secretary at ``at``."""
        values = {field.attname: getattr(meeting, field.attname) for field in meeting._meta.concrete_fields}
        history = self.model("HistoricalMeeting").objects
        history.create(
            **{**values, "closed": False},
            history_date=at - datetime.timedelta(hours=3),
            history_type="+",
            history_user=self.user,
        )
        history.create(**values, history_date=at, history_type="~", history_user=self.user)


def four(people, scores_totals_chips):
    """Seats of a four-player game: places by the order given (the top first)."""
    return [
        (person, score, place, total, chips)
        for place, (person, (score, total, chips)) in enumerate(zip(people, scores_totals_chips, strict=True), 1)
    ]


def old_days(site):
    """Every kind of day the data steps meet; answers the meetings by what they test."""
    a, b, c, d, e, zed, kitayama = site.people
    days = {}

    # Open, with a void game, a points-only game, a maru B top, a double maru A, and a day total.
    days["open"] = open_day = site.meeting(site.main, datetime.date(2026, 5, 10), venue_fee=3000)
    site.game(
        open_day,
        site.plain,
        1,
        four([a, b, c, d], [(41000, 512, 2), (30000, 100, 0), (22000, -180, -1), (7000, -432, -1)]),
        floats=2,
    )
    site.game(
        open_day,
        site.plain,
        2,
        four([b, a, d, site.guest], [(None, 405, 0), (None, 95, 0), (None, -200, 0), (None, -300, 0)]),
    )
    site.game(
        open_day,
        site.plain,
        2,
        four([c, b, a, d], [(60000, 700, 3), (20000, -50, 0), (15000, -150, 0), (5000, -500, -3)]),
        table=2,
        double_maru_a=True,
    )
    site.game(
        open_day,
        site.plain,
        3,
        four([d, c, b, a], [(50000, 600, 0), (30000, 100, 0), (20000, -200, 0), (0, -500, 0)]),
        void=True,
    )
    total = site.model("DayTotal").objects.create(meeting=open_day, games=4)
    site.model("DayTotalLine").objects.bulk_create(
        [
            site.model("DayTotalLine")(day_total=total, member=member, points=points)
            for member, points in ((e, 300), (zed, -300))
        ]
    )

    # Closed by the demo or the admin, with no settlement kept: the top left early, two share a rank, one came
    # and played nothing; the rounds are counted from the games.
    days["top left early"] = day = site.meeting(site.main, datetime.date(2026, 5, 17), venue_fee=4000, closed=True)
    site.game(
        day, site.plain, 1, four([d, a, b, c], [(50000, 600, 0), (30000, 100, 1), (15000, -250, 0), (5000, -450, -1)])
    )
    site.game(
        day,
        site.plain,
        2,
        four([a, b, e, kitayama], [(35000, 150, 0), (30000, 100, 0), (20000, -100, 0), (15000, -150, 0)]),
    )
    site.game(
        day, site.plain, 3, four([e, b, a, c], [(40000, 500, 0), (25000, 0, 0), (20000, -130, 0), (15000, -370, 0)])
    )
    for member, present in ((a, True), (b, True), (c, True), (d, False), (e, True), (kitayama, True), (zed, True)):
        site.attend(day, member, present)

    # Closed on the site: its settlement is kept, with who closed it and when.
    kept = {
        "collected": 2800,
        "venue": 2000,
        "surplus": 800,
        "club": 0,
        "min_games": 1,
        "rounds": 2,
        "fees": {
            "per_game": 350,
            "by_place": None,
            "venue": 2000,
            "rounds": 2,
            "surplus_to": "day_top",
            "min_share": [1, 3],
            "require_present": True,
            "shortfall": "recipient",
        },
        "recipients": [a.pk],
        "passed_over": [],
        "lines": [
            {
                "member": member.pk,
                "name": member.name,
                "places": places,
                "points": points,
                "chips": 0,
                "chip_points": 0,
                "attended": False,
                "present_at_close": True,
                "rank": rank,
                "fee": 700,
                "received": received,
                "net": received - 700,
            }
            for member, places, points, rank, received in (
                (a, [2, 0, 0, 0], 900, 1, 800),
                (b, [0, 1, 1, 0], -100, 2, 0),
                (c, [0, 1, 0, 1], -300, 3, 0),
                (d, [0, 0, 1, 1], -500, 4, 0),
            )
        ],
    }
    days["closed on the site"] = day = site.meeting(
        site.main, datetime.date(2026, 5, 24), venue_fee=2000, closed=True, rounds=2, settlement=kept
    )
    site.game(
        day, site.plain, 1, four([a, b, c, d], [(45000, 500, 0), (30000, 100, 0), (15000, -250, 0), (10000, -350, 0)])
    )
    site.game(
        day, site.plain, 2, four([a, c, d, b], [(40000, 400, 0), (30000, 100, 0), (20000, -100, 0), (10000, -400, 0)])
    )
    site.closed_on_the_site(day, datetime.datetime(2026, 5, 24, 21, 30, tzinfo=datetime.UTC))

    # Under the June version: fees by place, a bust at 0, and a venue the fees do not cover (shared by all).
    days["shortfall shared"] = day = site.meeting(site.main, datetime.date(2026, 7, 5), venue_fee=9000, closed=True)
    site.game(
        day, site.by_place, 1, four([b, a, c, d], [(55000, 650, 0), (25000, 0, 0), (20000, -150, 0), (0, -500, 0)])
    )
    site.game(
        day, site.by_place, 2, four([c, d, a, b], [(None, 300, 0), (None, 100, 0), (None, -100, 0), (None, -300, 0)])
    )

    # A surplus two share at the top, passed over for someone with more points but too few games.
    days["tied at the top"] = day = site.meeting(
        site.main, datetime.date(2026, 7, 12), venue_fee=1000, closed=True, rounds=4
    )
    site.game(
        day,
        site.by_place,
        1,
        four([zed, a, b, c], [(70000, 900, 0), (20000, -100, 0), (5000, -200, 0), (5000, -600, 0)]),
    )
    site.game(
        day,
        site.by_place,
        2,
        four([a, b, c, d], [(40000, 400, 0), (35000, 200, 0), (15000, -250, 0), (10000, -350, 0)]),
    )
    site.game(
        day,
        site.by_place,
        3,
        four([b, a, d, c], [(40000, 400, 0), (30000, 100, 0), (20000, -150, 0), (10000, -350, 0)]),
    )

    # Three players a table.
    days["sanma"] = day = site.meeting(site.sanma, datetime.date(2026, 5, 20), venue_fee=500, closed=True)
    site.game(day, site.sanma_version, 1, [(a, 50000, 1, 400, 0), (b, 35000, 2, 0, 0), (c, 20000, 3, -400, 0)])

    # Days no version governs: before the first, and in a rule set with none; people came, nobody played.
    days["before the rules"] = day = site.meeting(site.main, datetime.date(2019, 12, 1), closed=True)
    site.attend(day, a)
    days["no rules yet"] = day = site.meeting(site.unruled, datetime.date(2026, 5, 30), venue_fee=800, closed=True)
    for member, present in ((a, True), (b, False), (zed, True)):  # level on everything: by reading, none last
        site.attend(day, member, present)
    return days


def stored_lines():
    """Every meeting line's figures, its games read as the member page reads them (in round, table, id order)."""
    rows = []
    for line in MeetingLine.objects.values():
        games = sorted(json.loads(line.pop("games_played")), key=lambda game: (game[1], game[2], game[0]))
        line.pop("id")
        rows.append({**line, "games_played": games})
    return sorted(rows, key=lambda line: (line["meeting_id"], line["member_id"]))


def record_figures():
    """Every day record, month record and all-time line, without their ids: each a tuple of its own keys and
    figures in the order the model declares them, then its run pieces (``DAY_COLUMNS``)."""

    def rows(model):
        names = [field.attname for field in model._meta.concrete_fields if not field.primary_key]
        names = [name for name in names if name not in DAY_COLUMNS] + [name for name in names if name in DAY_COLUMNS]
        return sorted(model.objects.values_list(*names))

    return rows(MemberDayRecord), rows(MemberMonthRecord), rows(AllTimeLine)


def kept_money():
    lines = sorted(KeptLine.objects.values_list("meeting", "member", "games", "fee", "received"))
    return lines, sorted(Meeting.objects.values_list("pk", "kept_collected", "kept_venue", "kept_club"))


def kept_months():
    return (
        sorted(KeptMonth.objects.values_list("club", "month", "meetings", "collected", "venue", "kept_by_club")),
        sorted(KeptMonthLine.objects.values_list("club", "month", "member", "meetings", "games", "fee", "received")),
    )


@changes_the_schema
def test_an_old_database_comes_out_with_what_the_site_computes_today(back_to_latest):
    without_the_app()
    site = OldSite(migrate(OLDEST))
    days = {name: meeting.pk for name, meeting in old_days(site).items()}
    # A season over every day, and one over none: 0023 sums the pairs of a season's days.
    for name, first, last in (
        ("通年", datetime.date(2020, 1, 1), datetime.date(2030, 12, 31)),
        ("空", *[datetime.date(2019, 1, 1)] * 2),
    ):
        site.model("Season").objects.create(club=site.club, name=name, starts_on=first, ends_on=last)
    kept_before = site.model("Meeting").objects.get(pk=days["closed on the site"]).settlement
    # 0016's lines, before 0018 fills them all again with their games.
    first_lines = sorted(
        (
            {key: value for key, value in line.items() if key != "id"}
            for line in migrate([("league", "0016_meeting_lines")]).get_model("league", "MeetingLine").objects.values()
        ),
        key=lambda line: (line["meeting_id"], line["member_id"]),
    )

    migrate(latest())
    # 0023: who sat with whom, per day and per season, as the site counts them from the seats.
    pairs = (stored_day_pairs(), stored_season_pairs())
    assert pairs[0] and pairs[1] and pairs == (seat_day_pairs(), seat_season_pairs())

    meetings = Meeting.objects.in_bulk(days.values())
    # 0017 and 0022: the drift left unknown, for the season's money to check (the writers below check it).
    assert not Meeting.objects.exclude(drifted=None).exists()
    # 0016 and 0018: the lines the site's writers store for the same seats.
    lines = stored_lines()
    assert len(lines) == 5 + 6 + 4 + 4 + 5 + 3 and sum(line["games"] for line in lines) == 4 * 13 + 3
    with transaction.atomic():  # as the writers call it
        refresh_meeting_lines(list(meetings))
    assert stored_lines() == lines
    assert (stored_day_pairs(), stored_season_pairs()) == pairs
    assert [{key: value for key, value in line.items() if key != "games_played"} for line in lines] == first_lines
    # 0024, 0026 and 0027: the records' day pieces, month pieces (with their lines' sums) and all-time lines the
    # site's writers store for the same seats (the days span two months of one rule set and one of another).
    records = record_figures()
    assert records[0] and records[2]
    assert len(set(MemberMonthRecord.objects.values_list("rule_set", "month"))) == 3
    MemberDayRecord.objects.all().delete()
    MemberMonthRecord.objects.all().delete()
    AllTimeLine.objects.all().delete()
    with transaction.atomic():
        refresh_meeting_lines(list(meetings))
    assert record_figures() == records

    # 0029: whether each attendance row's person played that day, as the site's writers keep it (one came to
    # play nothing; two days had nobody playing).
    attended = sorted(Attendance.objects.values_list("meeting", "member", "played"))
    lines = set(MeetingLine.objects.values_list("meeting", "member"))
    assert attended == [(meeting, member, (meeting, member) in lines) for meeting, member, _played in attended]
    assert [played for *_key, played in attended].count(False) == 1 + 1 + 3
    with transaction.atomic():
        assert set_played(Attendance.objects.all()) == 0

    # 0013: a meeting closed on the site keeps its settlement, with who closed it and when.
    copied = Settlement.objects.get(meeting=days["closed on the site"])
    assert (copied.action, copied.by.username, copied.record) == ("closed", "secretary", kept_before)
    assert copied.at == datetime.datetime(2026, 5, 24, 21, 30, tzinfo=datetime.UTC)
    # One closed without it is settled from its games, as the site settles them today.
    for name in ("top left early", "shortfall shared", "tied at the top", "sanma", "before the rules", "no rules yet"):
        meeting = meetings[days[name]]
        recorded = meeting.settlements.get()
        assert (recorded.action, recorded.by) == ("recorded", None), name
        assert recorded.record == meeting.settlement == record_of(settle_games(meeting)), name
    assert meetings[days["top left early"]].settlement["passed_over"] == [[site.people[3].pk, "absent_at_close"]]
    assert meetings[days["shortfall shared"]].settlement["surplus"] < 0
    assert len(meetings[days["tied at the top"]].settlement["recipients"]) == 2
    assert [len(line["places"]) for line in meetings[days["sanma"]].settlement["lines"]] == [3, 3, 3]
    assert meetings[days["open"]].settlement is None and not meetings[days["open"]].settlements.exists()

    # 0017: the kept money the site's writers store.
    kept = kept_money()
    assert len(kept[0]) == 7 + 4 + 4 + 5 + 3 + 1 + 3
    with transaction.atomic():
        keep_money(Meeting.objects.all())
    assert kept_money() == kept
    # 0030: that money added up by club and month, as the site's writers add it up.
    months = kept_months()
    assert len(months[0]) >= 2 and len(months[1]) >= 7
    with transaction.atomic():
        refresh_kept_months(None, clubs=Club.objects.values_list("pk", flat=True))
    assert kept_months() == months

    # 0012 and 0015: names without bidi controls, the club giving every title.
    assert Member.objects.get(pk=site.people[6].pk).name == "北山六郎"
    club = Club.objects.get()
    assert (club.award_titles, club.award_min_games) == (every_award_title(), 20)
    assert meetings[days["open"]].day_totals.get().lines.count() == 2
