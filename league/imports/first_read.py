"""An import's first step, wherever it runs: the file or pasted text read into the import's ``Table``.

The import form calls it for a small file, the worker (league/jobs/) for a large one, so both read alike:
chat lines, a workbook or delimited text, then the layout found (``find_columns``; a layout not recognised
is a ``LayoutUnknown`` carrying the sheet for the mapping step).  A ``ReadingError`` says what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from .columns import LayoutUnknown, find_columns
from .layouts.chat import looks_like_chat, read_chat
from .reading import Sheet, read_bytes, read_pasted, read_upload
from .table import Table


@dataclass
class FirstRead:
    table: Table | None  # None when the layout was not recognised
    sheet: Sheet | None  # the sheet read (None for chat lines)
    unknown: LayoutUnknown | None = None


def read_for_import(
    club, rule_set, *, upload=None, data: bytes | None = None, name: str = "", text: str = ""
) -> FirstRead:
    """Read an ``upload`` (a Django UploadedFile), a file's ``data`` (named ``name``) or pasted ``text`` for
    ``rule_set`` of ``club``."""
    players = rule_set.settings_on(timezone.localdate())["players"]
    if upload is None and data is None and looks_like_chat(text):
        return FirstRead(table=read_chat(text, players, today=timezone.localdate()), sheet=None)
    if upload is not None:
        sheet = read_upload(upload)
    else:
        sheet = read_bytes(data, name) if data is not None else read_pasted(text)
    try:
        return FirstRead(table=find_columns(sheet, players, rule_set.name, saved=club.import_layouts), sheet=sheet)
    except LayoutUnknown as unknown:
        return FirstRead(table=None, sheet=sheet, unknown=unknown)
