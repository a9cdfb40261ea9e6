"""The club's activity page (操作履歴): who did what and when, for the owner (league/stats/activity.py)."""

from datetime import datetime

from django.shortcuts import render
from django.utils import timezone

from ..page_tables.activity import ActivityTable, activity_rows
from ..page_tables.base import configure
from ..stats.activity import PAGE, club_activity
from ..web.permissions import club_for_owner


def activity_page(request, slug):
    access = club_for_owner(request, slug)
    before = _moment(request.GET.get("before", ""))
    items = club_activity(access.club, before)
    older = items[-1].when.isoformat() if len(items) == PAGE else None
    table = ActivityTable(activity_rows(items))
    if download := configure(request, table):  # the page's history is paged by ``before``, not by the table
        return download
    return render(
        request,
        "league/manage/activity.html",
        {
            "access": access,
            "club": access.club,
            "items": items,
            "table": table,
            "before": before,
            "older": older,
        },
    )


def _moment(text):
    """The page's starting point from ``?before=`` (an ISO date-time); the newest page when it is not one."""
    try:
        moment = datetime.fromisoformat(text.strip().replace(" ", "+"))
    except ValueError:
        return None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)
