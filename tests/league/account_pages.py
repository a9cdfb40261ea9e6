"""Reading the account pages (sign-up, a new club, invites) as parsed HTML: elements by name, class and attributes."""

import re

from django.test.html import parse_html

from .standings_html import classes, find_all, text_of


def page(response):
    return parse_html(response.content.decode())


def select(root, tag, cls=None, **attrs):
    """Every ``tag`` element under ``root`` with the class ``cls`` and the attribute values ``attrs``."""

    def wanted(node):
        found = dict(node.attributes)
        return (
            node.name == tag
            and (cls is None or cls in classes(node))
            and all(found.get(key) == value for key, value in attrs.items())
        )

    return find_all(root, wanted)


def one(root, tag, cls=None, **attrs):
    found = select(root, tag, cls, **attrs)
    return found[0] if found else None


def text(node):
    return re.sub(r"\s+", " ", text_of(node)).strip() if node is not None else ""


def errors(response):
    """The form's messages: beside each box, and above the form."""
    root = page(response)
    return [text(node) for node in select(root, "small", "error")] + [
        text(p) for box in select(root, "div", "errors") for p in select(box, "p")
    ]


def hrefs(node):
    return [dict(link.attributes).get("href") for link in select(node, "a")]
