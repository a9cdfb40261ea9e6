"""What the member page (個人成績) needs of a whole history, stored per calendar month so that the page adds up some
fifty months, not every game (docs/performance.md, "The member page").

A row per rule set, member and month the member played in (``MemberMonthFigures``, with the figures by seat), and
a row per opponent they met that month (``MemberMonthOpponent``): the figures
``stats.month_figures.span_figures`` counts from the month's meeting lines (``MeetingLine.games_played``), made
again in the writer's transaction for the months whose lines changed (``services.member_months``).  Game ids are
plain integers, as in the records' pieces: a row is rebuilt whenever its games change.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import RuleSet
from .people import Member


class MonthKey(models.Model):
    rule_set = models.ForeignKey(RuleSet, models.CASCADE, related_name="+", verbose_name=_("rule set"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="+", verbose_name=_("member"))
    month = models.DateField(_("month"))  # its first day

    class Meta:
        abstract = True


class MemberMonthFigures(MonthKey):
    """A member's games of one month in one rule set: how many, their points, the highest and lowest running total
    from the month's start (after which of its games, the first reaching it), the pieces of the runs of each kind
    (``stats.month_figures.KINDS``, ``PIECE``) and the figures by seat (``SEAT_FIGURES``)."""

    games = models.PositiveIntegerField(_("games"))
    points = models.IntegerField(_("points"))  # Σ total, tenths
    first_game = models.IntegerField(_("first game"))
    last_game = models.IntegerField(_("last game"))
    high = models.IntegerField()
    high_at = models.PositiveIntegerField()
    low = models.IntegerField()
    low_at = models.PositiveIntegerField()
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
    positive_start = models.PositiveIntegerField()
    positive_start_last = models.IntegerField(null=True)
    positive_end = models.PositiveIntegerField()
    positive_end_first = models.IntegerField(null=True)
    positive_inner = models.PositiveIntegerField()
    positive_inner_first = models.IntegerField(null=True)
    positive_inner_last = models.IntegerField(null=True)
    # By the seat the member started in (0 = 東 … 3 = 北): games, Σ places, tops, lasts, Σ totals (席順別成績).
    seat_0_games = models.PositiveIntegerField(default=0)
    seat_0_place_sum = models.PositiveIntegerField(default=0)
    seat_0_tops = models.PositiveIntegerField(default=0)
    seat_0_lasts = models.PositiveIntegerField(default=0)
    seat_0_points = models.IntegerField(default=0)
    seat_1_games = models.PositiveIntegerField(default=0)
    seat_1_place_sum = models.PositiveIntegerField(default=0)
    seat_1_tops = models.PositiveIntegerField(default=0)
    seat_1_lasts = models.PositiveIntegerField(default=0)
    seat_1_points = models.IntegerField(default=0)
    seat_2_games = models.PositiveIntegerField(default=0)
    seat_2_place_sum = models.PositiveIntegerField(default=0)
    seat_2_tops = models.PositiveIntegerField(default=0)
    seat_2_lasts = models.PositiveIntegerField(default=0)
    seat_2_points = models.IntegerField(default=0)
    seat_3_games = models.PositiveIntegerField(default=0)
    seat_3_place_sum = models.PositiveIntegerField(default=0)
    seat_3_tops = models.PositiveIntegerField(default=0)
    seat_3_lasts = models.PositiveIntegerField(default=0)
    seat_3_points = models.IntegerField(default=0)

    class Meta:
        verbose_name = _("member's month figures")
        verbose_name_plural = _("members' month figures")
        constraints = [
            models.UniqueConstraint(fields=["member", "rule_set", "month"], name="one_month_figures_per_member")
        ]

    def __str__(self):
        return f"{self.rule_set} · {self.member} · {self.month:%Y-%m}"


class MemberMonthOpponent(MonthKey):
    """A member against one opponent over their games together in one month (対戦成績's sums)."""

    # A plain id, not a key: a save writes the rows of its players' opponents of the whole month, whom it does not
    # lock, and their keys checked at its commit deadlocked it with a guest's merge holding the guest.
    opponent_id = models.IntegerField(_("opponent"))
    games = models.PositiveIntegerField(_("games"))
    above = models.PositiveIntegerField()
    below = models.PositiveIntegerField()
    even = models.PositiveIntegerField()
    points = models.IntegerField(_("points"))
    opponent_points = models.IntegerField()

    class Meta:
        verbose_name = _("member's month against an opponent")
        verbose_name_plural = _("members' months against opponents")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "rule_set", "month", "opponent_id"], name="one_month_opponent_per_member"
            )
        ]

    def __str__(self):
        return f"{self.rule_set} · {self.member} · {self.month:%Y-%m} · {self.opponent_id}"
