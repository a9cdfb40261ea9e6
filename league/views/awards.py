"""The season's titles (表彰) and the club's all-time records (記録): whoever may read the standings may read them."""

from urllib.parse import urlencode

from django.shortcuts import render

from ..forms.period_choice import PeriodChoiceForm, RuleSetChoiceForm
from ..page_tables.awards import AwardsTable, award_rows
from ..page_tables.base import configure
from ..page_tables.records import records_tables
from ..stats.awards import season_awards
from ..stats.records import club_records
from ..web.permissions import club_access


def awards_page(request, slug):
    access = club_access(request, slug)
    form = PeriodChoiceForm(access.club, request.GET)
    choice = form.choice
    awards = season_awards(choice.period, access.club) if choice.period else None
    table = AwardsTable(award_rows(awards)) if awards and awards.awards else None
    if table and (download := configure(request, table)):
        return download
    return render(
        request,
        "league/standings/awards.html",
        {
            "access": access,
            "club": access.club,
            "nav": "awards",
            "form": form,
            "choice": choice,
            "awards": awards,
            "table": table,
            "choice_query": urlencode(choice.query()),
        },
    )


def records_page(request, slug):
    access = club_access(request, slug)
    form = RuleSetChoiceForm(access.club, request.GET)
    rule_set = form.choice.rule_set
    records = club_records(rule_set) if rule_set else None
    context = {
        "access": access,
        "club": access.club,
        "nav": "records",
        "form": form,
        "rule_set": rule_set,
        "records": records,
    }
    if records is not None:
        tables = records_tables(records)
        for table in tables.values():
            if download := configure(request, table):
                return download
        context.update(tables)
    return render(request, "league/standings/records.html", context)
