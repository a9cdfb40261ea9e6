"""The season standings as plain JSON data for integrations (the shape is documented in docs/api.md).

Points are JSON numbers in points with one decimal (``points_number``: 453 → 45.3,
-120 → -12.0); rates are percentages with one decimal (37.1); the average
place has two decimals; scores are whole tenbō; dates are ISO 8601.  Keys are
English and stable; names are as the club wrote them.  The keys of a line are
those of the member page's ``summary``, plus ``member``.
"""

from ..text.formatting import decimal_number, points_number

RANKING_ORDER = ("points", "average_place", "first_places", "best")


def standings_as_json(club, choice, result):
    period = choice.period
    data = {
        "club": {"slug": club.slug, "name": club.name},
        "period": None,
        "ranking_order": list(RANKING_ORDER),
        "games": 0,
        "day_total_games": 0,
        "last_played": None,
        "ranked": [],
        "unranked": [],
    }
    if period is None:  # the club has no rule set yet
        return data
    rule_set, season = period.rule_set, choice.season
    data.update(
        {
            "period": {
                "rule_set": {"id": rule_set.pk, "slug": rule_set.slug, "name": rule_set.name},
                "season": (
                    {
                        "id": season.pk,
                        "name": season.name,
                        "first_day": season.starts_on.isoformat(),
                        "last_day": season.ends_on.isoformat(),
                        "min_games": season.min_games,
                    }
                    if season
                    else None
                ),
                "first_day": period.first_day.isoformat() if period.first_day else None,
                "last_day": period.last_day.isoformat() if period.last_day else None,
                "min_games": period.min_games,
                "players": result.players,
                "method": "win_points" if result.win_points else "oka_uma",
            },
            "games": result.games,
            "day_total_games": result.day_total_games,
            "last_played": result.last_played.isoformat() if result.last_played else None,
            "ranked": [line_as_json(line, result.win_points) for line in result.ranked],
            "unranked": [line_as_json(line, result.win_points) for line in result.unranked],
        }
    )
    return data


def member_as_json(member):
    """A person as every JSON names them; ``guest`` is true for a visitor who is not a member (ゲスト)."""
    return {"id": member.pk, "name": member.name, "kana": member.kana, "guest": member.guest}


def line_as_json(line, win_points):
    member = line.member
    data = {
        "rank": line.rank,
        "ranked": line.rank is not None,
        "member": member_as_json(member),
        "games": line.games,
        "points": points_number(line.points),
        "game_points": points_number(line.game_points),
        "day_points": points_number(line.day_points),
        "adjustments": points_number(line.adjustments),
        "per_game": decimal_number(line.per_game),
        "placed_games": line.placed_games,
        "day_total_games": line.day_total_games,
        "average_place": decimal_number(line.average_place),
        "places": list(line.places),
        "place_rates": [decimal_number(rate) for rate in line.place_rates],
        "top_rate": decimal_number(line.top_rate),
        "rentai_rate": decimal_number(line.rentai_rate),
        "last_avoid_rate": decimal_number(line.last_avoid_rate),
        "busts": line.busts,
        "bust_rate": decimal_number(line.bust_rate),
        "best": points_number(line.best),
        "worst": points_number(line.worst),
        "average_score": line.average_score,
        "scored_games": line.scored_games,
        "chips": line.chips,
        "chip_points": points_number(line.chip_points),
        "shugi": points_number(line.shugi),
        "last_played": line.last_played.isoformat() if line.last_played else None,
    }
    if win_points:
        data["maru"] = dict(line.maru)
    return data
