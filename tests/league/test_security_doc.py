"""docs/security.md describes the roles the tests hold the site to: its tables are the role matrix's."""

from .role_table import DOC, document_with, render


def test_the_role_tables_in_security_md_are_the_matrix():
    text = DOC.read_text(encoding="utf-8")
    assert document_with(render(), text) == text, (
        "docs/security.md's role tables differ from tests/league/test_roles.py: run python -m tests.league.role_table"
    )


def test_every_club_page_is_in_the_document():
    from .test_roles import PAGES

    text = DOC.read_text(encoding="utf-8")
    assert [name for name in PAGES if f"| `{name}` |" not in text] == []
