"""The table draw on small days, where the best draw is known (docs/draw.md)."""

from collections import Counter

import pytest

from seating import Round, SeatingError, draw_quality, draw_rounds


def seated_once(drawn, people):
    for one in drawn:
        everyone = [*one.seated(), *one.sitting_out]
        assert sorted(everyone) == sorted(people)


def test_four_people_play_together_every_round():
    drawn = draw_rounds([1, 2, 3, 4], 3, seed=7)
    assert len(drawn) == 3
    assert all(len(one.tables) == 1 and sorted(one.tables[0]) == [1, 2, 3, 4] for one in drawn)
    assert all(one.sitting_out == () for one in drawn)
    quality = draw_quality(drawn)
    assert quality.repeated_pairs_today == 12
    assert quality.worst_pair_count == 3
    assert quality.sit_outs == {1: 0, 2: 0, 3: 0, 4: 0}


def test_five_people_each_sit_out_once_in_five_rounds():
    drawn = draw_rounds(range(5), 5, seed=1)
    assert [len(one.sitting_out) for one in drawn] == [1] * 5
    assert draw_quality(drawn).sit_outs == dict.fromkeys(range(5), 1)
    seated_once(drawn, range(5))


def test_eight_people_meet_two_of_the_first_table_in_the_second_round():
    for seed in range(20):
        drawn = draw_rounds(range(8), 2, seed=seed)
        first = [set(table) for table in drawn[0].tables]
        for table in drawn[1].tables:
            assert sorted(len(set(table) & old) for old in first) == [2, 2]
        quality = draw_quality(drawn)
        assert (quality.repeated_pairs_today, quality.worst_pair_count) == (4, 2)


def test_nine_people_sit_out_in_turn():
    drawn = draw_rounds(range(9), 9, seed=3)
    assert sorted(one.sitting_out[0] for one in drawn) == list(range(9))
    assert all(len(one.tables) == 2 for one in drawn)
    seated_once(drawn, range(9))


def test_twelve_people_in_two_rounds_repeat_the_fewest_pairs():
    for seed in range(20):
        quality = draw_quality(draw_rounds(range(12), 2, seed=seed))
        # Three tables of four meet three tables of four: each new table holds two of one old table at least.
        assert (quality.repeated_pairs_today, quality.worst_pair_count) == (3, 2)


def test_sixteen_people_in_two_rounds_meet_nobody_twice():
    for seed in range(20):
        assert draw_quality(draw_rounds(range(16), 2, seed=seed)).repeated_pairs_today == 0


def test_three_player_tables():
    drawn = draw_rounds(range(7), 7, seats=3, seed=2)
    assert all(len(one.tables) == 2 and all(len(t) == 3 for t in one.tables) for one in drawn)
    assert draw_quality(drawn).sit_outs == dict.fromkeys(range(7), 1)
    assert [len(t) for t in draw_rounds(range(3), 1, seats=3, seed=0)[0].tables] == [3]


@pytest.mark.parametrize("people", [13, 14, 15, 17, 18, 19])
def test_the_remainder_sits_out(people):
    drawn = draw_rounds(range(people), 1, seed=0)[0]
    assert len(drawn.sitting_out) == people % 4
    assert [len(table) for table in drawn.tables] == [4] * (people // 4)


def test_the_same_seed_draws_the_same_day():
    assert draw_rounds(range(23), 6, seed=42) == draw_rounds(range(23), 6, seed=42)
    assert draw_rounds(range(23), 6, seed="2026-11-22") == draw_rounds(range(23), 6, seed="2026-11-22")
    assert len({tuple(draw_rounds(range(23), 6, seed=seed)) for seed in range(5)}) == 5


def test_the_order_people_are_given_in_does_not_matter():
    people = [f"m{i}" for i in range(17)]
    met = {frozenset((people[i], people[i + 1])): i % 3 for i in range(16)}
    before = {person: i % 2 for i, person in enumerate(people)}
    one = draw_rounds(people, 4, seed=5, met_before=met, sat_out_before=before)
    other = draw_rounds(
        set(reversed(people)),
        4,
        seed=5,
        met_before=dict(reversed(met.items())),
        sat_out_before=dict(reversed(before.items())),
    )
    assert one == other


def test_east_is_drawn():
    east = Counter(draw_rounds([1, 2, 3, 4], 1, seed=seed)[0].tables[0][0] for seed in range(200))
    assert set(east) == {1, 2, 3, 4}
    assert min(east.values()) > 25


def test_a_pair_met_this_season_is_kept_apart_when_it_can_be():
    met = {frozenset((0, 1)): 3, frozenset((2, 3)): 1}
    for seed in range(20):
        tables = [set(table) for table in draw_rounds(range(8), 1, seed=seed, met_before=met)[0].tables]
        assert not any({0, 1} <= table or {2, 3} <= table for table in tables)


def test_a_repeat_today_weighs_more_than_meetings_earlier_in_the_season():
    first = Round(tables=((0, 1, 2, 3), (4, 5, 6, 7)))
    across = {frozenset((a, b)): 50 for a in range(4) for b in range(4, 8)}
    drawn = draw_rounds(range(8), 1, seed=0, met_before=across, earlier=[first])
    assert draw_quality([first, *drawn]).repeated_pairs_today == 4


def test_with_everyone_met_before_the_rounds_that_can_avoid_a_repeat_still_do():
    # Every split costs something for the season, so the search settles for a split with no repeat today
    # after a few starts (search.cheapest): it must still find one where the small days have one.
    for people, rounds in ((16, 2), (20, 3), (40, 4)):
        season = {frozenset((a, b)): (a * 7 + b * 3) % 40 + 1 for a in range(people) for b in range(a)}
        for seed in range(5):
            drawn = draw_rounds(range(people), rounds, seed=seed, met_before=season)
            assert draw_quality(drawn, season).repeated_pairs_today == 0


def test_the_season_still_parts_pairs_when_no_split_is_free():
    # Everyone met everyone once but 0 and 1 met a hundred times: settling for the first split with no
    # repeat today must not seat them together.
    season = {frozenset((a, b)): 1 for a in range(8) for b in range(a)} | {frozenset((0, 1)): 100}
    for seed in range(20):
        tables = [set(table) for table in draw_rounds(range(8), 1, seed=seed, met_before=season)[0].tables]
        assert not any({0, 1} <= table for table in tables)


def test_earlier_rounds_count_for_pairs_and_sit_outs():
    earlier = draw_rounds(range(9), 2, seed=11)
    later = draw_rounds(range(9), 7, seed=12, earlier=earlier)
    assert draw_quality([*earlier, *later]).sit_outs == dict.fromkeys(range(9), 1)
    after_one = draw_rounds(range(8), 1, seed=1, earlier=earlier[:1])
    assert draw_quality(earlier[:1] + after_one).worst_pair_count == 2


def test_sit_outs_already_today_count():
    drawn = draw_rounds(range(5), 1, seed=0, sat_out_before={0: 1, 1: 1, 2: 1, 3: 1})
    assert drawn[0].sitting_out == (4,)


def test_a_late_arrival_counts_the_rounds_missed_as_sit_outs():
    earlier = draw_rounds(range(8), 1, seed=4)
    for seed in range(10):
        drawn = draw_rounds(range(9), 8, seed=seed, earlier=earlier)
        assert 8 not in drawn[0].sitting_out
        assert sorted(one.sitting_out[0] for one in drawn) == list(range(8))


def test_someone_who_left_is_not_drawn():
    earlier = draw_rounds(range(9), 1, seed=4)
    drawn = draw_rounds(range(8), 1, seed=4, earlier=earlier)[0]
    assert sorted(drawn.seated()) == list(range(8))


def test_no_rounds():
    assert draw_rounds(range(4), 0, seed=0) == []


@pytest.mark.parametrize(
    ("people", "rounds", "seats", "code"),
    [
        (range(3), 1, 4, "too_few_people"),
        (range(2), 1, 3, "too_few_people"),
        ([], 1, 4, "too_few_people"),
        (range(8), 1, 5, "bad_seats"),
        (range(8), -1, 4, "bad_rounds"),
        (range(8), 1.5, 4, "bad_rounds"),
        ([1, 2, 3, 4, 2], 1, 4, "same_person_twice"),
    ],
)
def test_refusals(people, rounds, seats, code):
    with pytest.raises(SeatingError) as refused:
        draw_rounds(people, rounds, seats=seats, seed=0)
    assert refused.value.code == code
    assert refused.value.message == str(refused.value)


@pytest.mark.parametrize("seed", [None, 1.5, True, b"2026", ("a", 1)])
def test_a_draw_without_a_seed_it_can_be_made_again_from_is_refused(seed):
    # None would seed from the clock: a draw nobody could make again.
    with pytest.raises(SeatingError) as refused:
        draw_rounds(range(8), 1, seed=seed)
    assert refused.value.code == "no_seed"
    assert (
        refused.value.message == f"The draw needs a seed, a whole number or a text, so that it can be drawn "
        f"again the same: not {seed!r}."
    )


def test_too_few_people_says_how_many():
    with pytest.raises(SeatingError, match="3 present: a table needs 4 people"):
        draw_rounds(range(3), 1, seed=0)


def test_quality_counts_season_meetings_each_time():
    drawn = [Round(tables=((1, 2, 3, 4),), sitting_out=(5,)), Round(tables=((1, 2, 3, 5),), sitting_out=(4,))]
    quality = draw_quality(drawn, {frozenset((1, 2)): 4, frozenset((4, 5)): 1})
    assert quality.repeated_pairs_today == 3
    assert quality.repeated_pairs_season == 2
    assert quality.worst_pair_count == 2
    assert quality.sit_outs == {1: 0, 2: 0, 3: 0, 4: 1, 5: 1}
    assert draw_quality([]).worst_pair_count == 0
