"""Games (半荘) and their seats, with every computed part stored in integer tenths."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from ..text.formatting import format_date, format_points
from .clubs import Club, RuleSet
from .meetings import Meeting, held_between
from .people import Member
from .rule_versions import RuleVersion
from .text import without_bidi

# Seats by their wind at the start of the hanchan: 0 is the starting dealer (起家).
WINDS = (_("East"), _("South"), _("West"), _("North"))
PLACE_NAMES = (_("1st"), _("2nd"), _("3rd"), _("4th"))
PLACE_RATE_NAMES = (_("Top rate"), _("2nd rate"), _("3rd rate"), _("4th rate"))  # each place's share of the games

# The parts of a result as GameSeat stores them (its columns, in tenths), each with the engine's
# name for it (``scoring.SeatResult.tenths``): the one mapping between the two.
SEAT_PARTS = (
    ("base", "base"),
    ("oka", "oka"),
    ("uma", "uma"),
    ("bust", "bust"),
    ("chip_points", "chips"),
    ("shugi", "shugi"),
    ("chombo", "chombo"),
    ("total", "total"),
)
POINT_PARTS = tuple(column for column, _part in SEAT_PARTS)
# Every column of a seat that the engine computes.
SETTLED_COLUMNS = ("place", *POINT_PARTS)


class GameQuerySet(models.QuerySet):
    def counted(self):
        """Games that count: not voided."""
        return self.filter(void=False)

    def for_club(self, club):
        return self.filter(meeting__club=club)

    def for_rule_sets(self, rule_sets):
        return self.filter(meeting__rule_set__in=rule_sets)

    def between(self, first_day=None, last_day=None):
        """Games played from ``first_day`` to ``last_day``, both included (either may be open)."""
        return held_between(self, "meeting", first_day, last_day)

    def in_meeting_order(self):
        return self.order_by("meeting__date", "meeting_id", "round", "table", "id")


class Game(models.Model):
    """One hanchan as the secretary entered it, settled under the rule version in force that day.

    ``sheet`` keeps what was entered (players by seat, scores, chips, deposit,
    busts, yakuman, chombo) so that the history of a game reads as a whole.
    ``revision`` counts saves (not to be confused with a rule version): an edit made from an
    older revision is refused.
    """

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="games", verbose_name=_("meeting"))
    rule_version = models.ForeignKey(RuleVersion, models.PROTECT, related_name="games", verbose_name=_("rule version"))
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"), default=1)
    deposit = models.PositiveIntegerField(_("leftover deposit"), default=0)
    sheet = models.JSONField(_("as entered"), default=dict)
    floats = models.PositiveSmallIntegerField(_("floating players"), default=0)
    double_maru_a = models.BooleanField(_("ended by a yakuman"), default=False)
    void = models.BooleanField(_("void"), default=False)
    # 点数なし: recorded from each player's final points (imported history, or a club that only noted points);
    # its seats have no score, and statistics that need scores leave it out.
    points_only = models.BooleanField(_("points only"), default=False)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    # What the club wrote beside the game (備考), e.g. from an imported file's note column.
    note = models.TextField(_("note"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("updated by")
    )
    # The import that saved the game (None when it was entered at the table); undoing the import removes it.
    import_batch = models.ForeignKey(
        "ImportBatch", models.SET_NULL, null=True, blank=True, related_name="imported_games", verbose_name=_("import")
    )

    objects = GameQuerySet.as_manager()
    history = HistoricalRecords(excluded_fields=["updated_at"])

    class Meta:
        ordering = ["meeting", "round", "table", "id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(
                fields=["meeting", "round", "table"], condition=Q(void=False), name="one_game_per_table_and_round"
            ),
            models.CheckConstraint(condition=Exact(Mod("deposit", 100), 0), name="deposit_in_hundreds"),
            models.CheckConstraint(condition=Q(round__gte=1) & Q(table__gte=1), name="round_and_table_from_1"),
        ]

    def __str__(self):
        return _("%(date)s round %(round)s table %(table)s") % {
            "date": format_date(self.meeting.date),
            "round": self.round,
            "table": self.table,
        }


class GameSeatQuerySet(models.QuerySet):
    def counted(self):
        return self.filter(game__void=False)

    def with_scores(self):
        """Seats whose raw score is known: not of a points-only game."""
        return self.filter(score__isnull=False)

    def for_rule_set(self, rule_set):
        return self.filter(game__meeting__rule_set=rule_set)

    def for_rule_sets(self, rule_sets):
        return self.filter(game__meeting__rule_set__in=rule_sets)

    def in_meeting_order(self):
        """Game by game as they were played (the order of ``Game.objects.in_meeting_order``), seat by seat."""
        return self.order_by("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id", "seat")

    def between(self, first_day=None, last_day=None):
        """Seats of games played from ``first_day`` to ``last_day``, both included (either may be open)."""
        return held_between(self, "game__meeting", first_day, last_day)


class GameSeat(models.Model):
    """One player's seat in a game: the score entered (None in a points-only game) and every part, in tenths."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="seats", verbose_name=_("game"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="seats", verbose_name=_("member"))
    score = models.IntegerField(_("score"), null=True, blank=True)  # None in a points-only game
    chips = models.IntegerField(_("chips"), default=0)
    place = models.PositiveSmallIntegerField(_("place"))
    base = models.IntegerField(_("base"))
    oka = models.IntegerField(_("oka"))
    uma = models.IntegerField(_("uma"))
    bust = models.IntegerField(_("bust"))
    chip_points = models.IntegerField(_("chip points"))
    shugi = models.IntegerField(_("yakuman bonus"))
    chombo = models.IntegerField(_("chombo"))
    total = models.IntegerField(_("total"))

    objects = GameSeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "member"], name="one_seat_per_member"),
            models.CheckConstraint(condition=Q(seat__gte=0) & Q(seat__lte=3), name="seat_0_to_3"),
            models.CheckConstraint(condition=Exact(Mod("score", 100), 0), name="score_in_hundreds"),
            models.CheckConstraint(condition=Q(place__gte=1) & Q(place__lte=4), name="place_1_to_4"),
        ]

    def __str__(self):
        return f"{self.game} · {self.wind} · {self.member}"

    @property
    def wind(self):
        return WINDS[self.seat]

    @staticmethod
    def settled_columns(result):
        """The columns storing one seat of the engine's settlement (a ``scoring.SeatResult``), in SETTLED_COLUMNS
        order: its place and every part in tenths."""
        return {"place": result.place, **{column: result.tenths[part] for column, part in SEAT_PARTS}}

    def settled_values(self):
        """What the engine computed for this seat, as stored: the values of ``settled_columns``, in their order."""
        return tuple(getattr(self, column) for column in SETTLED_COLUMNS)


# The yakuman names a secretary picks from at entry, in the order offered; an import's notes are searched for
# them too (league/imports/notes.py adds the short forms clubs write).
YAKUMAN_NAMES = (
    "国士無双",
    "四暗刻",
    "大三元",
    "字一色",
    "小四喜",
    "大四喜",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "四槓子",
    "天和",
    "地和",
    "国士無双十三面待ち",
    "四暗刻単騎",
    "純正九蓮宝燈",
    "数え役満",
)


class YakumanQuerySet(models.QuerySet):
    def counted(self):
        return self.filter(game__void=False)


class Yakuman(models.Model):
    """A yakuman (役満) won in a game, for the club's yakuman list and the bonus."""

    class Kind(models.TextChoices):
        YAKUMAN = "yakuman", _("yakuman")
        COUNTED = "counted", _("counted yakuman (数え役満)")

    class Win(models.TextChoices):
        TSUMO = "tsumo", _("tsumo")
        RON = "ron", _("ron")

    game = models.ForeignKey(Game, models.CASCADE, related_name="yakuman", verbose_name=_("game"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="yakuman", verbose_name=_("winner"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    name = models.CharField(_("yakuman"), max_length=40, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.YAKUMAN)
    win = models.CharField(_("win"), max_length=5, choices=Win.choices)
    discarder_seat = models.PositiveSmallIntegerField(_("dealt in"), null=True, blank=True)
    pao_seat = models.PositiveSmallIntegerField(_("pao"), null=True, blank=True)
    count = models.PositiveSmallIntegerField(_("times"), default=1)

    objects = YakumanQuerySet.as_manager()

    class Meta:
        ordering = ["game", "id"]
        verbose_name = _("yakuman")
        verbose_name_plural = _("yakuman")

    def __str__(self):
        return f"{self.member} {self.name or self.get_kind_display()}"


class Adjustment(models.Model):
    """A signed manual entry of points for a member, with the reason (調整)."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="adjustments", verbose_name=_("club"))
    rule_set = models.ForeignKey(RuleSet, models.PROTECT, related_name="adjustments", verbose_name=_("rule set"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="adjustments", verbose_name=_("member"))
    date = models.DateField(_("date"))
    points = models.IntegerField(_("points (tenths)"))
    reason = models.CharField(_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("entered by")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["club", "-date", "-id"]
        verbose_name = _("adjustment")
        verbose_name_plural = _("adjustments")

    def __str__(self):
        return f"{self.date} {self.member} {format_points(self.points)} {self.reason}"

    def save(self, *args, **kwargs):
        self.reason = without_bidi(self.reason)
        super().save(*args, **kwargs)
