"""A club's activity (操作履歴): who did what and when, newest first, read from the history every change keeps.

Each *source* is a small function ``source(club, before, limit)`` returning at most ``limit`` ``Activity``
items older than ``before`` (a datetime, or None for the newest), newest first, in a fixed number of
queries. ``club_activity`` asks every source in ``SOURCES`` for one page, merges them and keeps the newest
page; the next page starts before its last item. So a page costs the same few queries however long the
club's history is. (Two changes made in the same microsecond across a page's edge would show the second
only on a reload; saves are one per transaction, so this does not happen in practice.)

Imports and recomputations are one item each (the import batch, the rule version), not one per game they
touched: game records a person did not make by hand (a change reason is set: an import, its undo, a
recomputation, a guest merged) are left out of the games' source, and the meetings and members an import
made or its undoing removed out of theirs. Every source filters in SQL (what changed is read with a window
over the object's records), so each returns a full page whenever it has one: a merged page never skips an
item of a source that stopped short.

A new kind of record adds its source function here and to ``SOURCES``.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import F, OuterRef, Q, Subquery, Value, Window
from django.db.models.functions import Coalesce, Lag
from django.urls import reverse
from django.utils.translation import gettext as _

from ..models.draws import DRAWN, REDRAWN, SWAPPED, DrawnRound, ReportedResult
from ..models.games import Adjustment, Game
from ..models.imports import ImportBatch
from ..models.invites import Invite
from ..models.meetings import Meeting, Settlement
from ..models.people import Member, Membership
from ..models.rule_versions import RuleVersion
from ..models.seasons import Season
from ..text.formatting import format_date, format_points

PAGE = 50


@dataclass(frozen=True)
class Activity:
    when: datetime
    user: object  # the login that did it (None: unknown, e.g. a command)
    what: str  # one sentence, in the page's language
    link: str | None = None  # the page of what it is about, while it exists
    member: str = ""  # the name of the member ``user`` plays as in this club, filled in by ``club_activity``


def club_activity(club, before=None, limit=PAGE):
    """The newest ``limit`` activities of ``club`` older than ``before``, newest first."""
    items = [item for source in SOURCES for item in source(club, before, limit)]
    items.sort(key=lambda item: item.when, reverse=True)
    page = items[:limit]
    users = {item.user.pk for item in page if item.user is not None}
    names = dict(Member.objects.filter(club=club, user__in=users).values_list("user_id", "name"))
    return [
        Activity(item.when, item.user, item.what, item.link, names.get(item.user.pk, "") if item.user else "")
        for item in page
    ]


def _records(model, club_filter, before, limit, tracked=None, shown=None, left_out=None):
    """The newest ``limit`` history records of ``model`` for the club, older than ``before``.

    ``tracked`` maps a field to the value it stands for when there is no record before (``previous_<field>``
    is then the value before each record); ``shown`` keeps the records that matter (it may compare a record
    with the previous one: the database then filters after the window, in SQL); ``left_out`` drops records
    before the window (e.g. those an import made).
    """
    records = model.history.filter(**club_filter)
    if left_out is not None:
        records = records.exclude(left_out)
    if before is not None:  # the records before a page's first one are older still, so its window is whole
        records = records.filter(history_date__lt=before)
    if tracked and shown is None:
        return _with_previous(model, records, limit, tracked, left_out)
    order = [F("history_date").asc(), F("history_id").asc()]
    records = records.annotate(
        **{
            f"previous_{field}": Coalesce(Window(Lag(field), partition_by=[F("id")], order_by=order), Value(first))
            for field, first in (tracked or {}).items()
        }
    )
    if shown is not None:
        records = records.filter(shown)
    return records.select_related("history_user").order_by("-history_date", "-history_id")[:limit]


def _with_previous(model, records, limit, tracked, left_out):
    """The newest ``limit`` of ``records``, each with ``previous_<field>`` read for it alone.

    A window over every record of the club (a game's thousands) cost the page more the longer the club's
    history; where no filter compares a record with the one before it, the page's records are chosen first
    and each looks up its own previous record (by the object's id, the newest before it, left-out ones left
    out as the window leaves them out): the same values, read for a page, not for the history.
    """
    page = list(records.order_by("-history_date", "-history_id").values_list("history_id", flat=True)[:limit])
    earlier = model.history.filter(id=OuterRef("id")).filter(
        Q(history_date__lt=OuterRef("history_date"))
        | Q(history_date=OuterRef("history_date"), history_id__lt=OuterRef("history_id"))
    )
    if left_out is not None:
        earlier = earlier.exclude(left_out)
    earlier = earlier.order_by("-history_date", "-history_id")
    previous = {
        f"previous_{field}": Coalesce(Subquery(earlier.values(field)[:1]), Value(first))
        for field, first in tracked.items()
    }
    return (
        model.history.filter(history_id__in=page)
        .annotate(**previous)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )


# Records a person made by hand: imports, their undoing, recomputations and merged guests give a reason.
BY_MACHINE = Q(history_change_reason__isnull=False) & ~Q(history_change_reason="")
IMPORTED = Q(history_change_reason__startswith="import")  # made by an import, or removed by undoing it
ADDED_OR_REMOVED = Q(history_type__in=["+", "-"])


# -- games --------------------------------------------------------------------------------------------


def game_activity(club, before, limit):
    records = _records(Game, {"meeting__club": club}, before, limit, {"void": False}, left_out=BY_MACHINE)
    records = list(records.select_related("meeting"))
    alive = set(Game.objects.filter(pk__in=[r.id for r in records]).values_list("pk", flat=True))
    items = []
    for record in records:
        if record.history_type == "+":
            action = _("entered")
        elif record.history_type == "-":
            action = _("deleted")
        elif record.previous_void != record.void:
            action = _("voided") if record.void else _("restored")
        else:
            action = _("corrected")
        game = _("Round %(round)s · table %(table)s of %(date)s") % {
            "round": record.round,
            "table": record.table,
            "date": format_date(record.meeting.date),
        }
        link = reverse("game_history", args=[club.slug, record.id]) if record.id in alive else None
        items.append(Activity(record.history_date, record.history_user, f"{game}: {action}", link))
    return items


# -- meetings -----------------------------------------------------------------------------------------


def meeting_activity(club, before, limit):
    """Meetings started, closed and reopened (their other edits are the day's figures, shown on its page)."""
    # An imported meeting is open: its first record by hand closes it, or not.
    # A reopening is the settlements' (it carries its reason there).
    reopened = Q(history_change_reason=Settlement.Action.REOPENED)
    records = list(
        _records(
            Meeting,
            {"club": club},
            before,
            limit,
            {"closed": False},
            shown=ADDED_OR_REMOVED | (~Q(previous_closed=F("closed")) & ~reopened),
            left_out=IMPORTED,
        )
    )
    alive = set(Meeting.objects.filter(club=club).values_list("pk", flat=True).filter(pk__in=[r.id for r in records]))
    items = []
    for record in records:
        day = format_date(record.date)
        if record.history_type == "+":
            what = _("Meeting of %(date)s started") % {"date": day}
        elif record.history_type == "-":
            what = _("Meeting of %(date)s deleted") % {"date": day}
        else:
            what = (_("Meeting of %(date)s closed") if record.closed else _("Meeting of %(date)s reopened")) % {
                "date": day
            }
        if record.history_change_reason and record.history_change_reason not in Settlement.Action.values:
            what = f"{what} ({record.history_change_reason})"
        link = reverse("meeting_detail", args=[club.slug, record.id]) if record.id in alive else None
        items.append(Activity(record.history_date, record.history_user, what, link))
    return items


# -- adjustments -----------------------------------------------------------------------------------------


def adjustment_activity(club, before, limit):
    records = _records(Adjustment, {"club": club}, before, limit).select_related("member")
    items = []
    for record in records:
        words = {
            "points": format_points(record.points),
            "member": record.member.name,
            "date": format_date(record.date),
            "reason": record.reason,
        }
        what = {
            "+": _("Adjustment of %(points)s for %(member)s on %(date)s added (%(reason)s)"),
            "-": _("Adjustment of %(points)s for %(member)s on %(date)s deleted (%(reason)s)"),
        }.get(record.history_type, _("Adjustment of %(points)s for %(member)s on %(date)s changed (%(reason)s)"))
        items.append(
            Activity(record.history_date, record.history_user, what % words, reverse("adjustments", args=[club.slug]))
        )
    return items


# -- members and guests -------------------------------------------------------------------------------------


def member_activity(club, before, limit):
    changed = (
        ~Q(previous_name=F("name"))
        | ~Q(previous_active=F("active"))
        | ~Q(previous_guest=F("guest"))
        | ~Q(previous_user=Coalesce(F("user"), Value(0)))
    )
    records = list(
        _records(
            Member,
            {"club": club},
            before,
            limit,
            {"name": "", "active": True, "guest": False, "user": 0},
            shown=ADDED_OR_REMOVED | changed,
            left_out=IMPORTED,
        ).select_related("user")
    )
    alive = set(Member.objects.filter(club=club, pk__in=[r.id for r in records]).values_list("pk", flat=True))
    items = []
    for record in records:
        what = _member_change(record)
        link = reverse("member_page", args=[club.slug, record.id]) if record.id in alive else None
        items.append(Activity(record.history_date, record.history_user, what, link))
    return items


def _member_change(record):
    name = {"name": record.name}
    if record.history_type == "+":
        return (_("Guest %(name)s added") if record.guest else _("Member %(name)s added")) % name
    if record.history_type == "-":
        if (record.history_change_reason or "").startswith("guest merged"):  # services.people.GUEST_MERGED
            return _("Guest %(name)s merged into a member") % name
        return _("%(name)s removed") % name
    changes = []
    if record.previous_name != record.name:
        changes.append(_("renamed from %(old)s") % {"old": record.previous_name})
    if record.previous_guest and not record.guest:
        changes.append(_("made a member"))
    if record.previous_active != record.active:
        changes.append(_("made active") if record.active else _("made inactive"))
    if record.previous_user != (record.user_id or 0):
        changes.append(
            _("linked to the login %(username)s") % {"username": record.user.get_username()}
            if record.user
            else _("no longer linked to a login")
        )
    return _("%(name)s: %(changes)s") % {"name": record.name, "changes": ", ".join(changes)}


# -- logins and roles ------------------------------------------------------------------------------------


def login_activity(club, before, limit):
    records = _records(
        Membership, {"club": club}, before, limit, {"role": ""}, shown=ADDED_OR_REMOVED | ~Q(previous_role=F("role"))
    ).select_related("user")
    items = []
    for record in records:
        words = {"username": record.user.get_username() if record.user else "?", "role": record.get_role_display()}
        if record.history_type == "+":
            what = _("Login %(username)s added as %(role)s") % words
        elif record.history_type == "-":
            what = _("Login %(username)s removed from the club") % words
        else:
            what = _("Login %(username)s is now %(role)s") % words
        items.append(
            Activity(record.history_date, record.history_user, what, reverse("manage_logins", args=[club.slug]))
        )
    return items


# -- seasons and rules ------------------------------------------------------------------------------------


def season_activity(club, before, limit):
    items = []
    for record in _records(Season, {"club": club}, before, limit):
        what = {"+": _("Season %(name)s added"), "-": _("Season %(name)s deleted")}.get(
            record.history_type, _("Season %(name)s changed")
        )
        items.append(
            Activity(
                record.history_date,
                record.history_user,
                what % {"name": record.name},
                reverse("manage_seasons", args=[club.slug]),
            )
        )
    return items


def rule_version_activity(club, before, limit):
    records = _records(RuleVersion, {"rule_set__club": club}, before, limit).select_related("rule_set")
    items = []
    for record in records:
        words = {"rule_set": record.rule_set.name, "date": format_date(record.effective_from)}
        what = {
            "+": _("Rules of %(rule_set)s from %(date)s added"),
            "-": _("Rules of %(rule_set)s from %(date)s deleted"),
        }.get(record.history_type, _("Rules of %(rule_set)s from %(date)s changed"))
        items.append(
            Activity(record.history_date, record.history_user, what % words, reverse("manage_rules", args=[club.slug]))
        )
    return items


# -- imports -------------------------------------------------------------------------------------------------


def import_activity(club, before, limit):
    """An import as two items: when it was saved and, once undone, when it was undone."""
    batches = ImportBatch.objects.filter(club=club).select_related("created_by", "undone_by")
    saved = batches.filter(created_at__lt=before) if before else batches
    undone = batches.filter(undone_at__isnull=False)
    undone = undone.filter(undone_at__lt=before) if before else undone
    items = []
    for batch in saved.order_by("-created_at", "-id")[:limit]:
        what = _("Import of %(file)s: %(games)s games") % {"file": batch.file_name or "—", "games": batch.games}
        items.append(
            Activity(batch.created_at, batch.created_by, what, reverse("import_batch", args=[club.slug, batch.pk]))
        )
    for batch in undone.order_by("-undone_at", "-id")[:limit]:
        what = _("Import of %(file)s undone") % {"file": batch.file_name or "—"}
        items.append(
            Activity(batch.undone_at, batch.undone_by, what, reverse("import_batch", args=[club.slug, batch.pk]))
        )
    return items


# -- invites ------------------------------------------------------------------------------------------------------


def invite_activity(club, before, limit):
    """An invite as up to two items: when it was made, and when it was used or withdrawn."""
    invites = Invite.objects.filter(club=club).select_related("member", "created_by", "used_by", "withdrawn_by")
    made = invites.filter(created_at__lt=before) if before else invites
    used = invites.filter(used_at__isnull=False)
    used = used.filter(used_at__lt=before) if before else used
    withdrawn = invites.filter(withdrawn_at__isnull=False)
    withdrawn = withdrawn.filter(withdrawn_at__lt=before) if before else withdrawn
    items = []
    for invite in made.order_by("-created_at", "-id")[:limit]:
        items.append(
            Activity(
                invite.created_at,
                invite.created_by,
                _invite_said(_("Invite for %(member)s as %(role)s made"), invite),
                _invite_link(club, invite),
            )
        )
    for invite in used.order_by("-used_at", "-id")[:limit]:
        items.append(
            Activity(
                invite.used_at,
                invite.used_by,
                _invite_said(_("Invite for %(member)s as %(role)s used"), invite),
                _invite_link(club, invite),
            )
        )
    for invite in withdrawn.order_by("-withdrawn_at", "-id")[:limit]:
        items.append(
            Activity(
                invite.withdrawn_at,
                invite.withdrawn_by,
                _invite_said(_("Invite for %(member)s as %(role)s withdrawn"), invite),
                _invite_link(club, invite),
            )
        )
    return items


def _invite_said(sentence, invite):
    return sentence % {"member": invite.member.name, "role": invite.get_role_display()}


def _invite_link(club, invite):
    return reverse("invite_detail", args=[club.slug, invite.pk])


# -- settlements ---------------------------------------------------------------------------------------------


def settlement_activity(club, before, limit):
    """A meeting reopened, or re-settled by the owner, with its reason (a close is the meetings' source)."""
    entries = Settlement.objects.for_club(club).filter(
        action__in=[Settlement.Action.REOPENED, Settlement.Action.RESETTLED]
    )
    entries = entries.filter(at__lt=before) if before else entries
    said = {
        Settlement.Action.REOPENED: _("Meeting of %(date)s reopened (%(reason)s)"),
        Settlement.Action.RESETTLED: _("Meeting of %(date)s re-settled (%(reason)s)"),
    }
    return [
        Activity(
            entry.at,
            entry.by,
            said[entry.action] % {"date": format_date(entry.meeting.date), "reason": entry.reason},
            reverse("meeting_detail", args=[club.slug, entry.meeting_id]),
        )
        for entry in entries[:limit]
    ]


# -- results reported by players ------------------------------------------------------------------------------


def report_activity(club, before, limit):
    """A player's report of a drawn table sent, and the secretary's confirming or turning it down."""
    records = _records(ReportedResult, {"meeting__club": club}, before, limit).select_related("meeting")
    said = {
        ReportedResult.Status.CONFIRMED: _("Report of round %(round)s, table %(table)s on %(date)s confirmed"),
        ReportedResult.Status.TURNED_DOWN: _("Report of round %(round)s, table %(table)s on %(date)s turned down"),
    }
    items = []
    for record in records:
        what = (
            _("Result of round %(round)s, table %(table)s on %(date)s reported by a player")
            if record.history_type == "+"
            else said.get(record.status)
        )
        if what is None or record.meeting is None:
            continue  # nothing a person decided, or of a meeting since deleted
        items.append(
            Activity(
                record.history_date,
                record.history_user,
                what % {"round": record.round, "table": record.table, "date": format_date(record.meeting.date)},
                reverse("meeting_detail", args=[club.slug, record.meeting_id]),
            )
        )
    return items


# -- the seating draw ---------------------------------------------------------------------------------------------


def draw_activity(club, before, limit):
    """A round drawn, drawn again or changed by hand, with its seed (the draw can be made again from it)."""
    records = _records(
        DrawnRound, {"meeting__club": club}, before, limit, shown=Q(history_change_reason__in=list(DRAW_SAID))
    ).select_related("meeting")
    return [
        Activity(
            record.history_date,
            record.history_user,
            DRAW_SAID[record.history_change_reason]()
            % {"round": record.number, "date": format_date(record.meeting.date), "seed": record.seed},
            reverse("meeting_draw", args=[club.slug, record.meeting_id]),
        )
        for record in records
        if record.meeting is not None
    ]


DRAW_SAID = {
    DRAWN: lambda: _("Round %(round)s of %(date)s drawn (seed %(seed)s)"),
    REDRAWN: lambda: _("Round %(round)s of %(date)s drawn again (seed %(seed)s)"),
    SWAPPED: lambda: _("Round %(round)s of %(date)s changed by hand"),
}

SOURCES = [
    game_activity,
    meeting_activity,
    adjustment_activity,
    member_activity,
    login_activity,
    season_activity,
    rule_version_activity,
    import_activity,
    invite_activity,
    settlement_activity,
    report_activity,
    draw_activity,
]
