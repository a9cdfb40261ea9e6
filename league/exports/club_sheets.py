"""The Members sheet (会員) and the Rules sheet (ルール: each rule version in force in the period, in words)."""

from django.db.models import Count, Max, Sum
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..models.day_totals import DayTotalLine
from ..models.people import Member
from ..stats.standings import rule_versions
from ..text.rules_text import describe_rules
from .cells import BOOL, DATE, INT, OUR_TEXT, Column, Sheet
from .games_sheets import seats_in


def members_sheet(choice):
    """Every member of the club, with their games in the period (0 for those who did not play); guests (ゲスト)
    after the members, marked in the last column."""
    columns = [
        Column(_("Name"), width=16),
        Column(_("Reading"), width=18),
        Column(_("Active"), BOOL),
        Column(_("Games"), INT),
        Column(_("Last played"), DATE),
        Column(_("Guest"), BOOL),
    ]
    return Sheet(pgettext("workbook sheet", "Members"), columns, _member_rows(choice))


def _member_rows(choice):
    played = {
        row["member"]: row
        for row in seats_in(choice)
        .values("member")
        .annotate(games=Count("id"), last=Max("game__meeting__date"))
        .order_by()
    }
    # Day totals (日計) add their hanchan, as in the standings.
    days = {
        row["member"]: row
        for row in (
            DayTotalLine.objects.filter(day_total__meeting__club=choice.club)
            .for_rule_sets(choice.rule_sets)
            .between(choice.first_day, choice.last_day)
            .values("member")
            .annotate(games=Sum("day_total__games"), last=Max("day_total__meeting__date"))
            .order_by()
        )
    }
    for member in Member.objects.filter(club=choice.club).members_first().only("name", "kana", "active", "guest"):
        figures, day = played.get(member.pk, {}), days.get(member.pk, {})
        last = max(filter(None, (figures.get("last"), day.get("last"))), default=None)
        yield [
            member.name,
            member.kana,
            member.active,
            figures.get("games", 0) + (day.get("games") or 0),
            last,
            member.guest,
        ]


def rules_sheet(choice):
    columns = [
        Column(_("Rule set"), width=16),
        Column(_("In force from"), DATE),
        Column(pgettext("rule in words", "Item"), OUR_TEXT, width=24),
        Column(pgettext("rule in words", "Setting"), OUR_TEXT, width=70, wrap=True),
    ]
    return Sheet(pgettext("workbook sheet", "Rules"), columns, _rule_rows(choice))


def versions_in_force(rule_set, first_day=None, last_day=None):
    """The rule set's versions that governed some day from ``first_day`` to ``last_day``, oldest first."""
    versions = sorted(rule_versions(rule_set), key=lambda version: version.effective_from)
    if not versions:
        return []  # a rule set still being set up
    in_force = []
    for version, following in zip(versions, [*versions[1:], None], strict=True):
        started = last_day is None or version.effective_from <= last_day
        still_on = first_day is None or following is None or following.effective_from > first_day
        if started and still_on:
            in_force.append(version)
    return in_force


def _rule_rows(choice):
    for rule_set in choice.rule_sets:
        for version in versions_in_force(rule_set, choice.first_day, choice.last_day):
            for label, text in describe_rules(version.settings):
                yield [rule_set.name, version.effective_from, str(label), str(text)]
