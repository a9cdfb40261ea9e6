"""Season titles (表彰): who holds each title the club gives, over one standings period.

Every title is read from ``standings(period)`` (the public read model) or
from one aggregate of its own; docs/awards.md says what each counts, the
games it needs and how a tie is settled.  In short:

- rates and the average place count the games with a place (points-only
  games 点数なし included, day totals 日計 not) and need ``Club.award_min_games``
  of them; the champion is who the standings rank first (the season's own
  minimum);
- the highest score needs a raw score (not a points-only game), the most points
  in one game a game (not a day total);
- a guest (ゲスト) holds a title only when the club ranks guests;
- a tie shares the title, except the champion's, settled by the standings' own
  tie-breaks.

The query count does not grow with the games: the standings (at most five
queries), one or two more for most titles chosen, four for the attendance, and
for the most improved two to find where its halves meet and two sums of the first.
"""

import datetime
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.db.models import Count, Exists, OuterRef, Q, Subquery, Sum

from ..models.clubs import AwardTitle
from ..models.day_totals import DayTotal, DayTotalLine
from ..models.games import Yakuman
from ..models.meeting_lines import MeetingLine
from ..models.meeting_people import Attendance
from ..models.meetings import Meeting
from ..models.people import Member, reading_order
from ..models.record_lines import MemberDayRecord
from ..text.formatting import AVERAGE, GAMES, MEETINGS, POINTS, RATE, SCORE, TIMES
from .records import days_in
from .standings import day_lines_in, line_sums, seats_in, standings

# How a title's tie is settled.
SHARED, STANDINGS_ORDER = "shared", "standings"
# Which games a title's minimum counts.
NO_MINIMUM, SEASON_MINIMUM, PLACED_GAMES, EACH_HALF = "none", "season", "placed", "each half"


@dataclass(frozen=True)
class Holder:
    """A title's holder: the figure it was won with (of the title's kind), and the game for a single-game title."""

    member: Member
    figure: object
    game: object = None


@dataclass
class Award:
    """One title of the period: its holders (several when shared; none when nobody qualifies)."""

    title: str  # an AwardTitle value
    kind: str
    minimum_kind: str
    minimum: int = 0  # games needed (each half's for the most improved)
    tie: str = SHARED
    holders: list = field(default_factory=list)

    @property
    def label(self):
        return AwardTitle(self.title).label

    @property
    def shared(self):
        return len(self.holders) > 1


@dataclass
class SeasonAwards:
    period: object
    awards: list
    meetings: int | None = None  # meetings held in the period, when attendance is a title
    halves: tuple | None = None  # (the last day of the first half, the first of the second) for the most improved


def season_awards(period, club, result=None):
    """The titles ``club`` gives (``Club.award_titles``, in their order), over ``period``; ``result`` is its
    standings when the caller has them already (the workbook)."""
    result = standings(period) if result is None else result
    counts = _Context(period, club, result)
    awards = []
    for title in club.award_titles:
        if title in TITLES:  # the settings form accepts no other key; a title since withdrawn is left out
            awards.append(TITLES[title](counts))
    return SeasonAwards(period=period, awards=awards, meetings=counts.meetings, halves=counts.halves)


class _Context:
    """What the titles read: the standings' lines of the people who may hold a title, the club's minimum."""

    def __init__(self, period, club, result):
        self.period, self.club, self.standings = period, club, result
        self.minimum = club.award_min_games
        self.lines = [line for line in result.lines if self.may_hold(line.member)]
        self.meetings = None
        self.halves = None

    def may_hold(self, member):
        return self.club.rank_guests or not member.guest

    def seats(self):
        seats = seats_in(self.period)
        return seats if self.club.rank_guests else seats.filter(member__guest=False)


def _best(candidates, lowest=False):
    """The candidates ``(member, figure, exact)`` whose ``exact`` value is the best: every one equal to it."""
    if not candidates:
        return []
    best = (min if lowest else max)(exact for _member, _figure, exact in candidates)
    return [Holder(member, figure) for member, figure, exact in candidates if exact == best]


def _in_order(holders):
    return sorted(holders, key=lambda holder: reading_order(holder.member))


def _champion(counts):
    """総合優勝: who the standings rank first (the season's minimum; a tie only when equal on every tie-break)."""
    ranked = [line for line in counts.standings.ranked if line.rank == 1]
    return Award(
        AwardTitle.CHAMPION,
        POINTS,
        SEASON_MINIMUM,
        counts.period.min_games,
        STANDINGS_ORDER,
        [Holder(line.member, line.points) for line in ranked],
    )


def _rate_title(title, count_of, lowest=False, kind=RATE, shown=None):
    """A title comparing a rate (or the average place) over the games with a place, exactly (not as rounded)."""

    def award(counts):
        candidates = []
        for line in counts.lines:
            if line.placed_games and line.placed_games >= counts.minimum:
                exact = Fraction(count_of(line), line.placed_games)
                candidates.append((line.member, shown(line), exact))
        return Award(title, kind, PLACED_GAMES, counts.minimum, SHARED, _in_order(_best(candidates, lowest)))

    return award


def _count_title(title, kind, count_of):
    """A title for the most of something (at least one); no minimum."""

    def award(counts):
        candidates = [(line.member, count_of(line), count_of(line)) for line in counts.lines if count_of(line)]
        return Award(title, kind, NO_MINIMUM, 0, SHARED, _in_order(_best(candidates)))

    return award


def _single_game_title(title, kind, column, days, best):
    """The highest ``column`` of one seat: every holder with the game they first reached it in; two queries.

    The best is read from the members' stored days (``days``, their best ``column`` as ``best``), walked down
    their index; only the seats of the days holding it are read."""

    def award(counts):
        period = counts.period
        meetings = Meeting.objects.filter(rule_set=period.rule_set, **_days("date", period))
        held = days_in(days(), meetings)
        if not counts.club.rank_guests:
            held = held.filter(member__guest=False)
        top = held.order_by(f"-{best}").values(best)[:1]
        holders = {}
        seats = counts.seats().filter(
            game__meeting_id__in=held.filter(**{best: Subquery(top)}).values("meeting_id"), **{column: Subquery(top)}
        )
        for seat in seats.select_related("member", "game__meeting").in_meeting_order():
            holders.setdefault(seat.member_id, Holder(seat.member, getattr(seat, column), seat.game))
        return Award(title, kind, NO_MINIMUM, 0, SHARED, _in_order(holders.values()))

    return award


def _most_yakuman(counts):
    """最多役満: yakuman hands won in counted games (a double yakuman is one hand); one query."""
    period = counts.period
    meetings = Meeting.objects.filter(rule_set=period.rule_set, **_days("date", period))
    won = days_in(Yakuman.objects.counted(), meetings, "game__meeting_id")
    if not counts.club.rank_guests:
        won = won.filter(member__guest=False)
    rows = list(won.values("member").annotate(hands=Count("id")).order_by())
    members = {line.member.pk: line.member for line in counts.standings.lines}
    candidates = [(members[row["member"]], row["hands"], row["hands"]) for row in rows if row["member"] in members]
    return Award(AwardTitle.MOST_YAKUMAN, TIMES, NO_MINIMUM, 0, SHARED, _in_order(_best(candidates)))


def _attendance(counts):
    """皆勤: meetings of the period's rule set a person came to: an attendance row, a game or a day total there.

    Counted by member in SQL, each day once: the meeting lines (a line is a member's day with games; the whole
    months' counted by the month rows, ``standings.line_sums``), then the attendance rows of days without a line of
    theirs (``Attendance.played`` false: a partial index of those few, not a look for a line of every row), then
    the day totals of days with neither.  A club marking attendance has a row per person and day, as many as the
    lines: making the pairs in Python, or a union of them in SQL, cost more than the rest of the page.  Four
    queries; the meetings held are those any of them names.
    """
    period = counts.period
    meetings = Meeting.objects.filter(rule_set=period.rule_set, **_days("date", period))
    # Walked down the index of the rows without play, each row's meeting looked up: not every meeting's rows.
    present = Attendance.objects.filter(played=False).filter(Exists(meetings.filter(pk=OuterRef("meeting_id"))))
    day = {"meeting": OuterRef("day_total__meeting"), "member": OuterRef("member")}
    day_totals = day_lines_in(period).filter(
        ~Exists(MeetingLine.objects.filter(**day)), ~Exists(Attendance.objects.filter(**day))
    )
    attended = {}
    for row in line_sums(period.rule_set, period.first_day, period.last_day, ["days"]):
        attended[row["member"]] = attended.get(row["member"], 0) + row["days"]
    for rows, day in ((present, "meeting"), (day_totals, "day_total__meeting")):
        for member, number in (
            rows.values("member").annotate(days=Count(day, distinct=True)).values_list("member", "days").order_by()
        ):
            attended[member] = attended.get(member, 0) + number
    came = (
        Q(Exists(MeetingLine.objects.filter(meeting=OuterRef("pk"))))
        | Q(Exists(Attendance.objects.filter(meeting=OuterRef("pk"))))
        | Q(Exists(DayTotalLine.objects.filter(day_total__meeting=OuterRef("pk"))))
    )
    counts.meetings = meetings.filter(came).count()
    members = {line.member.pk: line.member for line in counts.lines}
    if set(attended) - set(members):  # came without playing: read once, and only then
        for member in Member.objects.filter(pk__in=set(attended) - set(members)):
            if counts.may_hold(member):
                members[member.pk] = member
    candidates = [(members[pk], number, number) for pk, number in attended.items() if pk in members]
    return Award(AwardTitle.ATTENDANCE, MEETINGS, NO_MINIMUM, 0, SHARED, _in_order(_best(candidates)))


def _most_improved(counts):
    """躍進賞: the biggest gain in points per game (adjustments left out) from the first half of the period's
    meeting days to the second; each half needs half the club's minimum (rounded up), the gain must be above 0."""
    period = counts.period
    # A day with counted games has meeting lines: asked of each meeting, not by joining its thousands of games.
    played = Exists(MeetingLine.objects.filter(meeting=OuterRef("pk"))) | Exists(
        DayTotal.objects.filter(meeting=OuterRef("pk"))
    )
    # The days counted, then the first of the second half read at its place (two queries): not every date of the
    # period into Python (1,600 over every season of 80,000 games).
    days = (
        Meeting.objects.filter(rule_set=period.rule_set, **_days("date", period))
        .filter(played)
        .order_by("date")
        .values_list("date", flat=True)
        .distinct()
    )
    each_half = -(-counts.minimum // 2)
    award = Award(AwardTitle.MOST_IMPROVED, POINTS, EACH_HALF, each_half, SHARED)
    number = days.count()
    if number < 2:
        return award
    split = days[(number + 1) // 2]
    counts.halves = (split - datetime.timedelta(days=1), split)
    # The first half's games and points (two sums by member, not a second standings): the second half is what
    # the period's add to them.
    first = _played_before(replace(period, last_day=counts.halves[0]))
    candidates = []
    for line in counts.lines:
        games_before, points_before = first.get(line.member.pk, (0, 0))
        games, points = _played(line)
        games_after, points_after = games - games_before, points - points_before
        if min(games_before, games_after) < max(each_half, 1):
            continue
        gain = Fraction(points_after, games_after) - Fraction(points_before, games_before)
        if gain > 0:
            candidates.append((line.member, _tenths(gain), gain))
    award.holders = _in_order(_best(candidates))
    return award


def _played_before(period):
    """``{member id: (games, points from play)}`` of ``period``: its meeting lines and day totals summed by member."""
    lines = line_sums(period.rule_set, period.first_day, period.last_day, ["games", "game_points"])
    days = day_lines_in(period).values("member").annotate(games=Sum("day_total__games"), points=Sum("points"))
    played = {}
    for member, games_played, points in (
        *((row["member"], row["games"], row["game_points"]) for row in lines),
        *days.order_by().values_list("member", "games", "points"),
    ):
        games, points_before = played.get(member, (0, 0))
        played[member] = (games + (games_played or 0), points_before + (points or 0))
    return played


def _played(line):
    """(games, points from play: games and day totals, not adjustments) of a standings line."""
    return line.games, line.game_points + line.day_points


def _tenths(fraction):
    return int((Decimal(fraction.numerator) / fraction.denominator).quantize(Decimal(1), ROUND_HALF_UP))


def _days(date, period):
    return {
        **({f"{date}__gte": period.first_day} if period.first_day else {}),
        **({f"{date}__lte": period.last_day} if period.last_day else {}),
    }


TITLES = {
    AwardTitle.CHAMPION: _champion,
    AwardTitle.TOP_RATE: _rate_title(
        AwardTitle.TOP_RATE, lambda line: line.places[0], shown=lambda line: line.top_rate
    ),
    AwardTitle.RENTAI_RATE: _rate_title(
        AwardTitle.RENTAI_RATE, lambda line: line.places[0] + line.places[1], shown=lambda line: line.rentai_rate
    ),
    AwardTitle.LAST_AVOID_RATE: _rate_title(
        AwardTitle.LAST_AVOID_RATE,
        lambda line: line.placed_games - line.places[-1],
        shown=lambda line: line.last_avoid_rate,
    ),
    AwardTitle.AVERAGE_PLACE: _rate_title(
        AwardTitle.AVERAGE_PLACE,
        lambda line: sum(place * count for place, count in enumerate(line.places, 1)),
        lowest=True,
        kind=AVERAGE,
        shown=lambda line: line.average_place,
    ),
    AwardTitle.BEST_SCORE: _single_game_title(
        AwardTitle.BEST_SCORE,
        SCORE,
        "score",
        lambda: MemberDayRecord.objects.filter(best_score__isnull=False),
        "best_score",
    ),
    AwardTitle.BEST_POINTS: _single_game_title(
        AwardTitle.BEST_POINTS, POINTS, "total", MeetingLine.objects.all, "best"
    ),
    AwardTitle.MOST_TOPS: _count_title(AwardTitle.MOST_TOPS, TIMES, lambda line: line.places[0]),
    AwardTitle.MOST_GAMES: _count_title(AwardTitle.MOST_GAMES, GAMES, lambda line: line.games),
    AwardTitle.MOST_YAKUMAN: _most_yakuman,
    AwardTitle.ATTENDANCE: _attendance,
    AwardTitle.MOST_IMPROVED: _most_improved,
}
