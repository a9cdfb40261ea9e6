"""Dependencies point down: scoring ← text ← models ← web ← read models and services ← forms ← views and template tags.

Read from the source with ``ast`` (no import runs), so a new import that points
up fails here even when it is tucked inside a function; no module of ``league``
reaches itself again through what it imports (no cycle), and no package of it
either; and no chain of imports is longer than ``LONGEST_CHAIN`` modules.

``python -m tests.league.test_layers`` prints the longest import chain.
"""

import ast
import sys
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"
# The pure packages league imports; each counts as one module in league's chains (``longest_chain``).
ENGINES = ("scoring", "seating")
# The longest chain of imports allowed (``longest_chain``): 12 modules, where Healthchecks has 7 and
# djangoproject.com 9; league's was 22 before its packages were layered (docs/architecture.md, "Layers").
LONGEST_CHAIN = 12

# What the pages are built from, and nothing below them may use.
PAGES = ("league.templatetags", "league.views")
# Everything a model must not know about: text rendering, read models, services and the pages.
ABOVE_MODELS = (
    *PAGES,
    "league.forms",
    "league.text.rules_text",
    "league.page_tables",
    "league.presentation",
    "league.stats",
    "league.services",
    "league.exports",
    "league.imports",
    "league.jobs",
    "league.web",
)
# The read models and the plain modules the pages and the workbook share.
BELOW_PAGES = (
    "stats",
    "presentation",
    "exports",
    "text",
    "web",
    "services",
    "imports",
    "models",
)
# What ``league.web`` may import besides itself: it sits just above the models.
BELOW_WEB = ("league.models", "league.text")
# What the presentation package must not import: it shows what is read, above the page tables, below the views.
ABOVE_PRESENTATION = (
    *PAGES,
    "league.forms",
    "league.services",
    "league.imports",
    "league.jobs",
    "league.demo",
    "league.management",
)
# What a template tag may wrap: the plain modules below the pages, and Django.
WRAPPED = ("league.text.formatting", "league.web.links", "league.text.rules_text", "league.web.in_app_browser")


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
    """Every module ``path`` imports, as absolute dotted names (``from ..web import links``: ``league.web.links``)."""
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
    assert "league.web.links" in names and "django.template" in names


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
    # ``from ..web import links`` names the package ``league.web`` itself as well as ``league.web.links``.
    outside = sorted(
        name
        for name in imported(path)
        if name.startswith("league.")
        and not under(name, WRAPPED)
        and not any(wrapped.startswith(f"{name}.") for wrapped in WRAPPED)
    )
    assert outside == [], f"{path.name} reaches past the plain modules"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            assert isinstance(node, ast.FunctionDef) and node.decorator_list, f"{node.name} is not a registered tag"
            body = node.body[1:] if ast.get_docstring(node) else node.body
            assert len(body) == 1 and isinstance(body[0], ast.Return), f"{node.name} does more than wrap"


def arrows(path, known):
    """The modules of ``known`` that ``path`` imports: ``from ..web import links`` is an arrow to
    ``league.web.links``, not to the package ``league.web``; ``from ..exports import write_season_workbook`` one to
    ``league.exports``."""
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


def import_graph():
    """Every module of ``league`` → the modules it imports, with ``scoring`` and ``seating`` as one module each.

    The arrows are those of ``arrows``: every import in the file, at its top or inside a function (a lazy
    import couples two modules as much as any), to the module it names (``from ..models import Club`` is an
    arrow to ``league.models``, whose ``__init__`` imports every model module; ``from ..models.clubs import
    Club`` one to ``league.models.clubs`` alone).  The parent packages Python runs first are not arrows.
    An import of an engine's module is an arrow to the engine: ``scoring`` and ``seating`` are read through
    their contract (docs/scoring.md, docs/draw.md), their own chains are ``engine_graph``'s.
    """
    paths = modules(".")
    known = {dotted(path) for path in paths} | {dotted(path) for _engine, path in engine_files()}
    graph = {name: set() for name in ENGINES}
    for path in paths:
        graph[dotted(path)] = {name.partition(".")[0] if under(name, ENGINES) else name for name in arrows(path, known)}
    return graph


def engine_files():
    return [(engine, path) for engine in ENGINES for path in sorted((LEAGUE.parent / engine).glob("*.py"))]


def engine_graph(engine):
    """The modules of ``engine`` (``scoring``, ``seating``) → the modules of it that each imports."""
    paths = [path for name, path in engine_files() if name == engine]
    known = {dotted(path) for path in paths}
    return {dotted(path): arrows(path, known) for path in paths}


def longest_chain(graph):
    """The longest path of imports through ``graph`` (which has no cycle), as the list of its modules.

    Reading the first module means reading each module after it; the longest such chain says how deep the
    layers are (Healthchecks' is 7 modules, djangoproject.com's 9).
    """
    longest = {}

    def chain_from(module):
        if module not in longest:
            longest[module] = [module]  # a cycle (test_no_module_of_league_imports_itself_again) ends here
            longest[module] = [
                module,
                *max((chain_from(target) for target in sorted(graph[module])), key=len, default=[]),
            ]
        return longest[module]

    return max((chain_from(module) for module in sorted(graph)), key=len, default=[])


def test_the_chain_search_finds_the_longest_path():
    graph = {"a": {"b", "d"}, "b": {"c"}, "c": set(), "d": {"e"}, "e": {"f"}, "f": set(), "g": {"a"}}
    assert longest_chain(graph) == ["g", "a", "d", "e", "f"]
    assert longest_chain({"a": set()}) == ["a"]


def test_the_graph_counts_lazy_imports_and_an_engine_as_one_module():
    graph = import_graph()
    assert "league.text.rule_checks" in graph["league.models.rule_versions"]  # inside ``RuleVersion.clean``
    assert "scoring" in graph["league.models.rule_versions"] and not any(name.startswith("scoring.") for name in graph)
    assert engine_graph("scoring")["scoring"] >= {"scoring.rules", "scoring.settle"}


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


@pytest.mark.parametrize("path", modules("text"), ids=dotted)
def test_text_is_below_the_models(path):
    """``league.text`` writes and reads figures and the rules' words for the models' ``__str__`` as for the pages:
    it imports Django, the engine and itself, nothing else of the app."""
    assert [name for name in offending(path, ("league",)) if not under(name, ("league.text",))] == []


@pytest.mark.parametrize("path", modules("web"), ids=dotted)
def test_web_is_just_above_the_models(path):
    """The read models write names and who did what with ``web.links``; services check owners with
    ``web.permissions``: the web package reads only the models and the text, never a read model or a service."""
    assert [name for name in offending(path, ("league",)) if not under(name, ("league.web", *BELOW_WEB))] == []


@pytest.mark.parametrize("path", modules("presentation"), ids=dotted)
def test_presentation_only_shows(path):
    """What a page shows (charts, a game's history, the next steps, the JSON) is built from what is read; it
    saves nothing, takes no input and knows no page: no service, form, import, job, view or template tag."""
    assert offending(path, ABOVE_PRESENTATION) == []


@pytest.mark.parametrize("path", modules("presentation"), ids=dotted)
def test_presentation_writes_no_markup(path):
    """Markup lives in templates: the charts work out their figures here and ``templates/league/charts/`` draws
    them, so nothing here builds HTML or SVG from strings (``format_html``, ``mark_safe``)."""
    assert offending(path, ("django.utils.html", "django.utils.safestring")) == []


def test_a_module_imports_the_model_module_it_uses():
    """``league/models/__init__.py`` imports every model module, as Django needs; a module importing the package
    would depend on all of them.  It names the one that defines what it uses: ``from ..models.games import Game``."""
    paths = modules(".")
    known = {dotted(path) for path in paths}
    assert [dotted(path) for path in paths if "league.models" in arrows(path, known)] == []


def package_of(module):
    """The package ``module`` belongs to (``league.stats`` for ``league.stats.day``); a module at the root of
    ``league`` (``league.urls``, ``league.admin``) is its own, and so is each engine."""
    return ".".join(module.split(".")[:2])


def package_graph():
    """Every package of ``league`` (and each engine, each root module) → the other packages its modules import."""
    graph = {}
    for module, targets in import_graph().items():
        package = package_of(module)
        graph.setdefault(package, set()).update(package_of(target) for target in targets)
        graph[package].discard(package)
    return graph


def test_no_package_of_league_imports_itself_again():
    """Each package is one layer: when two import each other, neither can be read first.

    (The charts, drawn with a page table, sat beside the links, which the page tables use.)
    """
    cycle = import_cycle(package_graph())
    assert not cycle, " → ".join(cycle)


def test_no_import_chain_is_longer_than_twelve_modules():
    """Understanding a module means reading what it imports, and what those import: the longest such chain.

    A long chain passes through a hub that imports much for a little (a package ``__init__`` importing every
    module of it, a module holding both what the lower layers need and what needs the upper ones): give the
    little its own module lower down, or import the module that defines it.  Never by moving an import into a
    function: ``import_graph`` counts those too.
    """
    chain = longest_chain(import_graph())
    assert len(chain) <= LONGEST_CHAIN, f"{len(chain)} modules: " + " → ".join(chain)


@pytest.mark.parametrize("path", modules("batch"), ids=dotted)
def test_batch_helpers_import_nothing_of_the_app(path):
    """What the imports and the services share for work on many rows sits below both."""
    assert offending(path, ("league",)) == []


def main():
    chain = longest_chain(import_graph())
    print(f"league: {len(chain)} modules", " → ".join(chain), sep="\n  ")
    for engine in ENGINES:
        chain = longest_chain(engine_graph(engine))
        print(f"{engine} on its own: {len(chain)} modules", " → ".join(chain), sep="\n  ")


if __name__ == "__main__":
    sys.exit(main())
