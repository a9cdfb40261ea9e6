"""Outside any club: a person signs up (新規登録), lands on a page that offers to create a club, and creates one.

Sign-up is limited per client address and hour (``services.signups``): past the limit the page answers
429 and says when to try again. Who may create a club is the operator's ``CLUB_CREATION``
(``services.club_start.creation_refusal``); a person who may not sees why.
"""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.club_start import CreateClubForm
from ..forms.signup import SignUpForm
from ..models.clubs import Club
from ..services import club_start, signups
from ..services.refusals import Refused

BACKEND = "django.contrib.auth.backends.ModelBackend"  # a new login has just set its password: no lockout to check


def too_many_signups(request: HttpRequest) -> HttpResponse:
    return render(request, "league/accounts/too_many.html", status=429)


def log_in_new(request: HttpRequest, user) -> None:
    login(request, user, backend=BACKEND)


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("signup_welcome")
    if signups.over_limit(request):
        return too_many_signups(request)
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        signups.count_try(request)
        if form.is_valid():
            try:
                user = signups.create_login(**form.login_data)
            except Refused as refusal:
                form.add_error(refusal.field, refusal.message)
            else:
                signups.count_created(request)
                log_in_new(request, user)
                return redirect("signup_welcome")
    return render(request, "league/accounts/signup.html", {"form": form}, status=400 if form.is_bound else 200)


@login_required
def signup_welcome(request: HttpRequest) -> HttpResponse:
    """Where a new login lands: create a club, or wait for an invite link from one's club."""
    return render(
        request,
        "league/accounts/welcome.html",
        {
            "refusal": club_start.creation_refusal(request.user),
            "clubs": Club.objects.filter(memberships__user=request.user).order_by("name"),
        },
    )


def first_rules_url(club: Club, players: str) -> str:
    """Where a new club's owner goes next: its first rule set, from a preset for ``players`` players."""
    return f"{reverse('add_rule_set', args=[club.slug])}?players={players}"


@login_required
def create_club(request: HttpRequest) -> HttpResponse:
    refusal = club_start.creation_refusal(request.user)
    if refusal:
        return render(request, "league/accounts/create_club.html", {"refusal": refusal}, status=403)
    form = CreateClubForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            club = club_start.create_club(request.user, **form.club_data)
        except Refused as refused:
            form.add_error(refused.field, refused.message)
        else:
            messages.success(
                request, _("%(club)s is created, and you are its owner. Now choose its rules.") % {"club": club.name}
            )
            return redirect(first_rules_url(club, form.cleaned_data["players"]))
    return render(request, "league/accounts/create_club.html", {"form": form}, status=400 if form.is_bound else 200)
