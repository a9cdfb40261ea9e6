"""Every page's figures as a Markdown page (docs/page_figures.md), from the runs ``pages.py --json`` wrote.

    .venv/bin/python benchmarks/page_figures.py --sqlite sqlite.json --postgresql postgresql.json > docs/page_figures.md

Each page gets a row: for each database its slowest visitor's p50 / p95 at each size (the visitor whose p95 at the
largest size is highest), the growth (the largest p50 at the largest size over p50 at the size before it, of any
visitor) and the budget's verdict (benchmarks/page_report.py).  Pages that answered no visitor 200 are listed
apart, with their answers.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.page_report import BUDGET_GROWTH, BUDGET_P95_MS, growth, table, verdicts


def _runs(path: str) -> dict[int, dict]:
    return {int(size): run for size, run in json.loads(Path(path).read_text()).items()}


def _page_cells(by_visitor: dict[str, dict[int, dict]], sizes: list[int]) -> tuple[list[str], str, list[str]]:
    """The slowest visitor's p50/p95 at each size, the largest growth and what breaks the budget, for one page."""
    timed = {visitor: {size: row for size, row in rows.items() if "p50" in row} for visitor, rows in by_visitor.items()}
    timed = {visitor: rows for visitor, rows in timed.items() if rows}
    if not timed:
        return [], "", []
    slowest = max(timed.values(), key=lambda rows: rows.get(sizes[-1], {}).get("p95", 0))
    cells = [f"{slowest[size]['p50']:.0f}/{slowest[size]['p95']:.0f}" if size in slowest else "—" for size in sizes]
    ratios = [ratio for rows in timed.values() if (ratio := growth(rows, sizes)) is not None]
    broken = sorted({verdict for rows in timed.values() for verdict in verdicts(rows, sizes)})
    return cells, f"{max(ratios):.1f}×" if ratios else "", broken


def _by_page(runs: dict[int, dict]) -> dict[str, dict[str, dict[int, dict]]]:
    pages: dict[str, dict[str, dict[int, dict]]] = {}
    for (page, visitor), by_size in table(runs).items():
        pages.setdefault(page, {})[visitor] = by_size
    return pages


def _describe(name: str, runs: dict[int, dict]) -> str:
    sizes = sorted(runs)
    parts = [
        f"{size:,}: {run['games']:,} games in the club, {run['site_games']:,} on the site, load "
        f"{run['load_before']:.1f} → {run['load_after']:.1f}"
        for size, run in runs.items()
    ]
    return f"- **{name}** ({', '.join(f'{size // 1000}k' for size in sizes)}): " + "; ".join(parts)


def markdown(databases: dict[str, dict[int, dict]]) -> str:
    names = list(databases)
    sizes = {name: sorted(runs) for name, runs in databases.items()}
    pages = {name: _by_page(runs) for name, runs in databases.items()}
    order = list(dict.fromkeys(page for name in names for page in pages[name]))
    lines = [
        "# Every page's figures",
        "",
        "Written by `benchmarks/page_figures.py` from `benchmarks/pages.py --requests 10 --json FILE` on each",
        'database (docs/performance.md, "How the benchmarks are run", says how to build and rerun them).',
        "For each page (every named URL and its variants), p50/p95 in ms of its slowest visitor (owner, secretary,",
        "member, outsider) at each size; growth: the largest p50 at the largest size over the size before it,",
        "of any visitor;",
        f"over: p95 ≥ {BUDGET_P95_MS} ms, or growth > {BUDGET_GROWTH}× from a p50 of 10 ms or more.",
        "",
        *(_describe(name, databases[name]) for name in names),
        "",
    ]
    head = ["page"]
    for name in names:
        head += [f"{name} {size // 1000}k" for size in sizes[name]] + [f"{name} growth"]
    head.append("over")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    refused = []
    for page in order:
        row, over, any_timed = [page.replace("|", "\\|")], [], False
        for name in names:
            cells, ratio, broken = _page_cells(pages[name].get(page, {}), sizes[name])
            any_timed = any_timed or bool(cells)
            row += (cells or ["—"] * len(sizes[name])) + [ratio]
            over += [f"{name} {verdict}" for verdict in broken]
        if not any_timed:
            answers = {
                str(row["status"])
                for name in names
                for rows in pages[name].get(page, {}).values()
                for row in rows.values()
                if "status" in row
            }
            refused.append(f"- {page}: answered {', '.join(sorted(answers)) or 'nothing'}")
            continue
        row.append(", ".join(over))
        lines.append("| " + " | ".join(row) + " |")
    if refused:
        lines += ["", "Not timed (no visitor got a 200):", "", *refused]
    last = databases[names[-1]][sizes[names[-1]][-1]]
    if last.get("not_timed"):
        lines += ["", "Left out by the benchmark (it cannot fill their address):", ""]
        lines += [f"- {page}: {why}" for page, why in last["not_timed"]]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sqlite", help="pages.py --json of a SQLite run")
    parser.add_argument("--postgresql", help="pages.py --json of a PostgreSQL run")
    args = parser.parse_args()
    databases = {}
    if args.sqlite:
        databases["SQLite"] = _runs(args.sqlite)
    if args.postgresql:
        databases["PostgreSQL"] = _runs(args.postgresql)
    if not databases:
        parser.error("give --sqlite, --postgresql or both")
    sys.stdout.write(markdown(databases))


if __name__ == "__main__":
    main()
