"""Member pages (個人成績): the club's members, one member's record, and the same record as JSON."""

from urllib.parse import urlencode

from django.core.paginator import InvalidPage, Paginator
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from ..forms.period_choice import PeriodChoiceForm
from ..models.people import Member
from ..page_tables.base import configure
from ..page_tables.member import member_tables
from ..page_tables.members import MEMBERS_PER_PAGE, MemberListTable, in_reading_order
from ..presentation.charts import cumulative_points_chart, place_chart
from ..stats.member import member_record, members_with_games
from ..stats.periods import current_season
from ..text.formatting import place_label
from ..web.permissions import club_access
from .member_json import record_as_json

JSON_GAMES_PER_PAGE = 100  # the JSON's games: a busy member's thousands, with their opponents, by pages


def member_list(request, slug):
    access = club_access(request, slug)
    season = current_season(access.club)
    members = members_with_games(access.club, *((season.starts_on, season.ends_on) if season else ()))
    table = MemberListTable(in_reading_order(members), this_season=season is not None)
    if download := configure(request, table, per_page=MEMBERS_PER_PAGE):
        return download
    return render(
        request,
        "league/members/list.html",
        {"access": access, "club": access.club, "season": season, "members": members, "table": table},
    )


def member_page(request, slug, member_id):
    """A member's record for a season (or all games) of one rule set; unusable choices fall back to the defaults."""
    access = club_access(request, slug)
    member = get_object_or_404(Member, pk=member_id, club=access.club)
    form = PeriodChoiceForm(access.club, request.GET)
    choice = form.choice
    # Links to other members and the JSON carry the choice as the form read it, never an unusable value.
    period_query = urlencode(choice.query()) if choice.period else ""
    context = {
        "access": access,
        "club": access.club,
        "member": member,
        "form": form,
        "record": None,
        "season": choice.season,
        "rule_set": choice.rule_set,
        "period_query": period_query,
    }
    if choice.period:
        record = member_record(member, choice.period)
        place_labels = [place_label(place) for place in range(1, record.players + 1)]
        tables = member_tables(record, access.club, member.name, period_query, place_labels)
        for table in tables.values():  # the history first: a download without ``_table`` is its
            if download := configure(request, table):
                return download
        tables["history_table"].fill_page()  # the page's days' lines and its games' seats: two queries
        context.update(record=record, **tables)
        if record.history:
            context.update(points_chart=cumulative_points_chart(record.history), places_chart=place_chart(record.line))
    return render(request, "league/members/detail.html", context)


def member_json(request, slug, member_id):
    """The member page's figures for integrations (documented in docs/api.md); unusable parameters answer 400."""
    access = club_access(request, slug)
    member = get_object_or_404(Member, pk=member_id, club=access.club)
    form = PeriodChoiceForm(access.club, request.GET)
    choice = form.choice
    if form.errors or choice.period is None:
        errors = form.errors.get_json_data() or {
            "rule_set": [{"message": _("The club has no rules yet."), "code": "no_rule_set"}]
        }
        return JsonResponse({"errors": errors}, status=400, json_dumps_params={"ensure_ascii": False})
    record = member_record(member, choice.period)
    try:
        page = Paginator(record.games[::-1], JSON_GAMES_PER_PAGE).page(request.GET.get("page") or 1)
    except InvalidPage:
        errors = {"page": [{"message": _("There is no such page of games."), "code": "invalid_page"}]}
        return JsonResponse({"errors": errors}, status=400, json_dumps_params={"ensure_ascii": False})
    record.with_seats(page.object_list)
    links = {
        name: request.build_absolute_uri("?" + query) if query is not None else None
        for name, query in page_queries(request.GET, page).items()
    }
    return JsonResponse(record_as_json(record, choice.season, page, links), json_dumps_params={"ensure_ascii": False})


def page_queries(query, page):
    """The query strings of the pages after and before ``page`` (None where there is none), the rest kept."""

    def with_page(number):
        changed = query.copy()
        changed["page"] = number
        return changed.urlencode()

    return {
        "next": with_page(page.next_page_number()) if page.has_next() else None,
        "previous": with_page(page.previous_page_number()) if page.has_previous() else None,
    }
