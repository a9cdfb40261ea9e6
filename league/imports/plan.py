"""The plan of an import: every row read, checked and settled, before anything is saved.

``make_plan(club, rule_set, table, mapping)`` reads each row of a Table into
a ``PlannedGame``: the date, round and table, the members in seat order,
the scores and extras, the rule version in force that day and the engine's
result (the preview's computed points).  Every problem is kept with its row
and column, in the user's language: empty or unreadable cells, names no
member has (unless ``mapping`` says who they are), the engine's refusals
(``scores.2`` → the West score column), a row repeating another, a slot
already holding a different game, a closed meeting.

A row whose game is already saved (same rule set and date, round, table,
players and scores) is ``ALREADY`` and skipped, so importing a file again
adds nothing.  A 集計表 row with its count of hanchan (半荘数) is a day total
(日計, league/imports/day_rows.py): a PlannedGame with ``day_games``, checked
by its sum, never settled.  Nothing here writes to the database.
"""

import hashlib
import json
import re

from django.utils.translation import gettext as _

from ..batch.gc_pause import gc_paused
from ..models.clubs import RuleSet
from ..models.people import Member
from ..text.score_input import parse_score
from .day_rows import GAMES as DAY_GAMES
from .day_rows import read_day_row
from .existing import check_slots
from .notes import yakuman_mention
from .planned import ALREADY, ERROR, NEW, PlannedGame, Problem, who
from .reading import MAX_GAMES, too_many_games
from .rows import SEAT_COLUMN, read_row
from .table import SEAT_COLUMNS, column_name

SEAT_KEY = re.compile(r"^(?:player|score|points|chips)_(\d)$")
FINGERPRINT_CHUNK = 1000  # games hashed at a time

__all__ = ["ALREADY", "ERROR", "NEW", "ImportPlan", "PlannedGame", "Problem", "make_plan"]


class ImportPlan:
    """Every row of an import, checked and settled; ``has_errors`` says whether it may be saved."""

    def __init__(self, club, rule_set, table, mapping, rule_sets=None):
        self.club = club
        self.rule_set = rule_set  # the one chosen; a row naming its rules is imported under those (rows.py)
        self.rule_sets = rule_sets or {}  # the club's, by name and address name (RuleSet.objects.by_name_or_slug)
        self.table = table
        self.mapping = mapping
        self.games = []
        self.problems = []
        self.unknown = []
        self._versions = {}  # (rule set id, day) → the version in force
        self.parsed = {}  # (parser, cell text) → (value, refusal): rows.py reads each text once

    def parse_score(self, text):
        """A score cell, read as the whole file writes its scores (in thousands or not)."""
        return parse_score(text, in_thousands=self.table.scores_in_thousands)

    def version_on(self, rule_set, day):
        """``rule_set.version_on(day)``, looked up once per rule set and day (a file's rows share a few days)."""
        key = (rule_set.pk, day)
        if key not in self._versions:
            self._versions[key] = rule_set.version_on(day)
        return self._versions[key]

    def rule_set_names(self):
        return ", ".join(sorted({rule_set.name for rule_set in self.rule_sets.values()}))

    @property
    def rule_sets_used(self):
        """The rule sets the games are imported under (the chosen one first)."""
        used = {self.rule_set.pk: self.rule_set}
        for game in self.games:
            if game.rule_set is not None:
                used.setdefault(game.rule_set.pk, game.rule_set)
        return list(used.values())

    @property
    def has_errors(self):
        return bool(self.problems)

    @property
    def new_games(self):
        return [game for game in self.games if game.status == NEW]

    @property
    def new_hanchan(self):
        """The new rows that are games (not day totals)."""
        return [game for game in self.games if game.status == NEW and not game.day_total]

    @property
    def new_day_totals(self):
        return [game for game in self.games if game.status == NEW and game.day_total]

    @property
    def already(self):
        return [game for game in self.games if game.status == ALREADY]

    @property
    def yakuman_notes(self):
        """The games to be imported whose note names a yakuman the row does not record."""
        return [game for game in self.games if game.yakuman_note is not None and game.status != ALREADY]

    @property
    def unkept_notes(self):
        """The day totals (日計) to be imported with a note: a day total keeps none, so the preview lists them."""
        return [game for game in self.games if game.day_total and game.note and game.status != ALREADY]

    @property
    def unmapped(self):
        return [name for name in self.unknown if name.choice is None]

    @property
    def fingerprint(self):
        """Changes whenever what a commit would save changes (rows, choices, games saved meanwhile).

        Hashed a thousand games at a time, so that 20,000 games are never one list and one text in memory.
        """
        digest = hashlib.sha256(json.dumps(self.rule_set.pk).encode())
        for start in range(0, len(self.games), FINGERPRINT_CHUNK):
            payload = [
                [
                    game.row,
                    game.rule_set.pk if game.rule_set else None,
                    game.status,
                    str(game.date),
                    game.round,
                    game.table,
                    [who(p) for p in game.players],
                    game.scores,
                    game.points,
                    game.deposit,
                    game.chips,
                    game.busts,
                    game.yakuman,
                    game.chombo,
                    [seat.tenths["total"] for seat in game.result] if game.result else None,
                    game.rule_version.pk if game.rule_version else None,
                    game.meeting.pk if game.meeting else None,
                    game.day_games,
                    game.note,
                ]
                for game in self.games[start : start + FINGERPRINT_CHUNK]
            ]
            digest.update(b"\n" + json.dumps(payload, default=str).encode())
        return digest.hexdigest()[:32]

    def label(self, column, seat_columns=None):
        """A column key as the messages name it; the sums name every column they add up.

        ``seat_columns``: the row's own column for each seat, where the layout has them per row.
        """
        if column is None:
            return ""
        if seat_columns and column in ("scores", "chips", "points"):
            return " + ".join(seat_columns)
        seat = SEAT_KEY.match(column)
        if seat_columns and seat and int(seat[1]) < len(seat_columns):
            return seat_columns[int(seat[1])]
        if column in ("scores", "chips", "points"):
            keys = [f"{SEAT_COLUMN[column]}_{seat}" for seat in range(self.table.players)]
            if column == "scores":
                keys.append("deposit")
            return " + ".join(self.table.label(key) for key in keys if key in self.table.columns)
        if column in self.table.columns:
            return self.table.label(column)
        return _("%(column)s (not in the file)") % {"column": column_name(column, self.table.players)}


def _flag_yakuman_notes(plan):
    """Mark the games whose note names a yakuman their row does not record (the preview lists them)."""
    for game in plan.games:
        if not game.note or game.yakuman or game.day_total:
            continue
        known_as = [
            [name, getattr(player, "name", "")]
            for name, player in zip(game.names, game.players + [None] * len(game.names), strict=False)
        ]
        game.yakuman_note = yakuman_mention(game.note, known_as)


@gc_paused
def make_plan(club, rule_set, table, mapping=None):
    """Check and settle every row of ``table`` for ``rule_set``; ``mapping``: unknown name key → choice."""
    rule_sets = RuleSet.objects.filter(club=club).with_versions()
    by_pk = {candidate.pk: candidate for candidate in rule_sets}
    if rule_set.pk not in by_pk:
        raise RuleSet.DoesNotExist
    plan = ImportPlan(
        club,
        by_pk[rule_set.pk],
        table,
        dict(mapping or {}),
        rule_sets=rule_sets.by_name_or_slug() if "rule_set" in table.columns else {},
    )
    if len(table.rows) > MAX_GAMES:  # counted here, where the rows are games: title and header rows are not
        plan.problems.append(Problem(None, None, too_many_games().message))
        return plan
    finder = Member.objects.filter(club=club).members_first().finder()
    unknown = {}
    for number, cells in table.rows:
        # A 集計表 row with its count of hanchan (半荘数) is a day total; the layout refused one without it.
        if cells.get(DAY_GAMES):
            game = read_day_row(plan, number, cells, finder, unknown)
            game.note = (cells.get("note") or "").strip()  # shown, not kept: a day total has no note
        else:
            game = read_row(plan, number, cells, finder, unknown)
        plan.games.append(game)
    check_slots(plan)
    _flag_yakuman_notes(plan)
    for game in plan.games:
        game.status = ERROR if game.problems else (ALREADY if game.existing else NEW)
        plan.problems += game.problems
    if not table.rows:
        plan.problems.append(
            Problem(None, None, _("There are no games to import: no row below the header has anything in it."))
        )
    seat_columns = {}  # row → its seats' columns, in a layout that has them per row
    if SEAT_COLUMNS in table.columns:
        seat_columns = {number: cells.get(SEAT_COLUMNS, "").split("|") for number, cells in table.rows}
    for problem in plan.problems:
        problem.label = plan.label(problem.column, seat_columns.get(problem.row))
    plan.unknown = list(unknown.values())
    for name in plan.unknown:
        name.suggestions = finder.suggestions(name.name)
        name.likely = finder.find(name.name).member  # a surname or a beginning only one member has
    return plan
