"""An import between its steps: the rows read, the rules chosen and the names mapped, kept in the session.

Only what was read from the file is kept (never anything computed from it),
and every step plans it again from the database, so nothing the browser
sends is trusted beyond the choices of the mapping form, which are checked.
One import per club and session: uploading another file replaces it, and a
stale page (an old token) is sent back to the start.  A sheet whose layout
was not recognised waits here as read (``store_sheet``) until the secretary
names its columns, then its rows take its place (``replace_sheet``).
"""

import secrets
from dataclasses import dataclass

from ..models.clubs import RuleSet
from ..models.people import Member
from .names import NewMember
from .reading import Sheet
from .table import Table


def _key(club):
    return f"janroku_import:{club.pk}"


@dataclass
class Pending:
    token: str
    rule_set: RuleSet
    table: Table
    mapping: dict


# A sheet whose layout was recognised is kept beside its rows only up to this size, so that its columns can
# still be named by hand: keeping a season of thousands of games twice would double the session (and the
# memory of every step).  A large file read the wrong way is chosen again.
KEEP_SHEET_ROWS = 2_000


def store(session, club, rule_set, table, sheet=None):
    """Keep a new import; returns its token (for its address).  The ``sheet`` read is kept too (when small),
    so that its columns can still be named by hand when the layout recognised is not the one meant."""
    token = secrets.token_hex(8)
    session[_key(club)] = {"token": token, "rule_set": rule_set.pk, "table": table.to_data(), "mapping": {}}
    if sheet is not None and len(sheet.rows) <= KEEP_SHEET_ROWS:
        session[_key(club)]["sheet"] = {"rows": sheet.rows, "source": sheet.source}
    return token


def store_sheet(session, club, rule_set, sheet, message):
    """Keep a sheet whose layout was not recognised, for the mapping step; returns its token."""
    token = secrets.token_hex(8)
    session[_key(club)] = {
        "token": token,
        "rule_set": rule_set.pk,
        "mapping": {},
        "message": message,
        "sheet": {"rows": sheet.rows, "source": sheet.source},
    }
    return token


def has_sheet(session, club, token):
    data = session.get(_key(club)) or {}
    return data.get("token") == token and "sheet" in data


def load_sheet(session, club, token):
    """(rule set, Sheet, message) of the sheet waiting for its columns to be named, or None."""
    data = session.get(_key(club))
    if not data or data.get("token") != token or "sheet" not in data:
        return None
    rule_set = RuleSet.objects.filter(club=club, pk=data["rule_set"]).with_versions().first()
    if rule_set is None:
        return None
    sheet = Sheet(
        rows=[(number, list(cells)) for number, cells in data["sheet"]["rows"]], source=data["sheet"]["source"]
    )
    return rule_set, sheet, data.get("message", "")


def replace_sheet(session, club, token, table):
    """The sheet's rows read with the columns named: the import goes on to its preview, under the same token."""
    data = session[_key(club)]
    session[_key(club)] = {
        "token": token,
        "rule_set": data["rule_set"],
        "table": table.to_data(),
        "mapping": {},
        "sheet": data["sheet"],
    }


def load(session, club, token):
    """The pending import of ``club`` with this token, or None."""
    data = session.get(_key(club))
    if not data or data.get("token") != token or "table" not in data:
        return None
    rule_set = RuleSet.objects.filter(club=club, pk=data["rule_set"]).first()
    if rule_set is None:
        return None
    return Pending(
        token=token,
        rule_set=rule_set,
        table=Table.from_data(data["table"]),
        mapping=mapping_from_data(club, data["mapping"]),
    )


def save_mapping(session, club, mapping):
    data = session[_key(club)]
    data["mapping"] = mapping_to_data(mapping)
    session[_key(club)] = data
    session.modified = True


def discard(session, club):
    session.pop(_key(club), None)


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
