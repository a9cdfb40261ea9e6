"""Adding a rule version (ルール改定): one transaction, one version per rule set and day."""

from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

import scoring

from ..models import RuleSet, RuleVersion
from ..refusals import Refused
from .kept_money import refresh_rule_set_drift


def add_rule_version(rule_set, effective_from, rules, fees, note=""):
    """Save a new version of ``rule_set`` in force from ``effective_from``; returns it.

    The notes of the version it follows are kept for every setting that did not
    change (they quote the rule book); ``note`` becomes the note of the date.
    """
    try:
        with transaction.atomic():
            # Lock the rule set so that two owners adding versions at once queue up.
            locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
            if RuleVersion.objects.filter(rule_set=rule_set, effective_from=effective_from).exists():
                raise Refused(_date_taken(rule_set, effective_from), "effective_from")
            previous = locked.version_on(effective_from)
            notes = carried_notes(previous, rules, fees)
            if note.strip():
                notes["effective_from"] = note.strip()
            version = RuleVersion.objects.create(rule_set=rule_set, effective_from=effective_from, rules=rules,
                                                 fees=fees, notes=notes)
            # A closed day it governs now is settled with its fees: is its kept settlement still what they give?
            refresh_rule_set_drift(rule_set.pk)
            return version
    except IntegrityError as error:
        raise Refused(_date_taken(rule_set, effective_from), "effective_from") from error


def carried_notes(previous, rules, fees):
    """The notes of ``previous`` whose setting keeps the same value under ``rules`` and ``fees``."""
    if previous is None or not previous.notes:
        return {}
    new_rules, new_fees = scoring.validate_rules(rules), scoring.validate_fees(fees)
    old_rules, old_fees = previous.settings, previous.fee_settings
    kept = {}
    for key, text in previous.notes.items():
        if key.startswith("fees."):
            name = key.removeprefix("fees.")
            same = name in new_fees and old_fees.get(name) == new_fees[name]
        else:
            same = key in new_rules and old_rules.get(key) == new_rules[key]
        if same:
            kept[key] = text
    return kept


def _date_taken(rule_set, day):
    return _("%(rule_set)s already has a version from %(date)s. Choose another date.") % {
        "rule_set": rule_set, "date": date_format(day)}
