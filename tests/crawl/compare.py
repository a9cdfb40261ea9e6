"""``compare DIR_A DIR_B``: every saved answer that differs, or is in one save only, with a diff excerpt."""

import difflib


def excerpt(before, after, most=40, width=300):
    """A unified diff of two saved answers, at most ``most`` lines, a long line cut around where it differs."""
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), "before", "after", n=2, lineterm=""))
    shown = []
    for number, line in enumerate(lines[:most]):
        if len(line) > width:
            near = [lines[i] for i in (number - 1, number + 1) if 0 <= i < len(lines)]
            other = next((o for o in near if o[:1] in "+-" and o[:1] != line[:1]), "")
            start = next((i for i, (a, b) in enumerate(zip(line[1:], other[1:], strict=False)) if a != b), 0)
            start = max(0, start - width // 2)
            line = f"{line[0]}…{line[1 + start : 1 + start + width]}…"
        shown.append(line)
    if len(lines) > most:
        shown.append(f"… and {len(lines) - most} more lines")
    return "\n".join(shown)


def compare(first, second):
    """Print what differs between two saves; 0 when nothing does, 1 otherwise."""
    files = [{path.relative_to(root) for path in root.rglob("*") if path.is_file()} for root in (first, second)]
    if not all(files):
        raise SystemExit(f"nothing saved in {first if not files[0] else second}")
    only = [sorted(files[0] - files[1]), sorted(files[1] - files[0])]
    differing = 0
    for relative in sorted(files[0] & files[1]):
        before, after = ((root / relative).read_bytes() for root in (first, second))
        if before != after:
            differing += 1
            print(f"=== {relative}")
            print(excerpt(before.decode("utf-8", "replace"), after.decode("utf-8", "replace")))
    for root, names in ((first, only[0]), (second, only[1])):
        for name in names:
            print(f"only in {root}: {name}")
    same = len(files[0] & files[1]) - differing
    print(
        f"{same} files the same, {differing} different, {len(only[0])} only in {first}, {len(only[1])} only in {second}"
    )
    return 1 if differing or only[0] or only[1] else 0
