"""An import between its steps: the rows read, the rules chosen and the names mapped.

What was read from the file is kept in a folder of its own in the site's state folder (``imports/<name>/``: the
``Table`` read, and the sheet as read while its columns may still be named by hand), and the visitor's session
holds the rest: the token of the import's addresses, the rule set, the names mapped and the folder's name.  Only
what was read from the file is kept (never anything computed from it), and every step plans it again from the
database, so nothing the browser sends is trusted beyond the choices of the mapping form, which are checked.
One import per club and session: uploading another file replaces it (its folder removed), and a stale page
(an old token) is sent back to the start.  A sheet whose layout was not recognised waits as read
(``store_sheet``) until the secretary names its columns, then its rows take its place (``replace_sheet``).

The rows are kept out of the session because every request of its visitor reads the session whole (the login is
in it): a season of 20,000 games in it was decoded again by each page, job page and save (docs/performance.md,
"The import").  A folder is written a row to a line and read a line at a time, so the rows are never in memory
twice; the worker reading a large file keeps what it read the same way (``keep``), and the page that shows the
job's result makes it the visitor's import (``adopt``).  Folders older than ``KEPT`` are removed when another
is made.
"""

import json
import os
import secrets
import shutil
import time
from functools import cached_property

from janroku import site_state

from ..models.clubs import RuleSet
from ..models.people import Member
from .names import NewMember
from .reading import Sheet
from .table import Table

# A sheet whose layout was recognised is kept beside its rows only up to this size, so that its columns can
# still be named by hand: keeping a season of thousands of games twice would double what every step reads.
# A large file read the wrong way is chosen again.
KEEP_SHEET_ROWS = 2_000
KEPT = 7 * 24 * 3600  # seconds an import waits between its steps
TABLE, SHEET = "table", "sheet"  # the files of a kept import's folder


def _key(club):
    return f"janroku_import:{club.pk}"


class Pending:
    """The waiting import of a session: its rows are read from its folder when first asked for (``table``); how many
    there are (``rows``) is on the folder's first line, for a page that only hands them to the worker."""

    def __init__(self, token, rule_set, mapping, kept, rows):
        self.token = token
        self.rule_set = rule_set
        self.mapping = mapping
        self.kept = kept  # the name of the folder holding what was read
        self.rows = rows

    @cached_property
    def table(self):
        return read_table(_imports() / self.kept / TABLE)


# -- what was read, in the state folder -------------------------------------------------------------------------


def keep(table=None, sheet=None):
    """Keep what was read in a new folder; returns its name (for ``adopt``).  The ``sheet`` is kept when there is no
    table (its columns are to be named), or beside the table when it is small (KEEP_SHEET_ROWS)."""
    _remove_old()
    name = secrets.token_urlsafe(16)
    folder = _imports() / name
    folder.mkdir(mode=0o700)
    if table is not None:
        _write_table(folder / TABLE, table)
    if sheet is not None and (table is None or len(sheet.rows) <= KEEP_SHEET_ROWS):
        _write_lines(folder / SHEET, {"source": sheet.source}, ([number, cells] for number, cells in sheet.rows))
    return name


def exists(name):
    folder = _folder(name)
    return folder is not None and folder.is_dir()


def copy_table(pending, path):
    """A copy of the pending import's table at ``path`` (a job's own, whatever becomes of the import meanwhile)."""
    shutil.copyfile(_imports() / pending.kept / TABLE, path)


def read_table(path):
    """The Table kept at ``path`` (by ``keep``, or copied by ``copy_table``)."""
    with open(path, encoding="utf-8") as lines:
        description = json.loads(lines.readline())
        return Table.from_data(description, rows=(json.loads(line) for line in lines))


def _write_table(path, table):
    _write_lines(path, {**table.description(), "count": len(table.rows)}, table.data_rows())


def _count(path):
    with open(path, encoding="utf-8") as lines:
        return json.loads(lines.readline())["count"]


def _read_sheet(path):
    with open(path, encoding="utf-8") as lines:
        description = json.loads(lines.readline())
        return Sheet(rows=[(number, cells) for number, cells in map(json.loads, lines)], source=description["source"])


def _write_lines(path, description, rows):
    """``description`` on the first line, then a row to a line; the file appears whole (renamed when written)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    with open(partial, "w", encoding="utf-8") as out:
        out.write(json.dumps(description, ensure_ascii=False) + "\n")
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    partial.replace(path)


def _imports():
    path = site_state.folder() / "imports"
    path.mkdir(exist_ok=True, mode=0o700)
    return path


def _folder(name):
    """The folder of a kept import, or None for a name ``keep`` never gives."""
    if not name or not all(c.isalnum() or c in "-_" for c in name):
        return None
    return _imports() / name


def _remove(name):
    folder = _folder(name)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def _remove_old():
    limit = time.time() - KEPT
    for folder in _imports().iterdir():
        try:
            if folder.stat().st_mtime < limit:
                shutil.rmtree(folder, ignore_errors=True)
        except FileNotFoundError:
            continue


# -- the visitor's waiting import, in the session ---------------------------------------------------------------


def store(session, club, rule_set, table, sheet=None):
    """Keep a new import; returns its token (for its address).  The ``sheet`` read is kept too (when small),
    so that its columns can still be named by hand when the layout recognised is not the one meant."""
    return adopt(session, club, rule_set, keep(table, sheet))


def store_sheet(session, club, rule_set, sheet, message):
    """Keep a sheet whose layout was not recognised, for the mapping step; returns its token."""
    return adopt(session, club, rule_set, keep(sheet=sheet), message)


def adopt(session, club, rule_set, kept, message=""):
    """Make what ``keep`` kept under the name ``kept`` the club's waiting import in this session (replacing any
    other); returns its token.  ``message``: why its layout was not recognised, for the mapping step."""
    previous = (session.get(_key(club)) or {}).get("kept")
    if previous and previous != kept:
        _remove(previous)
    token = secrets.token_hex(8)
    session[_key(club)] = {"token": token, "rule_set": rule_set.pk, "kept": kept, "mapping": {}, "message": message}
    return token


def _waiting(session, club, token, part):
    """The session's data of the import with this token and the path of its ``part``, or (None, None)."""
    data = session.get(_key(club))
    if not data or data.get("token") != token:
        return None, None
    folder = _folder(data.get("kept"))
    if folder is None or not (folder / part).exists():
        return None, None
    return data, folder / part


def has_sheet(session, club, token):
    return _waiting(session, club, token, SHEET)[0] is not None


def load_sheet(session, club, token):
    """(rule set, Sheet, message) of the sheet waiting for its columns to be named, or None."""
    data, path = _waiting(session, club, token, SHEET)
    if data is None:
        return None
    rule_set = RuleSet.objects.filter(club=club, pk=data["rule_set"]).with_versions().first()
    if rule_set is None:
        return None
    try:
        sheet = _read_sheet(path)
    except FileNotFoundError:  # removed meanwhile (another file chosen in another tab)
        return None
    return rule_set, sheet, data.get("message", "")


def replace_sheet(session, club, token, table):
    """The sheet's rows read with the columns named: the import goes on to its preview, under the same token."""
    data = session[_key(club)]
    _write_table(_folder(data["kept"]) / TABLE, table)
    session[_key(club)] = {**data, "mapping": {}}


def load(session, club, token):
    """The pending import of ``club`` with this token, or None."""
    data, path = _waiting(session, club, token, TABLE)
    if data is None:
        return None
    rule_set = RuleSet.objects.filter(club=club, pk=data["rule_set"]).first()
    if rule_set is None:
        return None
    try:
        rows = _count(path)
    except FileNotFoundError:  # removed meanwhile (another file chosen in another tab)
        return None
    return Pending(token, rule_set, mapping_from_data(club, data["mapping"]), data["kept"], rows)


def save_mapping(session, club, mapping):
    data = session[_key(club)]
    data["mapping"] = mapping_to_data(mapping)
    session[_key(club)] = data
    session.modified = True


def discard(session, club, token=None):
    """Forget the club's waiting import (only the one of ``token``, when given: the one just saved, not a file
    chosen since), and remove what was kept of it."""
    data = session.get(_key(club)) or {}
    if token is not None and data.get("token") != token:
        return
    session.pop(_key(club), None)
    _remove(data.get("kept"))


def mapping_to_data(mapping):
    return {
        key: {"new": choice.name, "kana": choice.kana, "guest": choice.guest}
        if isinstance(choice, NewMember)
        else {"member": choice.pk}
        for key, choice in mapping.items()
    }


def mapping_from_data(club, data):
    members = Member.objects.in_bulk([choice["member"] for choice in data.values() if "member" in choice])
    mapping = {}
    for key, choice in data.items():
        if "new" in choice:
            mapping[key] = NewMember(name=choice["new"], kana=choice.get("kana", ""), guest=bool(choice.get("guest")))
        elif (member := members.get(choice.get("member"))) is not None and member.club_id == club.pk:
            mapping[key] = member
    return mapping
