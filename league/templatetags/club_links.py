"""``{% member_link club member %}``: the member's name linking to their page (wraps ``league.links``)."""

from django import template

from .. import links

register = template.Library()


@register.simple_tag
def member_link(club, member):
    return links.member_link(club, member)
