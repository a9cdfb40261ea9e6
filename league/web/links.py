"""Links to a club's pages built in Python, for the standings table and the ``member_link`` tag alike; and a
person's name as every page shows it (``member_name``, with the guest mark); who did something, never by
their login name (``login_shown``).

A route that does not exist raises ``NoReverseMatch``: a renamed page fails
loudly in a test, it never quietly drops its links from the page.
"""

from html import escape
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from ..models.people import Member, Membership
from ..models.seasons import ALL_GAMES


def member_link(club, member):
    """The member's name linking to their page in ``club`` (URL name ``member_page``), marked when a guest."""
    href = reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk})
    return format_html('<a href="{}">{}</a>{}', href, member.name, guest_mark(member))


def with_page_urls(club, members, query=""):
    """Set ``page_url`` on each of ``members``: their page in ``club``, with ``query`` (already encoded) when
    given.  A member page links the same few dozen people in hundreds of places (the opponents of every game on
    screen, the head-to-head): one ``reverse`` per person, not per link."""
    for member in members:
        href = reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk})
        member.page_url = f"{href}?{query}" if query else href


def url_of_each(name, slug):
    """A function giving the address of page ``name`` of the club ``slug`` for one id (a meeting's, a game's),
    escaped for HTML: reversed once for a table of hundreds of links, not once per link."""
    marker = 987654321
    prefix, suffix = escape(reverse(name, args=[slug, marker])).split(str(marker))
    return lambda pk: f"{prefix}{pk}{suffix}"


def member_name(member):
    """The member's name without a link (game lists, meeting money), marked when a guest."""
    return format_html("{}{}", member.name, guest_mark(member))


def member_text(member):
    """The member's name in plain text (the chat summary), marked when a guest: 佐々木（ゲスト）."""
    return _("%(name)s (guest)") % {"name": member.name} if member.guest else member.name


def login_shown(club, user):
    """Who did something (entered a game, imported a file), as ``club``'s pages show them: never a login name,
    which would tell anyone half of what logging in as them takes.  The club's member linked to the login,
    else its role in the club, else the site's administrator; None for nobody (a command, a removed login)."""
    if user is None:
        return None
    member = Member.objects.filter(club=club, user=user).values_list("name", flat=True).first()
    if member:
        return member
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is not None:
        return membership.get_role_display()
    if user.is_superuser:
        return _("the site's administrator")
    return _("a former login of the club")


def guest_mark(member):
    """The ゲスト mark after a guest's name: the one way a guest is shown as one; empty for a member."""
    if not member.guest:
        return ""
    return format_html(' <small class="guest-mark">{}</small>', _("guest"))


def standings_url(club, rule_set, season):
    """The standings of ``rule_set`` over ``season`` (None: every game), as the standings page's choice asks."""
    query = urlencode({"season": season.pk if season else ALL_GAMES, "rule_set": rule_set.slug})
    return f"{reverse('standings', kwargs={'slug': club.slug})}?{query}"
