"""Running standings (途中経過): rank movement at the latest meeting and points meeting by meeting."""

from django.shortcuts import render

from ..forms.period_choice import PeriodChoiceForm
from ..page_tables.base import asks_for_download, configure
from ..page_tables.running import RunningGridTable, RunningMovementTable
from ..stats.running import LATEST_MEETINGS
from ..stats.running import running_standings as running_standings_of
from ..web.permissions import club_access


def running_standings(request, slug):
    """The latest ``LATEST_MEETINGS`` meetings' columns, or every meeting's with ``?all=1``."""
    access = club_access(request, slug)
    form = PeriodChoiceForm(access.club, request.GET)
    choice = form.choice
    show_all = request.GET.get("all") == "1"
    running = running_standings_of(choice.period, None if show_all else LATEST_MEETINGS) if choice.period else None
    table = (
        RunningGridTable(running, access.club, for_download=asks_for_download(request))
        if running and running.columns
        else None
    )
    # The grid first: a download link without ``_table`` is the grid's (its prefix is the empty one).
    if table and (download := configure(request, table)):
        return download
    movement = RunningMovementTable(running) if running and running.ranked else None
    if movement and (download := configure(request, movement)):
        return download
    return render(
        request,
        "league/running.html",
        {
            "access": access,
            "club": access.club,
            "nav": "running",
            "form": form,
            "season": choice.season,
            "rule_set": choice.rule_set,
            "running": running,
            "table": table,
            "movement": movement,
            "show_all": show_all,
            "latest_meetings": LATEST_MEETINGS,
        },
    )
