"""A guest (ゲスト) saved when first named: seated at entry (``services.games.seat_guests``) or marked present
by name (``services.attendance.add_guest``), inside the caller's transaction.

Making a guest a member, or merging one into a member, rewrites their games and money: ``services.people``.
"""

from django.utils.translation import gettext as _

from ..models.people import Member
from ..models.readings import suggest_reading
from ..models.text import clean_name
from .refusals import refused_on_conflict


def save_guest(guest):
    """Save the unsaved guest ``guest`` (a visitor seated or marked present by name), inside the caller's transaction,
    with the reading suggested from the name.

    Returns the club's person the name already belongs to (any case) when there is one, so that a name is never
    in the club twice; a guest of that name saved by someone else at the same moment is refused.
    """
    name = clean_name(guest.name)
    existing = Member.objects.filter(club=guest.club_id, name__iexact=name).first()
    if existing is not None:
        return existing
    guest.kana = guest.kana or suggest_reading(name)
    with refused_on_conflict(
        _("“%(name)s” was added to the club at the same moment. Try again.") % {"name": name}, "name"
    ):
        guest.save()
    return guest
