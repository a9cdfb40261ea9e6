"""The home page (the clubs a visitor may read) and where a login lands."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from ..models.clubs import Club
from ..stats.home import club_summaries


def club_list(request):
    """Each club with its next meeting and latest results; a logged-in visitor's own clubs come first."""
    summaries = club_summaries(Club.objects.visible_to(request.user))
    own = set()
    if request.user.is_authenticated:
        own = set(Club.objects.filter(memberships__user=request.user).values_list("pk", flat=True))
    return render(
        request,
        "league/home.html",
        {
            "own": [summary for summary in summaries if summary.club.pk in own],
            "others": [summary for summary in summaries if summary.club.pk not in own],
        },
    )


@login_required
def landing(request):
    """After login (when no ``next`` was asked for): the one club the login belongs to, else the list of clubs."""
    slugs = list(Club.objects.filter(memberships__user=request.user).values_list("slug", flat=True).distinct()[:2])
    if len(slugs) == 1:
        return redirect("club", slugs[0])
    return redirect("home")
