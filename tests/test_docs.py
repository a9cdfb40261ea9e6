"""The repository explains itself: nothing points outside it, and the engine's contract is all here."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = ROOT / "docs" / "scoring.md"

# Where the design notes, the contract and the original rule books lived before they came into docs/.
# ("../" + "shared" is split so that this guard does not itself name the folder it forbids.)
OUTSIDE = ("../" + "shared", "shared/seeds", "SCORING.md", "CLUBS.md", "GUIDE.md")

# The contract's parts (docs/scoring.md); a heading may be reworded after these words, not dropped.
SECTIONS = (
    "Calling it",
    "Units and vocabulary",
    "Rules",
    "A game",
    "Refusals",
    "Settling a game: method `oka_uma`",
    "Method `win_points`",
    "Settling a meeting",
    "Rulings and choices",
)
RULINGS = (
    "Odd units, always",
    "Who is the recipient on a shortfall",
    "Win points in the breakdown",
    "ダブルマルA",
    "A yakuman in a win-points game always ends it",
    "Explicit `oka`",
)
SKIPPED_DIRS = {".git", ".venv", "node_modules", "staticfiles", "__pycache__"}


def repository_files():
    """The tracked files (every file but the skipped folders when this is not a git checkout)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return [
            path for path in ROOT.rglob("*") if path.is_file() and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)
        ]
    return [ROOT / name for name in listed.decode().split("\0") if name]


def text_of(path):
    data = path.read_bytes() if path.is_file() else b""
    return None if b"\0" in data else data.decode("utf-8", errors="replace")


def test_no_file_points_outside_the_repository():
    found = []
    for path in repository_files():
        if path == Path(__file__).resolve():
            continue
        text = text_of(path)
        for number, line in enumerate((text or "").splitlines(), start=1):
            found += [f"{path.relative_to(ROOT)}:{number}: {word}" for word in OUTSIDE if word in line]
    assert not found, "point to docs/ instead:\n" + "\n".join(found)


def test_the_contract_has_its_sections_and_rulings():
    text = CONTRACT.read_text(encoding="utf-8")
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    missing = [name for name in SECTIONS if not any(heading.startswith(name) for heading in headings)]
    assert not missing, f"docs/scoring.md lacks the sections {missing}"
    rulings = text[text.index("## Rulings and choices") :]
    assert not [name for name in RULINGS if name not in rulings], "docs/scoring.md lacks a ruling"


def test_links_between_the_pages_lead_somewhere():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} → {target}")
    assert not broken, broken
