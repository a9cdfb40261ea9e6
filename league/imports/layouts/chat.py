"""Results pasted from a chat (LINE and the like): a date line, then one line per game.

    2026/11/20 例会
    1回戦 山田 41300 佐藤 28000 鈴木 18700 田中 12000
    2回戦 山田:+45.3 佐藤:▲12.0 鈴木:▲8.3 田中:▲25.0

A date line starts with a date (``2026/11/20``, ``11/20``, ``11月20日``; the
rest of the line is ignored); a game line is an optional round (``1回戦``,
``2戦目``, ``第3回戦``) followed by name and number pairs (a name may have a space
in it: ``福田 麻衣 41300``), separated by spaces,
``:`` or ``、``, in full-width or half-width, minus as ``-`` or ``▲``.  The
numbers are final scores (41300, 41.3, 41,300) unless one is written with a
sign ``+`` or they add up to 0: then they are final points (a points-only game).
The names are in seat order as written (the first is East; the chat does not
say who sat where, and places are computed from the numbers).  Lines with
fewer than two pairs (greetings, notes) are not games and are passed over; the
preview lists every game read.  A game before any date line has no date, and
is refused for it.  A game line may end with a note (the game's 備考): after
``※``, ``備考``, ``メモ`` or ``note:``, or in brackets at the end
(``… 田中 12000 （役満 大三元 中島）``).
"""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ...exchange.layout import header_index
from ...text.score_input import parse_points
from ..reading import MAX_ROWS, ReadingError
from ..table import Table, column_name
from ..values import SHORT, DateError, parse_date
from .dates import fill_dates, number_rounds

ROUND = re.compile(r"^第?(\d{1,2})\s*(?:回戦|回|戦|半荘|局)目?\s*[:.)]?\s*")
NUMBER = r"[+\-▲△±−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
NAME_WORD = r"[^\s:、,\d+\-▲△±−]+"
# A name may have a space in it (福田 麻衣): every word up to the number is the name.
PAIR = re.compile(r"(" + NAME_WORD + r"(?:\s+" + NAME_WORD + r")*)\s*[:]?\s*(" + NUMBER + r")(?=[\s、,]|$)")
SEPARATORS = re.compile(r"[\s:、,]+")
CHAT = "chat"
# Where a game line's note starts (after NFKC: full-width brackets and colons are half-width by then).
NOTE_MARK = re.compile(r"\s*(?:※|備考\s*:?|メモ\s*:?|note\s*:)\s*", re.IGNORECASE)
NOTE_BRACKETS = re.compile(r"\s*[(\[【「]([^()\[\]【】「」]*)[)\]】」]\s*$")


def _clean(line):
    return unicodedata.normalize("NFKC", line).strip()


def _split_note(line):
    """(the game part of a line, its note or "")."""
    if marked := NOTE_MARK.search(line):
        return line[: marked.start()].strip(), line[marked.end() :].strip()
    if bracketed := NOTE_BRACKETS.search(line):
        return line[: bracketed.start()].strip(), bracketed[1].strip()
    return line, ""


def _pairs(line):
    """(round text, [(name, number)]) when ``line`` is a game line, else None."""
    round_match = ROUND.match(line)
    rest = line[round_match.end() :] if round_match else line
    pairs = PAIR.findall(rest)
    if len(pairs) < 2 or SEPARATORS.sub("", PAIR.sub("", rest)):
        return None
    return (round_match[1] if round_match else ""), pairs


def _game_line(line):
    """(round text and pairs, note) of a game line, or (None, "") for any other line."""
    game_part, note = _split_note(line)
    game = _pairs(game_part) if game_part and note else None
    if game is not None:
        return game, note
    return _pairs(line), ""


def _date(line):
    """The date a date line starts with (its text), or None."""
    first = line.split()[0] if line.split() else ""
    if SHORT.match(first):
        return first
    try:
        parse_date(first)
    except DateError:
        return None
    return first


def looks_like_chat(text):
    """Pasted chat lines rather than spreadsheet rows: no tabs, no header row, and some game lines."""
    if "\t" in text:
        return False
    lines = [_clean(line) for line in text.splitlines() if line.strip()]
    if not lines or len(header_index(lines[0].split(","))) >= 3:
        return False
    games = sum(1 for line in lines if _game_line(line)[0])
    dates = sum(1 for line in lines if _date(line))
    return games > 0 and games + dates >= len(lines) / 2


def read_chat(text, players, today):
    """The Table of pasted chat lines (``today`` completes dates written without a year)."""
    rows, date, seats = [], "", players
    for number, line in enumerate(text.splitlines(), start=1):
        line = _clean(line)
        if not line:
            continue
        game, note = _game_line(line)
        if game is None:
            if (found := _date(line)) is not None:
                date = found
            continue
        round_text, pairs = game
        if len(pairs) > players:
            raise ReadingError(
                _("Line %(row)s names %(count)s players, but a game under these rules has %(players)s: “%(line)s”.")
                % {"row": number, "count": len(pairs), "players": players, "line": line}
            )
        kind = "points" if _are_points([value for _name, value in pairs]) else "score"
        values = {"date": date, "round": round_text, "note": note}
        for seat in range(players):
            name, value = pairs[seat] if seat < len(pairs) else ("", "")
            values[f"player_{seat}"] = name
            values[f"{kind}_{seat}"] = value
        rows.append((number, values))
        if len(rows) > MAX_ROWS:
            raise ReadingError(
                _("The text has more than %(limit)s games. Paste fewer at a time.") % {"limit": f"{MAX_ROWS:,}"}
            )
    if not rows:
        raise ReadingError(
            _(
                "No game was found in the pasted lines. Write one game per line, such as "
                "“1回戦 山田 41300 佐藤 28000 鈴木 18700 田中 12000”."
            )
        )
    fill_dates(rows, today=today)
    if not any(values["round"] for _n, values in rows):
        number_rounds(rows)
    columns = {"date": (None, column_name("date", seats)), "round": (None, column_name("round", seats))}
    for seat in range(seats):
        columns[f"player_{seat}"] = (None, column_name(f"player_{seat}", seats))
        columns[f"score_{seat}"] = (None, column_name(f"score_{seat}", seats))
        columns[f"points_{seat}"] = (None, column_name(f"points_{seat}", players))
    columns["note"] = (None, column_name("note", seats))
    for _number, values in rows:
        for key in columns:
            values.setdefault(key, "")
    return Table(players=seats, columns=columns, rows=rows, source=_("pasted chat lines"), layout=CHAT)


def _are_points(values):
    """Final points when one is signed + (or ±), or when they add up to 0 (scores add up to the starting total).

    Only a guess at what kind of numbers a line holds, not the rule of what they may add up to: the rows are
    checked by the engine when they are planned (``scoring.settle`` for scores, ``scoring.settle_points`` for
    points, whose sum check allows what the rules allow), and a line guessed wrong is refused there.
    """
    if any(value.startswith(("+", "±")) for value in values):
        return True
    try:
        return sum(parse_points(value.replace(",", "")) for value in values) == 0
    except ValidationError:  # not points: read as a score, refused later if it is not one either
        return False
