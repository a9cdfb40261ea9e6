"""Reading a game's history as a list of readable changes: who, when, what before and after."""

from django.utils.translation import gettext as _

from ..models.games import WINDS
from ..models.rule_versions import RuleVersion
from ..web.links import login_shown


def game_history(game):
    """Revisions of ``game``, oldest first, each with the changes it made."""
    records = list(game.history.select_related("history_user").order_by("history_date", "history_id"))
    versions = RuleVersion.objects.select_related("rule_set").in_bulk({r.rule_version_id for r in records})
    club = game.meeting.club
    shown = {user: login_shown(club, user) for user in {r.history_user for r in records}}
    revisions = []
    previous = None
    for record in records:
        record.rule_version_shown = versions.get(record.rule_version_id)
        revisions.append(
            {
                "when": record.history_date,
                "who": shown[record.history_user],  # a name, never the login name
                "revision": record.revision,
                "action": _action(previous, record),
                "changes": [] if previous is None else list(_changes(previous, record)),
                "note": record.note if previous is None else "",  # the note as entered (its changes are in changes)
            }
        )
        previous = record
    return revisions


def _action(previous, record):
    if previous is None:
        return _("entered")
    if previous.void != record.void:
        return _("voided") if record.void else _("restored")
    if (record.history_change_reason or "").startswith("recomputed"):
        return _("recomputed under the rules in force")
    if (record.history_change_reason or "").startswith("guest merged"):  # services.people.GUEST_MERGED
        return _("a guest merged into a member")
    return _("corrected")


def _changes(before, after):
    if (before.round, before.table) != (after.round, after.table):
        yield (_("Round / table"), f"{before.round} / {before.table}", f"{after.round} / {after.table}")
    if before.meeting_id != after.meeting_id:
        yield (_("Meeting"), str(before.meeting), str(after.meeting))
    if before.rule_version_id != after.rule_version_id:
        yield (_("Rules"), str(before.rule_version_shown), str(after.rule_version_shown))
    if (before.note or "") != (after.note or ""):
        yield (_("Note"), before.note or "—", after.note or "—")
    old, new = before.sheet or {}, after.sheet or {}
    seats = max(len(old.get("names", [])), len(new.get("names", [])))
    for seat in range(seats):
        wind = WINDS[seat]
        # "points": a game entered by points (点数なし) keeps them instead of the scores.
        for key, label in (
            ("names", _("player")),
            ("scores", _("score")),
            ("points", _("points")),
            ("chips", _("chips")),
        ):
            a, b = _at(old.get(key), seat), _at(new.get(key), seat)
            if a != b:
                yield (f"{wind} {label}", _show(a), _show(b))
    if old.get("deposit", 0) != new.get("deposit", 0):
        yield (_("Leftover deposit"), _show(old.get("deposit", 0)), _show(new.get("deposit", 0)))
    for key, label in (("busts", _("Busts")), ("yakuman", _("Yakuman")), ("chombo", _("Chombo"))):
        if (old.get(key) or []) != (new.get(key) or []):
            yield (label, _describe(key, old), _describe(key, new))


def _at(values, index):
    return values[index] if values and index < len(values) else None


def _show(value):
    if value is None:
        return "—"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _describe(key, sheet):
    names = sheet.get("names", [])
    entries = sheet.get(key) or []
    if not entries:
        return "—"

    def name(seat):
        return names[seat] if seat is not None and seat < len(names) else _("the top")

    if key == "busts":
        return ", ".join(_("%(busted)s by %(by)s") % {"busted": name(e["seat"]), "by": name(e["by"])} for e in entries)
    if key == "yakuman":
        return ", ".join(f"{name(e['seat'])} {e.get('name') or _('yakuman')} ({e['win']})" for e in entries)
    return ", ".join(name(e["seat"]) for e in entries)
