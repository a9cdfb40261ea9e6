"""The tables of who may do what in docs/security.md, written from the role matrix (tests/league/test_roles.py).

    python -m tests.league.role_table          # rewrite the tables in docs/security.md
    python -m tests.league.role_table --check  # exit 1 when they differ from the matrix

tests/league/test_security_doc.py fails when the document's tables are not the matrix's, so the roles
described to a club are the ones the tests hold the site to.
"""

import os
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"
START, END = "<!-- role table: start (python -m tests.league.role_table) -->", "<!-- role table: end -->"

LEVEL_WORDS = {
    "read": "read the club",
    "money": "the club's own people (money)",
    "run": "run the club's days (owner, secretaries)",
    "own": "owner only",
    "seated": "a player seated at the drawn table (its own login; the table's member in the matrix)",
}
VISITOR_WORDS = {
    "owner": "owner",
    "secretary": "secretary (幹事)",
    "member": "member (会員)",
    "outsider": "logged in, not of the club",
    "anonymous": "not logged in",
    "site_admin": "site admin",
}


def _answer(value):
    return "yes" if value == "ok" else f"no ({value})"


def render():
    """The two Markdown tables: what each kind of page allows each visitor, and each page's kind by method."""
    from django.urls import get_resolver

    from .test_roles import EXPECTED, PAGES, REFUSED, VISITORS

    lines = [
        "| kind of page | " + " | ".join(VISITOR_WORDS[who] for who in VISITORS) + " |",
        "|---|" + "---|" * len(VISITORS),
    ]
    for level, answers in EXPECTED.items():
        cells = []
        for who in VISITORS:
            private, public = answers[who]
            cells.append(
                _answer(private) if private == public else f"private: {_answer(private)}; public: {_answer(public)}"
            )
        lines.append(f"| **{level}**: {LEVEL_WORDS[level]} | " + " | ".join(cells) + " |")
    routes = _routes(get_resolver().url_patterns)
    lines += ["", "| page | address | GET | POST |", "|---|---|---|---|"]
    for name, methods in PAGES.items():

        def kind(method, methods=methods):
            level = methods.get(method)
            return "—" if level is None else ("not taken (405)" if level == REFUSED else f"**{level}**")

        lines.append(f"| `{name}` | `{routes[name]}` | {kind('GET')} | {kind('POST')} |")
    return "\n".join(lines)


def _routes(patterns, prefix=""):
    from django.urls import URLResolver

    found = {}
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            found.update(_routes(pattern.url_patterns, prefix + str(pattern.pattern)))
        elif pattern.name:
            found.setdefault(pattern.name, (prefix + str(pattern.pattern)).replace("<slug:slug>", "<club>"))
    return found


def document_with(table, text):
    """``text`` (the document) with ``table`` between the markers."""
    before, rest = text.split(START, 1)
    _old, after = rest.split(END, 1)
    return f"{before}{START}\n{table}\n{END}{after}"


def main(argv):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")  # the tests' key: no environment needed
    import django

    django.setup()
    text = DOC.read_text(encoding="utf-8")
    wanted = document_with(render(), text)
    if "--check" in argv:
        return 0 if wanted == text else 1
    DOC.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
