"""What a season workbook covers: the club's rule sets (one or all) between two days.

The site builds it from the export page's form (``ExportChoiceForm`` in
``league.forms.period_choice``), ``manage.py export_season`` from a season;
both name their files with ``file_name``.
"""

import re

from ..models.seasons import ALL_GAMES
from ..stats.periods import PeriodChoice
from ..text.formatting import workbook_date

NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\s]+')


class ExportChoice(PeriodChoice):
    """A period choice (``rule_sets``: the ones exported, every one when ``all_rule_sets``) that names its files."""

    @classmethod
    def of_season(cls, club, season, rule_set=None):
        """A season of ``club`` (None: every game), for one rule set or all of them."""
        rule_sets = tuple(club.rule_sets.with_versions())
        if rule_set is not None:
            rule_sets = tuple(r for r in rule_sets if r.pk == rule_set.pk)
        return cls.of(club, rule_sets, season, all_rule_sets=rule_set is None)

    def file_name(self, extension):
        """``bakufu-2026年度.xlsx``; dates replace the season's name when they were chosen."""
        parts = [self.club.slug]
        if self.custom_dates:
            parts.append("_".join(day.isoformat() if day else "" for day in (self.first_day, self.last_day)))
        else:
            parts.append(self.season.name if self.season else ALL_GAMES)
        if not self.all_rule_sets and self.rule_sets:
            parts.append(self.rule_sets[0].slug)
        stem = "-".join(NOT_IN_FILE_NAMES.sub("_", part).strip("_.") or "_" for part in parts)
        return f"{stem}.{extension}"

    @property
    def title(self):
        """The workbook's title: the club and the season (or the dates, written as the workbook's date cells)."""
        if self.season and not self.custom_dates:
            return f"{self.club.name} {self.season.name}"
        days = "–".join(workbook_date(day) for day in (self.first_day, self.last_day))
        return f"{self.club.name} {days}".strip(" –")
