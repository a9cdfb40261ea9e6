"""Running standings (途中経過): rank movement at the latest meeting and points meeting by meeting."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..forms.period_choice import PeriodChoiceForm
from ..page_tables.base import asks_for_download, configure, download_links
from ..page_tables.running import RunningGridTable, RunningMovementTable
from ..stats.running import LATEST_MEETINGS
from ..stats.running import running_standings as running_standings_of
from ..web.permissions import club_access

# ``?meetings=N``: the N-th block of LATEST_MEETINGS meetings counted back from the latest (1, the default).
BLOCK_PARAMETER = "meetings"


def running_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The grid of a block of ``LATEST_MEETINGS`` meetings (the latest by default, earlier ones with
    ``?meetings=N``); its download has the meetings shown, or every meeting with ``?all=1``."""
    access = club_access(request, slug)
    form = PeriodChoiceForm(access.club, request.GET)
    choice = form.choice
    every = request.GET.get("all") == "1" and asks_for_download(request)
    running = (
        running_standings_of(choice.period, None if every else LATEST_MEETINGS, _block(request))
        if choice.period
        else None
    )
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
            # The grid of every meeting, whichever block is shown.
            "every_meeting_downloads": download_links(request, table, {"all": "1", BLOCK_PARAMETER: None})
            if table and running.left_out
            else [],
        },
    )


def _block(request: HttpRequest) -> int:
    """The block of meetings asked for: a number (full-width digits too), else the latest; too far back is the
    first meetings' block (``running_standings`` keeps it in range)."""
    asked = request.GET.get(BLOCK_PARAMETER, "").strip()
    return int(asked) if asked.isdecimal() and len(asked) < 6 else 1
