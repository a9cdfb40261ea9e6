"""The Awards sheet (表彰: each title of the exported period, as on the awards page) and the Records sheet (記録:
the club's all-time records of each exported rule set, as on the records page)."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..stats.awards import season_awards
from ..stats.awards_text import described
from ..stats.records import club_records
from ..text.formatting import POINTS, SCORE, format_figure, workbook_date
from .cells import DATE, INT, OUR_TEXT, Column, Sheet


def awards_sheet(choice, results):
    """One row per holder of each title the club gives (one row, without a holder, when nobody qualifies);
    ``results`` are the exported periods' standings, read once for the Standings sheet."""
    several = len(results) > 1
    columns = [Column(_("Rule set"), width=16)] if several else []
    columns += [
        Column(_("Title"), OUR_TEXT, width=20),
        Column(_("Holder"), width=16),
        Column(_("Guest"), width=8),
        Column(_("Figure"), OUR_TEXT, width=12),
        Column(_("Date"), DATE),
        Column(_("Round"), INT),
        Column(_("How it is decided"), OUR_TEXT, width=70, wrap=True),
    ]
    return Sheet(pgettext("workbook sheet", "Awards"), columns, _award_rows(choice, results, several))


def _award_rows(choice, results, several):
    for result in results:
        period = result.period
        for award, counts, minimum, tie in described(season_awards(period, choice.club, result)):
            start = [period.rule_set.name] if several else []
            words = f"{counts} {minimum} {tie}"
            for holder in award.holders or [None]:
                if holder is None:
                    yield [*start, str(award.label), None, None, None, None, None, words]
                    continue
                game = holder.game
                yield [
                    *start,
                    str(award.label),
                    holder.member.name,
                    _("guest") if holder.member.guest else None,
                    format_figure(award.kind, holder.figure),
                    game.meeting.date if game else None,
                    game.round if game else None,
                    words,
                ]


def records_sheet(choice):
    """The records of every exported rule set over all its seasons, list after list, each ranked."""
    several = len(choice.rule_sets) > 1
    columns = [Column(_("Rule set"), width=16)] if several else []
    columns += [
        Column(_("Record"), OUR_TEXT, width=20),
        Column(_("Rank"), INT),
        Column(_("Name"), width=16),
        # A yakuman's name and who dealt in are typed text, as the names are.
        Column(_("Figure"), width=12),
        Column(_("Date"), DATE),
        Column(_("Round"), INT),
        Column(_("Detail"), width=30),
    ]
    return Sheet(pgettext("workbook sheet", "Records"), columns, _record_rows(choice, several))


def _record_rows(choice, several):
    for rule_set in choice.rule_sets:
        start = [rule_set.name] if several else []
        for row in _records_of(club_records(rule_set)):
            yield [*start, *row]


def _records_of(records):
    for label, kind, placed in (
        (_("Highest scores"), SCORE, records.best_scores),
        (_("Most points in one game"), POINTS, records.best_points),
    ):
        for entry in placed:
            seat = entry.item
            yield [
                label,
                entry.rank,
                seat.member.name,
                format_figure(kind, seat.score if kind == SCORE else seat.total),
                seat.game.meeting.date,
                seat.game.round,
                None,
            ]
    for record in records.yakuman:
        won = record.yakuman
        detail = [won.get_win_display()]
        if record.dealt_in:
            detail.append(_("dealt in by %(name)s") % {"name": record.dealt_in.name})
        yield [
            _("Yakuman"),
            None,
            won.member.name,
            won.name or won.get_kind_display(),
            won.game.meeting.date,
            won.game.round,
            " · ".join(str(part) for part in detail),
        ]
    for label, placed in (
        (_("Most tops in a row"), records.top_runs),
        (_("Most games in a row without a last"), records.not_last_runs),
    ):
        for entry in placed:
            run = entry.item
            yield [
                label,
                entry.rank,
                run.member.name,
                str(run.length),
                run.last.date,
                None,
                _("from %(date)s") % {"date": workbook_date(run.first.date)},
            ]
    for entry in records.most_games:
        yield [
            _("Most games"),
            entry.rank,
            entry.item.member.name,
            format_figure("games", entry.item.games),
            entry.item.last_played,
            None,
            None,
        ]
