"""During a club day, for the secretary (and the owner): who is here, the seating draw, swaps and redraws."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.club_day import PRESENCE_DONE, DrawForm, GuestForm, PresenceForm, SwapForm
from ..models.draws import DrawnRound
from ..models.meetings import Meeting
from ..models.people import Member
from ..page_tables.base import configure
from ..page_tables.draw import SitOutsTable, sit_out_rows, with_drawn_seat_tables
from ..services.attendance import add_guest, set_presence
from ..services.draws import draw, redraw, swap
from ..services.refusals import Refused
from ..stats.attendance import day_presence
from ..stats.draw import day_draw
from ..web.permissions import club_for_secretary

SECTIONS = ("here", "left", "absent")  # the attendance page's lists, by their heading's id


def _meeting(access, meeting_id):
    return get_object_or_404(Meeting.objects.select_related("rule_set", "club"), pk=meeting_id, club=access.club)


def meeting_attendance(request, slug, meeting_id):
    """Who is here: one tap marks a person arrived, left or not here; a guest is added by name."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    guest_form, refusal, status = GuestForm(), None, 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "guest":
                guest_form = GuestForm(request.POST)
                if guest_form.is_valid():
                    person, added = add_guest(meeting, guest_form.cleaned_data["name"], request.user)
                    messages.success(
                        request,
                        (_("%(name)s was added as a guest and is here.") if added else _("%(name)s is here."))
                        % {"name": person.name},
                    )
                    return redirect("meeting_attendance", slug=slug, meeting_id=meeting.pk)
                status = 400
            else:
                form = PresenceForm(request.POST, people=Member.objects.filter(club=access.club))
                if not form.is_valid():
                    raise Refused(" ".join(e for errors in form.errors.values() for e in errors))
                person, presence = form.cleaned_data["person"], form.cleaned_data["presence"]
                set_presence(meeting, person, presence, request.user)
                messages.success(request, PRESENCE_DONE[presence] % {"name": person.name})
                # Back to the list the tap was made in: the next person to mark is there.
                section = request.POST.get("section")
                return redirect(f"{request.path}#{section if section in SECTIONS else 'here'}-heading")
        except Refused as refused:
            if refused.field in guest_form.fields and guest_form.is_bound:
                guest_form.add_error(refused.field, refused.message)
            else:
                refusal = refused.message
            status = 409
    return render(
        request,
        "league/club_day/attendance.html",
        {
            "access": access,
            "club": access.club,
            "meeting": meeting,
            "nav": "meetings",
            "presence": day_presence(meeting),
            "guest_form": guest_form,
            "refusal": refusal,
        },
        status=status,
    )


def meeting_draw(request, slug, meeting_id):
    """The day's draw: every round's tables and sit-outs, its quality; draw the next round or the rest."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    form, refusal, status = DrawForm(), None, 200
    if request.method == "POST":
        form = DrawForm(request.POST)
        if form.is_valid():
            try:
                drawn = draw(meeting, request.user, form.cleaned_data["rounds"], mark=request.POST.get("mark") or None)
            except Refused as refused:
                refusal, status = refused.message, 409
            else:
                messages.success(
                    request,
                    _("Round %(first)s drawn.") % {"first": drawn[0].number}
                    if len(drawn) == 1
                    else _("Rounds %(first)s to %(last)s drawn.")
                    % {"first": drawn[0].number, "last": drawn[-1].number},
                )
                return redirect("meeting_draw", slug=slug, meeting_id=meeting.pk)
        else:
            status = 400
    return _draw_page(request, access, meeting, form=form, refusal=refusal, status=status)


@require_POST
def swap_drawn_seats(request, slug, meeting_id, number):
    """Two people of a drawn round take each other's seat (the round is marked as changed by hand)."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    drawn = get_object_or_404(DrawnRound, meeting=meeting, number=number)
    form = SwapForm(request.POST, people=Member.objects.filter(drawn_seats__round=drawn))
    refusal = None
    if form.is_valid():
        try:
            swap(
                meeting,
                number,
                form.cleaned_data["first"],
                form.cleaned_data["second"],
                request.user,
                mark=request.POST.get("mark") or None,
            )
        except Refused as refused:
            refusal = refused.message
        else:
            messages.success(request, _("Round %(number)s changed by hand.") % {"number": number})
            return redirect(f"{_draw_url(slug, meeting)}#round-{number}")
    else:
        refusal = " ".join(e for errors in form.errors.values() for e in errors)
    return _draw_page(request, access, meeting, refusal=refusal, status=409 if form.is_valid() else 400)


@require_POST
def redraw_round(request, slug, meeting_id, number):
    """Draw a round not yet played again, with a new seed."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    get_object_or_404(DrawnRound, meeting=meeting, number=number)
    try:
        redraw(meeting, number, request.user, mark=request.POST.get("mark") or None)
    except Refused as refused:
        return _draw_page(request, access, meeting, refusal=refused.message, status=409)
    messages.success(request, _("Round %(number)s drawn again.") % {"number": number})
    return redirect(f"{_draw_url(slug, meeting)}#round-{number}")


def _draw_url(slug, meeting):
    return reverse("meeting_draw", kwargs={"slug": slug, "meeting_id": meeting.pk})


def _draw_page(request, access, meeting, form=None, refusal=None, status=200):
    day = day_draw(meeting)
    with_drawn_seat_tables(day.rounds)
    sit_outs_table = SitOutsTable(sit_out_rows(day.sit_outs))
    configure(request, sit_outs_table)  # the secretary's page: sorted from the address, never a download
    return render(
        request,
        "league/club_day/draw.html",
        {
            "access": access,
            "club": access.club,
            "meeting": meeting,
            "nav": "meetings",
            "day": day,
            "sit_outs_table": sit_outs_table,
            "form": form or DrawForm(initial={"rounds": 1}),
            "refusal": refusal,
        },
        status=status,
    )
