"""The owner's pages: the overview, and the club's settings."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ..forms.people import ClubSettingsForm
from ..services.clubs import save_club_settings
from ..web.permissions import club_for_owner


def overview(request, slug):
    access = club_for_owner(request, slug)
    return render(request, "league/manage/overview.html", {"access": access, "club": access.club})


def club_settings(request, slug):
    access = club_for_owner(request, slug)
    form = ClubSettingsForm(request.POST if request.method == "POST" else None, instance=access.club)
    if form.is_valid():
        save_club_settings(access.club, **form.cleaned_data)
        messages.success(request, _("The club's settings are saved."))
        return redirect("manage", slug=slug)
    return render(
        request,
        "league/manage/club_settings.html",
        {"access": access, "club": access.club, "form": form},
        status=400 if form.is_bound else 200,
    )
