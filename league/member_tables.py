"""The member page's two long tables, their rows written in Python as HTML: the history of games (a page of
them, each with its opponents and the parts of its total) and the head-to-head (a row per opponent).

Written here for the reason of ``league/tables.py``: for the busiest member
the template engine spent a quarter of the page on these rows (30 games of 14
cells with a link per opponent, and 40 opponents), more than reading them
(docs/performance.md).  The rows are what the template loops wrote, proved on
saved pages (tests/league/test_member_tables_drawing.py).  Names, dates and
words are escaped; figures come from ``league.formatting``, which writes
digits and signs only.
"""

from html import escape  # as in league/tables.py: Django's escape adds a lazy-string wrapper per call

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext

from .formatting import format_date, format_points, format_score, format_signed
from .links import url_of_each

# The parts of a game's total, after its opponents, as the history's columns show them (chips apart).
PARTS_BEFORE_CHIPS = ("base", "oka", "uma", "bust")
PARTS_AFTER_CHIPS = ("shugi", "chombo")


def history_rows(lines, club):
    """The history's rows for ``lines`` (a page of ``MemberRecord.newest_first``, read ``with_seats``), with
    each opponent's ``page_url`` set (``links.with_page_urls``)."""
    language = get_language()
    meeting_url = url_of_each("meeting_detail", club.slug)
    game_url = url_of_each("game_detail", club.slug)
    day_total_mark = escape(gettext("day total (日計)"))
    game_name = gettext("Round %(round)s · table %(table)s")
    # The mark of the pages' games lists, from their template: written once for the page.
    points_only_mark = render_to_string("league/games/_points_only_mark.html", {"game": {"points_only": True}})
    opponent_links = {}

    def opponent_link(member):
        link = opponent_links.get(member.pk)
        if link is None:
            link = opponent_links[member.pk] = f'<a href="{escape(member.page_url)}">{escape(member.name)}</a>'
        return link

    def points(tenths):
        return format_points(tenths, language)

    rows = []
    for line in lines:
        if line.is_day_total:
            day_total = line.day_total
            hanchan = ngettext("%(games)s hanchan", "%(games)s hanchan", day_total.games) % {"games": day_total.games}
            # The points under the games' Total, the words over Place, Score and Game; the empty cells left out
            # with the columns a phone leaves out (Seat, and the parts after Opponents).
            rows.append(
                f'<tr class="day-total"><th scope="row" class="name-cell">'
                f'<a href="{meeting_url(day_total.meeting_id)}">{escape(format_date(line.date))}</a></th>'
                f'<td class="num total key-cell"><strong>{points(line.total)}</strong></td>'
                f'<td colspan="3"><small class="day-total-mark">{day_total_mark}</small> {escape(hanchan)}</td>'
                f'<td class="detail-cell"></td><td></td><td colspan="7" class="detail-cell"></td></tr>')
            continue
        seat, game = line.seat, line.game
        name = game_name % {"round": game.round, "table": game.table}
        chips = f" <small>({format_signed(seat.chips, language)})</small>" if seat.chips else ""
        rows.append(
            f'<tr><th scope="row" class="name-cell"><a href="{meeting_url(game.meeting_id)}">'
            f"{escape(format_date(game.meeting.date))}</a></th>"
            f'<td class="num total key-cell">{points(seat.total)}</td>'
            f'<td class="num">{seat.place}</td><td class="num">{format_score(seat.score, language)}</td>'
            f'<td><a href="{game_url(game.pk)}">{escape(name)}</a>{points_only_mark if game.points_only else ""}</td>'
            f'<td class="detail-cell">{escape(seat.wind)}</td>'
            f'<td class="opponents">{", ".join(opponent_link(other.member) for other in line.opponents)}</td>'
            + "".join(f'<td class="num detail-cell">{points(getattr(seat, part))}</td>' for part in PARTS_BEFORE_CHIPS)
            + f'<td class="num detail-cell">{points(seat.chip_points)}{chips}</td>'
            + "".join(f'<td class="num detail-cell">{points(getattr(seat, part))}</td>' for part in PARTS_AFTER_CHIPS)
            + "</tr>")
    return mark_safe("".join(rows))


def head_to_head_rows(records):
    """The head-to-head's rows for ``records`` (``stats.member.HeadToHead``), each opponent's ``page_url`` set."""
    language = get_language()
    return mark_safe("".join(
        f'<tr><th scope="row" class="name-cell"><a href="{escape(h.opponent.page_url)}">{escape(h.opponent.name)}'
        f'</a></th><td class="num key-cell">{format_points(h.points, language)}</td>'
        f'<td class="num">{h.above}</td><td class="num">{h.below}</td><td class="num">{h.games}</td>'
        f'<td class="num detail-cell">{h.even}</td>'
        f'<td class="num detail-cell">{format_points(h.opponent_points, language)}</td></tr>'
        for h in records))
