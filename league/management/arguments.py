"""What the management commands' arguments name: a club, one of its rule sets, a login, a season.

Every command looks these up here, so the same slug or name is accepted, and
refused with the same message, by all of them.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from league.models.clubs import Club


def club_named(slug):
    """The club with address name ``slug``."""
    try:
        return Club.objects.get(slug=slug)
    except Club.DoesNotExist as error:
        raise CommandError(_("No club “%(slug)s”.") % {"slug": slug}) from error


def rule_set_named(club, slug):
    """The rule set of ``club`` with address name ``slug`` (its versions prefetched)."""
    found = club.rule_sets.with_versions().filter(slug=slug).first()
    if found is None:
        raise CommandError(_("%(club)s has no rule set “%(slug)s”.") % {"club": club, "slug": slug})
    return found


def login_named(username):
    """The login ``username``; None when no login is named (the history then records nobody)."""
    if not username:
        return None
    try:
        return get_user_model().objects.get_by_natural_key(username)
    except get_user_model().DoesNotExist as error:
        raise CommandError(_("No login “%(name)s”.") % {"name": username}) from error


def season_named(club, wanted):
    """A season of ``club`` by its name, else by its id."""
    seasons = club.seasons.all()
    season = seasons.filter(name=wanted).first()
    if season is None and wanted.isdigit():
        season = seasons.filter(pk=int(wanted)).first()
    if season is None:
        names = ", ".join(seasons.order_by("starts_on").values_list("name", flat=True)) or "—"
        raise CommandError(
            _("%(club)s has no season “%(season)s” (its seasons: %(names)s).")
            % {"club": club, "season": wanted, "names": names}
        )
    return season
