"""One club's demo season: members, a season, weekly meetings with attendance, and their games.

Every game goes through the engine exactly as an entered one does: an
``Entry`` is settled with ``scoring.settle`` under the rule version in force on
the meeting's date, and ``fill_game`` / ``build_rows`` turn the result into the
rows that are stored.  Rows are created in bulk (games with their history) so
that a whole season takes a fraction of a second.
"""

import datetime
import random
from dataclasses import dataclass, field, replace

from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

import scoring

from ..models.games import Adjustment, Game, GameSeat, Yakuman
from ..models.kept_months import KeptMonth, KeptMonthLine
from ..models.meeting_people import Attendance
from ..models.meetings import Meeting
from ..models.people import Member, hiragana
from ..models.seasons import Season
from ..services.meeting_lines import refresh_meeting_lines
from ..services.meetings import keep_closed_settlement
from ..services.settling import Entry, build_rows, fill_game
from .hanchan import force_tie, play, play_with_yakuman
from .names import roster

CHANGE_REASON = "demo"


class DemoError(Exception):
    """The club cannot get a demo season (e.g. no rule version in force on a meeting day)."""


@dataclass
class Summary:
    """What was created for one club (or what it already had)."""

    members: int = 0
    meetings: int = 0
    games: int = 0
    busts: int = 0
    yakuman: int = 0
    ties: int = 0
    season: str = ""


@dataclass
class _Player:
    member: Member
    strength: float  # weights winning, and inversely dealing in
    regularity: float  # how likely they come on a meeting day


@dataclass
class _Slot:
    """One game to play: a table in a round of a meeting, players in seat order."""

    meeting: Meeting
    version: object
    table_rules: object
    round: int
    table: int
    players: list
    special: set = field(default_factory=set)  # "yakuman", "tie", "chombo"


def season_for(today):
    """The season (年度, April to March) that ``today`` falls in: (name, first day, last day)."""
    year = today.year if today.month >= 4 else today.year - 1
    return f"{year}年度", datetime.date(year, 4, 1), datetime.date(year + 1, 3, 31)


def meeting_dates(first_day, today, weekday, weeks=None):
    """The club's meeting days from ``first_day`` up to the day before ``today`` (the last ``weeks``)."""
    day = first_day + datetime.timedelta(days=(weekday - first_day.weekday()) % 7)
    dates = []
    while day < today:
        dates.append(day)
        day += datetime.timedelta(weeks=1)
    return dates[-weeks:] if weeks else dates


def existing(club):
    """What the club already has, or None when it has no members, seasons or meetings."""
    if not (club.members.exists() or club.seasons.exists() or club.meetings.exists()):
        return None
    return Summary(
        members=club.members.count(),
        meetings=club.meetings.count(),
        games=Game.objects.for_club(club).count(),
        season=", ".join(club.seasons.values_list("name", flat=True)),
    )


def delete_club_data(club):
    """Delete the club's games, meetings, attendance, adjustments, seasons and members, and their history."""
    with transaction.atomic():
        Game.objects.for_club(club).delete()
        Attendance.objects.filter(meeting__club=club).delete()
        Meeting.objects.filter(club=club).delete()
        KeptMonthLine.objects.filter(club=club).delete()
        KeptMonth.objects.filter(club=club).delete()
        Adjustment.objects.filter(club=club).delete()
        Season.objects.filter(club=club).delete()
        Member.objects.filter(club=club).delete()
        meeting_ids = Meeting.history.filter(club_id=club.pk).values("id")
        Game.history.filter(meeting_id__in=meeting_ids).delete()
        Attendance.history.filter(meeting_id__in=meeting_ids).delete()
        for model in (Meeting, Adjustment, Season, Member):
            model.history.filter(club_id=club.pk).delete()


def build_club(club, plan, *, today, weeks=None, secretary=None):
    """Create the club's demo season; returns a Summary.  Runs in one transaction."""
    rng = random.Random(f"janroku-demo:{club.slug}")
    with transaction.atomic():
        players = _create_members(club, plan, rng)
        name, first_day, last_day = season_for(today)
        season = Season(club=club, name=name, starts_on=first_day, ends_on=last_day, min_games=plan.min_games)
        bulk_create_with_history([season], Season, default_change_reason=CHANGE_REASON)
        rule_sets = {rule_set.slug: rule_set for rule_set in club.rule_sets.with_versions()}
        missing = set(plan.rotation) - set(rule_sets)
        if missing:
            raise DemoError(
                f"{club}: the rule sets {', '.join(sorted(missing))} are missing; "
                "run `manage.py load_seed_clubs` first."
            )
        dates = meeting_dates(first_day, today, plan.weekday, weeks)
        slots = []
        meetings, attendance = [], []
        for index, day in enumerate(dates):
            rule_set = rule_sets[plan.rotation[(len(dates) - 1 - index) % len(plan.rotation)]]
            meeting, present, meeting_slots = _plan_meeting(
                rng, plan, club, rule_set, day, players, closed=index < len(dates) - 1
            )
            meetings.append(meeting)
            attendance.extend(present)
            slots.extend(meeting_slots)
        bulk_create_with_history(meetings, Meeting, default_user=secretary, default_change_reason=CHANGE_REASON)
        bulk_create_with_history(attendance, Attendance, default_user=secretary, default_change_reason=CHANGE_REASON)
        _mark_specials(rng, slots)
        summary = _create_games(rng, slots, secretary)
        for meeting in meetings:  # as entered on the evening of the day, like their history says
            Game.objects.filter(meeting=meeting).update(created_at=_entered(meeting), updated_at=_entered(meeting))
            if meeting.closed:  # closed that evening, its money kept as a secretary's close keeps it
                keep_closed_settlement(meeting, secretary, _entered(meeting))
    summary.members = len(players)
    summary.meetings = len(meetings)
    summary.season = name
    return summary


def table_for(plan, rule_set, version):
    """How the rule set's games run, with players, start and target from the version in force."""
    settings = version.settings
    return replace(
        plan.tables_by_rule_set[rule_set.slug],
        players=settings["players"],
        start=settings["start"],
        target=settings["target"],
        chips=settings["chips"]["value"] != 0,
    )


def _create_members(club, plan, rng):
    people = roster(club.slug, plan.members, plan.female_share)
    members = [Member(club=club, name=name, kana=hiragana(kana)) for name, kana in people]
    bulk_create_with_history(members, Member, default_change_reason=CHANGE_REASON)
    players = []
    for position, member in enumerate(members):
        # The first few are the club's regulars (the demo accounts are linked to them).
        regularity = 0.95 if position < 3 else rng.choice((0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9))
        strength = min(max(rng.gauss(1.0, 0.12), 0.75), 1.3)
        players.append(_Player(member, strength, regularity))
    return players


def _plan_meeting(rng, plan, club, rule_set, day, players, closed):
    version = rule_set.version_on(day)
    if version is None:
        raise DemoError(f"{club}: no rule version of {rule_set} is in force on {day}; add one first.")
    table_rules = table_for(plan, rule_set, version)
    seats = table_rules.players
    tables = min(rng.randint(*plan.tables), len(players) // seats)
    extra = min(rng.choice((0, 0, 0, 1, 1, 2)), len(players) - tables * seats)
    # Weighted sampling without replacement (Efraimidis–Spirakis): regulars come more often.
    came = sorted(players, key=lambda p: rng.random() ** (1 / p.regularity), reverse=True)[: tables * seats + extra]
    rounds = rng.randint(*plan.rounds)
    fee = tables * rounds * plan.fee_per_table_round * rng.uniform(0.95, 1.1) + plan.fee_base
    meeting = Meeting(
        club=club,
        rule_set=rule_set,
        date=day,
        venue=plan.venue,
        venue_fee=int(round(fee, -2)),
        rounds=rounds,
        closed=closed,
    )
    meeting._history_date = _at(day, 12, 30)
    present = [Attendance(meeting=meeting, member=p.member, present_at_close=rng.random() < 0.9) for p in came]
    for row in present:
        row._history_date = meeting._history_date
    slots = []
    played = {id(p): 0 for p in came}
    for round_number in range(1, rounds + 1):
        # Those who have played most today sit out first when there are more players than seats.
        order = sorted(came, key=lambda p: (played[id(p)], rng.random()))[: tables * seats]
        rng.shuffle(order)
        for table in range(tables):
            seated = order[table * seats : (table + 1) * seats]
            for p in seated:
                played[id(p)] += 1
            slots.append(_Slot(meeting, version, table_rules, round_number, table + 1, seated))
    return meeting, present, slots


def _mark_specials(rng, slots):
    """Choose the rare games in advance: about 1 in 150 has a yakuman, 1 in 60 a tie, 1 in 40 ブー a chombo."""
    if not slots:
        return
    for index in rng.sample(range(len(slots)), max(1, round(len(slots) / 150))):
        slots[index].special.add("yakuman")
    plain = [slot for slot in slots if not slot.special]
    for slot in rng.sample(plain, min(len(plain), max(1, round(len(slots) / 60)))):
        slot.special.add("tie")
    charged = [slot for slot in slots if slot.version.settings["chombo"]["penalty"]]
    for slot in rng.sample(charged, min(len(charged), max(1, round(len(charged) / 40)))):
        slot.special.add("chombo")


def _create_games(rng, slots, secretary):
    summary = Summary()
    games, seats, yakuman = [], [], []
    tie_owed = 0  # a tie that could not be made at its table is made at the next one that allows it
    for slot in slots:
        strengths = [p.strength for p in slot.players]
        if "yakuman" in slot.special:
            hanchan = play_with_yakuman(rng, slot.table_rules, strengths)
        else:
            hanchan = play(rng, slot.table_rules, strengths)
        if ("tie" in slot.special or tie_owed) and hanchan.ended_by_yakuman is None:
            tie_owed = 0 if force_tie(rng, hanchan) else 1
        entry = _entry(rng, slot, hanchan)
        result = scoring.settle(slot.version.rules, entry.engine_game())
        game = Game(meeting=slot.meeting, rule_version=slot.version, updated_by=secretary)
        fill_game(game, entry, result)
        game._history_date = _entered(slot.meeting)
        game_seats, game_yakuman = build_rows(game, entry, result)
        games.append(game)
        seats.extend(game_seats)
        yakuman.extend(game_yakuman)
        summary.busts += len(entry.busts)
        summary.yakuman += len(game_yakuman)
        summary.ties += len(set(entry.scores)) < len(entry.scores)
    bulk_create_with_history(games, Game, default_user=secretary, default_change_reason=CHANGE_REASON)
    GameSeat.objects.bulk_create(seats)
    Yakuman.objects.bulk_create(yakuman)
    refresh_meeting_lines({game.meeting_id for game in games})
    summary.games = len(games)
    return summary


def _entry(rng, slot, hanchan):
    """The game as a secretary would enter it, with only what the club's rules count."""
    settings = slot.version.settings
    chombo = []
    if "chombo" in slot.special:
        chombo = [{"seat": rng.randrange(len(slot.players))}]
    return Entry(
        meeting=slot.meeting,
        round=slot.round,
        table=slot.table,
        members=[p.member for p in slot.players],
        scores=hanchan.scores,
        deposit=hanchan.deposit,
        chips=hanchan.chips,
        busts=hanchan.busts if scoring.bust_pays(slot.version.rules) else [],
        yakuman=hanchan.yakuman,
        chombo=chombo,
        ended_by_yakuman=hanchan.ended_by_yakuman if settings["method"] == "win_points" else None,
    )


def _entered(meeting):
    """When the secretary entered the day's games: that evening."""
    return _at(meeting.date, 21, 0)


def _at(day, hour, minute):
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour, minute)))
