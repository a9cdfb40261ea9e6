"""Hypothesis strategies for the engine's property tests: clubs' rules and the games played under them
(test_properties.py, test_day_totals.py, test_points_only.py)."""

from hypothesis import strategies as st

from scoring.rounding import MODES

points = st.integers(min_value=0, max_value=400).map(lambda tenths: tenths / 10 if tenths % 10 else tenths // 10)


@st.composite
def uma_lists(draw, players):
    """An uma list that sums to 0, with one decimal at most."""
    values = [draw(st.integers(-400, 400)) for _ in range(players - 1)]
    values.append(-sum(values))
    return [v / 10 if v % 10 else v // 10 for v in values]


@st.composite
def rule_sets(draw, zero_sum=False):
    players = draw(st.sampled_from([3, 4]))
    start = draw(st.sampled_from([25000, 30000, 35000] if players == 3 else [25000, 27000, 30000]))
    target = start + draw(st.sampled_from([0, 5000, 3000, 1000]))
    rules = {
        "players": players,
        "start": start,
        "target": target,
        "rounding": draw(st.sampled_from(MODES)),
        "ties": draw(st.sampled_from(["seat", "split"])),
    }
    if draw(st.booleans()):
        rules["uma_by_floats"] = {str(k): draw(uma_lists(players)) for k in range(players + 1)}
    else:
        rules["uma"] = draw(uma_lists(players))
    bonus = draw(points)
    rules["bust"] = {"penalty": bonus if zero_sum else draw(points), "bonus": bonus, "at_zero": draw(st.booleans())}
    rules["chips"] = {"value": draw(points), "in_total": draw(st.booleans())}
    rules["yakuman_shugi"] = {
        "ron": draw(points),
        "tsumo_each": draw(points),
        "counted_ron": draw(points),
        "counted_tsumo_each": draw(points),
        "multiply": draw(st.booleans()),
    }
    rules["chombo"] = {"penalty": draw(points), "to_others": True if zero_sum else draw(st.booleans())}
    if not zero_sum:
        rules["deposits"] = draw(st.sampled_from(["top", "lost"]))
        rules["box_under"] = draw(st.booleans())
    return rules


@st.composite
def games(draw, rules):
    players = rules["players"]
    deposit = draw(st.integers(0, 40)) * 100
    total = players * rules["start"] - deposit
    # Draw from a small pool half the time so that ties are common.
    pool = st.sampled_from([-1000, 0, 9600, 20400, 24500, 25000, 28500, 30000, 31500, 45000])
    any_score = st.integers(-300, 900).map(lambda h: h * 100)
    scores = [draw(st.one_of(pool, any_score)) for _ in range(players - 1)]
    scores.append(total - sum(scores))
    at_zero = rules["bust"]["at_zero"]
    busted = [s for s in range(players) if scores[s] < 0 or (at_zero and scores[s] == 0)]
    busts = []
    for seat in busted:
        by = draw(st.one_of(st.none(), st.sampled_from([s for s in range(players) if s != seat])))
        busts.append({"seat": seat, "by": by})
    chips = [draw(st.integers(-10, 10)) for _ in range(players - 1)]
    chips.append(-sum(chips))
    yakuman = []
    for _ in range(draw(st.integers(0, 2))):
        seat = draw(st.integers(0, players - 1))
        others = [s for s in range(players) if s != seat]
        win = draw(st.sampled_from(["tsumo", "ron"]))
        event = {
            "seat": seat,
            "win": win,
            "kind": draw(st.sampled_from(["yakuman", "counted"])),
            "count": draw(st.integers(1, 2)),
            "pao": draw(st.one_of(st.none(), st.sampled_from(others))),
        }
        if win == "ron":
            event["from"] = draw(st.sampled_from(others))
        yakuman.append(event)
    chombo = [{"seat": draw(st.integers(0, players - 1))} for _ in range(draw(st.integers(0, 2)))]
    return {"scores": scores, "deposit": deposit, "chips": chips, "busts": busts, "yakuman": yakuman, "chombo": chombo}


@st.composite
def rules_and_games(draw, zero_sum=False):
    rules = draw(rule_sets(zero_sum=zero_sum))
    return rules, draw(games(rules))
