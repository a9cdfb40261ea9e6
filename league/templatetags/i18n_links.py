from django import template
from django.urls import translate_url

register = template.Library()


@register.simple_tag(takes_context=True)
def this_page_in(context, language):
    """The address of the current page in ``language`` (/ for Japanese, /en/ for English)."""
    return translate_url(context["request"].get_full_path(), language)
