"""What the people running a club should do next, for the front page (owners and secretaries only).

At most three queries, whatever the size of the club: the open meetings,
whether one is held today, and (for owners) the members without a reading.
"""

from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models.meetings import Meeting
from ..models.people import Member

OPEN_MEETINGS_SHOWN = 5


@dataclass(frozen=True)
class Step:
    """Something to do: why, in a sentence, and one or more (label, url) links that do it."""

    text: str
    links: tuple


def _step(text, *links):
    return Step(text, tuple(links))


def next_steps(access, season=None, rule_set=None, day=None):
    """The steps for ``access``'s role: [] for members and visitors.

    ``season`` is the club's current season (``current_season``) and
    ``rule_set`` its main rule set, as the front page already loaded them.
    """
    if not access.can_enter_results:
        return []
    club, day = access.club, day or timezone.localdate()
    slug = club.slug
    steps = []
    if access.can_manage and rule_set is None:
        steps.append(
            _step(_("The club has no rules yet."), (_("Add a rule set"), reverse("manage_rules", args=[slug])))
        )
    if access.can_manage and (season is None or not season.starts_on <= day <= season.ends_on):
        steps.append(
            _step(
                _("No season covers today, so the standings have nothing current to show."),
                (_("Add a season"), reverse("manage_seasons", args=[slug])),
            )
        )
    meetings = Meeting.objects.filter(club=club)
    for meeting in meetings.open().select_related("rule_set").latest_first()[:OPEN_MEETINGS_SHOWN]:
        names = {"date": date_format(meeting.date, "DATE_FORMAT"), "rule_set": meeting.rule_set.name}
        steps.append(
            _step(
                _("The meeting of %(date)s (%(rule_set)s) is open: close it when its games are in.") % names,
                (_("Enter games"), reverse("enter_game", args=[slug, meeting.pk])),
                (_("Close the meeting"), reverse("meeting_detail", args=[slug, meeting.pk])),
            )
        )
    if rule_set is not None and not meetings.filter(date=day).exists():
        steps.append(
            _step(_("No meeting today yet."), (_("Start today's meeting"), reverse("choose_meeting", args=[slug])))
        )
    if access.can_manage:
        without_kana = Member.objects.filter(club=club, active=True, kana="").members().count()
        if without_kana:
            text = ngettext(
                "%(count)s member has no reading (kana), so sorts last and is hard to find.",
                "%(count)s members have no reading (kana), so they sort last and are hard to find.",
                without_kana,
            ) % {"count": without_kana}
            steps.append(_step(text, (_("Add readings"), reverse("manage_members", args=[slug]))))
    return steps
