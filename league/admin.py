"""The site admin's view of every model (history included where it is kept)."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models.clubs import Club, RuleSet
from .models.day_pairs import DayPair, SeasonPair
from .models.day_totals import DayTotal, DayTotalLine
from .models.draws import DrawnRound, DrawnSeat, ReportedResult
from .models.games import Adjustment, Game, GameSeat, Yakuman
from .models.imports import ImportBatch
from .models.invites import Invite
from .models.kept_months import KeptMonth, KeptMonthLine
from .models.meeting_lines import MeetingLine
from .models.meeting_people import Attendance, KeptLine
from .models.meetings import Meeting, Settlement
from .models.member_months import MemberMonthFigures, MemberMonthOpponent
from .models.people import Member, Membership
from .models.record_lines import AllTimeLine, MemberDayRecord, MemberMonthRecord
from .models.rule_versions import RuleVersion
from .models.seasons import Season
from .services.day_pairs import rebuild_club_season_pairs, rebuild_season_pairs
from .services.kept_money import (
    keep_meeting_money,
    refresh_drift,
    refresh_kept_months,
    refresh_member_drift,
    refresh_rule_set_drift,
)
from .services.meeting_lines import refresh_meeting_lines
from .services.member_months import refresh_member_months
from .services.record_lines import month_of, refresh_all_time_lines


class RuleSetInline(admin.TabularInline):
    model = RuleSet
    extra = 0
    fields = ("position", "slug", "name")


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "is_public", "scores_in_hundreds", "rank_guests", "created_at")
    list_filter = ("is_public",)
    search_fields = ("name", "slug")
    inlines = [RuleSetInline, MembershipInline]


class RuleVersionInline(admin.StackedInline):
    model = RuleVersion
    extra = 0
    fields = ("effective_from", "rules", "fees", "notes")


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "slug", "position", "retired")
    list_filter = ("club",)
    search_fields = ("name", "club__name")
    inlines = [RuleVersionInline]

    # Its versions' fees and dates settle its closed days: are their kept settlements still what they give?
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        refresh_rule_set_drift(form.instance.pk)


@admin.register(RuleVersion)
class RuleVersionAdmin(admin.ModelAdmin):
    list_display = ("rule_set", "effective_from", "created_at")
    list_filter = ("rule_set__club",)
    date_hierarchy = "effective_from"

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        refresh_rule_set_drift(obj.rule_set_id)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        refresh_rule_set_drift(obj.rule_set_id)

    def delete_queryset(self, request, queryset):
        rule_sets = set(queryset.values_list("rule_set_id", flat=True))
        super().delete_queryset(request, queryset)
        for rule_set in rule_sets:
            refresh_rule_set_drift(rule_set)


@admin.register(Member)
class MemberAdmin(SimpleHistoryAdmin):
    list_display = ("name", "kana", "club", "user", "active", "guest")
    list_filter = ("club", "active", "guest")
    search_fields = ("name", "kana")

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:  # a name orders the days it is in
            refresh_member_drift(obj.pk)


@admin.register(Membership)
class MembershipAdmin(SimpleHistoryAdmin):
    list_display = ("user", "club", "role")
    list_filter = ("club", "role")
    search_fields = ("user__username", "club__name")


@admin.register(Season)
class SeasonAdmin(SimpleHistoryAdmin):
    list_display = ("name", "club", "starts_on", "ends_on", "min_games")
    list_filter = ("club",)

    # Its dates say which days' pairs it sums (the draw reads them): summed again.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        rebuild_season_pairs([obj])


class AttendanceInline(admin.TabularInline):
    model = Attendance
    extra = 0
    autocomplete_fields = ("member",)


class ReadOnly:
    """What comes in by the site's own actions (day totals by an import, settlements by closing): the admin reads it."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SettlementInline(ReadOnly, admin.TabularInline):
    """A meeting's kept settlements are added by closing, reopening and re-settling on the site, never here."""

    model = Settlement
    extra = 0
    fields = readonly_fields = ("action", "by", "at", "reason", "record")


@admin.register(Meeting)
class MeetingAdmin(SimpleHistoryAdmin):
    list_display = ("date", "club", "rule_set", "venue", "venue_fee", "closed")
    list_filter = ("club", "closed")
    date_hierarchy = "date"
    # Closing and reopening keep a settlement entry: they happen on the meeting's page, not here.
    readonly_fields = ("closed", "settlement")
    inlines = [AttendanceInline, SettlementInline]

    # Its date, rule set, venue fee, rounds and attendance settle the day: is its kept settlement still that?
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # Its date, rule set and club also say which seasons' pairs its own pairs are in (the draw reads them).
        if {"date", "rule_set", "club"} & set(form.changed_data):
            rebuild_club_season_pairs({form.instance.club_id, form.initial.get("club")})
        # Its date and rule set put its days elsewhere in its members' runs (the records' all-time lines): the
        # month it left and the one it joined are joined again.
        if {"date", "rule_set"} & set(form.changed_data):
            meeting = form.instance
            before = (form.initial.get("rule_set", meeting.rule_set_id), form.initial.get("date", meeting.date))
            months = {(before[0], month_of(before[1])), (meeting.rule_set_id, month_of(meeting.date))}
            refresh_all_time_lines(
                MemberDayRecord.objects.filter(meeting=meeting).values_list("member", flat=True), months
            )
            refresh_member_months(MeetingLine.objects.filter(meeting=meeting).values_list("member", flat=True), months)
        # Last, as every writer takes the kept months' lock after all else (services/locks.py); the month it left
        # is added up again without it.
        keep_meeting_money([form.instance.pk])
        if {"date", "club"} & set(form.changed_data):
            meeting = form.instance
            refresh_kept_months([(form.initial.get("club", meeting.club_id), form.initial.get("date", meeting.date))])

    # A day removed takes its pairs with it: the seasons that summed them are summed again; its members' runs
    # lose its days, and its month is joined again without it.
    def delete_model(self, request, obj):
        members = list(MemberDayRecord.objects.filter(meeting=obj).values_list("member", flat=True))
        counted = list(MeetingLine.objects.filter(meeting=obj).values_list("member", flat=True))
        super().delete_model(request, obj)
        rebuild_club_season_pairs([obj.club_id])
        refresh_all_time_lines(members, {(obj.rule_set_id, month_of(obj.date))})
        refresh_member_months(counted, {(obj.rule_set_id, month_of(obj.date))})

    def delete_queryset(self, request, queryset):
        clubs = set(queryset.values_list("club_id", flat=True))
        months = {(rule_set, month_of(date)) for rule_set, date in queryset.values_list("rule_set_id", "date")}
        members = list(MemberDayRecord.objects.filter(meeting__in=queryset).values_list("member", flat=True))
        counted = list(MeetingLine.objects.filter(meeting__in=queryset).values_list("member", flat=True))
        super().delete_queryset(request, queryset)
        rebuild_club_season_pairs(clubs)
        refresh_all_time_lines(members, months)
        refresh_member_months(counted, months)


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    readonly_fields = ("place", "base", "oka", "uma", "bust", "chip_points", "shugi", "chombo", "total")
    can_delete = False


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    """Games are entered and corrected on the site, where the engine settles them; here they are read."""

    list_display = ("__str__", "meeting", "rule_version", "void", "revision", "updated_at")
    list_filter = ("meeting__club", "void")
    date_hierarchy = "meeting__date"
    readonly_fields = ("rule_version", "sheet", "floats", "double_maru_a", "revision", "updated_by", "import_batch")
    inlines = [GameSeatInline]

    # What is still editable here (void, the meeting, a seat's member or score) changes the days' stored lines.
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        refresh_meeting_lines({form.instance.meeting_id, form.initial.get("meeting")})

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        refresh_meeting_lines([obj.meeting_id])

    def delete_queryset(self, request, queryset):
        days = set(queryset.values_list("meeting_id", flat=True))
        super().delete_queryset(request, queryset)
        refresh_meeting_lines(days)


@admin.register(Yakuman)
class YakumanAdmin(admin.ModelAdmin):
    list_display = ("member", "name", "kind", "win", "game")
    list_filter = ("kind", "win", "game__meeting__club")


@admin.register(Adjustment)
class AdjustmentAdmin(SimpleHistoryAdmin):
    list_display = ("date", "club", "member", "points", "reason")
    list_filter = ("club",)


@admin.register(Attendance)
class AttendanceAdmin(SimpleHistoryAdmin):
    list_display = ("meeting", "member", "present_at_close", "played")
    list_filter = ("meeting__club", "present_at_close")
    autocomplete_fields = ("member",)
    # Whether they played that day is read from the day's lines by every save (moved to another day or person too).
    readonly_fields = ("played",)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        refresh_drift(Meeting.objects.filter(pk__in={obj.meeting_id, form.initial.get("meeting")}))

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        refresh_drift(Meeting.objects.filter(pk=obj.meeting_id))

    def delete_queryset(self, request, queryset):
        days = set(queryset.values_list("meeting_id", flat=True))
        super().delete_queryset(request, queryset)
        refresh_drift(Meeting.objects.filter(pk__in=days))


class StoredFigures:
    """Rows the writers of games and money keep from what they write (lines, records, pairs, months, kept money):
    shown here, every field read-only; added and removed only by the refreshes that keep them (``manage.py
    recompute CLUB --commit`` rebuilds them), never by hand."""

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in self.model._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(MeetingLine)
class MeetingLineAdmin(StoredFigures, admin.ModelAdmin):
    """A member's figures for a meeting day, kept from the seats by every save of a game: read them here."""

    list_display = ("meeting", "member", "games", "game_points")
    list_filter = ("meeting__club",)


@admin.register(DayPair)
class DayPairAdmin(StoredFigures, admin.ModelAdmin):
    """Who sat with whom on a meeting day, kept from the seats by every save of a game (the draw reads them)."""

    list_display = ("meeting", "first", "second", "games")
    list_filter = ("meeting__club",)
    list_select_related = ("meeting", "first", "second")


@admin.register(SeasonPair)
class SeasonPairAdmin(StoredFigures, admin.ModelAdmin):
    """A season's sums of its days' pairs, kept with them: read them here."""

    list_display = ("season", "rule_set", "first", "second", "games")
    list_filter = ("season__club",)
    list_select_related = ("season", "rule_set", "first", "second")


@admin.register(MemberDayRecord)
class MemberDayRecordAdmin(StoredFigures, admin.ModelAdmin):
    """A member's day pieces of the records (best score, runs), kept with the day's lines: read them here."""

    list_display = ("meeting", "member", "games", "best_score", "top_start", "not_last_start")
    list_filter = ("meeting__club",)


@admin.register(MemberMonthRecord)
class MemberMonthRecordAdmin(StoredFigures, admin.ModelAdmin):
    """A member's day pieces of a month joined into one, kept with the days: read them here."""

    list_display = ("rule_set", "member", "month", "games", "best_score", "top_start", "not_last_start")
    list_filter = ("rule_set__club",)


@admin.register(MemberMonthFigures)
class MemberMonthFiguresAdmin(StoredFigures, admin.ModelAdmin):
    """A member's games of a month as the member page adds them up, counted from their lines: read them here."""

    list_display = ("rule_set", "member", "month", "games", "points", "high", "low")
    list_filter = ("rule_set__club",)


@admin.register(MemberMonthOpponent)
class MemberMonthOpponentAdmin(StoredFigures, admin.ModelAdmin):
    """A member against one opponent over a month, counted from their lines: read them here."""

    list_display = ("rule_set", "member", "month", "opponent_id", "games", "above", "below", "points")
    list_filter = ("rule_set__club",)


@admin.register(AllTimeLine)
class AllTimeLineAdmin(StoredFigures, admin.ModelAdmin):
    """A member's longest runs and games in a rule set, rebuilt from their day pieces: read them here."""

    list_display = ("rule_set", "member", "games", "top_run", "not_last_run")
    list_filter = ("rule_set__club",)


@admin.register(KeptLine)
class KeptLineAdmin(StoredFigures, admin.ModelAdmin):
    """A person's money as a closed meeting kept it, copied from its settlement by closing: read them here."""

    list_display = ("meeting", "member", "games", "fee", "received")
    list_filter = ("meeting__club",)


@admin.register(KeptMonth)
class KeptMonthAdmin(StoredFigures, admin.ModelAdmin):
    """A club's kept money of one month, added up from its closed days' kept lines by each of their writers."""

    list_display = ("club", "month", "meetings", "collected", "venue", "kept_by_club")
    list_filter = ("club",)


@admin.register(KeptMonthLine)
class KeptMonthLineAdmin(StoredFigures, admin.ModelAdmin):
    """A person's kept money of a club's month, added up from its closed days' kept lines: read them here."""

    list_display = ("club", "month", "member", "meetings", "games", "fee", "received")
    list_filter = ("club",)


@admin.register(GameSeat)
class GameSeatAdmin(admin.ModelAdmin):
    """Seats are written by the engine when a game is saved; read them here."""

    list_display = ("game", "seat", "member", "score", "place", "total")
    list_filter = ("game__meeting__club",)
    readonly_fields = [field.name for field in GameSeat._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False  # every column is the engine's: an added seat would be an empty row the database refuses


@admin.register(ImportBatch)
class ImportBatchAdmin(admin.ModelAdmin):
    """Imports are saved and undone on the site (the import's page); here they are read."""

    list_display = ("__str__", "club", "rule_set", "created_by", "games", "day_totals", "skipped", "undone_at")
    list_filter = ("club",)
    readonly_fields = [field.name for field in ImportBatch._meta.fields] + ["created_members", "created_meetings"]

    def has_add_permission(self, request, obj=None):
        return False  # an import is made by importing; an empty one added here would describe nothing


class DayTotalLineInline(ReadOnly, admin.TabularInline):
    model = DayTotalLine
    extra = 0
    readonly_fields = ("member", "points")


@admin.register(DayTotal)
class DayTotalAdmin(ReadOnly, admin.ModelAdmin):
    """Day totals (日計) come in by an import and leave by undoing it; here they are read."""

    list_display = ("__str__", "meeting", "games", "import_batch", "created_at")
    list_filter = ("meeting__club",)
    readonly_fields = [field.name for field in DayTotal._meta.fields]
    inlines = [DayTotalLineInline]


@admin.register(DayTotalLine)
class DayTotalLineAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("day_total", "member", "points")
    list_filter = ("day_total__meeting__club",)
    readonly_fields = [field.name for field in DayTotalLine._meta.fields]


@admin.register(Settlement)
class SettlementAdmin(ReadOnly, admin.ModelAdmin):
    """A meeting's kept settlements are added on the site (closing, reopening, re-settling); here they are read."""

    list_display = ("meeting", "action", "by", "at")
    list_filter = ("meeting__club", "action")
    readonly_fields = [field.name for field in Settlement._meta.fields]


class DrawnSeatInline(ReadOnly, admin.TabularInline):
    model = DrawnSeat
    extra = 0
    fields = readonly_fields = ("table", "seat", "member")


@admin.register(DrawnRound)
class DrawnRoundAdmin(ReadOnly, SimpleHistoryAdmin):
    """A draw is made, swapped and redrawn on the meeting's draw page, which keeps its history; here it is read."""

    list_display = ("meeting", "number", "seed", "drawn_by", "drawn_at", "changed_by_hand")
    list_filter = ("meeting__club",)
    fields = readonly_fields = ("meeting", "number", "seed", "drawn_by", "drawn_at", "changed_by_hand")
    inlines = [DrawnSeatInline]


@admin.register(DrawnSeat)
class DrawnSeatAdmin(ReadOnly, SimpleHistoryAdmin):
    list_display = ("round", "table", "seat", "member")
    list_filter = ("round__meeting__club",)
    fields = readonly_fields = ("round", "table", "seat", "member")


@admin.register(ReportedResult)
class ReportedResultAdmin(ReadOnly, SimpleHistoryAdmin):
    """Players report and secretaries confirm or turn down on the meeting's pages; here the reports are read."""

    list_display = ("meeting", "round", "table", "status", "reported_by", "reported_at", "game")
    list_filter = ("status", "meeting__club")
    fields = readonly_fields = ("meeting", "round", "table", "sheet", "status", "reported_by", "reported_at", "game")


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    """Invites are made, used and withdrawn on the club's pages; the admin reads them."""

    list_display = ("club", "member", "role", "created_at", "expires_at", "used_at", "withdrawn_at")
    list_filter = ("club", "role")
    readonly_fields = ("token",)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
