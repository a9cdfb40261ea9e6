"""The home page (the clubs a visitor may read) and where a login lands."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import redirect, render

from ..models.clubs import Club
from ..stats.home import club_summaries

MOST_QUERY = 100  # characters of a search kept: a club's name is far shorter


# Clubs summarised on one page of the list: the home page stays small and quick however many clubs the site has.
CLUBS_PER_PAGE = 20


def club_list(request):
    """The clubs a visitor may read, a page at a time, each with its next meeting and latest results.

    A logged-in visitor's own clubs come first, on the first page; ``q`` finds a club by a part of its name or
    address.  Only the clubs shown are summarised (four queries, however many clubs the site has).
    """
    query = " ".join(request.GET.get("q", "").split())[:MOST_QUERY]
    visible = Club.objects.visible_to(request.user)
    own_ids = set()
    if request.user.is_authenticated:
        own_ids = set(Club.objects.filter(memberships__user=request.user).values_list("pk", flat=True))
    if query:
        found = visible.filter(Q(name__icontains=query) | Q(slug__icontains=query))
        page = Paginator(found, CLUBS_PER_PAGE).get_page(request.GET.get("page"))
        own = []
    else:
        page = Paginator(visible.exclude(pk__in=own_ids), CLUBS_PER_PAGE).get_page(request.GET.get("page"))
        own = _summaries(own_ids) if page.number == 1 else []
    return render(
        request,
        "league/home.html",
        {"own": own, "others": _summaries(club.pk for club in page), "page": page, "query": query},
    )


def _summaries(ids):
    return club_summaries(Club.objects.filter(pk__in=list(ids)))


@login_required
def landing(request):
    """After login (when no ``next`` was asked for): the one club the login belongs to, else the list of clubs."""
    slugs = list(Club.objects.filter(memberships__user=request.user).values_list("slug", flat=True).distinct()[:2])
    if len(slugs) == 1:
        return redirect("club", slugs[0])
    return redirect("home")
