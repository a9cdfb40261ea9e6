"""What a season workbook covers: the club's rule sets (one or all) between two days.

The site builds it from the export page's form (``league.forms.export_choice``),
``manage.py export_season`` from a season; both name their files with
``file_name``.
"""

import re
from dataclasses import dataclass

from ..stats.standings import Period

ALL_GAMES = "all"
NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\s]+')


@dataclass(frozen=True)
class ExportChoice:
    club: object
    rule_sets: tuple  # the rule sets exported, with their versions prefetched (``RuleSet.objects.with_versions``)
    season: object = None  # None: the dates alone (all games when they are open too)
    first_day: object = None
    last_day: object = None
    min_games: int = 0
    custom_dates: bool = False  # from/to replaced a season day
    all_rule_sets: bool = True

    @classmethod
    def of_season(cls, club, season, rule_set=None):
        """A season of ``club`` (None: every game), for one rule set or all of them."""
        rule_sets = tuple(club.rule_sets.with_versions())
        if rule_set is not None:
            rule_sets = tuple(r for r in rule_sets if r.pk == rule_set.pk)
        return cls(club=club, rule_sets=rule_sets, season=season,
                   first_day=season.starts_on if season else None, last_day=season.ends_on if season else None,
                   min_games=season.min_games if season else 0, all_rule_sets=rule_set is None)

    def periods(self):
        """One standings period per rule set: points of different rule sets are never added together."""
        return [Period(rule_set=rule_set, first_day=self.first_day, last_day=self.last_day,
                       min_games=self.min_games) for rule_set in self.rule_sets]

    def query(self):
        """The parameters that ask for exactly this choice (for the download links)."""
        query = {"season": str(self.season.pk) if self.season else ALL_GAMES,
                 "rule_set": "" if self.all_rule_sets else self.rule_sets[0].slug}
        if self.custom_dates:
            query.update({"from": self.first_day.isoformat() if self.first_day else "",
                          "to": self.last_day.isoformat() if self.last_day else ""})
        query["min_games"] = str(self.min_games)
        return query

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
        """The workbook's title: the club and the season (or the dates)."""
        if self.season and not self.custom_dates:
            return f"{self.club.name} {self.season.name}"
        days = "–".join(day.isoformat() if day else "" for day in (self.first_day, self.last_day))
        return f"{self.club.name} {days}".strip(" –")
