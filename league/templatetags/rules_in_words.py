"""``{{ version.settings|rules_in_words }}``: a rule version in words, as (label, text) pairs.

It only wraps ``league.text.rules_text``, which the views and the workbook's Rules sheet call directly.
"""

from django import template

from ..text.rules_text import describe_rules

register = template.Library()


@register.filter(name="rules_in_words")
def rules_in_words(settings):
    return describe_rules(settings)
