"""Dependencies point down: scoring ← models ← read models and services ← forms ← views and template tags.

Read from the source with ``ast`` (no import runs), so a new import that points
up fails here even when it is tucked inside a function; and no module of
``league`` reaches itself again through what it imports (no cycle).
"""

import ast
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"

# What the pages are built from, and nothing below them may use.
PAGES = ("league.templatetags", "league.views")
# Everything a model must not know about: text rendering, read models, services and the pages.
ABOVE_MODELS = (
    *PAGES,
    "league.forms",
    "league.rules_text",
    "league.page_tables",
    "league.charts",
    "league.stats",
    "league.services",
    "league.exports",
    "league.imports",
    "league.api_standings",
    "league.links",
    "league.history",
)
# The read models and the plain modules the pages and the workbook share.
BELOW_PAGES = (
    "stats",
    "charts.py",
    "exports",
    "formatting.py",
    "links.py",
    "rules_text.py",
    "api_standings.py",
    "history.py",
    "next_steps.py",
    "in_app_browser.py",
    "services",
    "imports",
    "models",
)
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


def arrows(path, known):
    """The modules of ``known`` that ``path`` imports: ``from .. import links`` is an arrow to ``league.links``,
    not to the package ``league``; ``from ..exports import write_season_workbook`` one to ``league.exports``."""
    package = dotted(path) if path.name == "__init__.py" else dotted(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return found & known - {dotted(path)}


def import_cycle(graph):
    """One cycle of ``graph`` (module → the modules it imports) as the list of its modules, or [] for none."""
    state, path = {}, []

    def visit(module):
        state[module] = "open"
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        state[module] = "done"
        path.pop()
        return []

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return []


def test_the_cycle_search_finds_a_cycle_and_only_one():
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_module_of_league_imports_itself_again():
    """A cycle hides which of two modules is the lower one; then a module can only be understood with the other.

    (The imports' Table once sat in the module that chose among the layouts, which import the Table.)
    """
    paths = modules(".")
    known = {dotted(path) for path in paths}
    graph = {dotted(path): arrows(path, known) for path in paths}
    cycle = import_cycle(graph)
    assert not cycle, " → ".join(cycle)


def test_the_layouts_build_a_table_without_knowing_who_chooses_them():
    """``imports.table`` is below the layouts; ``imports.columns``, which tries them in order, is above."""
    for path in modules("imports/layouts", "imports/table.py"):
        assert offending(path, ("league.imports.columns",)) == [], path.name


@pytest.mark.parametrize("path", modules("services"), ids=dotted)
def test_services_do_not_reach_up_into_the_imports(path):
    """The imports save through the services (bulk rows, settling, meeting lines), so never the other way."""
    assert offending(path, ("league.imports", "league.jobs")) == []


def test_links_are_below_the_read_models():
    """The read models write names and who did what with ``links``; links read nothing of them."""
    assert offending(LEAGUE / "links.py", ("league.stats",)) == []


@pytest.mark.parametrize("path", modules("batch"), ids=dotted)
def test_batch_helpers_import_nothing_of_the_app(path):
    """What the imports and the services share for work on many rows sits below both."""
    assert offending(path, ("league",)) == []
