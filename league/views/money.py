"""A season's money for the club's own people."""

from django.shortcuts import render

from ..forms.period_choice import SeasonChoiceForm
from ..permissions import club_for_members
from ..stats.money import season_money


def season_money_page(request, slug):
    access = club_for_members(request, slug)
    form = SeasonChoiceForm(access.club, request.GET)
    choice = form.choice
    money = season_money(access.club, choice.first_day, choice.last_day)
    return render(request, "league/money/season.html", {
        "access": access, "club": access.club, "form": form, "season": choice.season, "money": money,
        "nav": "money",
    })
