"""A club's front page (the latest meeting's results, the leaders, recent yakuman, what to do next, a logged-in
member's own card) and its rules."""

from django.shortcuts import render

from ..models.clubs import RuleSet
from ..models.meetings import Meeting
from ..page_tables.club import LatestGamesTable, LatestTotalsTable, LeadersTable, OwnGamesTable
from ..presentation.next_steps import next_steps
from ..stats.front import latest_meeting_results, leaders, recent_yakuman
from ..stats.own_card import own_card
from ..stats.periods import current_season, main_rule_set
from ..web.permissions import club_access

RECENT_MEETINGS = 20


def club_page(request, slug):
    access = club_access(request, slug)
    club = access.club
    season, rule_set = current_season(club), main_rule_set(club)
    meetings = Meeting.objects.filter(club=club).latest_first().select_related("rule_set")[:RECENT_MEETINGS]
    top = leaders(rule_set, season)
    latest = latest_meeting_results(club)
    # The page's tables summarise others (the meeting's page, the standings): no sorting, no download.
    latest_tables = (
        {}
        if latest is None
        else {
            "latest_totals_table": LatestTotalsTable(latest.totals),
            "latest_games_table": LatestGamesTable(latest.games, players=latest.players),
        }
    )
    own = own_card(club, access.member_id, top)
    if top is not None and top.lines:
        latest_tables["leaders_table"] = LeadersTable(top.lines)
    if own is not None and own.seats:
        latest_tables["own_games_table"] = OwnGamesTable(own.seats)
    return render(
        request,
        "league/club.html",
        {
            "access": access,
            "club": club,
            "nav": "club",
            "meetings": meetings,
            "latest": latest,
            **latest_tables,
            "leaders": top,
            "own": own,
            "yakuman": recent_yakuman(club),
            "next_steps": next_steps(access, season=season, rule_set=rule_set),
        },
    )


def club_rules(request, slug):
    """The club's rule sets in words, each with the version in force and the dates of the others."""
    access = club_access(request, slug)
    rule_sets = RuleSet.objects.filter(club=access.club).with_versions()
    return render(
        request, "league/rules.html", {"access": access, "club": access.club, "nav": "rules", "rule_sets": rule_sets}
    )
