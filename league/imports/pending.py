"""An import between its steps: the rows read, the rules chosen and the names mapped, kept in the session.

Only what was read from the file is kept (never anything computed from it),
and every step plans it again from the database, so nothing the browser
sends is trusted beyond the choices of the mapping form, which are checked.
One import per club and session: uploading another file replaces it, and a
stale page (an old token) is sent back to the start.
"""

import secrets
from dataclasses import dataclass

from ..models import Member, RuleSet
from .columns import Table
from .names import NewMember


def _key(club):
    return f"janroku_import:{club.pk}"


@dataclass
class Pending:
    token: str
    rule_set: RuleSet
    table: Table
    mapping: dict


def store(session, club, rule_set, table):
    """Keep a new import; returns its token (for its address)."""
    token = secrets.token_hex(8)
    session[_key(club)] = {"token": token, "rule_set": rule_set.pk, "table": table.to_data(), "mapping": {}}
    return token


def load(session, club, token):
    """The pending import of ``club`` with this token, or None."""
    data = session.get(_key(club))
    if not data or data.get("token") != token:
        return None
    rule_set = RuleSet.objects.filter(club=club, pk=data["rule_set"]).first()
    if rule_set is None:
        return None
    return Pending(token=token, rule_set=rule_set, table=Table.from_data(data["table"]),
                   mapping=mapping_from_data(club, data["mapping"]))


def save_mapping(session, club, mapping):
    data = session[_key(club)]
    data["mapping"] = mapping_to_data(mapping)
    session[_key(club)] = data
    session.modified = True


def discard(session, club):
    session.pop(_key(club), None)


def mapping_to_data(mapping):
    return {key: {"new": choice.name, "kana": choice.kana} if isinstance(choice, NewMember) else {"member": choice.pk}
            for key, choice in mapping.items()}


def mapping_from_data(club, data):
    members = Member.objects.in_bulk([choice["member"] for choice in data.values() if "member" in choice])
    mapping = {}
    for key, choice in data.items():
        if "new" in choice:
            mapping[key] = NewMember(name=choice["new"], kana=choice.get("kana", ""))
        elif (member := members.get(choice.get("member"))) is not None and member.club_id == club.pk:
            mapping[key] = member
    return mapping
