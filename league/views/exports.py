"""The season workbook and the results CSV, for the club's own people (owner, secretary, member).

The export page chooses what to export (season or dates, one rule set or
all); its two buttons send the same query string to the two downloads.  A
download whose query string cannot be used goes back to the page, which says
why.  Public visitors get 403, outsiders of a private club 404
(``club_for_members``).
"""

import tempfile

from django.http import FileResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header

from ..exports import csv_chunks, results_sheet, write_season_workbook
from ..forms.period_choice import ExportChoiceForm
from ..jobs import EXPORT_GAMES_IN_REQUEST
from ..jobs import tasks as start_job
from ..jobs.tasks import job_url
from ..models.games import Game
from ..web.permissions import club_for_members

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def export_page(request, slug):
    access = club_for_members(request, slug)
    form = ExportChoiceForm(access.club, request.GET)
    return render(
        request,
        "league/exports/page.html",
        {
            "access": access,
            "club": access.club,
            "choice": form.choice,
            "form": form,
            "nav": "export",
        },
    )


def season_workbook(request, slug):
    choice = _usable_choice(request, slug)
    if not choice:
        return _back_to_page(request, slug)
    if _more_games_than(choice, EXPORT_GAMES_IN_REQUEST):  # written by the worker; its page offers the download
        job = start_job.export(choice.club, request.user, request.GET.urlencode())
        return redirect(job_url(choice.club, job))
    workbook = tempfile.TemporaryFile()  # streamed from disk, then deleted when the response closes it
    write_season_workbook(choice, workbook)
    workbook.seek(0)
    return FileResponse(workbook, as_attachment=True, filename=choice.file_name("xlsx"), content_type=XLSX)


def results_csv(request, slug):
    choice = _usable_choice(request, slug)
    if not choice:
        return _back_to_page(request, slug)
    if _more_games_than(choice, EXPORT_GAMES_IN_REQUEST):  # written by the worker; its page offers the download
        job = start_job.results_csv(choice.club, request.user, request.GET.urlencode())
        return redirect(job_url(choice.club, job))
    sheet = results_sheet(choice)
    response = StreamingHttpResponse(
        (chunk.encode("utf-8") for chunk in csv_chunks(sheet)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = content_disposition_header(True, choice.file_name("csv"))
    return response


def _usable_choice(request, slug):
    """The export the query string asks for, or None when some of it cannot be used."""
    access = club_for_members(request, slug)
    form = ExportChoiceForm(access.club, request.GET)
    return None if form.errors else form.choice


def _back_to_page(request, slug):
    return redirect(f"{reverse('export', args=[slug])}?{request.GET.urlencode()}")


def _more_games_than(choice, limit: int) -> bool:
    """Whether the workbook and the results CSV cover more than ``limit`` counted games (one query, counting no
    further than ``limit + 1``: every season's 80,000 took 50 ms to count)."""
    games = Game.objects.counted().filter(meeting__club=choice.club, meeting__rule_set__in=choice.rule_sets)
    if choice.first_day:
        games = games.filter(meeting__date__gte=choice.first_day)
    if choice.last_day:
        games = games.filter(meeting__date__lte=choice.last_day)
    return games.values("pk")[: max(limit + 1, 0)].count() > limit
