"""Reading one row of an import: its cells into a PlannedGame, each problem noted with its column.

A row with points (``points_i``) and no scores is a points-only game (点数なし),
settled by ``scoring.settle_points``; a row with both is settled by its scores
and each points cell must agree with the points the scores give.

Dates, numbers (parse_score / parse_count: full-width digits, ▲, commas) and
the extras' texts (league/exchange/layout.py) are read; names are matched to
members (or to the secretary's choice for an unknown name); the rule version
in force on the date is found and the engine settles the game, its refusals
landing on their columns (``scores.2`` → the West score column).  A row of a
file with a rule set column is read under the rule set it names (and with its
number of players), never under the one chosen on the import page.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import scoring

from ..exchange.layout import LayoutError, read_busts, read_chombo, read_yakuman, wind
from ..models.clubs import rule_set_key
from ..models.games import WINDS, Yakuman
from ..models.member_finder import name_key
from ..models.people import Member
from ..services.settling import no_rules_in_force, seat_ending_the_game, settle_entry
from ..text.formatting import format_points
from ..text.rule_checks import engine_message
from ..text.score_input import parse_count, parse_points
from .names import NewMember, UnknownName
from .notes import NOTE_LENGTH
from .planned import PlannedGame, Problem, who
from .values import DateError, parse_date

SEAT_COLUMN = {"scores": "score", "chips": "chips", "points": "points"}  # an engine list → its columns' key
MOST_CHIPS = 999  # in one game, for one player
MOST_YAKUMAN_TIMES = 6
NAME_LENGTH = Member._meta.get_field("name").max_length
YAKUMAN_NAME_LENGTH = Yakuman._meta.get_field("name").max_length


class _Row:
    """Reads one row's cells into a PlannedGame, noting each problem with its column."""

    def __init__(self, plan, number, cells):
        self.plan = plan
        self.cells = cells
        self.game = PlannedGame(row=number)
        self.numbers_ok = True  # whether the engine can be asked

    def text(self, key):
        return (self.cells.get(key) or "").strip()

    def problem(self, column, message, blocks_engine=True):
        self.game.problems.append(Problem(self.game.row, column, str(message)))
        if blocks_engine:
            self.numbers_ok = False

    def empty(self, column):
        self.problem(column, _("This cell is empty."))

    def read(self, key, parse, text):
        """``parse(text)``, or None with the refusal as the cell's problem; each text is parsed once per plan
        (a season's rows repeat their dates, scores and counts)."""
        found = self.plan.parsed.get((parse, text))
        if found is None:
            try:
                found = self.plan.parsed[(parse, text)] = (parse(text), None)
            except (ValidationError, DateError) as error:
                refusal = " ".join(error.messages) if isinstance(error, ValidationError) else str(error)
                found = self.plan.parsed[(parse, text)] = (None, refusal)
        value, refusal = found
        if refusal is not None:
            self.problem(key, refusal)
        return value

    def whole(self, key, default=None):
        text = self.text(key)
        if not text:
            if default is None:
                self.empty(key)
            return default
        value = self.read(key, parse_count, text)
        if value is not None:
            if not scoring.is_round_or_table(value):
                self.problem(
                    key,
                    _("Expected a number from 1 to %(most)s, not %(value)s.")
                    % {"most": scoring.MOST_ROUNDS, "value": text},
                )
                value = None
        return value

    def score(self, key, default=None):
        text = self.text(key)
        if not text:
            if default is None:
                self.empty(key)
            return default
        return self.read(key, self.plan.parse_score, text)

    def points(self, key):
        text = self.text(key)
        if not text:
            self.empty(key)
            return None
        return self.read(key, parse_points, text)

    def count(self, key):
        text = self.text(key)
        value = self.read(key, parse_count, text) if text else None
        if value is None:  # empty, or not a number (its problem noted)
            return 0
        if abs(value) > MOST_CHIPS:
            self.problem(key, _("%(value)s chips is more than one game can have.") % {"value": value})
            return 0
        return value

    def extras(self, key, reader):
        try:
            return reader(self.text(key))
        except LayoutError as error:
            self.problem(key, str(error))
            return ([], None) if key == "yakuman" else []


def read_row(plan, number, cells, finder, unknown):
    row = _Row(plan, number, cells)
    game = row.game
    game.rule_set = _rule_set(row)
    _read_date(row)
    game.round = row.whole("round")
    game.table = row.whole("table", default=1)
    _check_version(row)
    players = _players(row)
    _read_players(row, finder, unknown, players)
    written_points = [row.text(f"points_{seat}") for seat in range(players)]
    points_only = any(written_points) and not any(row.text(f"score_{seat}") for seat in range(players))
    if points_only:
        game.scores = None
        game.points = [row.points(f"points_{seat}") for seat in range(players)]
        # A sheet with no deposit and no chombo column never said what left the table.
        columns = row.plan.table.columns
        game.extras_unrecorded = "deposit" not in columns and "chombo" not in columns
    else:
        game.scores = [row.score(f"score_{seat}") for seat in range(players)]
        # Points written beside the scores are read now (a bad one is reported) and compared once settled.
        written_points = [row.points(f"points_{seat}") if text else None for seat, text in enumerate(written_points)]
    game.deposit = row.score("deposit", default=0)
    game.chips = [row.count(f"chips_{seat}") for seat in range(players)]
    game.busts = row.extras("busts", read_busts)
    if points_only and game.busts:
        row.problem(
            "busts",
            _(
                "A game written by its points alone has no busts: its points already include them. "
                "Leave this cell empty, or write the scores."
            ),
        )
    game.yakuman, game.ended_by_yakuman = row.extras("yakuman", read_yakuman)
    if game.rule_version is not None and game.yakuman:
        game.ended_by_yakuman = seat_ending_the_game(game.rule_version.settings, game.yakuman, game.ended_by_yakuman)
    game.chombo = row.extras("chombo", read_chombo)
    _check_yakuman(row)
    _read_note(row)
    if row.numbers_ok and game.rule_version is not None:
        if not points_only:
            _check_busts(row)
        _settle(row)
        if not points_only and game.result:
            _check_written_points(row, written_points)
    return game


def _read_note(row):
    note = row.text("note")
    if len(note) > NOTE_LENGTH:
        row.problem(
            "note",
            _("This note is %(length)s characters long; a note has at most %(most)s. Shorten it.")
            % {"length": f"{len(note):,}", "most": f"{NOTE_LENGTH:,}"},
            blocks_engine=False,
        )
    row.game.note = note


def _read_date(row):
    text = row.text("date")
    if not text:
        row.empty("date")
        return
    row.game.date = row.read("date", parse_date, text)


def _rule_set(row):
    """The rule set a row names in its rule set column (name or address name), else the one chosen."""
    plan = row.plan
    if "rule_set" not in plan.table.columns:
        return plan.rule_set
    text = row.text("rule_set")
    if not text:
        row.problem(
            "rule_set",
            _(
                "This cell is empty: each row of this file names its rules. Write the rule set's "
                "name or address name (%(names)s)."
            )
            % {"names": plan.rule_set_names()},
        )
        return None
    found = plan.rule_sets.get(rule_set_key(text))
    if found is None:
        row.problem(
            "rule_set",
            _(
                "This club has no rule set “%(text)s” (its rule sets: %(names)s). Correct the "
                "cell, or add that rule set first."
            )
            % {"text": text, "names": plan.rule_set_names()},
        )
    return found


def _players(row):
    """The seats of this row: those of its rules, when each row names its rules (a file may mix 3 and 4)."""
    table_players = row.plan.table.players
    if "rule_set" not in row.plan.table.columns or row.game.rule_version is None:
        return table_players
    players = row.game.rule_version.settings["players"]
    for seat in range(players, table_players):
        for key in (f"player_{seat}", f"score_{seat}", f"points_{seat}", f"chips_{seat}"):
            if row.text(key):
                row.problem(
                    key,
                    _("The rules of %(rule_set)s are for %(players)s players: this cell must be empty.")
                    % {"rule_set": row.game.rule_set, "players": players},
                )
    return players


def _read_players(row, finder, unknown, players):
    game = row.game
    seen = set()
    for seat in range(players):
        key = f"player_{seat}"
        name = row.text(key)
        game.names.append(name)
        if not name:
            row.problem(key, _("This cell is empty."), blocks_engine=False)
            game.players.append(None)
            continue
        match = finder.find(name)
        # Only the whole name or reading maps a cell: a surname or the beginning of a name is the likely member
        # the secretary is offered (plan.py), never a silent mapping of an old sheet's name.
        player = match.member if match.whole else None
        if player is None:
            unknown_name = unknown.setdefault(name_key(name), UnknownName(key=name_key(name), name=name))
            if game.row not in unknown_name.rows:
                unknown_name.rows.append(game.row)
            player = unknown_name.choice = _chosen(row.plan.mapping.get(unknown_name.key))
            if player is None:
                row.problem(
                    key,
                    _("No member of this club is called “%(name)s”: match the name to a member or create the member.")
                    % {"name": name},
                    blocks_engine=False,
                )
            elif isinstance(player, NewMember) and len(player.name) > NAME_LENGTH:
                row.problem(
                    key,
                    _("A member's name has at most %(most)s characters.") % {"most": NAME_LENGTH},
                    blocks_engine=False,
                )
        identity = who(player)
        if identity is not None and identity in seen:
            row.problem(key, _("%(name)s is already in another seat.") % {"name": name}, blocks_engine=False)
        seen.add(identity)
        game.players.append(player)


def _chosen(choice):
    return choice if isinstance(choice, (Member, NewMember)) else None


def _check_yakuman(row):
    for event in row.game.yakuman:
        if len(event["name"]) > YAKUMAN_NAME_LENGTH:
            row.problem(
                "yakuman",
                _("“%(name)s” is longer than a yakuman's name may be (%(most)s characters).")
                % {"name": event["name"], "most": YAKUMAN_NAME_LENGTH},
            )
        if event["count"] > MOST_YAKUMAN_TIMES:
            row.problem(
                "yakuman",
                _("x%(count)s: a yakuman counts at most %(most)s times.")
                % {"count": event["count"], "most": MOST_YAKUMAN_TIMES},
            )


def _check_version(row):
    game, plan = row.game, row.plan
    if game.date is None or game.rule_set is None:
        return
    version = plan.version_on(game.rule_set, game.date)
    if version is None:
        row.problem("date", no_rules_in_force(game.rule_set, game.date))
    elif version.settings["players"] != plan.table.players and "rule_set" not in plan.table.columns:
        row.problem(
            None,
            _("The rules of %(rule_set)s in force on %(date)s are for %(players)s players, not %(columns)s.")
            % {
                "rule_set": plan.rule_set,
                "date": game.date,
                "players": version.settings["players"],
                "columns": plan.table.players,
            },
        )
    else:
        game.rule_version = version


def _check_busts(row):
    """As on the entry form: when a bust pays points, a player below 0 must have their bust written."""
    game = row.game
    written = {entry["seat"] for entry in game.busts}
    for seat in scoring.unwritten_busts(game.rule_version.rule_book, game.scores, written):
        other = wind(1 if seat == 0 else 0)
        row.problem(
            "busts",
            _(
                "%(wind)s finished below 0 and a bust pays points here: write who busted them, "
                "e.g. %(example)s, or %(top)s when nobody in particular did."
            )
            % {"wind": WINDS[seat], "example": f"{wind(seat)}:{other}", "top": f"{wind(seat)}:トップ"},
            blocks_engine=False,
        )  # the points are still shown


def _check_written_points(row, written):
    """Points written beside the scores must be the points the scores give (each result before chips)."""
    if all(typed is None for typed in written):  # the commonest row: no points beside the scores
        return
    chips_in_total = row.game.rule_version.settings["chips"]["in_total"]
    for seat, typed in enumerate(written):
        result = row.game.result[seat].tenths
        given = result["total"] - (result["chips"] if chips_in_total else 0)
        if typed is not None and typed != given:
            message = _(
                "The points written here (%(typed)s) are not what the scores give under these rules "
                "(%(given)s). Correct the score or the points, or leave the points empty."
            ) % {"typed": format_points(typed), "given": format_points(given)}
            row.problem(f"points_{seat}", message, blocks_engine=False)


def _settle(row):
    game = row.game
    try:
        game.result = settle_entry(game.rule_version.rule_book, game)
    except scoring.ScoringError as refusal:
        seat_names = [str(WINDS[seat]) for seat in range(len(game.players))]
        for error in refusal.errors:
            row.problem(_engine_column(error.field), engine_message(error, seat_names))


def _engine_column(path):
    """The column an engine path (``scores.2``, ``busts.0.by``) concerns; ``scores`` alone is their sum."""
    parts = (path or "").split(".")
    head = parts[0]
    if head in ("scores", "chips", "points"):
        if len(parts) > 1 and parts[1].isdigit():
            return f"{SEAT_COLUMN[head]}_{parts[1]}"
        return head
    if head in ("deposit", "busts", "yakuman", "chombo"):
        return head
    if head == "ended_by_yakuman":
        return "yakuman"
    return None
