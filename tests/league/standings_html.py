"""Reading the standings page in tests: its address, and its tables as rows of column → text; drawings of pages
compared with drawings saved before (``assert_drawn_as_saved``)."""

import gzip
import json
from urllib.parse import urlencode

from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation


def url(club, language="ja", name="standings", **query):
    with translation.override(language):
        path = reverse(name, kwargs={"slug": club.slug})
    return path + (f"?{urlencode(query)}" if query else "")


def api_url(club, **query):
    return url(club, name="api_standings", **query)


def text_of(node):
    if isinstance(node, str):
        return node
    return "".join(text_of(child) for child in node.children)


def classes(node):
    return dict(node.attributes).get("class", "").split()


def find_all(node, predicate):
    if isinstance(node, str):
        return []
    found = [node] if isinstance(node, Element) and predicate(node) else []
    for child in node.children:
        found += find_all(child, predicate)
    return found


def standings_tables(response):
    """Each standings table of the page as {"ranked" or "unranked": (headers, rows)}; a row maps column → text."""
    tables = {}
    for table in find_all(parse_html(response.content.decode()), lambda n: n.name == "table"):
        if "standings" not in classes(table):
            continue
        headers = [
            next(c[4:] for c in classes(th) if c.startswith("col-"))
            for th in find_all(table, lambda n: n.name == "th" and "col-" in dict(n.attributes).get("class", ""))
            if any(a == ("scope", "col") for a in th.attributes)
        ]
        rows = []
        for tr in find_all(table, lambda n: n.name == "tr"):
            cells = [cell for cell in tr.children if isinstance(cell, Element) and cell.name in ("td", "th")]
            if cells and not any(a == ("scope", "col") for a in cells[0].attributes):
                rows.append({header: text_of(cell).strip() for header, cell in zip(headers, cells, strict=True)})
        tables["unranked" if "unranked" in classes(table) else "ranked"] = (headers, rows)
    return tables


def ranked_names(response):
    return [row["member"] for row in standings_tables(response).get("ranked", ((), []))[1]]


def assert_drawn_as_saved(drawings, saved_file):
    """``drawings`` ({page: {part: HTML}}) are the drawings saved in ``saved_file`` (gzipped JSON of the same
    shape), compared parsed: every element, attribute, class and text, whitespace set aside."""
    saved = json.loads(gzip.decompress(saved_file.read_bytes()))
    assert sorted(drawings) == sorted(saved)
    for name, parts in saved.items():
        assert sorted(drawings[name]) == sorted(parts), name
        for part, html in parts.items():
            assert parse_html(drawings[name][part]) == parse_html(html), f"{name}: {part}"
