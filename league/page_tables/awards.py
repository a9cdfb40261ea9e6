"""The awards page's table (表彰): each title the club gives, its holders, their figure and how it is decided.

The titles are read in the order the club gives them (its settings), so the columns do not sort.
"""

from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..models.clubs import AwardTitle
from ..stats.awards_text import described
from ..text.formatting import POINTS, RATE, format_date, format_figure
from ..web.links import member_text
from .base import PageTable, points_figure, rate_figure


@dataclass(frozen=True)
class HolderRow:
    member: Any
    game: Any  # the game a single-game title was won in, else None
    game_text: str  # that game as the page names it: "2026/07/12(日), round 2"

    @property
    def text(self) -> str:
        """The holder as a download writes them: the name (marked when a guest), and the game."""
        name = member_text(self.member)
        return f"{name} ({self.game_text})" if self.game else name


@dataclass(frozen=True)
class AwardRow:
    """One title with its texts, written once: the figure as the page shows it and as a number."""

    title: str  # the AwardTitle value: the row's id on the page (#award-best_score)
    label: str
    shared: bool
    holders: list[HolderRow]
    figure: Any  # the holders' figure as a number (points as points, not tenths); None when nobody holds it
    figure_text: str
    out_of: str  # beside the attendance: "of 12 meetings"
    decided: str  # what the title counts, the games it needs, how a tie is settled


def _game_text(game: Any) -> str:
    return gettext("%(date)s, round %(round)s") % {"date": format_date(game.meeting.date), "round": game.round}


def award_rows(awards: Any) -> list[AwardRow]:
    """The rows of ``awards`` (``stats.awards.SeasonAwards``), with the words of each (``awards_text``)."""
    rows = []
    for award, counted, needed, settled in described(awards):
        holders = [
            HolderRow(holder.member, holder.game, _game_text(holder.game) if holder.game else "")
            for holder in award.holders
        ]
        first = award.holders[0].figure if award.holders else None
        figure = points_figure(first) if award.kind == POINTS else rate_figure(first) if award.kind == RATE else first
        out_of = ""
        if award.title == AwardTitle.ATTENDANCE and awards.meetings and holders:
            out_of = ngettext("of %(meetings)s meeting", "of %(meetings)s meetings", awards.meetings) % {
                "meetings": awards.meetings
            }
        decided = [counted, needed, settled]
        if award.title == AwardTitle.MOST_IMPROVED and awards.halves:
            last, first_day = awards.halves
            decided.append(
                gettext("First half: to %(last)s; second half: from %(first)s.")
                % {"last": format_date(last), "first": format_date(first_day)}
            )
        rows.append(
            AwardRow(
                award.title,
                str(award.label),
                award.shared,
                holders,
                figure,
                format_figure(award.kind, first),
                out_of,
                " ".join(decided),
            )
        )
    return rows


class AwardsTable(PageTable):
    """One row per title, in the club's order of its titles."""

    label = tables.Column(verbose_name=_("Title"), orderable=False)
    holders = tables.Column(verbose_name=_("Holder"), orderable=False)
    figure = tables.Column(verbose_name=_("Figure"), orderable=False)
    decided = tables.Column(verbose_name=_("How it is decided"), orderable=False)

    export_name = "awards"

    class Meta(PageTable.Meta):
        template_name = "league/tables/awards.html"
        attrs = {"class": "striped phone-cards awards"}

    def value_holders(self, value: list[HolderRow]) -> str:
        return " / ".join(holder.text for holder in value)
