"""Club links in templates, wrapping ``league.web.links``.

``{% member_link club member %}``: the member's name linking to their page;
``{% member_name member %}``: the name without a link, marked ゲスト for a guest;
``{% login_shown club user %}``: who did something, by the member's name (never the login name);
``{% standings_url club rule_set season %}``: the standings of a rule set over a season (None: every game).
"""

from django import template

from ..web import links

register = template.Library()


@register.simple_tag
def member_link(club, member):
    return links.member_link(club, member)


@register.simple_tag
def member_name(member):
    return links.member_name(member)


@register.simple_tag
def login_shown(club, user):
    return links.login_shown(club, user)


@register.simple_tag
def standings_url(club, rule_set, season):
    return links.standings_url(club, rule_set, season)
