"""The headers clubs write over their columns, beyond the template's own (league/exchange/layout.py).

Per seat ``n`` (1 to 4) and its wind ``w`` (東, 南, 西, 北):

- the player: ``名前n``, ``氏名n``, ``プレイヤーn``, ``選手n``, ``Name n``, ``Player n``, ``w``, ``w家``;
- the score: ``点数n``, ``得点n``, ``持ち点n``, ``素点n``, ``Score n``, ``w点数``, ``w家点数``, ``w得点``;
- the final points: ``ポイントn``, ``ptn``, ``wポイント``, ``w家ポイント``, ``w家pt``;
- by place (``n位``, ``n着``, also ``n位名前`` / ``n位点数`` / ``n位ポイント``): the player who finished
  n-th, read into seat n (see ``PLACED``).

A bare ``名前`` (or 氏名, プレイヤー, Name…) names the next seat; a bare ``点数`` (得点, Score…) or
``ポイント`` (pt, 成績, 収支…) right after a player's column is that player's score or points, so
``東家 | 点数 | 南家 | 点数 …`` and ``名前 | 点数 | 名前 | 点数 …`` read as they look.  Headers are
compared after NFKC, in lower case, without spaces, underscores and dots.
"""

import unicodedata

from ...exchange.layout import SEATS, WIND_NAMES, header_index

WINDS = [WIND_NAMES[seat][0] for seat in range(SEATS)]
# The game's note (Game.note): kept, never dropped in silence.
NOTE_WORDS = ("備考", "メモ", "memo", "note", "notes", "comment", "comments", "コメント", "摘要", "特記事項")
PLAYER_WORDS = ("名前", "氏名", "プレイヤー", "プレーヤー", "選手", "name", "player")
SCORE_WORDS = ("点数", "得点", "持ち点", "持点", "素点", "score")
POINTS_WORDS = ("ポイント", "pt", "pts", "point", "points", "成績", "収支")
OTHER = {
    "date": ("日付", "日", "年月日", "開催日", "対局日", "date", "day"),
    "round": ("回戦", "回", "半荘", "戦", "round", "no", "#"),
    "table": ("卓", "卓番", "卓番号", "table"),
    "deposit": ("供託", "供託棒"),
    "rule_set": ("ルール", "ルールセット", "ルール名", "ruleset", "rules"),
    "note": NOTE_WORDS,
}
TOTAL_WORDS = frozenset({"合計", "計", "総計", "総合計", "累計", "total", "totals", "sum"})
COUNT_WORDS = frozenset({"半荘数", "対局数", "回数", "試合数", "games", "count"})
SKIPPED_WORDS = frozenset({"平均", "average", "平均点", "順位", "rank"})  # summary rows read by nobody
PLACED = "placed"  # the layout's name when the columns are by place, not seat


def normal(text):
    text = unicodedata.normalize("NFKC", str(text or "")).strip().lower()
    for noise in (" ", "_", ".", "　"):
        text = text.replace(noise, "")
    return text


def _aliases():
    named, placed = {}, {}
    for seat in range(SEATS):
        number, wind = seat + 1, WINDS[seat]
        for word in PLAYER_WORDS:
            named[f"{word}{number}"] = f"player_{seat}"
        for word in SCORE_WORDS:
            named[f"{word}{number}"] = f"score_{seat}"
        for word in POINTS_WORDS:
            named[f"{word}{number}"] = f"points_{seat}"
        for prefix in (wind, f"{wind}家"):
            named[prefix] = f"player_{seat}"
            for word in ("点数", "得点", "点", "score"):
                named[f"{prefix}{word}"] = f"score_{seat}"
            for word in ("ポイント", "pt", "pts"):
                named[f"{prefix}{word}"] = f"points_{seat}"
            named[f"{prefix}チップ"] = f"chips_{seat}"
        for word in ("チップ", "chips", "chip"):
            named[f"{word}{number}"] = f"chips_{seat}"
        for place in (f"{number}位", f"{number}着"):
            placed[place] = f"player_{seat}"
            for word in PLAYER_WORDS:
                placed[f"{place}{word}"] = f"player_{seat}"
            for word in SCORE_WORDS:
                placed[f"{place}{word}"] = f"score_{seat}"
            for word in POINTS_WORDS:
                placed[f"{place}{word}"] = f"points_{seat}"
    for key, words in OTHER.items():
        for word in words:
            named[normal(word)] = key
    return named, placed


NAMED, BY_PLACE = _aliases()


def read_header(cells):
    """Each known column key → its position in ``cells`` (every seat), and whether the players are by place."""
    # The template's keys (player_0 …) count seats from 0, people's headers (Player 1 …) from 1: a header
    # written without the underscore is read as people mean it.
    found = {
        key: position
        for key, position in header_index(cells, SEATS).items()
        if "_" in str(cells[position]) or normal(cells[position]) not in NAMED
    }
    known = {position: key for key, position in found.items()}
    placed = False
    last_player = None
    for position, cell in enumerate(cells):
        key = known.get(position)
        if key is None:
            key, by_place = _key_of(normal(cell), found, last_player)
            if key is None or key in found:
                key = None
            else:
                found[key] = position
                placed = placed or by_place
        last_player = key if key is not None and key.startswith("player_") else None
    return found, placed


def _key_of(word, found, last_player):
    """The key a header names (and whether by place), given the columns found so far on its left."""
    if not word:
        return None, False
    if word in NAMED:
        return NAMED[word], False
    if word in BY_PLACE:
        return BY_PLACE[word], True
    if word in PLAYER_WORDS:
        seat = next((seat for seat in range(SEATS) if f"player_{seat}" not in found), None)
        return (None if seat is None else f"player_{seat}"), False
    if last_player is not None and word in SCORE_WORDS + POINTS_WORDS:
        kind = "score" if word in SCORE_WORDS else "points"
        return f"{kind}_{last_player.rsplit('_', 1)[1]}", False
    return None, False


def seat_keys(found, players):
    """Whether ``found`` has each of ``players`` seats' player and their score or points."""
    return all(
        f"player_{seat}" in found and (f"score_{seat}" in found or f"points_{seat}" in found) for seat in range(players)
    )


def summary_word(cells):
    """ "total", "count" or "skipped" when a row is labelled a summary (合計, 半荘数, 平均), else None."""
    for cell in [cell for cell in cells if str(cell).strip()][:2]:
        word = normal(cell)
        if word in TOTAL_WORDS:
            return "total"
        if word in COUNT_WORDS:
            return "count"
        if word in SKIPPED_WORDS:
            return "skipped"
    return None
