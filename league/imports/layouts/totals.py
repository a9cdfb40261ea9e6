"""The totals rows at the bottom of a sheet (合計, 半荘数): recognised, checked against the games read, never imported.

A 合計 (Total) row's number in a column must be the sum of that column over
the games above it (from the top, or from the previous totals row, for
monthly subtotals); a 半荘数 (Games) row's number must be how many games above
have something in that column.  A mismatch means the sheet was edited after
its totals were written, or rows were lost: the import is refused naming the
row and the column, since importing either figure silently would be a guess.
Columns whose cells cannot be read are left to the plan, which names them.

These are the sheet's own sums, not a rule of the game: what one game's or one day's points may add up to is
the engine's (``scoring.settle``, ``scoring.settle_points``, ``scoring.check_day_points``), checked on each
row when the plan reads it.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ...text.formatting import format_points
from ...text.score_input import parse_count, parse_points, parse_score
from ..reading import ReadingError
from .headers import summary_word

POINTS, SCORE = "points", "score"


def split_summaries(raw_rows):
    """(game rows, summary rows): summary rows are those labelled 合計, 半荘数 (checked) or 平均 (skipped)."""
    games, summaries = [], []
    for number, cells in raw_rows:
        kind = summary_word(cells)
        if kind is None:
            games.append((number, cells))
        elif kind != "skipped":
            summaries.append((number, cells, kind))
    return games, summaries


def check_summaries(summaries, games, kinds, label, in_thousands=False, count_of=None):
    """Refuse a totals row disagreeing with the games: ``kinds`` maps a position to POINTS or SCORE.

    ``count_of(cells)``: how many games a row counts for in a 半荘数 row (a day row's own count); 1 when None.
    """
    for number, cells, kind in summaries:
        above = [cells_ for row, cells_ in games if row < number]
        since = [cells_ for row, cells_ in games if row < number and row > _previous(summaries, number, kind)]
        for position, what in kinds.items():
            written = cells[position].strip() if position < len(cells) else ""
            if not written:
                continue
            if kind == "count":
                _check_count(number, position, written, above, since, label, count_of)
            else:
                _check_total(number, position, written, above, since, what, label, in_thousands)


def _previous(summaries, number, kind):
    return max((row for row, _cells, other in summaries if other == kind and row < number), default=0)


def _cell(cells, position):
    return cells[position].strip() if position < len(cells) else ""


def _check_count(number, position, written, above, since, label, count_of=None):
    try:
        expected = parse_count(written)
    except ValidationError:
        raise ReadingError(
            _(
                "Row %(row)s, column %(column)s: “%(text)s” is not a number of games. Correct the "
                "sheet (or delete that row) and choose it again."
            )
            % {"row": number, "column": label(position), "text": written}
        ) from None
    try:
        counts = [
            sum((count_of(cells) or 0) if count_of else 1 for cells in rows if _cell(cells, position))
            for rows in (above, since)
        ]
    except ValidationError:
        return  # an unreadable count above: the plan names that cell
    if expected not in counts:
        raise ReadingError(
            _(
                "Row %(row)s, column %(column)s: the games row says %(written)s games, but %(counted)s "
                "games above have a value in this column. Correct the sheet (or delete that row) and "
                "choose it again."
            )
            % {"row": number, "column": label(position), "written": expected, "counted": counts[0]}
        )


def _check_total(number, position, written, above, since, what, label, in_thousands):
    try:
        if what == POINTS:
            total, sums = parse_points(written), [_sum(rows, position, parse_points) for rows in (above, since)]
        else:
            total = parse_score(written, in_thousands=in_thousands)
            sums = [
                _sum(rows, position, lambda text: parse_score(text, in_thousands=in_thousands))
                for rows in (above, since)
            ]
    except ValidationError:
        if not _readable(written, what, in_thousands):  # totals rows never reach the plan: say it here
            raise ReadingError(
                _(
                    "Row %(row)s, column %(column)s: the totals row holds “%(text)s”, which is not a "
                    "number. Correct the sheet (or delete that row) and choose it again."
                )
                % {"row": number, "column": label(position), "text": written}
            ) from None
        return  # an unreadable game cell above: the plan names that cell
    if total is None or total in sums:
        return
    shown = (lambda value: format_points(value)) if what == POINTS else (lambda value: f"{value:,}")
    raise ReadingError(
        _(
            "Row %(row)s, column %(column)s: the totals row says %(written)s, but the games above add "
            "up to %(sum)s. Correct the sheet (or delete that row) and choose it again."
        )
        % {"row": number, "column": label(position), "written": shown(total), "sum": shown(sums[0])}
    )


def _readable(text, what, in_thousands):
    try:
        parse_points(text) if what == POINTS else parse_score(text, in_thousands=in_thousands)
    except ValidationError:
        return False
    return True


def _sum(rows, position, parse):
    return sum(parse(_cell(cells, position)) or 0 for cells in rows)
