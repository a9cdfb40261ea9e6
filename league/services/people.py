"""Saving a club's people: members, logins and roles, seasons, adjustments. One transaction each.

The forms check everything a person can fix; these functions check again under
a lock what another save could have changed meanwhile (a name just taken, the
last owner), and refuse with a ``Refused`` naming the form field it concerns.
Nothing is ever half-saved: a refusal rolls the whole change back.
"""

from django.db import transaction
from django.db.models import Case, IntegerField, Prefetch, Value, When
from django.utils.translation import gettext as _

from ..models.clubs import Club
from ..models.draws import DrawnSeat
from ..models.games import Adjustment, Game, GameSeat, Yakuman
from ..models.meeting_lines import MeetingLine
from ..models.meeting_people import Attendance
from ..models.meetings import Meeting
from ..models.member_finder import name_key
from ..models.people import Member, Membership, Role
from ..models.seasons import Season
from ..text.formatting import format_date
from .day_pairs import rebuild_season_pairs
from .kept_money import keep_meeting_money, refresh_member_drift
from .locks import lock_games, lock_meetings, lock_members
from .meeting_lines import refresh_meeting_lines
from .refusals import Refused, refused_on_conflict

# -- reading -----------------------------------------------------------------------------------------------

ROLE_ORDER = Case(
    When(role=Role.OWNER, then=Value(0)),
    When(role=Role.SECRETARY, then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)


def logins_of(club):
    """The club's memberships, owners first, each with ``linked`` (the club's members of that login)."""
    return (
        Membership.objects.filter(club=club)
        .select_related("user")
        .prefetch_related(Prefetch("user__members", queryset=Member.objects.filter(club=club), to_attr="linked"))
        .order_by(ROLE_ORDER, "user__username")
    )


def members_of(club, search=""):
    """The club's members and guests in reading order, with their login, narrowed to ``search`` when given (the
    owner's page splits them with ``members()`` and ``guests()``)."""
    members = Member.objects.filter(club=club).select_related("user").in_kana_order()
    return members.matching(search) if search.strip() else members


def adjustments_of(club):
    return Adjustment.objects.filter(club=club).select_related("member", "rule_set", "created_by")


# -- members (会員) -------------------------------------------------------------------------------------


def save_member(club, member, *, name, kana, active, user):
    """Add ``member`` to ``club`` or save changes to it; deactivating keeps every result."""
    with transaction.atomic():
        if member.pk is not None:
            lock_meetings(_days_of(member.pk))  # a rename writes their drift: the days before the person
            member = Member.objects.select_for_update().get(pk=member.pk, club=club)
        renamed = member.pk is not None and (member.name, member.kana) != (name, kana)
        member.club = club
        member.name, member.kana, member.active, member.user = name, kana, active, user
        if user is not None and Member.objects.filter(club=club, user=user).exclude(pk=member.pk).exists():
            raise Refused(
                _("The login %(username)s is already linked to another member.") % {"username": user.get_username()},
                "user",
            )
        with refused_on_conflict(_("The club already has a member called “%(name)s”.") % {"name": name}, "name"):
            member.save()
        if renamed:  # the day's order goes by name: a closed day's kept settlement may no longer be what it gives
            refresh_member_drift(member.pk)
    return member


def add_members(club, people):
    """Add each (name, reading) of ``people`` to ``club`` as a member, all of them or none (まとめて追加).

    Refused when a name is, by now, someone's in the club already (spelling, width, case and spaces aside,
    as the member finder compares names) or twice in ``people``."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()  # two lists pasted at once: one after the other
        taken = {name_key(name): name for name in Member.objects.filter(club=club).values_list("name", flat=True)}
        added = []
        for name, kana in people:
            key = name_key(name)
            if key in taken:
                raise Refused(_("The club already has “%(name)s”. Nobody was added.") % {"name": taken[key]})
            taken[key] = name
            member = Member(club=club, name=name, kana=kana)
            with refused_on_conflict(
                _("“%(name)s” was added to the club at the same moment. Nobody was added.") % {"name": name}
            ):
                member.save()  # one by one: each new member's history says it was added
            added.append(member)
    return added


# -- guests (ゲスト) ----------------------------------------------------------------------------------

GUEST_MERGED = "guest merged"  # the change reason of a game whose guest was merged into a member (league/history)


def make_member(club, guest, *, name, kana):
    """Make ``guest`` a member of ``club`` (会員にする), the name and reading as corrected; every game stays theirs."""
    with transaction.atomic():
        lock_meetings(_days_of(guest.pk))  # their drift is written below: the days before the person
        guest = _locked_guest(club, guest)
        guest.guest, guest.name, guest.kana = False, name, kana
        with refused_on_conflict(_("The club already has a member called “%(name)s”.") % {"name": name}, "name"):
            guest.save()
        refresh_member_drift(guest.pk)  # the name may be corrected: see ``save_member``
    return guest


def merge_guest(club, guest, member, user):
    """Give ``member`` every game, yakuman, adjustment, attendance and drawn seat of ``guest``, then remove the guest.

    For a visitor who was in fact a member (or became one): refused when both played in one game, and when
    both are in the money a closed meeting kept (reopen it first: its fees were settled for two people).
    Each game changed records in its history who merged the guest; the guest's removal is in theirs.
    """
    with transaction.atomic():
        # In the one lock order (services/locks.py): the guest's days, drawn seats and games, then both people.
        days = lock_meetings(_days_of(guest.pk))
        list(DrawnSeat.objects.select_for_update(of=("self",)).filter(member=guest.pk).order_by("pk"))
        games = (
            Game.objects.select_for_update(of=("self",))
            .select_related("meeting")
            .filter(pk__in=GameSeat.objects.filter(member=guest.pk).values("game_id"))
        )
        lock_games(GameSeat.objects.filter(member=guest.pk).values_list("game_id", flat=True))
        people = lock_members([guest.pk, member.pk], club.pk)
        guest = _locked_guest(club, guest)
        member = people.get(member.pk)
        if member is None or member.pk == guest.pk:
            raise Refused(_("Choose a member of this club."), "member")
        if not _days_of(guest.pk) <= days.keys():  # a game of theirs saved on another day between read and lock
            raise Refused(
                _("%(guest)s was just entered on another day. Nothing was merged: try again.") % {"guest": guest.name}
            )
        together = games.filter(pk__in=GameSeat.objects.filter(member=member).values("game_id")).first()
        if together is not None:
            raise Refused(
                _("%(guest)s and %(member)s both played in the game of %(game)s: they are two people.")
                % {"guest": guest.name, "member": member.name, "game": together},
                "member",
            )
        merged_days = _merge_kept_money(guest, member)
        _merge_drawn_seats(guest, member, user)
        days = set()
        for game in games.order_by("pk"):  # locked already, as is each game's meeting
            days.add(game.meeting_id)
            game.sheet = _sheet_with(game.sheet, guest, member)
            game.revision += 1  # the row is locked, so a plain increment is safe
            game.updated_by = user
            game._change_reason = f"{GUEST_MERGED}: {guest.pk} → {member.pk}"
            game.save()
        GameSeat.objects.filter(member=guest).update(member=member)
        refresh_meeting_lines(days)
        Yakuman.objects.filter(member=guest).update(member=member)
        for adjustment in Adjustment.objects.select_for_update().filter(member=guest):
            adjustment.member = member
            adjustment.save()
        for attendance in Attendance.objects.select_for_update().filter(member=guest):
            mine = Attendance.objects.filter(meeting=attendance.meeting_id, member=member).first()
            if mine is None:
                attendance.member = member
                attendance.save()
                continue
            if attendance.present_at_close and not mine.present_at_close:
                mine.present_at_close = True
                mine.save()
            attendance.delete()
        # Their kept lines name the member now, and the days' games, attendance and records changed together.
        keep_meeting_money(merged_days)
        guest._change_reason = f"{GUEST_MERGED}: → {member.pk}"
        guest.delete()
    return member


def _merge_drawn_seats(guest, member, user):
    """Seat ``member`` wherever a seating draw seated ``guest``, refusing a round that drew both."""
    seats = DrawnSeat.objects.select_for_update(of=("self",)).select_related("round__meeting").filter(member=guest)
    both = seats.filter(round__seats__member=member).first()
    if both is not None:
        raise Refused(
            _("%(guest)s and %(member)s were both drawn in round %(round)s of %(date)s: they are two people.")
            % {
                "guest": guest.name,
                "member": member.name,
                "round": both.round.number,
                "date": format_date(both.round.meeting.date),
            },
            "member",
        )
    for seat in seats:
        seat.member = member
        if user is not None:
            seat._history_user = user
        seat._change_reason = f"{GUEST_MERGED}: {guest.pk} → {member.pk}"
        seat.save()


def _days_of(person):
    """The ids of the days ``person`` (a member's id) played, came or was drawn on, or has kept lines in."""
    days = set(GameSeat.objects.filter(member=person).values_list("game__meeting_id", flat=True))
    days |= set(Attendance.objects.filter(member=person).values_list("meeting_id", flat=True))
    days |= set(DrawnSeat.objects.filter(member=person).values_list("round__meeting_id", flat=True))
    return days | set(MeetingLine.objects.filter(member=person).values_list("meeting_id", flat=True))


def _locked_guest(club, guest):
    guest = Member.objects.select_for_update().filter(pk=guest.pk, club=club).first()
    if guest is None or not guest.guest:
        raise Refused(_("This person is no longer a guest of the club."))
    return guest


def _sheet_with(sheet, guest, member):
    """A game's sheet (as entered) with ``member`` seated where ``guest`` was."""
    players = [member.pk if pk == guest.pk else pk for pk in sheet.get("players", [])]
    names = [
        member.name if pk == member.pk else name for pk, name in zip(players, sheet.get("names", []), strict=False)
    ]
    return {**sheet, "players": players, "names": names}


def _merge_kept_money(guest, member):
    """Put ``member`` where ``guest`` is in the money closed meetings kept, refusing a day both are in; returns
    the ids of the days the guest is in."""
    days = set(GameSeat.objects.filter(member=guest).values_list("game__meeting_id", flat=True))
    days |= set(Attendance.objects.filter(member=guest).values_list("meeting_id", flat=True))
    for meeting in Meeting.objects.select_for_update().filter(pk__in=days, closed=True, settlement__isnull=False):
        record = meeting.settlement
        people = (
            {line["member"] for line in record["lines"]}
            | set(record["recipients"])
            | {pk for pk, _reason in record["passed_over"]}
        )
        if guest.pk not in people:
            continue
        if member.pk in people:
            raise Refused(
                _(
                    "%(guest)s and %(member)s both played on %(date)s, whose meeting is closed with their "
                    "fees settled apart. Reopen that meeting first."
                )
                % {"guest": guest.name, "member": member.name, "date": meeting.date},
                "member",
            )

        def swap(pk):
            return member.pk if pk == guest.pk else pk

        meeting.settlement = {
            **record,
            "lines": [{**line, "member": swap(line["member"])} for line in record["lines"]],
            "recipients": [swap(pk) for pk in record["recipients"]],
            "passed_over": [[swap(pk), reason] for pk, reason in record["passed_over"]],
        }
        meeting.save()
    return days


# -- logins and roles (ログイン・役割) ----------------------------------------------------------------


def change_login(membership, *, role, member):
    """Change a login's role and linked member; the club always keeps an owner."""
    with transaction.atomic():
        _lock_owners(membership.club_id)  # before the one changed: two owners removed at once wait in one order
        current = Membership.objects.select_for_update().select_related("user", "club").get(pk=membership.pk)
        if current.role == Role.OWNER and role != Role.OWNER:
            _refuse_last_owner(
                current,
                _("%(username)s is the club's last owner. Make someone else owner first, then change this role."),
            )
        if current.role != role:
            current.role = role
            current.save()
        _link(current.club, current.user, member)
    return current


def remove_login(membership, removed_by=None):
    """Take a login out of the club (the login itself stays, and its member keeps every result).

    The membership's history keeps who removed it (``removed_by``), for the club's activity page."""
    with transaction.atomic():
        _lock_owners(membership.club_id)  # before the one changed: two owners removed at once wait in one order
        current = Membership.objects.select_for_update().select_related("user", "club").get(pk=membership.pk)
        if current.role == Role.OWNER:
            _refuse_last_owner(
                current,
                _("%(username)s is the club's last owner and cannot be removed. Make someone else owner first."),
            )
        for linked in Member.objects.select_for_update().filter(club=current.club, user=current.user):
            linked.user = None
            linked.save()
        if removed_by is not None:
            current._history_user = removed_by
        current.delete()
    return current


def _lock_owners(club_id):
    list(Membership.objects.select_for_update().filter(club=club_id, role=Role.OWNER).order_by("pk").values_list("pk"))


def _refuse_last_owner(membership, message):
    owners = list(
        Membership.objects.select_for_update()
        .filter(club=membership.club_id, role=Role.OWNER)
        .values_list("pk", flat=True)
    )
    if owners == [membership.pk]:
        raise Refused(message % {"username": membership.user.get_username()}, "role")


def _link(club, user, member):
    """Make ``member`` (or no member) the one ``user`` plays as in ``club``."""
    linked = list(Member.objects.select_for_update().filter(club=club, user=user))
    for other in linked:
        if other != member:
            other.user = None
            other.save()
    if member is None or member in linked:
        return
    member = Member.objects.select_for_update().get(pk=member.pk, club=club)
    if member.user_id is not None:
        raise Refused(
            _("%(member)s is already linked to the login %(username)s.")
            % {"member": member.name, "username": member.user.get_username()},
            "member",
        )
    member.user = user
    member.save()


# -- seasons (シーズン) ---------------------------------------------------------------------------------


def save_season(club, season, *, name, starts_on, ends_on, min_games):
    with transaction.atomic():
        if season.pk is not None:
            season = Season.objects.select_for_update().get(pk=season.pk, club=club)
        if ends_on < starts_on:
            raise Refused(_("The last day comes before the first day."), "ends_on")
        season.club = club
        season.name, season.starts_on, season.ends_on, season.min_games = name, starts_on, ends_on, min_games
        with refused_on_conflict(_("The club already has a season called “%(name)s”.") % {"name": name}, "name"):
            season.save()
        rebuild_season_pairs([season])  # its days, as its dates now say, summed for the draw
    return season


# -- adjustments (調整) ---------------------------------------------------------------------------------


def add_adjustment(club, entered_by, *, rule_set, member, date, points, reason):
    """Record a signed manual entry of ``points`` (integer tenths) for ``member``."""
    if rule_set.club_id != club.pk or member.club_id != club.pk:
        raise Refused(_("The rule set and the member must be of this club."))
    with transaction.atomic():
        return Adjustment.objects.create(
            club=club, rule_set=rule_set, member=member, date=date, points=points, reason=reason, created_by=entered_by
        )


def delete_adjustment(adjustment, deleted_by=None):
    """Delete an adjustment; its history keeps what it was and who deleted it (``deleted_by``)."""
    with transaction.atomic():
        current = Adjustment.objects.select_for_update().filter(pk=adjustment.pk).first()
        if current is not None:  # already deleted by a second click: nothing left to do
            if deleted_by is not None:
                current._history_user = deleted_by
            current.delete()
