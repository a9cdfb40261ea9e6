"""The one-row-per-game layout shared by the season workbook's Games sheet and the import template.

Export writes it, import reads it: a workbook exported from Janroku imports
back unchanged.  Headers are accepted in Japanese or English (and are written
in the user's language); columns the import does not know (totals, rule
version, meeting) are ignored.  A game known only by its final points (点数なし)
leaves the score cells empty and fills the points columns (東家 ポイント …,
``+45.3`` / ``▲12.0``), then the note (備考, the game's ``note``), which come
last so that rows written in the older order still read the same.

The extras a game may have are short texts, seats written as winds:

- busts: ``北:東`` (North busted by East); ``北:トップ`` when no single player
  busted them; several separated by ``,``.
- yakuman: ``東:国士無双:ロン:北`` (winner, name, ツモ or ロン, who dealt in),
  then optional ``責西`` (pao), ``数え`` (a counted yakuman), ``x2`` (a double)
  and ``終`` (it ended a win-points game); several separated by ``,``.
- chombo: the offenders' seats, ``西`` or ``西,西``.
"""

import functools
import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext as _

SEATS = 4
WIND_NAMES = {0: ("東", "E", "East"), 1: ("南", "S", "South"), 2: ("西", "W", "West"), 3: ("北", "N", "North")}
WIND_OF = {name.lower(): seat for seat, names in WIND_NAMES.items() for name in names}
TOP_WORDS = {"トップ", "top", "-", "なし", "none"}
TSUMO_WORDS = {"ツモ", "つも", "tsumo"}
RON_WORDS = {"ロン", "ろん", "ron"}


@dataclass(frozen=True)
class Column:
    key: str
    ja: str
    en: str


def game_columns(players=SEATS):
    """The columns of one game row, in order: what export writes and import reads."""
    winds = [WIND_NAMES[s] for s in range(players)]
    columns = [Column("date", "日付", "Date"), Column("round", "回戦", "Round"), Column("table", "卓", "Table")]
    for seat, (ja, _letter, en) in enumerate(winds):
        columns += [
            Column(f"player_{seat}", f"{ja}家", f"{en} player"),
            Column(f"score_{seat}", f"{ja}家 点数", f"{en} score"),
        ]
    columns.append(Column("deposit", "供託", "Deposit"))
    for seat, (ja, _letter, en) in enumerate(winds):
        columns.append(Column(f"chips_{seat}", f"{ja}家 チップ", f"{en} chips"))
    columns += [
        Column("busts", "飛び", "Busts"),
        Column("yakuman", "役満", "Yakuman"),
        Column("chombo", "チョンボ", "Chombo"),
    ]
    # A points-only game (点数なし) has these instead of scores: each player's final points before chips.
    for seat, (ja, _letter, en) in enumerate(winds):
        columns.append(Column(f"points_{seat}", f"{ja}家 ポイント", f"{en} points"))
    # What the club wrote beside the game (Game.note), last so that rows in the older orders read the same.
    columns.append(Column("note", "備考", "Note"))
    return columns


def header_index(header_cells, players=SEATS):
    """Map each known column key to its position in a header row (Japanese or English headers)."""
    names = _header_names(players)
    found = {}
    for position, cell in enumerate(header_cells):
        key = names.get(_normal(cell))
        if key and key not in found:
            found[key] = position
    return found


@functools.cache
def _header_names(players):
    """Every header the layout knows, normalised → its column key (built once: the importer asks for every row)."""
    names = {}
    for column in game_columns(players):
        for label in (column.ja, column.en, column.key):
            names[_normal(label)] = column.key
    return names


def _normal(text):
    return unicodedata.normalize("NFKC", str(text or "")).strip().lower().replace(" ", "").replace("_", "")


def wind(seat, language="ja"):
    return WIND_NAMES[seat][0 if language == "ja" else 1]


def seat_of(text):
    """The seat a wind names (東, E, East…), or None."""
    return WIND_OF.get(unicodedata.normalize("NFKC", str(text)).strip().lower())


class LayoutError(ValueError):
    """An extras text that cannot be read; the message says what was expected."""


# -- writing --------------------------------------------------------------------------------------------


def busts_text(busts):
    return ",".join(f"{wind(b['seat'])}:{'トップ' if b['by'] is None else wind(b['by'])}" for b in busts)


def yakuman_text(events, ended_by=None):
    parts = []
    for event in events:
        text = [wind(event["seat"]), event.get("name") or "役満", "ツモ" if event["win"] == "tsumo" else "ロン"]
        if event["win"] == "ron":
            text.append(wind(event["from"]))
        if event.get("pao") is not None:
            text.append(f"責{wind(event['pao'])}")
        if event.get("kind") == "counted":
            text.append("数え")
        if event.get("count", 1) > 1:
            text.append(f"x{event['count']}")
        if ended_by is not None and ended_by == event["seat"]:
            text.append("終")
        parts.append(":".join(text))
    return ",".join(parts)


def chombo_text(chombo):
    return ",".join(wind(c["seat"]) for c in chombo)


# -- reading --------------------------------------------------------------------------------------------


def _items(text):
    text = unicodedata.normalize("NFKC", str(text or "")).replace("、", ",").strip()
    return [item.strip() for item in text.split(",") if item.strip()]


def _seat(text):
    seat = seat_of(text)
    if seat is None:
        raise LayoutError(_("“%(text)s” is not a seat: write 東, 南, 西 or 北.") % {"text": text})
    return seat


def read_busts(text):
    busts = []
    for item in _items(text):
        parts = [p.strip() for p in item.split(":")]
        if len(parts) != 2:
            raise LayoutError(_("“%(item)s”: write a bust as busted:buster, e.g. 北:東 or 北:トップ.") % {"item": item})
        by = None if parts[1].lower() in TOP_WORDS else _seat(parts[1])
        busts.append({"seat": _seat(parts[0]), "by": by})
    return busts


def read_yakuman(text):
    """Yakuman events and the seat whose yakuman ended the game (or None)."""
    events, ended = [], None
    for item in _items(text):
        parts = [p.strip() for p in item.split(":")]
        if len(parts) < 3:
            raise LayoutError(
                _("“%(item)s”: write a yakuman as winner:name:ツモ or winner:name:ロン:discarder.") % {"item": item}
            )
        event = {"seat": _seat(parts[0]), "name": parts[1], "kind": "yakuman", "count": 1}
        win = parts[2].lower()
        rest = parts[3:]
        if win in TSUMO_WORDS:
            event["win"] = "tsumo"
        elif win in RON_WORDS:
            event["win"] = "ron"
            if not rest:
                raise LayoutError(
                    _("“%(item)s”: a ロン needs the seat that dealt in, e.g. 東:国士無双:ロン:北.") % {"item": item}
                )
            event["from"] = _seat(rest.pop(0))
        else:
            raise LayoutError(_("“%(item)s”: the third part must be ツモ or ロン.") % {"item": item})
        for extra in rest:
            if extra.startswith("責"):
                event["pao"] = _seat(extra[1:])
            elif extra in ("数え", "counted"):
                event["kind"] = "counted"
            elif extra.lower().startswith("x") and extra[1:].isdigit() and int(extra[1:]) >= 1:
                event["count"] = int(extra[1:])
            elif extra in ("終", "end"):
                ended = event["seat"]
            else:
                raise LayoutError(
                    _("“%(item)s”: “%(extra)s” is not understood (責西, 数え, x2 or 終).")
                    % {"item": item, "extra": extra}
                )
        events.append(event)
    return events, ended


def read_chombo(text):
    return [{"seat": _seat(item)} for item in _items(text)]
