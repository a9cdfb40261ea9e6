"""Saving a club's own settings (its name, description, usual venue and fee, who may read it, how scores are
typed, whether guests are ranked, whether players report results, its titles)."""

from django.db import transaction

from ..models.clubs import Club

SETTINGS = (
    "name",
    "description",
    "venue",
    "usual_venue_fee",
    "is_public",
    "scores_in_hundreds",
    "rank_guests",
    "players_report_results",
    "award_titles",
    "award_min_games",
)


def save_club_settings(club: Club, **settings: object) -> Club:
    """Save the owner's choices in one transaction; the club's history keeps who changed what and when.

    Settings not given keep their value; the address name (slug) is never changed here: every link has it.
    """
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise TypeError(f"not a club setting: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        current = Club.objects.select_for_update().get(pk=club.pk)
        for name, value in settings.items():
            setattr(current, name, value)
        current.save()
    return current
