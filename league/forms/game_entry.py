"""The game entry form: players in seat order, scores, and the extras only when they happened.

A club that only ever noted points ticks "by points" (点数なし): each player's
final points (before chips) replace the scores, and the game is settled with
``scoring.settle_points`` through the same ``settle_game``.

The form is built with the rule version the game settles under.  It turns what
was typed into an ``Entry``, settles it once with the engine (a valid form holds
the ``SettledGame`` a save stores) and maps every refusal of the engine back to
the field it concerns (``scores.2`` → the West player's score), so the
secretary sees each message beside its own box.
"""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring

from ..models.games import WINDS
from ..models.member_finder import name_key, search_keys
from ..models.people import Member
from ..services.settling import Entry, no_rules_in_force, seat_ending_the_game, settle_game
from ..text.rule_checks import engine_message
from ..text.score_input import parse_count, parse_points, parse_score
from .entry_checks import EntryChecksForm

YAKUMAN_ROWS = 2
NO_SEAT = ""
MOST_CHIPS = 999
BUST_BY_TOP = "top"
SEAT_FIELDS = {"scores": "score", "chips": "chips", "points": "points"}  # an engine list → its boxes' name


class ScoreField(forms.CharField):
    """A score box that reads 41300, 41,300, 41.3, ４１３００ or ▲5200 (and 413 in hundreds style)."""

    def __init__(self, *args, in_hundreds=False, **kwargs):
        self.in_hundreds = in_hundreds
        kwargs.setdefault("required", False)
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget):
        return {
            **super().widget_attrs(widget),
            "inputmode": "numeric",
            "autocomplete": "off",
            "class": "score",
            "enterkeyhint": "next",
        }

    def to_python(self, value):
        return parse_score(super().to_python(value), in_hundreds=self.in_hundreds)


class PointsInputField(forms.CharField):
    """A player's final points for a game entered by points: +45.3, ▲12.0, -12, ４５．３."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget):
        return {
            **super().widget_attrs(widget),
            "inputmode": "decimal",
            "autocomplete": "off",
            "class": "points",
            "enterkeyhint": "next",
        }

    def to_python(self, value):
        value = super().to_python(value)
        return None if value in self.empty_values else parse_points(value)


class CountField(forms.CharField):
    """A signed whole number (chips): ３, -2, ▲2."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "inputmode": "numeric", "autocomplete": "off", "class": "count"}

    def to_python(self, value):
        count = parse_count(super().to_python(value))
        if count is not None and abs(count) > MOST_CHIPS:
            raise forms.ValidationError(
                _("%(count)s chips is more than a game can move."), code="too_many", params={"count": count}
            )
        return count


def _same_person(member, other):
    """Two seats' people are one: the same saved member, or two new guests typed alike."""
    if member.pk is not None or other.pk is not None:
        return member.pk == other.pk
    return name_key(member.name) == name_key(other.name)


class GameForm(EntryChecksForm):
    """One hanchan at one table of ``meeting``, settled under ``rule_version`` (the one in force that day)."""

    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=scoring.MOST_ROUNDS)
    table = forms.IntegerField(label=_("Table"), min_value=1, max_value=scoring.MOST_ROUNDS, initial=1)
    deposit = ScoreField(label=_("Leftover deposit"), help_text=_("Riichi sticks left on the table at the end."))
    by_points = forms.BooleanField(
        label=_("Enter by points (点数なし)"),
        required=False,
        help_text=_("For a game whose scores nobody noted: type each player's final points, before chips."),
    )
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)  # of the game corrected (Game.revision)
    names_fixed = False  # a player's report of a drawn table (forms/report_entry.py): names, round, table fixed

    def __init__(self, *args, meeting, rule_version, in_hundreds=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.meeting = meeting
        self.rule_version = rule_version
        # Without a version in force the form still takes the rules' shape, and refuses to settle (see clean).
        settings = rule_version.settings if rule_version else meeting.rule_set.settings_on(meeting.date)
        self.players = players = settings["players"]
        self.win_points = win_points = settings["method"] == "win_points"
        self.in_hundreds = in_hundreds
        self.members = Member.objects.filter(club=meeting.club).members_first()
        seats = [(NO_SEAT, "—")] + [(str(s), WINDS[s]) for s in range(players)]
        for seat in range(players):
            wind = WINDS[seat]
            self.fields[f"player_{seat}"] = forms.CharField(
                label=wind,
                max_length=40,
                widget=forms.TextInput(
                    attrs={"list": "member-names", "autocomplete": "off", "class": "player", "enterkeyhint": "next"}
                ),
            )
            self.fields[f"guest_{seat}"] = forms.BooleanField(
                label=_("Seat as a guest (ゲストとして入力)"),
                required=False,
                help_text=_("A visitor who is not a member: their games count, and no member is created."),
            )
            self.fields[f"score_{seat}"] = ScoreField(
                label=_("%(wind)s score") % {"wind": wind}, in_hundreds=in_hundreds
            )
            self.fields[f"points_{seat}"] = PointsInputField(label=_("%(wind)s points") % {"wind": wind})
            self.fields[f"chips_{seat}"] = CountField(label=_("%(wind)s chips") % {"wind": wind})
            self.fields[f"bust_{seat}"] = forms.ChoiceField(
                label=_("%(wind)s busted by") % {"wind": wind},
                required=False,
                choices=[(NO_SEAT, _("did not bust")), (BUST_BY_TOP, _("nobody in particular (to the top)"))]
                + [(str(s), WINDS[s]) for s in range(players) if s != seat],
            )
            self.fields[f"chombo_{seat}"] = forms.IntegerField(
                label=_("%(wind)s chombo") % {"wind": wind},
                required=False,
                min_value=0,
                max_value=5,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        for row in range(YAKUMAN_ROWS):
            prefix = f"yakuman_{row}"
            self.fields[f"{prefix}_seat"] = forms.ChoiceField(label=_("Winner"), choices=seats, required=False)
            self.fields[f"{prefix}_name"] = forms.CharField(
                label=_("Yakuman"),
                max_length=40,
                required=False,
                widget=forms.TextInput(attrs={"list": "yakuman-names", "autocomplete": "off"}),
            )
            self.fields[f"{prefix}_win"] = forms.ChoiceField(
                label=_("Win"), choices=[("tsumo", _("tsumo")), ("ron", _("ron"))], required=False
            )
            self.fields[f"{prefix}_from"] = forms.ChoiceField(label=_("Dealt in"), choices=seats, required=False)
            self.fields[f"{prefix}_pao"] = forms.ChoiceField(label=_("Pao"), choices=seats, required=False)
            self.fields[f"{prefix}_kind"] = forms.ChoiceField(
                label=_("Kind"),
                required=False,
                choices=[("yakuman", _("yakuman")), ("counted", _("counted yakuman (数え役満)"))],
            )
            self.fields[f"{prefix}_count"] = forms.IntegerField(
                label=_("Times"),
                min_value=1,
                max_value=6,
                required=False,
                initial=1,
                help_text=_("2 for a double yakuman."),
            )
            if win_points:
                self.fields[f"{prefix}_ends"] = forms.BooleanField(
                    label=_("Ended the game (ダブルマルA)"), required=False
                )
        self.entry = None
        self.settled = None
        self.result = None
        self.filled_seat = None
        self.path_fields = {}
        self.guest_offered = set()  # seats whose name nobody has: their "seat as a guest" box is shown

    # -- what the template walks through --------------------------------------------------------

    def seat_rows(self):
        return [
            {
                "wind": WINDS[s],
                "seat": s,
                "player": self[f"player_{s}"],
                "score": self[f"score_{s}"],
                "points": self[f"points_{s}"],
                "guest": self[f"guest_{s}"],
                "offer_guest": s in self.guest_offered or bool(self[f"guest_{s}"].value()),
            }
            for s in range(self.players)
        ]

    def typing_order(self, by_points=False):
        """The boxes a secretary types into, in order: each seat's player, then its score (or points)."""
        number = "points" if by_points else "score"
        return [name for seat in range(self.players) for name in (f"player_{seat}", f"{number}_{seat}")]

    @property
    def first_empty(self):
        """The box a new game's page opens on: the first one of the typing order still empty (None if bound)."""
        if self.is_bound or self.initial.get("revision") or self.initial.get("report"):
            return None  # a correction, or a player's report to check: every box typed, nothing to focus
        by_points = bool(self.initial.get("by_points"))
        return next((name for name in self.typing_order(by_points) if not self.initial.get(name)), None)

    @property
    def score_placeholder(self):
        """A typical score as the club types it: the starting score (250 when scores are typed in hundreds)."""
        start = self.start_score() or 25000  # no version in force: the form refuses anyway (clean)
        return str(start // 100 if self.in_hundreds else start)

    def member_choices(self):
        """The active members, then guests, for the name boxes' suggestions (entry.js): name, reading, and the
        finder's keys a typed name may begin, so the page suggests exactly what the server's finder accepts."""
        return [
            {"name": member.name, "kana": member.kana, "keys": search_keys(member), "guest": member.guest}
            for member in self.members.active()
        ]

    def extra_rows(self):
        return [
            {"wind": WINDS[s], "chips": self[f"chips_{s}"], "bust": self[f"bust_{s}"], "chombo": self[f"chombo_{s}"]}
            for s in range(self.players)
        ]

    def yakuman_rows(self):
        names = ["seat", "name", "win", "from", "pao", "kind", "count"] + (["ends"] if self.win_points else [])
        return [[self[f"yakuman_{row}_{name}"] for name in names] for row in range(YAKUMAN_ROWS)]

    def has_extras(self, kind):
        """Whether a closed-by-default section holds something (so it opens)."""
        data = self.data if self.is_bound else self.initial
        keys = {
            "chips": [f"chips_{s}" for s in range(self.players)],
            "busts": [f"bust_{s}" for s in range(self.players)],
            "chombo": [f"chombo_{s}" for s in range(self.players)],
            "yakuman": [f"yakuman_{r}_seat" for r in range(YAKUMAN_ROWS)],
        }[kind]
        return any(str(data.get(key) or "").strip() not in ("", "0") for key in keys) or any(
            self.has_error(key) for key in keys
        )

    @property
    def has_extras_chips(self):
        return self.has_extras("chips")

    @property
    def has_extras_busts(self):
        return self.has_extras("busts")

    @property
    def has_extras_yakuman(self):
        return self.has_extras("yakuman")

    @property
    def has_extras_chombo(self):
        return self.has_extras("chombo")

    # -- cleaning ----------------------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if self.rule_version is None:
            raise forms.ValidationError(no_rules_in_force(self.meeting.rule_set, self.meeting.date))
        by_points = bool(data.get("by_points"))
        # Only the boxes of the chosen mode count: the other ones are hidden and may hold anything.
        for seat in range(self.players):
            self._errors.pop(f"score_{seat}" if by_points else f"points_{seat}", None)
        members = self._members(data)
        if by_points:
            scores, points = None, self._points(data)
            numbers = points
        else:
            scores, points = self._scores(data), None
            numbers = scores
        if self.errors or members is None or numbers is None:
            return data
        deposit = data.get("deposit") or 0
        chips = [data.get(f"chips_{s}") or 0 for s in range(self.players)]
        busts = self._no_busts(data) if by_points else self._busts(data, scores)
        yakuman, ended = self._yakuman(data)
        ended = seat_ending_the_game(self.rule_version.settings, yakuman, ended)
        chombo = []
        for seat in range(self.players):
            for _count in range(data.get(f"chombo_{seat}") or 0):
                self.path_fields[f"chombo.{len(chombo)}"] = f"chombo_{seat}"
                chombo.append({"seat": seat})
        if self.errors:
            return data
        self.entry = Entry(
            meeting=self.meeting,
            round=data["round"],
            table=data["table"],
            members=members,
            scores=scores,
            points=points,
            deposit=deposit,
            chips=chips,
            busts=busts,
            yakuman=yakuman,
            chombo=chombo,
            ended_by_yakuman=ended,
        )
        self._settle()
        return data

    def _members(self, data):
        """The members typed, by the club's one member finder (as the import matches names).

        At entry a surname, a given name, a part of the reading or a beginning that only one member has is
        enough (the preview shows the full name before saving); an import takes only whole names.

        A name nobody has is seated as a guest when its "seat as a guest" box is ticked: an unsaved guest
        Member, which ``services.games.store_settled`` saves with the game (``seat_guests``).
        """
        finder = self.members.finder()
        chosen = []
        for seat in range(self.players):
            typed = data.get(f"player_{seat}")
            if not typed:
                continue
            match = finder.find(typed)
            member = match.member
            as_guest = data.get(f"guest_{seat}")
            if match.ambiguous:
                message = (
                    gettext("“%(name)s” could be %(members)s: type more of the name or the reading.")
                    if match.how
                    else gettext("“%(name)s” could be %(members)s: type the full name or the reading.")
                )
                self.add_error(
                    f"player_{seat}",
                    message % {"name": typed, "members": gettext(", ").join(m.name for m in match.candidates)},
                )
                continue
            if member is None and as_guest:
                member = Member(club=self.meeting.club, name=typed, guest=True)
            elif member is None:
                self.guest_offered.add(seat)
                self.add_error(
                    f"player_{seat}",
                    gettext("No member of this club is called “%(name)s”. For a visitor, tick “seat as a guest”.")
                    % {"name": typed},
                )
                continue
            elif as_guest and not member.guest:
                self.add_error(
                    f"player_{seat}",
                    gettext(
                        "%(name)s is a member of the club. To seat a visitor of the same name, type the name "
                        "differently, e.g. “%(name)s (guest)”."
                    )
                    % {"name": member.name},
                )
                continue
            if any(_same_person(member, other) for other in chosen):
                self.add_error(
                    f"player_{seat}", gettext("%(name)s is already in another seat.") % {"name": member.name}
                )
            else:
                chosen.append(member)
        return chosen if len(chosen) == self.players else None

    def _scores(self, data):
        scores = [data.get(f"score_{s}") for s in range(self.players)]
        if any(self.has_error(f"score_{s}") for s in range(self.players)):
            return None  # a box that could not be read already says why; the others wait for it
        missing = [s for s, score in enumerate(scores) if score is None]
        if len(missing) == 1:
            # The last score follows from the others: every game adds up to players × start.
            if self.rule_version is not None:
                scores[missing[0]] = scoring.missing_score(
                    self.rule_version.rules, [s for s in scores if s is not None], data.get("deposit") or 0
                )
                self.filled_seat = missing[0]
                return scores
        for seat in missing[:-1]:  # the last empty box is the one that will be filled in: no message there
            self.add_error(f"score_{seat}", gettext("Type the score."))
        return None if missing else scores

    def _points(self, data):
        points = [data.get(f"points_{s}") for s in range(self.players)]
        for seat, value in enumerate(points):
            if value is None and not self.has_error(f"points_{seat}"):
                self.add_error(f"points_{seat}", gettext("Type the points."))
        return None if None in points else points

    def _no_busts(self, data):
        """A game entered by points has no busts to record: its points already include them."""
        for seat in range(self.players):
            if data.get(f"bust_{seat}"):
                self.add_error(
                    f"bust_{seat}", gettext("A game entered by points has no busts: its points already include them.")
                )
        return []

    @property
    def rule_settings(self):
        return self.rule_version.settings if self.rule_version else None

    def start_score(self):
        return self.rule_settings["start"] if self.rule_settings else None

    def _busts(self, data, scores):
        busts = []
        written = {seat for seat in range(self.players) if data.get(f"bust_{seat}")}
        # A bust that pays points must not be forgotten (the engine's rule, as the importer applies it).
        unwritten = scoring.unwritten_busts(self.rule_version.rules, scores, written)
        for seat in range(self.players):
            by = data.get(f"bust_{seat}")
            if not by:
                if seat in unwritten:
                    self.add_error(
                        f"bust_{seat}",
                        gettext("%(wind)s finished below 0: choose who busted them, or “nobody in particular”.")
                        % {"wind": WINDS[seat]},
                    )
                continue
            self.path_fields[f"busts.{len(busts)}"] = f"bust_{seat}"
            busts.append({"seat": seat, "by": None if by == BUST_BY_TOP else int(by)})
        return busts

    def _yakuman(self, data):
        events, ended = [], None
        for row in range(YAKUMAN_ROWS):
            prefix = f"yakuman_{row}"
            seat = data.get(f"{prefix}_seat")
            if seat in (None, NO_SEAT):
                continue
            event = {
                "seat": int(seat),
                "kind": data.get(f"{prefix}_kind") or "yakuman",
                "win": data.get(f"{prefix}_win") or "tsumo",
                "count": data.get(f"{prefix}_count") or 1,
                "name": data.get(f"{prefix}_name") or "",
            }
            for key in ("from", "pao"):
                if data.get(f"{prefix}_{key}") not in (None, NO_SEAT):
                    event[key] = int(data[f"{prefix}_{key}"])
            index = len(events)
            self.path_fields[f"yakuman.{index}"] = f"{prefix}_seat"
            for key in ("seat", "kind", "win", "count", "name", "from", "pao"):
                self.path_fields[f"yakuman.{index}.{key}"] = f"{prefix}_{key}"
            if data.get(f"{prefix}_ends"):
                ended = int(seat)
            events.append(event)
        return events, ended

    def preview_problems(self):
        """Field errors worth showing while typing, as (field name, errors): skip boxes simply not filled in yet.
        The live preview sends them to the message place beside each box (entry.js), so each shows once."""
        problems = []
        for name, errors in self.errors.items():
            if name == "__all__" or name not in self.fields:
                continue
            value = self.data.get(name)
            if value in (None, "") and name.startswith(("player_", "score_", "points_", "round", "table")):
                continue
            problems.append((name, errors))
        return problems

    # -- the engine --------------------------------------------------------------------------------

    def _settle(self):
        """Run the engine, once, on the cleaned entry; its refusals become field errors."""
        try:
            self.settled = settle_game(self.entry, self.rule_version)
        except scoring.ScoringError as refusal:
            seat_names = [str(WINDS[s]) for s in range(self.players)]
            for error in refusal.errors:
                self.add_error(self.field_for(error.field), engine_message(error, seat_names))
            return
        self.result = self.settled.result

    def field_for(self, path):
        """The form field an engine path (``scores.2``, ``busts.0.by``) refers to, or None for the form."""
        if path in self.path_fields:
            return self.path_fields[path]
        parts = path.split(".")
        if parts[0] in SEAT_FIELDS and len(parts) > 1:
            return f"{SEAT_FIELDS[parts[0]]}_{parts[1]}"
        if parts[0] == "deposit":
            return "deposit"
        for depth in (2, 1):
            prefix = ".".join(parts[:depth])
            if prefix in self.path_fields:
                return self.path_fields[prefix]
        return None
