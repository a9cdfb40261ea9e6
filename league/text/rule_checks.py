"""Turning the engine's refusals of a rule version into Django validation errors."""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

import scoring

from .formatting import format_points, format_score

# Fee settings that belong to one meeting, not to the rule version.
MEETING_ONLY_FEES = ("rounds",)


# The English words the engine puts inside its messages' parameters (a bust is "below 0"; a missing
# seat is "nothing"): translated here, at the site's one boundary with the engine, like the templates.
ENGINE_WORDS = {gettext_noop("below 0"), gettext_noop("below 0 or exactly 0"), gettext_noop("nothing")}


def engine_message(error, seat_names=None):
    """A ScoringError's message in the active language; seats by name (East…) when given."""
    template = gettext(error.template)
    params = dict(error.params)
    if seat_names and isinstance(params.get("seat"), int):
        params["seat"] = seat_names[params["seat"]]
    for key, value in params.items():
        if isinstance(value, Decimal):  # points (a points-only game's sums): +0.3, ▲12.0, ±0.0
            params[key] = format_points(value)
        elif key == "score" and isinstance(value, int):  # a score as the table writes it: ▲500
            params[key] = format_score(value)
        elif isinstance(value, str) and value in ENGINE_WORDS:
            params[key] = gettext(value)
    return template % params if params else template


def check_rule_version(version):
    """Raise ValidationError naming every bad setting of ``version``."""
    problems = {}
    try:
        scoring.validate_rules(version.rules)
    except scoring.ScoringError as refusal:
        for error in refusal.errors:
            problems.setdefault("rules", []).append(f"{error.field}: {engine_message(error)}")
    fees = version.fees
    if isinstance(fees, dict) and any(key in fees for key in MEETING_ONLY_FEES):
        problems.setdefault("fees", []).append(gettext("The number of rounds is set for each meeting."))
    try:
        scoring.validate_fees(fees)
    except scoring.ScoringError as refusal:
        for error in refusal.errors:
            problems.setdefault("fees", []).append(f"{error.field}: {engine_message(error)}")
    if not isinstance(version.notes, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in version.notes.items()
    ):
        problems.setdefault("notes", []).append(gettext("Notes map a setting's name to a line of text."))
    if problems:
        raise ValidationError(problems)
