"""Links to club pages that may not exist yet in every deployment of the code.

``{% member_link club member %}`` is the member's name linking to their page
(URL name ``member_page``), or the plain name when that page is not there.
"""

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import conditional_escape, format_html

register = template.Library()


@register.simple_tag
def member_link(club, member):
    try:
        href = reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk})
    except NoReverseMatch:
        return conditional_escape(member.name)
    return format_html('<a href="{}">{}</a>', href, member.name)
