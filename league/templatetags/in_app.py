from django import template

from ..web.in_app_browser import line_external_url

register = template.Library()


@register.simple_tag(takes_context=True)
def line_external_link(context):
    """This page's address for the phone's browser when the page is read inside LINE, else ""."""
    return line_external_url(context.get("request"))
