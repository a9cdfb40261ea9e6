"""A member's record as plain JSON data (the shape is documented in docs/api.md).

Points are JSON numbers in points with one decimal (``points_number``: 453 → 45.3,
-120 → -12.0); scores are whole tenbō; rates are percentages with one decimal;
dates are ISO 8601.  Keys are English and stable; names are as the club wrote them.
"""

from ..models.games import POINT_PARTS
from ..presentation.api_standings import line_as_json, member_as_json
from ..text.formatting import decimal_number, points_number

WIND_KEYS = ("east", "south", "west", "north")


def record_as_json(record, season, page, links):
    """``page`` is the page of games given (newest first), read with their seats; ``links`` the addresses of the
    pages after and before it (``next``, ``previous``: None where there is none)."""
    period, line = record.period, record.line
    return {
        "member": member_as_json(record.member),
        "period": {
            "rule_set": {"id": period.rule_set.pk, "slug": period.rule_set.slug, "name": period.rule_set.name},
            "season": {"id": season.pk, "name": season.name} if season else None,
            "first_day": period.first_day.isoformat() if period.first_day else None,
            "last_day": period.last_day.isoformat() if period.last_day else None,
            "min_games": period.min_games,
            "players": record.players,
        },
        "summary": _summary(record, line),
        "seats": [
            {
                "seat": seat.seat,
                "wind": WIND_KEYS[seat.seat],
                "games": seat.games,
                "average_place": decimal_number(seat.average_place),
                "top_rate": decimal_number(seat.top_rate),
                "last_avoid_rate": decimal_number(seat.last_avoid_rate),
                "per_game": decimal_number(seat.per_game),
            }
            for seat in record.seats
        ],
        "games_page": {
            "page": page.number,
            "pages": page.paginator.num_pages,
            "count": page.paginator.count,
            "per_page": page.paginator.per_page,
            "next": links["next"],
            "previous": links["previous"],
        },
        "games": [_game(game_line) for game_line in page.object_list],
        "day_totals": [
            {
                "date": entry.date.isoformat(),
                "meeting_id": entry.day_total.meeting_id,
                "day_total_id": entry.day_total.pk,
                "games": entry.day_total.games,
                "points": points_number(entry.total),
                "cumulative": points_number(entry.cumulative),
            }
            for entry in reversed(record.day_totals)
        ],
        "streaks": {
            streak.kind: {"longest": _run(streak.longest), "current": _run(streak.current)} for streak in record.streaks
        },
        "yakuman": [
            {
                "name": y.name,
                "kind": y.kind,
                "win": y.win,
                "count": y.count,
                "date": y.game.meeting.date.isoformat(),
                "meeting_id": y.game.meeting_id,
                "game_id": y.game_id,
            }
            for y in record.yakuman
        ],
        "head_to_head": [
            {
                "opponent": member_as_json(h.opponent),
                "games": h.games,
                "above": h.above,
                "below": h.below,
                "even": h.even,
                "points": points_number(h.points),
                "opponent_points": points_number(h.opponent_points),
            }
            for h in record.head_to_head
        ],
    }


def _summary(record, line):
    """The member's standings line, with exactly the keys of a line of the standings JSON but ``member``."""
    summary = line_as_json(line, record.win_points)
    summary.pop("member")
    return summary


def _game(game_line):
    seat, game = game_line.seat, game_line.game
    return {
        "date": game.meeting.date.isoformat(),
        "meeting_id": game.meeting_id,
        "game_id": game.pk,
        "round": game.round,
        "table": game.table,
        "seat": seat.seat,
        "wind": WIND_KEYS[seat.seat],
        "place": seat.place,
        "points_only": game.points_only,
        "score": seat.score,
        "chips": seat.chips,
        **{part: points_number(getattr(seat, part)) for part in POINT_PARTS},
        "cumulative": points_number(game_line.cumulative),
        "opponents": [
            {
                "id": other.member_id,
                "name": other.member.name,
                "seat": other.seat,
                "wind": WIND_KEYS[other.seat],
                "place": other.place,
                "score": other.score,
                "total": points_number(other.total),
            }
            for other in game_line.opponents
        ],
    }


def _run(run):
    if not run.length:
        return {"length": 0, "from": None, "to": None, "first_game_id": None, "last_game_id": None}
    return {
        "length": run.length,
        "from": run.first.game.meeting.date.isoformat(),
        "to": run.last.game.meeting.date.isoformat(),
        "first_game_id": run.first.game.pk,
        "last_game_id": run.last.game.pk,
    }
