"""Rule sets and their versions: adding a rule set (ルールを追加) with its first version, renaming or
retiring one, adding a version (ルール改定). One transaction each; one version per rule set and day."""

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring

from ..models.clubs import Club, RuleSet
from ..models.rule_versions import RuleVersion
from .kept_money import refresh_rule_set_drift
from .refusals import Refused


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
            version = RuleVersion.objects.create(
                rule_set=rule_set, effective_from=effective_from, rules=rules, fees=fees, notes=notes
            )
            # A closed day it governs now is settled with its fees: is its kept settlement still what they give?
            refresh_rule_set_drift(rule_set.pk)
            return version
    except IntegrityError as error:
        raise Refused(_date_taken(rule_set, effective_from), "effective_from") from error


def add_rule_set(club, name, description, effective_from, rules, fees, note=""):
    """Save a new rule set of ``club`` with its first version; returns the rule set.

    Its address name (slug) is made from the name, and kept unique in the club; it comes last in the
    club's order of rule sets.
    """
    with transaction.atomic():
        # Lock the club so that two rule sets added at once get different slugs and positions.
        Club.objects.select_for_update().get(pk=club.pk)
        rule_sets = RuleSet.objects.filter(club=club)
        _refuse_taken_name(rule_sets, name)
        slug = unique_slug(name, set(rule_sets.values_list("slug", flat=True)))
        position = (rule_sets.aggregate(last=Max("position"))["last"] or 0) + 1
        rule_set = RuleSet.objects.create(club=club, slug=slug, name=name, description=description, position=position)
        notes = {"effective_from": note.strip()} if note.strip() else {}
        RuleVersion.objects.create(
            rule_set=rule_set, effective_from=effective_from, rules=rules, fees=fees, notes=notes
        )
        return rule_set


def change_rule_set(rule_set, name, description, retired):
    """Rename ``rule_set``, change its description, retire it or offer it again; its games stay as they are."""
    with transaction.atomic():
        locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
        _refuse_taken_name(RuleSet.objects.filter(club_id=locked.club_id).exclude(pk=locked.pk), name)
        locked.name, locked.description, locked.retired = name, description, retired
        locked.save(update_fields=["name", "description", "retired"])
        return locked


def unique_slug(name, taken):
    """An address name for ``name``: its ASCII slug (``rules`` for a name in Japanese), numbered if taken."""
    base = slugify(name)
    if not base or base != slugify(name, allow_unicode=True):
        base = "rules"
    base = base[:40]
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    return slug


def _refuse_taken_name(rule_sets, name):
    if rule_sets.filter(name=name).exists():
        raise Refused(_("The club already has rules called %(name)s. Choose another name.") % {"name": name}, "name")


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
        "rule_set": rule_set,
        "date": date_format(day),
    }
