"""A hanchan (半荘) played hand by hand, just far enough to give believable final scores.

Pure Python, no Django.  Every hand moves points from player to player (ron,
tsumo, noten payments, riichi sticks), so the final scores always add up to
``players × start`` less the sticks left on the table, every score is a
multiple of 100, and busts, chips and yakuman come from what happened at the
table: who dealt in, who won, who was tenpai.  The demo hands the outcome to
the engine exactly as a secretary would enter it.
"""

import math
from dataclasses import dataclass, field

# (name, weight): how often each yakuman turns up at a club table
YAKUMAN_NAMES = (
    ("四暗刻", 30),
    ("国士無双", 25),
    ("大三元", 22),
    ("字一色", 6),
    ("小四喜", 6),
    ("緑一色", 3),
    ("清老頭", 2),
    ("大四喜", 2),
    ("四槓子", 1),
    ("九蓮宝燈", 1),
)
PAO_YAKUMAN = ("大三元", "大四喜")  # 責任払い (包) applies to these
COUNTED_YAKUMAN = "数え役満"

# (han, weight) of a winning hand; 3-player hands run bigger (北抜きドラ), ブー smaller.
HAN_WEIGHTS = {
    "four": ((1, 23), (2, 28), (3, 21), (4, 11), (5, 10), (6, 4), (7, 1.5), (8, 1), (11, 0.3)),
    "three": ((1, 10), (2, 18), (3, 22), (4, 16), (5, 16), (6, 9), (7, 4), (8, 3), (11, 2)),
    "boo": ((1, 36), (2, 30), (3, 20), (4, 9), (5, 4), (6, 1)),
}
FU_WEIGHTS = ((30, 58), (40, 30), (50, 7), (70, 5))
HAND_LIMIT = 24  # a safety net; a real hanchan rarely passes 16 hands


@dataclass(frozen=True)
class Table:
    """How a rule set is played at the table, beyond what the engine settles."""

    players: int = 4
    start: int = 25000
    target: int = 30000
    bust_ends: bool = True  # 飛び終了: the game ends when someone goes below 0
    west_round: bool = False  # 西入: on when nobody has the target after South 4
    ends_at: int | None = None  # the game also ends at this score (60,000; ブー 16,000)
    riichi_sticks: bool = True  # riichi costs 1,000 (ブー: 立直料は不要)
    noten_payments: bool = True
    chips: bool = False  # the club keeps chips (一発, 裏ドラ)
    red_chips: bool = False  # each red five earns a chip too
    yakuman_chips: bool = False  # yakuman shūgi paid in chips at the table (本役満 ★10/★5, 数え ★6/★3)
    counted_yakuman: bool = True  # 数え役満 exists
    boo: bool = False  # ブー麻雀: small hands, no honba, a yakuman ends the game

    @property
    def winds(self):
        """Dealer turns in East and South (東南戦)."""
        return 2 * self.players


@dataclass
class Hanchan:
    """The final result as a secretary would enter it (engine format for busts and yakuman)."""

    scores: list
    deposit: int = 0
    chips: list = field(default_factory=list)
    busts: list = field(default_factory=list)  # {"seat", "by"}; by None for a draw with no single tenpai
    yakuman: list = field(default_factory=list)
    ended_by_yakuman: int | None = None


class Unplayable(Exception):
    """The game ended before the hand chosen for its yakuman; play it again."""


def play(rng, table, strengths, yakuman_at=None):
    """Play one hanchan; ``strengths`` weights who wins (and, inverted, who deals in)."""
    return _Game(rng, table, strengths, yakuman_at).play()


def play_with_yakuman(rng, table, strengths, tries=30):
    """A hanchan with one yakuman, early enough that the game is still on when it comes."""
    for _ in range(tries):
        try:
            return play(rng, table, strengths, yakuman_at=rng.randint(0, 3 if table.boo else 7))
        except Unplayable:
            continue
    return play(rng, table, strengths, yakuman_at=0)  # the first hand is always played


def force_tie(rng, hanchan):
    """Make two players finish on the same score (never the top, never a busted player).

    Points move only between those two, plus 100 to the top when their sum is an
    odd number of hundreds, so the total stays the same.  Returns False if the
    table has no such pair (e.g. three players with one busted).
    """
    scores = hanchan.scores
    top = max(range(len(scores)), key=lambda seat: (scores[seat], -seat))
    candidates = [seat for seat in range(len(scores)) if seat != top and scores[seat] >= 0]
    if len(candidates) < 2:
        return False
    a, b = sorted(rng.sample(candidates, 2))
    pair = scores[a] + scores[b]
    if pair % 200:
        scores[top] += 100
        pair -= 100
    scores[a] = scores[b] = pair // 2
    return True


class _Game:
    def __init__(self, rng, table, strengths, yakuman_at):
        self.rng = rng
        self.table = table
        self.n = table.players
        self.strengths = list(strengths)
        self.yakuman_at = yakuman_at
        self.scores = [table.start] * self.n
        self.chips = [0] * self.n
        self.pot = 0  # riichi sticks on the table
        self.dealer = 0
        self.turns = 0  # dealer changes so far
        self.honba = 0
        self.yakuman = []
        self.ended_by_yakuman = None
        self.buster = {}  # seat busted in the last hand → who did it

    def play(self):
        hand = 0
        while True:
            if hand == self.yakuman_at:
                if self._yakuman_hand():
                    break
            else:
                self._hand()
            hand += 1
            if self._over(hand):
                break
        if self.yakuman_at is not None and not self.yakuman:
            raise Unplayable
        busts = []
        if self.table.bust_ends and self.ended_by_yakuman is None:
            busts = [{"seat": seat, "by": self.buster.get(seat)} for seat in range(self.n) if self.scores[seat] < 0]
        return Hanchan(
            scores=self.scores,
            deposit=self.pot,
            chips=self.chips if self.table.chips else [],
            busts=busts,
            yakuman=self.yakuman,
            ended_by_yakuman=self.ended_by_yakuman,
        )

    # -- the course of the game -------------------------------------------------------------

    def _over(self, hands):
        scores, table = self.scores, self.table
        if table.bust_ends and min(scores) < 0:
            return True
        if table.ends_at is not None and max(scores) >= table.ends_at:
            return True
        if hands >= HAND_LIMIT:
            return True
        if self.turns < table.winds:
            return False
        if table.west_round and self.turns < table.winds + self.n:
            return max(scores) >= table.target  # 西入: sudden death to the target
        return True

    def _after_win(self, winner):
        """連荘 when the dealer won (one more honba); otherwise the deal passes and honba resets."""
        if winner == self.dealer:
            self.honba += 1
            return
        self.dealer = (self.dealer + 1) % self.n
        self.turns += 1
        self.honba = 0

    def _hand(self):
        rng, n = self.rng, self.n
        self.buster = {}
        if rng.random() < (0.12 if self.table.boo else 0.19):
            riichi = self._riichi(None)
            tenpai = sorted(set(riichi) | {s for s in range(n) if s not in riichi and rng.random() < 0.38})
            self._noten(tenpai)
            self.honba += 1  # 流局: honba goes up whether or not the dealer keeps the deal
            if self.dealer not in tenpai:
                self.dealer = (self.dealer + 1) % n
                self.turns += 1
            return
        winner = self._pick(range(n), self.strengths)
        riichi = self._riichi(winner)
        tsumo = rng.random() < (0.45 if n == 3 else 0.37)
        discarder = None if tsumo else self._pick([s for s in range(n) if s != winner], self._deal_in_weights())
        self._pay_win(winner, discarder, _basic_points(self._han(), rng.choices(*zip(*FU_WEIGHTS, strict=True))[0]))
        self._win_chips(winner, discarder, winner in riichi)
        self._after_win(winner)

    def _yakuman_hand(self):
        """A yakuman: returns True when it ends the game (ブー麻雀)."""
        rng, n, table = self.rng, self.n, self.table
        self.buster = {}
        winner = self._pick(range(n), self.strengths)
        counted = table.counted_yakuman and not table.boo and rng.random() < 0.15
        name = COUNTED_YAKUMAN if counted else rng.choices(*zip(*YAKUMAN_NAMES, strict=True))[0]
        tsumo = rng.random() < (0.35 if name == "四暗刻" else 0.15)
        others = [s for s in range(n) if s != winner]
        discarder = None if tsumo else rng.choice(others)
        pao = None
        if name in PAO_YAKUMAN and rng.random() < 0.35:
            pao = rng.choice([s for s in others if s != discarder])
        event = {
            "seat": winner,
            "kind": "counted" if counted else "yakuman",
            "win": "tsumo" if tsumo else "ron",
            "name": name,
        }
        if discarder is not None:
            event["from"] = discarder
        if pao is not None:
            event["pao"] = pao
        self.yakuman.append(event)
        if table.boo:  # 役満は無条件にゲーム終了: the win points settle it (ダブルマルA), not the sticks
            self.ended_by_yakuman = winner
            return True
        riichi = self._riichi(winner)
        self._pay_win(winner, discarder, 8000, pao=pao)
        self._win_chips(winner, discarder, winner in riichi)
        if table.yakuman_chips:
            self._move_chips(
                winner, discarder, (6 if counted else 10) if discarder is not None else (3 if counted else 5)
            )
        self._after_win(winner)
        return False

    # -- one hand's payments --------------------------------------------------------------

    def _riichi(self, winner):
        if not self.table.riichi_sticks:
            return []
        declared = []
        for seat in range(self.n):
            chance = 0.42 if seat == winner else 0.13
            if self.scores[seat] >= 1000 and self.rng.random() < chance:
                self.scores[seat] -= 1000
                self.pot += 1000
                declared.append(seat)
        return declared

    def _noten(self, tenpai):
        n = self.n
        if not self.table.noten_payments or len(tenpai) in (0, n):
            return
        total = 3000 if n == 4 else 2000
        noten = [s for s in range(n) if s not in tenpai]
        for seat in noten:
            self.scores[seat] -= total // len(noten)
        for seat in tenpai:
            self.scores[seat] += total // len(tenpai)
        for seat in noten:
            self.buster[seat] = tenpai[0] if len(tenpai) == 1 else None

    def _pay_win(self, winner, discarder, basic, pao=None):
        dealer_won = winner == self.dealer
        honba = 0 if self.table.boo else self.honba
        if discarder is not None:
            amount = _up100(basic * (6 if dealer_won else 4))
            if pao is None:
                self._pay(discarder, winner, amount + 300 * honba)
            else:  # 包: the discarder and the pao player pay half each
                self._pay(discarder, winner, amount // 2 + 300 * honba)
                self._pay(pao, winner, amount - amount // 2)
        else:
            for seat in range(self.n):
                if seat == winner:
                    continue
                share = _up100(basic * (2 if dealer_won or seat == self.dealer else 1)) + 100 * honba
                self._pay(pao if pao is not None else seat, winner, share)
        self.scores[winner] += self.pot
        self.pot = 0

    def _pay(self, payer, winner, amount):
        self.scores[payer] -= amount
        self.scores[winner] += amount
        self.buster[payer] = winner

    def _win_chips(self, winner, discarder, riichi):
        table, rng = self.table, self.rng
        if not table.chips:
            return
        count = 0
        if table.red_chips:
            count += rng.choices((0, 1, 2, 3), (36, 36, 20, 8))[0]
        if riichi:
            count += (rng.random() < 0.14) + rng.choices((0, 1, 2, 3), (64, 24, 9, 3))[0]  # 一発, 裏ドラ
        if count:
            self._move_chips(winner, discarder, count)

    def _move_chips(self, winner, discarder, count):
        payers = [discarder] if discarder is not None else [s for s in range(self.n) if s != winner]
        for seat in payers:
            self.chips[seat] -= count
            self.chips[winner] += count

    # -- random choices ---------------------------------------------------------------------

    def _pick(self, seats, weights):
        seats = list(seats)
        return self.rng.choices(seats, [weights[s] for s in seats])[0]

    def _deal_in_weights(self):
        """Weaker players deal in more; a player close to busting plays defence (ベタオリ)."""
        low = self.table.start * 2 // 5
        return [(0.4 if self.scores[s] < low else 1) / self.strengths[s] for s in range(self.n)]

    def _han(self):
        kind = "boo" if self.table.boo else ("three" if self.n == 3 else "four")
        han, weights = zip(*HAN_WEIGHTS[kind], strict=True)
        return self.rng.choices(han, weights)[0]


def _basic_points(han, fu):
    """基本点: fu × 2^(han+2), capped at 満貫 (2,000) and the limits above it."""
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    return min(fu * 2 ** (han + 2), 2000)


def _up100(value):
    return math.ceil(value / 100) * 100
