"""Dependencies point down: scoring ← models ← read models and services ← forms ← views and template tags.

Read from the source with ``ast`` (no import runs), so a new import that points
up fails here even when it is tucked inside a function.
"""

import ast
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"

# What the pages are built from, and nothing below them may use.
PAGES = ("league.templatetags", "league.views")
# Everything a model must not know about: text rendering, read models, services and the pages.
ABOVE_MODELS = (*PAGES, "league.forms", "league.rules_text", "league.page_tables", "league.charts", "league.stats",
                "league.services", "league.exports", "league.imports", "league.api_standings", "league.links",
                "league.history")
# The read models and the plain modules the pages and the workbook share.
BELOW_PAGES = ("stats", "charts.py", "exports", "formatting.py", "links.py", "rules_text.py",
               "api_standings.py", "history.py", "next_steps.py", "in_app_browser.py", "services", "imports", "models")
# What a template tag may wrap: the plain modules below the pages, and Django.
WRAPPED = ("league.formatting", "league.links", "league.rules_text", "league.in_app_browser")


def modules(*names):
    """The ``.py`` files under ``league/`` for each name (a package folder or a file)."""
    paths = []
    for name in names:
        path = LEAGUE / name
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return paths


def dotted(path):
    return ".".join(path.relative_to(LEAGUE.parent).with_suffix("").parts).removesuffix(".__init__")


def imported(path):
    """Every module ``path`` imports, as absolute dotted names (``from .. import links`` gives ``league.links``)."""
    package = dotted(path) if path.name == "__init__.py" else dotted(path).rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def under(name, packages):
    return any(name == package or name.startswith(package + ".") for package in packages)


def offending(path, forbidden):
    return sorted(name for name in imported(path) if under(name, forbidden))


def test_the_scan_resolves_relative_imports():
    names = imported(LEAGUE / "templatetags" / "club_links.py")
    assert "league.links" in names and "django.template" in names


@pytest.mark.parametrize("path", modules("models"), ids=lambda path: path.name)
def test_models_import_nothing_above_them(path):
    assert offending(path, ABOVE_MODELS) == []


@pytest.mark.parametrize("path", modules(*BELOW_PAGES), ids=dotted)
def test_read_models_exports_and_formatters_import_no_template_tags_or_views(path):
    assert offending(path, PAGES) == []


@pytest.mark.parametrize("path", modules(*BELOW_PAGES), ids=dotted)
def test_nothing_below_the_forms_imports_a_form(path):
    """Forms gather input for a view; what reads or saves data takes plain values and never reaches up to them."""
    assert offending(path, ("league.forms",)) == []


@pytest.mark.parametrize("path", modules("templatetags"), ids=lambda path: path.name)
def test_template_tags_only_wrap(path):
    """A tag library imports only Django and the plain modules it wraps, and each tag is one ``return``."""
    # ``from .. import links`` names the package ``league`` itself as well as ``league.links``.
    outside = sorted(name for name in imported(path) if name.startswith("league.") and not under(name, WRAPPED))
    assert outside == [], f"{path.name} reaches past the plain modules"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            assert isinstance(node, ast.FunctionDef) and node.decorator_list, f"{node.name} is not a registered tag"
            body = node.body[1:] if ast.get_docstring(node) else node.body
            assert len(body) == 1 and isinstance(body[0], ast.Return), f"{node.name} does more than wrap"
