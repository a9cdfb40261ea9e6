"""The page benchmark's report: p50 / p95 of each page for each visitor at each size, the growth and the budget."""

from benchmarks.page_site import VISITORS

BUDGET_P95_MS = 150
BUDGET_GROWTH = 1.5  # p50 at the largest size / p50 at the size before it (80,000 against 20,000 games)
GROWTH_FLOOR_MS = 10  # under this p50 at the smaller size a page's fixed cost is all its growth would say


def growth(row_by_size, sizes):
    """p50 at the largest size over p50 at the size before it; None when one is missing."""
    if len(sizes) < 2:
        return None
    big, small = row_by_size.get(sizes[-1]), row_by_size.get(sizes[-2])
    if not big or not small or "p50" not in big or "p50" not in small:
        return None
    return big["p50"] / small["p50"]


def verdicts(row_by_size, sizes):
    """What breaks the budget at the largest size: "p95" (≥ 150 ms) and "growth" (> 1.5×)."""
    over = []
    big = row_by_size.get(sizes[-1]) or {}
    if big.get("p95", 0) >= BUDGET_P95_MS:
        over.append("p95")
    ratio = growth(row_by_size, sizes)
    small = row_by_size.get(sizes[-2]) if len(sizes) > 1 else None
    if ratio is not None and ratio > BUDGET_GROWTH and small["p50"] >= GROWTH_FLOOR_MS:
        over.append("growth")
    return over


def table(runs):
    """The rows of every run joined: {(page, visitor): {size: row}}, in the order the pages were timed."""
    joined = {}
    for size, figures in runs.items():
        for row in figures["rows"]:
            joined.setdefault((row["page"], row["visitor"]), {})[size] = row
    return joined


def print_report(runs, title):
    sizes = sorted(runs)
    joined = table(runs)
    print(f"\n{title}")
    for size in sizes:
        figures = runs[size]
        print(
            f"  {size:,} games: {figures['database']}, {figures['games']:,} games in the club "
            f"(the member timed has {figures['member_games']:,}; current season {figures['season']}), "
            f"{figures['clubs']} clubs, {figures['site_games']:,} games on the site; load average "
            f"{figures['load_before']:.1f} → {figures['load_after']:.1f}; {figures['seconds']:.0f} s"
        )
    last = runs[sizes[-1]]
    for name, why in last["not_timed"]:
        print(f"  not timed: {name}: {why}")
    sizes_head = " ".join(f"{f'{size // 1000}k p50/p95':>15}" for size in sizes)
    print(f"\n{'page':44} {'visitor':10} {sizes_head} {'growth':>7} {'floor':>7} {'queries':>7}  budget")
    refused = {}
    over = []
    for (page, visitor), by_size in joined.items():
        timed = {size: row for size, row in by_size.items() if "p50" in row}
        if not timed:
            statuses = sorted({row["status"] for row in by_size.values()})
            refused.setdefault(page, []).append((visitor, "/".join(map(str, statuses))))
            continue
        cells = " ".join(
            f"{timed[size]['p50']:7.1f}/{timed[size]['p95']:<7.1f}"
            if size in timed
            else f"{by_size.get(size, {}).get('status', '—'):>15}"
            for size in sizes
        )
        ratio = growth(timed, sizes)
        ratio_text = f"{ratio:6.2f}×" if ratio is not None else f"{'':7}"
        big = timed.get(sizes[-1], {})
        floor = f"{big['sql_p50']:7.1f}" if "sql_p50" in big else f"{'':7}"
        broken = verdicts(timed, sizes)
        if broken:
            over.append((page, visitor, big, ratio))
        verdict = "OVER " + ", ".join(broken) if broken else "ok"
        print(f"{page:44} {visitor:10} {cells} {ratio_text} {floor} {big.get('queries', ''):>7}  {verdict}")
    if refused:
        print("\nNot answered 200 (not timed):")
        for page, answers in refused.items():
            if len(answers) == len(VISITORS) and {status for _who, status in answers} == {"405"}:
                print(f"  {page}: 405 to everyone (it takes a POST)")
            else:
                print(f"  {page}: {', '.join(f'{who} {status}' for who, status in answers)}")
    print(f"\nOver budget at {sizes[-1]:,} games (p95 ≥ {BUDGET_P95_MS} ms or growth > {BUDGET_GROWTH}×):")
    for page, visitor, big, ratio in over:
        growth_text = f", growth {ratio:.2f}×" if ratio is not None else ""
        print(f"  {page} ({visitor}): p50 {big.get('p50', 0):.0f}, p95 {big.get('p95', 0):.0f} ms{growth_text}")
    if not over:
        print("  none")
