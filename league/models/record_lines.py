"""What the club's records (記録) need of a whole history, stored so that the page reads a few rows, not every seat.

- ``MemberDayRecord``, a row per meeting and member with counted seats that
  day (as ``MeetingLine``): the day's best score and the pieces of the runs
  (連続トップ, 連続ラス回避) a day holds: the run it starts with, the one it ends
  with, and the longest wholly inside it.  Rebuilt with the day's lines, under
  the meeting's lock (``services.record_lines``).
- ``AllTimeLine``, a row per rule set and member: the member's longest runs of
  each kind over every meeting day of the rule set (the day pieces put end to
  end in the order the days were played), their games and latest day.
  Rebuilt for the members whose day pieces changed, under their locks, from
  their month pieces.
- ``MemberMonthRecord``, a row per rule set, member and calendar month: the
  month's day pieces joined as a day joins its games (``join_pieces``), so a
  member's all-time line reads some fifty months, not every day; and the sum
  of the month's meeting lines, so a period's standings add up its whole
  months, not every day.  Only the months whose days or lines changed are
  made again.

Game ids are plain integers, not keys: a row is rebuilt whenever its games change, and the records read the few
games they name afterwards (docs/performance.md, "Stored aggregates").
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import RuleSet
from .line_figures import LineFigures
from .meetings import Meeting
from .people import Member

# The runs the records show (``stats.member_games.STREAK_KINDS``): tops, and games without a last.
RUN_KINDS = ("top", "not_last")
# A day's piece of one kind, in the order the columns are stored and read (``services.record_lines``).
DAY_PIECE = ("start", "start_last", "end", "end_first", "inner", "inner_first", "inner_last")


class RunPieces(models.Model):
    """A span of a member's games in play order as the records join them (``services.record_lines``): a day's, or a
    month's days joined like a day's games.

    Per kind (``RUN_KINDS``): ``<kind>_start`` games in a row from the span's first game (and the last of them),
    ``<kind>_end`` games in a row up to its last game (and the first of them), ``<kind>_inner`` the longest run
    touching neither end (the latest of equal ones; its first and last game).  The whole span is one run when
    ``<kind>_start`` equals ``games``.
    """

    games = models.PositiveIntegerField(_("games"))
    first_game = models.IntegerField(_("first game"))
    last_game = models.IntegerField(_("last game"))
    best_score = models.IntegerField(_("best score"), null=True)  # None: only points-only games (点数なし)
    top_start = models.PositiveIntegerField()
    top_start_last = models.IntegerField(null=True)
    top_end = models.PositiveIntegerField()
    top_end_first = models.IntegerField(null=True)
    top_inner = models.PositiveIntegerField()
    top_inner_first = models.IntegerField(null=True)
    top_inner_last = models.IntegerField(null=True)
    not_last_start = models.PositiveIntegerField()
    not_last_start_last = models.IntegerField(null=True)
    not_last_end = models.PositiveIntegerField()
    not_last_end_first = models.IntegerField(null=True)
    not_last_inner = models.PositiveIntegerField()
    not_last_inner_first = models.IntegerField(null=True)
    not_last_inner_last = models.IntegerField(null=True)

    class Meta:
        abstract = True


class MemberDayRecord(RunPieces):
    """A member's pieces of one meeting day, which the records read and the meeting line lacks."""

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="day_records", verbose_name=_("meeting"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="day_records", verbose_name=_("member"))

    class Meta:
        verbose_name = _("member's day record")
        verbose_name_plural = _("members' day records")
        constraints = [models.UniqueConstraint(fields=["meeting", "member"], name="one_day_record_per_member")]
        indexes = [models.Index(fields=["best_score"], name="day_record_best_score")]

    def __str__(self):
        return f"{self.meeting} · {self.member}"


class AllTimeLine(models.Model):
    """A member's longest runs in one rule set over every season, with their first and last games; the games and
    the latest day of the member's counted games there (day totals, 日計, are read as they are)."""

    rule_set = models.ForeignKey(RuleSet, models.CASCADE, related_name="all_time_lines", verbose_name=_("rule set"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="all_time_lines", verbose_name=_("member"))
    games = models.PositiveIntegerField(_("games"))
    last_played = models.DateField(_("Last played"))
    top_run = models.PositiveIntegerField()
    top_run_first = models.IntegerField(null=True)
    top_run_last = models.IntegerField(null=True)
    not_last_run = models.PositiveIntegerField()
    not_last_run_first = models.IntegerField(null=True)
    not_last_run_last = models.IntegerField(null=True)

    class Meta:
        verbose_name = _("all-time line")
        verbose_name_plural = _("all-time lines")
        constraints = [models.UniqueConstraint(fields=["rule_set", "member"], name="one_all_time_line_per_member")]

    def __str__(self):
        return f"{self.rule_set} · {self.member}"


class MemberMonthRecord(RunPieces, LineFigures):
    """A member's day pieces of one calendar month in one rule set joined into one piece (the same columns as
    ``MemberDayRecord``, read alike), with the latest day of the month the member played; and the sum of the
    member's meeting lines of the month (their figures, ``LineFigures``, and how many days they are): a period's
    standings add up its whole months from these (``stats.standings.line_sums``)."""

    rule_set = models.ForeignKey(RuleSet, models.CASCADE, related_name="month_records", verbose_name=_("rule set"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="month_records", verbose_name=_("member"))
    month = models.DateField(_("month"))  # its first day
    last_played = models.DateField(_("Last played"))
    days = models.PositiveIntegerField(_("meetings"))  # the meeting days played: the month's lines

    class Meta:
        verbose_name = _("member's month record")
        verbose_name_plural = _("members' month records")
        constraints = [
            models.UniqueConstraint(fields=["member", "rule_set", "month"], name="one_month_record_per_member")
        ]

    def __str__(self):
        return f"{self.rule_set} · {self.member} · {self.month:%Y-%m}"
