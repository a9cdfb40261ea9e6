"""A season's money for the club's own people."""

from django.shortcuts import render

from ..forms.period_choice import SeasonChoiceForm
from ..page_tables.base import configure
from ..page_tables.money import SeasonMoneyTable, season_money_rows
from ..services.kept_money import remember_drift
from ..stats.money import season_money
from ..web.permissions import club_for_members


def season_money_page(request, slug):
    access = club_for_members(request, slug)
    form = SeasonChoiceForm(access.club, request.GET)
    choice = form.choice
    money = season_money(access.club, choice.first_day, choice.last_day)
    remember_drift(money.checked)  # the days whose drift was not stored yet: checked once, not by every reader
    table = SeasonMoneyTable(season_money_rows(money.members))
    if download := configure(request, table):
        return download
    return render(
        request,
        "league/money/season.html",
        {
            "access": access,
            "club": access.club,
            "form": form,
            "season": choice.season,
            "money": money,
            "table": table,
            "nav": "money",
        },
    )
