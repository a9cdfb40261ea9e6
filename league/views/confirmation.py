"""Asking before an action that takes something away (voiding a game, deleting an adjustment, removing a login).

The action's URL answers a GET with a page saying exactly what will happen, and a button that posts back
with ``confirmed=yes``; a POST without it (an old bookmark, a script, a form from before this page) shows
the same page instead of acting, so nothing is lost in one click. What was done is then in the club's
activity (league/stats/activity.py).
"""

from django.shortcuts import render

CONFIRMED = "confirmed"


def confirmed(request):
    """Whether this request is the confirmation's own button."""
    return request.method == "POST" and request.POST.get(CONFIRMED) == "yes"


def confirmation_page(request, access, *, title, consequences, button, cancel_url, hidden=None, section=None):
    """The page asking for confirmation: ``consequences`` are sentences, ``hidden`` the form's other fields;
    ``section`` an optional (title, URL name) the breadcrumb puts between Manage and this page."""
    return render(
        request,
        "league/confirm.html",
        {
            "access": access,
            "club": access.club,
            "title": title,
            "consequences": consequences,
            "button": button,
            "cancel_url": cancel_url,
            "hidden": sorted((hidden or {}).items()),
            "confirm_field": CONFIRMED,
            "section": section[0] if section else None,
            "section_page": section[1] if section else None,
        },
    )
