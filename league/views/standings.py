"""Season standings (成績表): the page, sortable on every column (its tables downloadable), and the same figures
as JSON.

Both read the same query string (``StandingsChoiceForm``) and load the club
through ``club_access``: a private club's outsiders get 404 from both.
"""

from urllib.parse import urlencode

from django.http import JsonResponse
from django.shortcuts import render

from ..forms.period_choice import StandingsChoiceForm
from ..page_tables.base import configure
from ..page_tables.standings import standings_tables
from ..presentation.api_standings import standings_as_json
from ..stats.standings import standings
from ..web.permissions import club_access

PROJECTOR = "projector"


def standings_page(request, slug):
    access = club_access(request, slug)
    form = StandingsChoiceForm(access.club, request.GET)
    choice = form.choice
    projector = request.GET.get("view") == PROJECTOR
    result = standings(choice.period) if choice.period else None
    table = unranked_table = None
    if result:
        viewer = request.user.pk if request.user.is_authenticated else None
        table, unranked_table = standings_tables(result, projector=projector, viewer_id=viewer)
        for each in (table, unranked_table):
            if download := configure(request, each):
                return download
            if projector:  # a screen for the room, not a desk: no download links
                each.downloads = []
    return render(
        request,
        "league/standings/page.html",
        {
            "access": access,
            "club": access.club,
            "choice": choice,
            "result": result,
            "table": table,
            "unranked_table": unranked_table,
            "form": form,
            "projector": projector,
            "json_query": urlencode(choice.query()),
            # The awards take the season and the rule set; the standings' dates and minimum are their own.
            "awards_query": urlencode({key: choice.query()[key] for key in ("season", "rule_set")}),
        },
    )


def standings_json(request, slug):
    """The standings for integrations (documented in docs/api.md); unusable parameters answer 400."""
    access = club_access(request, slug)
    form = StandingsChoiceForm(access.club, request.GET)
    choice = form.choice
    if form.errors:
        return JsonResponse(
            {"errors": form.errors.get_json_data()}, status=400, json_dumps_params={"ensure_ascii": False}
        )
    result = standings(choice.period) if choice.period else None
    return JsonResponse(standings_as_json(access.club, choice, result), json_dumps_params={"ensure_ascii": False})
