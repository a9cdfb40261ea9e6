"""Saving a club's own settings (who may read it, how scores are typed, whether guests are ranked, whether players
report results, its titles)."""

from django.db import transaction

from ..models import Club

SETTINGS = ("is_public", "scores_in_hundreds", "rank_guests", "players_report_results", "award_titles",
            "award_min_games")


def save_club_settings(club, **settings):
    """Save the owner's choices in one transaction; the club's history keeps who changed what and when."""
    with transaction.atomic():
        current = Club.objects.select_for_update().get(pk=club.pk)
        for name in SETTINGS:
            setattr(current, name, settings[name])
        current.save()
    return current
