"""Settling a meeting's money (開催日の精算): game fees, the venue fee, the surplus.

All amounts are integer yen.  The result balances to the yen:
``collected == venue + sum(received) + club``, where ``club`` is what the
club keeps (positive) or covers (negative).
"""

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypedDict, cast

from .errors import Problems, _
from .schema import FEES, MOST_YEN, fee_defaults
from .shares import split_evenly

if TYPE_CHECKING:
    from typing_extensions import TypeIs

# The fee settings' defaults, choices and range are the schema's (scoring/schema.py).
FEE_DEFAULTS = fee_defaults()
SURPLUS_TO = FEES["surplus_to"].values
SHORTFALL = FEES["shortfall"].values
PLAYER_KEYS = ("id", "places", "points", "present_at_close")


class Fees(TypedDict):
    """The fee settings as ``validate_fees`` returns them, every default filled in."""

    per_game: int
    by_place: list[int] | None
    venue: int
    rounds: int
    surplus_to: str
    min_share: list[int]  # [numerator, denominator]
    require_present: bool
    shortfall: str


# Why a player above the recipient was passed over.
ABSENT = "absent_at_close"
TOO_FEW_GAMES = "too_few_games"


@dataclass(frozen=True)
class PlayerMoney:
    id: object
    games: int
    fee: int
    received: int
    net: int

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


@dataclass(frozen=True)
class MeetingSettlement:
    collected: int
    venue: int
    surplus: int
    recipients: list[object]  # ids of who receives the surplus (or pays the shortfall)
    club: int  # kept by the club (positive) or covered by it (negative)
    min_games: int  # games needed to be eligible for the surplus
    passed_over: list[tuple[object, str]]  # (id, reason) for eligible-by-points players skipped, best first
    players: list[PlayerMoney]  # in the order given

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


def validate_fees(fees: Any) -> Fees:
    """Return the fee settings with defaults filled in, or raise ScoringError."""
    problems = Problems()
    if not isinstance(fees, dict):
        problems.add("fees_not_object", "", _("The fee settings must be an object."))
        problems.raise_if_any()
    for key in fees:
        if key not in FEE_DEFAULTS:
            problems.add("unknown_key", str(key), _("Unknown setting “%(key)s”."), key=key)
    result: dict[str, Any] = {**FEE_DEFAULTS, **{k: v for k, v in fees.items() if k in FEE_DEFAULTS}}
    for key in ("per_game", "venue", "rounds"):
        if not _whole(result[key]) or result[key] < 0:
            problems.add(
                "bad_yen" if key != "rounds" else "bad_rounds",
                key,
                _("Expected a whole number, 0 or more, not %(value)s."),
                value=repr(result[key]),
            )
        elif result[key] > MOST_YEN:
            problems.add("too_large", key, _("%(value)s is more than a day's fees can be."), value=result[key])
    by_place = result["by_place"]
    if by_place is not None and (
        not isinstance(by_place, (list, tuple))
        or len(by_place) not in (3, 4)
        or not all(_whole(v) and 0 <= v <= MOST_YEN for v in by_place)
    ):
        problems.add(
            "bad_by_place", "by_place", _("Expected the fee in yen for each place (3 or 4 whole numbers), or nothing.")
        )
    for key, allowed in (("surplus_to", SURPLUS_TO), ("shortfall", SHORTFALL)):
        if result[key] not in allowed:
            problems.add(
                "bad_choice",
                key,
                _("“%(value)s” is not allowed here; expected one of %(allowed)s."),
                value=result[key],
                allowed=", ".join(allowed),
            )
    share = result["min_share"]
    if not (
        isinstance(share, (list, tuple))
        and len(share) == 2
        and all(_whole(v) for v in share)
        and share[1] > 0
        and 0 <= share[0] <= share[1]
    ):
        problems.add(
            "bad_min_share",
            "min_share",
            _("Expected the share of the day's games as [numerator, denominator], such as [1, 3]."),
        )
    if not isinstance(result["require_present"], bool):
        problems.add(
            "not_true_false",
            "require_present",
            _("Expected true or false, not %(value)s."),
            value=repr(result["require_present"]),
        )
    problems.raise_if_any()
    result["min_share"] = list(share)
    result["by_place"] = list(by_place) if by_place is not None else None
    return cast(Fees, result)


def settle_meeting(fees: Any, players: Any) -> MeetingSettlement:
    """Settle the day's money for ``players`` (dicts of docs/scoring.md) under ``fees``."""
    fees = validate_fees(fees)
    players = _read_players(players, fees)
    count = len(players)
    charged = [_fee(fees, p["places"]) for p in players]
    collected = sum(charged)
    venue = fees["venue"]
    surplus = collected - venue
    numerator, denominator = fees["min_share"]
    min_games = -(-fees["rounds"] * numerator // denominator)  # ceil without floats

    recipients: list[int] = []
    passed_over: list[tuple[int, str]] = []
    if fees["surplus_to"] == "day_top":
        recipients, passed_over = _day_top(players, min_games, fees["require_present"])

    received = [0] * count
    club = 0
    if surplus < 0 and fees["shortfall"] in ("split", "club"):
        recipients = []  # the day's top neither receives nor pays anything in particular
        if fees["shortfall"] == "split" and count:
            received = split_evenly(surplus, count)
        else:
            club = surplus
    elif recipients:
        for index, share in zip(recipients, split_evenly(surplus, len(recipients)), strict=True):
            received[index] = share
    else:
        club = surplus

    money = [
        PlayerMoney(id=p["id"], games=sum(p["places"]), fee=fee, received=got, net=got - fee)
        for p, fee, got in zip(players, charged, received, strict=True)
    ]
    return MeetingSettlement(
        collected=collected,
        venue=venue,
        surplus=surplus,
        recipients=[players[i]["id"] for i in recipients],
        club=club,
        min_games=min_games,
        passed_over=[(players[i]["id"], reason) for i, reason in passed_over],
        players=money,
    )


def _whole(value: object) -> "TypeIs[int]":
    return isinstance(value, int) and not isinstance(value, bool)


def _read_players(players: Any, fees: Fees) -> list[dict[str, Any]]:
    problems = Problems()
    if not isinstance(players, (list, tuple)):
        problems.add("players_not_list", "players", _("Expected a list of players."))
        problems.raise_if_any()
    seen: set[object] = set()
    read: list[dict[str, Any]] = []
    for i, player in enumerate(players):
        field = f"players.{i}"
        if not isinstance(player, dict):
            problems.add("not_object", field, _("Expected an object."))
            continue
        for key in player:
            if key not in PLAYER_KEYS:
                problems.add("unknown_key", f"{field}.{key}", _("Unknown entry “%(key)s”."), key=key)
        pid = player.get("id")
        try:
            duplicate = pid in seen
            seen.add(pid)
        except TypeError:
            problems.add("bad_id", f"{field}.id", _("Expected an identifier for the player."))
            continue
        if duplicate:
            problems.add("duplicate_player", f"{field}.id", _("Player %(id)s is listed twice."), id=pid)
        places = player.get("places", [])
        if not isinstance(places, (list, tuple)) or not all(_whole(c) and c >= 0 for c in places):
            problems.add(
                "bad_places",
                f"{field}.places",
                _("Expected how many times the player finished in each place, as whole numbers."),
            )
            places = []
        elif fees["by_place"] is not None and len(places) > len(fees["by_place"]):
            problems.add(
                "bad_places",
                f"{field}.places",
                _("The fee has %(fees)s places but the player has %(places)s."),
                fees=len(fees["by_place"]),
                places=len(places),
            )
        points = player.get("points", 0)
        if isinstance(points, bool) or not isinstance(points, (int, float, Decimal)):
            problems.add("bad_points", f"{field}.points", _("Expected the player's points for the day."))
            points = 0
        elif isinstance(points, float):
            points = Decimal(repr(points))  # only compared, but exactly
        present = player.get("present_at_close", True)
        if not isinstance(present, bool):
            problems.add(
                "not_true_false",
                f"{field}.present_at_close",
                _("Expected true or false, not %(value)s."),
                value=repr(present),
            )
        read.append({"id": pid, "places": list(places), "points": points, "present_at_close": present})
    problems.raise_if_any()
    return read


def _fee(fees: Fees, places: list[int]) -> int:
    if fees["by_place"] is None:
        return fees["per_game"] * sum(places)
    return sum(fee * count for fee, count in zip(fees["by_place"], places, strict=False))


def _day_top(
    players: list[dict[str, Any]], min_games: int, require_present: bool
) -> tuple[list[int], list[tuple[int, str]]]:
    """Who receives the surplus: the best eligible points of the day, ties sharing.

    Returns the recipients' indexes (in the order listed) and the players with
    more points who were passed over, each with the reason.
    """
    passed_over = []
    order = sorted(range(len(players)), key=lambda i: -players[i]["points"])
    for index in order:
        player = players[index]
        if sum(player["places"]) == 0:
            continue  # came but played no game: not part of the day's order
        reason = None
        if require_present and not player["present_at_close"]:
            reason = ABSENT
        elif sum(player["places"]) < min_games:
            reason = TOO_FEW_GAMES
        if reason:
            passed_over.append((index, reason))
            continue
        best = player["points"]
        tied = [
            i
            for i in range(len(players))
            if players[i]["points"] == best and _eligible(players[i], min_games, require_present)
        ]
        return tied, passed_over
    return [], passed_over


def _eligible(player: dict[str, Any], min_games: int, require_present: bool) -> bool:
    games = sum(player["places"])
    return games > 0 and games >= min_games and (player["present_at_close"] or not require_present)
