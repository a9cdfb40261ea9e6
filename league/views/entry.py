"""Entering games at the table: choose or start the meeting, then one game after another."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import is_round_or_table

from ..forms.meetings import StartMeetingForm
from ..forms.report_entry import drawn_names
from ..models.draws import ReportedResult
from ..models.games import YAKUMAN_NAMES, Game
from ..models.meetings import Meeting
from ..page_tables.entry_preview import preview_table
from ..services.entry_checks import table_mark
from ..services.games import GameRefused, record_game
from ..services.reports import confirm_report
from ..stats.drawn_tables import drawn_table, pending_by_meeting, pending_tables, reports_to_check
from ..web.permissions import club_for_secretary
from .game_form import game_form_for, render_preview

# Open meetings listed a page (the latest first): a day's secretary looks for today's or a recent one.
OPEN_MEETINGS_PER_PAGE = 20


def choose_meeting(request, slug):
    """Today's open meeting goes straight to entry; otherwise pick one (the latest open ones, a page at a time)
    or start one."""
    access = club_for_secretary(request, slug)
    today = list(_open_meetings(access.club).filter(date=timezone.localdate())[:2])
    if len(today) == 1 and "choose" not in request.GET and "page" not in request.GET:
        return redirect("enter_game", slug=slug, meeting_id=today[0].pk)
    form = StartMeetingForm(club=access.club)
    return render(request, "league/entry/choose_meeting.html", _choose_context(request, access, form))


def _open_meetings(club):
    return Meeting.objects.filter(club=club).open().latest_first().select_related("rule_set")


def _choose_context(request, access, form):
    """A page of the open meetings, latest first, each with its drawn tables still to enter (one tap to the
    table's entry form).  A club that never closes its days keeps every one open: the list is paged so that the
    page does not grow with the club's history."""
    page = Paginator(_open_meetings(access.club), OPEN_MEETINGS_PER_PAGE).get_page(request.GET.get("page"))
    meetings = list(page)
    pending = pending_by_meeting(meetings)
    return {
        "access": access,
        "club": access.club,
        "form": form,
        "page": page,
        "meetings": [(meeting, pending.get(meeting.pk, [])) for meeting in meetings],
    }


@require_POST
def start_meeting(request, slug):
    access = club_for_secretary(request, slug)
    form = StartMeetingForm(request.POST, club=access.club)
    if not form.is_valid():
        return render(request, "league/entry/choose_meeting.html", _choose_context(request, access, form), status=400)
    meeting = form.save()
    messages.success(request, _("Meeting of %(date)s started.") % {"date": meeting.date})
    return redirect("enter_game", slug=slug, meeting_id=meeting.pk)


def enter_game(request, slug, meeting_id):
    """The entry page: type a game, see the computed points, save, and the next game is ready.

    With ``report`` (a player's report of their table) the form opens with what the player typed, and saving
    confirms the report; a drawn table opens with its names in their seats (``round`` and ``table``)."""
    access = club_for_secretary(request, slug)
    meeting = get_object_or_404(Meeting.objects.select_related("rule_set", "club"), pk=meeting_id, club=access.club)
    report = _report_of(meeting, request.POST if request.method == "POST" else request.GET)
    if request.method == "POST":
        form = game_form_for(meeting, request.POST)
        if form.is_valid() and request.POST.get("action") == "save" and not meeting.closed:
            try:
                checks = form.entry_checks()
                game = (
                    confirm_report(report, form.settled, request.user, checks)
                    if report
                    else record_game(form.settled, request.user, checks)
                )
            except GameRefused as refusal:
                form.show_refusal(refusal)
            else:
                messages.success(
                    request, _("Saved: round %(round)s, table %(table)s.") % {"round": game.round, "table": game.table}
                )
                return redirect(_next_game_url(slug, meeting, form))
        status = 200 if form.is_valid() else 400
    else:
        initial = {**report.sheet, "report": report.pk} if report else _initial_from_query(request.GET, meeting)
        # The drawn table as this form shows it: a save after the draw changed is refused (services.entry_checks).
        where = (report.round, report.table) if report else (initial["round"], initial["table"])
        initial["drawn_mark"] = table_mark(meeting, *where)
        form = game_form_for(meeting, initial=initial)
        status = 200
    return render(request, "league/entry/enter_game.html", _entry_context(access, meeting, form, report), status=status)


@require_POST
def preview_game(request, slug, meeting_id):
    """The live preview: the engine's breakdown (or its refusals) for what is typed so far."""
    access = club_for_secretary(request, slug)
    meeting = get_object_or_404(Meeting.objects.select_related("rule_set", "club"), pk=meeting_id, club=access.club)
    form = game_form_for(meeting, request.POST)
    form.is_valid()  # settles what is typed so far, or gathers why it cannot be
    return render_preview(request, form)


def _entry_context(access, meeting, form, report=None):
    games = (
        Game.objects.filter(meeting=meeting).counted().prefetch_related("seats__member").order_by("-round", "-table")
    )
    return {
        "access": access,
        "club": access.club,
        "meeting": meeting,
        "form": form,
        "preview_table": preview_table(form),
        "yakuman_names": YAKUMAN_NAMES,
        "recent_games": games[:8],
        "closed": meeting.closed,
        "report": report,
        "pending_tables": pending_tables(meeting),
        "reports": reports_to_check(meeting),
    }


def _report_of(meeting, query):
    """The player's report the secretary is confirming (``report`` in the address or the form), if any."""
    number = str(query.get("report") or "")
    if not number:
        return None
    if not number.isdigit() or len(number) > 18:
        raise Http404
    return get_object_or_404(ReportedResult, pk=number, meeting=meeting)


def _small_number(text, default=None):
    """A round or table number from the address, or ``default`` when it is not one (``scoring.MOST_ROUNDS``)."""
    try:
        number = int(text)
    except (TypeError, ValueError):
        return default
    return number if is_round_or_table(number) else default


def _initial_from_query(query, meeting):
    """A drawn table still to enter (the one asked for, else the first), names in their seats; otherwise the
    next game at the same table: round after the last, seats as they were."""
    named = any(query.get(f"p{seat}") for seat in range(4))
    asked = _small_number(query.get("round")), _small_number(query.get("table"))
    if not named and (all(asked) or not any(asked)):
        drawn = drawn_table(meeting, *asked) if all(asked) else next(iter(pending_tables(meeting)), None)
        if drawn is not None:
            return {**drawn_names(drawn), **({"by_points": True} if query.get("points") == "1" else {})}
    initial = {"table": _small_number(query.get("table"), 1)}
    last = Game.objects.filter(meeting=meeting, table=initial["table"]).counted().order_by("-round").first()
    initial["round"] = _small_number(query.get("round")) or (last.round + 1 if last else 1)
    if query.get("points") == "1":  # the previous game was entered by points: so is the next one
        initial["by_points"] = True
    for seat in range(4):
        if query.get(f"p{seat}"):
            initial[f"player_{seat}"] = query[f"p{seat}"]
    return initial


def _next_game_url(slug, meeting, form):
    """The first drawn table still to enter, else the next game at the same table with the same seats."""
    data = form.cleaned_data
    pending = pending_tables(meeting)
    if pending:
        query = {
            "round": pending[0].round,
            "table": pending[0].table,
            **({"points": 1} if form.entry.points_only else {}),
        }
        return f"{reverse('enter_game', args=[slug, meeting.pk])}?{urlencode(query)}"
    query = {"round": data["round"] + 1, "table": data["table"]}
    query.update({f"p{seat}": member.name for seat, member in enumerate(form.entry.members)})
    if form.entry.points_only:
        query["points"] = 1
    return f"{reverse('enter_game', args=[slug, meeting.pk])}?{urlencode(query)}"
