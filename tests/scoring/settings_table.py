"""The tables of rule and fee settings in docs/scoring.md, written from the schema (scoring/schema.py).

    python -m tests.scoring.settings_table          # rewrite the tables in docs/scoring.md
    python -m tests.scoring.settings_table --check  # exit 1 when they differ from the schema

tests/scoring/test_schema.py fails when the page's tables are not the schema's, so the contract a reader
finds is the one the engine checks and the form offers.
"""

import json
import sys
from pathlib import Path

from scoring.schema import FEE_SETTINGS, KINDS, RULE_SETTINGS, Setting

DOC = Path(__file__).resolve().parents[2] / "docs" / "scoring.md"
MARKERS = {
    "rules": ("<!-- rule settings: start (python -m tests.scoring.settings_table) -->", "<!-- rule settings: end -->"),
    "fees": ("<!-- fee settings: start (python -m tests.scoring.settings_table) -->", "<!-- fee settings: end -->"),
}


def _default(setting: Setting) -> str:
    if setting.required:
        return "required"
    if setting.computed:
        return f"= {setting.computed}"
    return f"`{json.dumps(setting.default, ensure_ascii=False)}`"


def _range(setting: Setting) -> str:
    if setting.choices:
        return ", ".join(f"`{json.dumps(choice.value)}` ({choice.words})" for choice in setting.choices)
    if setting.least is None and setting.most is None:
        return ""
    low = "" if setting.least is None else f"{setting.least:,}"
    high = "" if setting.most is None else f"{setting.most:,}"
    return f"{low} to {high}" if high else f"{low} or more"


def table(settings: tuple[Setting, ...]) -> str:
    """One Markdown table: key, type, default, range or choices, the form's words, and the meaning."""
    lines = ["| key | type | default | range or choices | on the form | meaning |", "|---|---|---|---|---|---|"]
    for setting in settings:
        cells = (
            f"`{setting.key}`",
            KINDS[setting.kind],
            _default(setting),
            _range(setting),
            setting.label or "—",
            setting.meaning,
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def document_with(text: str) -> str:
    """``text`` (the page) with each table between its markers."""
    for name, settings in (("rules", RULE_SETTINGS), ("fees", FEE_SETTINGS)):
        start, end = MARKERS[name]
        before, rest = text.split(start, 1)
        _old, after = rest.split(end, 1)
        text = f"{before}{start}\n{table(settings)}\n{end}{after}"
    return text


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    wanted = document_with(text)
    if "--check" in argv:
        return 0 if wanted == text else 1
    DOC.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
