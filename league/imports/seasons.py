"""Seasons for an import's games that fall in none (シーズン外の対局).

Standings are read by season; a game on a day no season of the club covers
counts only under 全対局 (all games).  Old results are mostly of years the
club never set seasons up for, so the preview says how many of the import's
new games and day totals fall outside every season, from when to when, and
proposes seasons for them: one per calendar year they fall in (named
「2024年」 / "2024", 1/1–12/31), clipped to the gaps between the club's
seasons, so that a proposal never overlaps an existing season (a year half
covered by a 年度 season from April gets 「2025年1月〜3月」 for its first
months).  The owner ticks and names them; ``create_seasons`` saves them in
the import's transaction.  Nothing here decides who may create seasons:
the caller (the import page, ``manage.py import_results``) does.
"""

import datetime
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..models.seasons import Season
from ..models.text import clean_name
from ..services.day_pairs import rebuild_season_pairs
from ..services.refusals import Refused

NAME_LENGTH = Season._meta.get_field("name").max_length
# The reason a season's history gives when an import created it: the batch's id follows, so that the import's
# page can mark the seasons it created without a table of its own (an undo leaves them: see docs/import.md).
CREATED_BY_IMPORT = "import: {batch}"


@dataclass(frozen=True)
class Uncovered:
    """The new games and day totals (日計) of an import that fall in no season, and their first and last day."""

    games: int
    day_totals: int
    first: datetime.date
    last: datetime.date


@dataclass(frozen=True)
class ProposedSeason:
    """A season the import could create: a gap between the club's seasons within one calendar year."""

    name: str
    starts_on: datetime.date
    ends_on: datetime.date
    games: int  # the import's new games in it
    day_totals: int


@dataclass(frozen=True)
class NewSeason:
    """A season the owner chose to create with the import: a proposed span and the name they gave it."""

    name: str
    starts_on: datetime.date
    ends_on: datetime.date


def outside_seasons(plan, seasons: Sequence[Season] | None = None) -> tuple[Uncovered | None, list[ProposedSeason]]:
    """What of ``plan``'s new rows falls in no season of its club, and the seasons proposed for it.

    (None, []) when every new game and day total is in a season.  ``seasons``: the club's, when already read.
    """
    if seasons is None:
        seasons = list(Season.objects.filter(club=plan.club))
    spans = [(season.starts_on, season.ends_on) for season in seasons]
    days: Counter = Counter()  # (date, is a day total) → rows
    for planned in plan.new_games:
        days[planned.date, planned.day_total] += 1
    outside = {key: count for key, count in days.items() if not any(first <= key[0] <= last for first, last in spans)}
    if not outside:
        return None, []
    dates = sorted({day for day, _day_total in outside})
    uncovered = Uncovered(
        games=sum(count for (_day, total), count in outside.items() if not total),
        day_totals=sum(count for (_day, total), count in outside.items() if total),
        first=dates[0],
        last=dates[-1],
    )
    proposals = []
    taken = {name_key(season.name) for season in seasons}
    for starts_on, ends_on in _gaps({day.year for day in dates}, spans):
        inside = {key: count for key, count in outside.items() if starts_on <= key[0] <= ends_on}
        if not inside:
            continue
        name = _free_name(_default_name(starts_on, ends_on), taken)
        taken.add(name_key(name))
        proposals.append(
            ProposedSeason(
                name=name,
                starts_on=starts_on,
                ends_on=ends_on,
                games=sum(count for (_day, total), count in inside.items() if not total),
                day_totals=sum(count for (_day, total), count in inside.items() if total),
            )
        )
    return uncovered, proposals


def _gaps(years: Iterable[int], spans: list[tuple[datetime.date, datetime.date]]):
    """Each year's days no season covers, as (first, last) runs, in order."""
    one_day = datetime.timedelta(days=1)
    for year in sorted(years):
        start, end = datetime.date(year, 1, 1), datetime.date(year, 12, 31)
        for first, last in sorted(span for span in spans if span[0] <= end and span[1] >= start):
            if first > start:
                yield start, first - one_day
            start = max(start, last + one_day)
            if start > end:
                break
        if start <= end:
            yield start, end


def _default_name(starts_on: datetime.date, ends_on: datetime.date) -> str:
    """「2024年」 for a whole year; 「2025年1月〜3月」 (or 「2025年1月」) for the part of a year seasons leave."""
    year = starts_on.year
    if (starts_on.month, starts_on.day, ends_on.month, ends_on.day) == (1, 1, 12, 31):
        return pgettext("season name", "%(year)s") % {"year": year}
    first, last = date_format(starts_on, "M"), date_format(ends_on, "M")
    if first == last:
        return pgettext("season name", "%(year)s %(month)s") % {"year": year, "month": first}
    return pgettext("season name", "%(year)s %(first)s–%(last)s") % {"year": year, "first": first, "last": last}


def _free_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``… when the club or another proposal has it already."""
    candidate, number = name, 1
    while name_key(candidate) in taken:
        number += 1
        candidate = f"{name} ({number})"
    return candidate


def name_key(name: str) -> str:
    """Two season names the owner would take for the same (width and case aside)."""
    return clean_name(name).casefold()


def create_seasons(plan, chosen: Sequence[NewSeason], user, reason: str) -> list[Season]:
    """Save the ``chosen`` seasons for ``plan`` (in the caller's transaction, which holds the plan's locks).

    Refused, with nothing saved, when a chosen span is no longer proposed (a season was added since the preview)
    or a name is empty, too long, given twice or the club's already.
    """
    if not chosen:
        return []
    _uncovered, proposals = outside_seasons(plan)
    proposed = {(proposal.starts_on, proposal.ends_on) for proposal in proposals}
    if any((season.starts_on, season.ends_on) not in proposed for season in chosen):
        raise Refused(
            _(
                "Nothing was saved: the seasons of the club changed since the preview (a season was added "
                "or changed meanwhile). Check the seasons proposed again, then import."
            )
        )
    check_names(
        [season.name for season in chosen], Season.objects.filter(club=plan.club).values_list("name", flat=True)
    )
    created = []
    for season in chosen:
        record = Season(
            club=plan.club, name=clean_name(season.name), starts_on=season.starts_on, ends_on=season.ends_on
        )
        record._history_user = user
        record._change_reason = reason
        record.save()
        created.append(record)
    # The club's days already in a new season's span are summed into it; the import's own go in as it saves them.
    rebuild_season_pairs(created)
    return created


def check_names(names: Sequence[str], existing: Iterable[str]) -> None:
    """Refuse the first name that is empty, too long, given twice, or one of the club's seasons already."""
    taken = {name_key(name): name for name in existing}
    seen = set()
    for typed in names:
        name = clean_name(typed)
        if not name:
            raise Refused(_("Type a name for each season to create, or untick it."))
        if len(name) > NAME_LENGTH:
            raise Refused(
                _("“%(name)s” is too long for a season's name (at most %(most)s characters).")
                % {"name": name, "most": NAME_LENGTH}
            )
        if name_key(name) in taken:
            raise Refused(
                _("The club already has a season called “%(name)s”. Choose another name, or untick it.")
                % {"name": taken[name_key(name)]}
            )
        if name_key(name) in seen:
            raise Refused(
                _("Two seasons to create are both called “%(name)s”: give each its own name.") % {"name": name}
            )
        seen.add(name_key(name))
