"""What a member's counted games add up to, besides how many: the figures a day's line (``MeetingLine``) and a
month's record (``MemberMonthRecord``, the sum of its days') both hold.  A module of its own, below both, so that
the month records need not import the lines."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class LineFigures(models.Model):
    """What a member's counted games add up to besides how many they are: counts, sums (tenths) and the best and
    worst; a day's (``MeetingLine``) or a month's (``record_lines.MemberMonthRecord``, the sum of its days')."""

    place_1 = models.PositiveIntegerField(_("1st"))
    place_2 = models.PositiveIntegerField(_("2nd"))
    place_3 = models.PositiveIntegerField(_("3rd"))
    place_4 = models.PositiveIntegerField(_("4th"))
    busts = models.PositiveIntegerField(_("Busts"))  # below 0, or at 0 under a version whose bust is "at 0"
    scored_games = models.PositiveIntegerField(_("games with scores"))  # games with raw scores (not points only)
    # Win points (ブー麻雀): games topped with one, two or three floating, and topped by a yakuman that ended them.
    maru_a = models.PositiveIntegerField(_("Maru A"))
    maru_b = models.PositiveIntegerField(_("Maru B"))
    maru_c = models.PositiveIntegerField(_("Maru C"))
    double_maru_a = models.PositiveIntegerField(_("Double maru A"))
    game_points = models.IntegerField(_("points"))  # Σ total, tenths
    chips = models.IntegerField(_("chips"))
    chip_points = models.IntegerField(_("chip points"))
    shugi = models.IntegerField(_("yakuman bonus"))
    score_sum = models.IntegerField(_("sum of scores"))  # Σ score of the scored games
    best = models.IntegerField(_("Best"))  # highest total of one game
    worst = models.IntegerField(_("Worst"))

    class Meta:
        abstract = True
