"""A meeting (開催日): its games, the day's standings and money; closing accounts, reopening, re-settling."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.accounts import AccountsForm
from ..forms.meetings import ReasonForm
from ..models.day_totals import DayTotal
from ..models.games import PLACE_NAMES, Game
from ..models.meetings import Meeting
from ..models.people import Member
from ..page_tables.accounts import AttendanceTable
from ..page_tables.base import configure
from ..page_tables.game_cards import with_seat_tables
from ..page_tables.meetings import (
    DayMoneyTable,
    DayStandingsTable,
    DayTotalsTable,
    DriftTable,
    day_standing_rows,
    day_total_rows,
    kept_lines_tables,
)
from ..services.meetings import accounts_mark, resettle, save_accounts, set_closed
from ..services.refusals import Refused
from ..stats.day import settle_day
from ..stats.day_figures import day_figures
from ..stats.day_text import day_summary
from ..stats.drawn_tables import pending_tables, reports_to_check, tables_to_report
from ..stats.settlements import drift, history
from ..web.permissions import club_access, club_for_members, club_for_owner, club_for_secretary


def _meeting(access, meeting_id):
    return get_object_or_404(Meeting.objects.select_related("rule_set", "club"), pk=meeting_id, club=access.club)


def _day_context(access, meeting, *, sheet=False):
    """The day's figures and its tables; the printed ``sheet``'s tables neither sort nor show chips."""
    day = day_figures(meeting)
    standings = day.standings
    return {
        "access": access,
        "club": access.club,
        "meeting": meeting,
        "day": day,
        "money": day.money,
        "standings": standings,
        "standings_table": DayStandingsTable(
            day_standing_rows(standings), place_names=PLACE_NAMES[: day.players], chips=not sheet, sortable=not sheet
        ),
        "money_table": DayMoneyTable(day.money, orderable=not sheet),
        "summary": day_summary(meeting, day),
        "nav": "meetings",
    }


def meeting_detail(request, slug, meeting_id):
    """The meeting's page; its standings, day totals and (for the club's own people) money download."""
    access = club_access(request, slug)
    meeting = _meeting(access, meeting_id)
    context = _day_context(access, meeting)
    context["games"] = with_seat_tables(
        Game.objects.filter(meeting=meeting).prefetch_related("seats__member").order_by("round", "table", "void")
    )
    day_totals = list(DayTotal.objects.filter(meeting=meeting).with_lines())
    context.update(day_totals=day_totals, day_totals_table=DayTotalsTable(day_total_rows(day_totals)))
    page_tables = [context["standings_table"], context["day_totals_table"]]
    if access.can_see_money:
        settlements = history(meeting)
        kept_lines_tables(settlements)
        drift = context["day"].drift
        context.update(
            settlements=settlements,
            drift=drift,
            drift_table=DriftTable(drift or ()),
            tables_to_report=tables_to_report(meeting, request.user),
        )
        page_tables.append(context["money_table"])
    for table in page_tables:
        if download := configure(request, table):
            return download
    if access.can_enter_results and not meeting.closed:
        context.update(pending_tables=pending_tables(meeting), reports=reports_to_check(meeting))
    return render(request, "league/meetings/detail.html", context)


def meeting_sheet(request, slug, meeting_id):
    """The settlement sheet to print (A4)."""
    access = club_for_members(request, slug)
    meeting = _meeting(access, meeting_id)
    return render(request, "league/meetings/sheet.html", _day_context(access, meeting, sheet=True))


def meeting_summary(request, slug, meeting_id):
    """The day in plain text, to paste into the club's chat."""
    access = club_for_members(request, slug)
    meeting = _meeting(access, meeting_id)
    return HttpResponse(day_summary(meeting, day_figures(meeting)), content_type="text/plain; charset=utf-8")


def meeting_accounts(request, slug, meeting_id):
    """Closing accounts: venue fee, hanchan held, who came and stayed; save, or save and close."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    if meeting.closed:
        messages.error(request, _("The meeting is closed. Reopen it to change its accounts."))
        return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)
    money = settle_day(meeting)
    money_table = DayMoneyTable(money, orderable=False)  # a form's page: a sort link would lose what was typed
    played = [line.member for line in money.lines]
    others = Member.objects.filter(club=access.club).members().active().exclude(pk__in=[m.pk for m in played])
    candidates = played + list(others.in_kana_order())
    form = AccountsForm(request.POST or None, meeting=meeting, candidates=candidates, lines=money.lines)
    mark = accounts_mark(meeting)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            save_accounts(
                meeting, data["venue_fee"], data["rounds"], form.attendance(), expected_mark=request.POST.get("mark")
            )
        except Refused as refusal:
            form.add_error(None, refusal.message)
            return render(
                request,
                "league/meetings/accounts.html",
                {
                    "access": access,
                    "club": access.club,
                    "meeting": meeting,
                    "form": form,
                    "money": money,
                    "money_table": money_table,
                    "attendance_table": AttendanceTable(form),
                    "nav": "meetings",
                    "mark": mark,
                },
                status=409,
            )
        if request.POST.get("action") == "close":
            set_closed(meeting, True, request.user)
            messages.success(request, _("Accounts saved and the meeting closed."))
        else:
            messages.success(request, _("Accounts saved."))
        return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)
    return render(
        request,
        "league/meetings/accounts.html",
        {
            "access": access,
            "club": access.club,
            "meeting": meeting,
            "form": form,
            "money": money,
            "money_table": money_table,
            "attendance_table": AttendanceTable(form),
            "nav": "meetings",
            "mark": mark,
        },
        status=400 if form.is_bound else 200,
    )


@require_POST
def close_meeting(request, slug, meeting_id):
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    set_closed(meeting, True, request.user)
    messages.success(request, _("Meeting closed. Its games and money are locked."))
    return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)


def reopen_meeting(request, slug, meeting_id):
    """Reopening a closed meeting: a confirmation saying what happens, and the reason, which is kept."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    return _confirm(
        request,
        access,
        meeting,
        "league/meetings/reopen.html",
        lambda reason: set_closed(meeting, False, request.user, reason),
        _("Meeting reopened. Its games can be corrected; its settlement is kept in its history."),
    )


def resettle_meeting(request, slug, meeting_id):
    """Re-settling a closed meeting whose games changed (owner only): its money as the games settle now."""
    access = club_for_owner(request, slug)
    meeting = _meeting(access, meeting_id)
    return _confirm(
        request,
        access,
        meeting,
        "league/meetings/resettle.html",
        lambda reason: resettle(meeting, request.user, reason),
        _("Meeting re-settled. The earlier settlement stays in its history."),
        **_drift_context(meeting),
    )


def _drift_context(meeting):
    differences = drift(meeting)
    return {"drift": differences, "drift_table": DriftTable(differences or ())}


def _confirm(request, access, meeting, template, act, done, **context):
    """A confirmation page with a required reason: GET shows it, POST acts, or shows why it was refused."""
    form = ReasonForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                act(form.cleaned_data["reason"])
            except Refused as refusal:
                form.add_error(refusal.field if refusal.field in form.fields else None, refusal.message)
                status = 409
            else:
                messages.success(request, done)
                return redirect("meeting_detail", slug=access.club.slug, meeting_id=meeting.pk)
        else:
            status = 400
    return render(
        request,
        template,
        {"access": access, "club": access.club, "meeting": meeting, "form": form, "nav": "meetings", **context},
        status=status,
    )
