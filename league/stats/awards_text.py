"""The awards in words: what each title counts, the games it needs and how a tie is settled, for the awards page
and the workbook's Awards sheet alike (the words of docs/awards.md, shorter)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models.clubs import AwardTitle
from .awards import NO_MINIMUM, PLACED_GAMES, SEASON_MINIMUM, STANDINGS_ORDER


def counts(title):
    """What ``title`` counts."""
    return {
        AwardTitle.CHAMPION: _("Points over the period, adjustments included, as the standings count them."),
        AwardTitle.TOP_RATE: _("First places over the games with a place."),
        AwardTitle.RENTAI_RATE: _("First and second places over the games with a place."),
        AwardTitle.LAST_AVOID_RATE: _("Games not finished last over the games with a place."),
        AwardTitle.AVERAGE_PLACE: _("The average place over the games with a place: the lowest wins."),
        AwardTitle.BEST_SCORE: _(
            "The highest final score in one game. Games recorded by their points only have no score."
        ),
        AwardTitle.BEST_POINTS: _(
            "The most points in one game (its total, chips and bonuses included). A day total is not one game."
        ),
        AwardTitle.MOST_TOPS: _("First places."),
        AwardTitle.MOST_GAMES: _("Hanchan played, those of day totals included."),
        AwardTitle.MOST_YAKUMAN: _("Yakuman won (a double yakuman is one)."),
        AwardTitle.ATTENDANCE: _("Meetings come to: marked present, seated at a table or in a day total."),
        AwardTitle.MOST_IMPROVED: _(
            "The gain in points per game (adjustments left out) from the first half of the "
            "period's meeting days to the second."
        ),
    }[title]


def minimum(award):
    """The games ``award`` needs (the most improved: in each half)."""
    games = award.minimum
    if award.minimum_kind == NO_MINIMUM:
        return _("No minimum of games.")
    if award.minimum_kind == SEASON_MINIMUM:
        if not games:
            return _("Ranked in the standings.")
        return ngettext(
            "Ranked in the standings: %(games)s game or more.",
            "Ranked in the standings: %(games)s games or more.",
            games,
        ) % {"games": games}
    if award.minimum_kind == PLACED_GAMES:
        return ngettext("%(games)s game with a place or more.", "%(games)s games with a place or more.", games) % {
            "games": games
        }
    return ngettext("%(games)s game or more in each half.", "%(games)s games or more in each half.", games) % {
        "games": games
    }


def tie(award):
    """How a tie for ``award`` is settled."""
    if award.tie == STANDINGS_ORDER:
        return _(
            "A tie is settled as in the standings (the lower average place, then more first places, then the "
            "better best game); equal on all of them, the title is shared."
        )
    if award.minimum_kind == PLACED_GAMES:
        return _("Compared exactly, before rounding; equal figures share the title.")
    return _("Equal figures share the title.")


def described(awards):
    """Each award of ``awards`` (a SeasonAwards) with its words: (award, counts, minimum, tie)."""
    return [(award, counts(award.title), minimum(award), tie(award)) for award in awards.awards]
