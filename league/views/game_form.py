"""The entry form for a game of a meeting, and its preview drawn alone: what the entry, correction and report
pages share (league/views/entry.py, games.py, reports.py).
"""

from django.shortcuts import render

from ..forms.game_entry import GameForm
from ..page_tables.entry_preview import preview_table


def game_form_for(meeting, data=None, initial=None, form_class=GameForm, **extra):
    """The entry form for a game of ``meeting``, with the rule version in force on its date."""
    return form_class(
        data,
        initial=initial,
        meeting=meeting,
        rule_version=meeting.rule_set.version_on(meeting.date),
        in_hundreds=meeting.club.scores_in_hundreds,
        **extra,
    )


def render_preview(request, form):
    """The preview alone, for entry.js to put in the page: the points (or why not yet) and each box's message."""
    return render(
        request, "league/entry/_preview.html", {"form": form, "preview_table": preview_table(form), "live": True}
    )
