"""The printable standings (印刷用成績表): the standings' key columns on an A4 portrait page.

It reads the standings page's query string (``StandingsChoiceForm``: season, rule set, dates, minimum) and
loads the club through ``club_access``, as the standings page does: a private club's outsiders get 404.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from ..forms.period_choice import StandingsChoiceForm
from ..page_tables.base import configure
from ..page_tables.printable import PrintableStandingsTable
from ..stats.standings import standings
from ..web.permissions import club_access


def printable_standings(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    form = StandingsChoiceForm(access.club, request.GET)
    choice = form.choice
    result = standings(choice.period) if choice.period else None
    table = PrintableStandingsTable(result) if result else None
    if table is not None and (download := configure(request, table)):
        return download
    return render(
        request,
        "league/standings/print.html",
        {
            "access": access,
            "club": access.club,
            "choice": choice,
            "result": result,
            "table": table,
            "printed_on": timezone.localdate(),
        },
    )
