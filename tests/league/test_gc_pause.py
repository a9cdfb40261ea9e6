"""The import steps pause the cyclic garbage collector and always restore it."""

import gc

import pytest

from league.batch.gc_pause import gc_paused


def test_the_collector_is_off_inside_and_on_again_after_even_an_error():
    seen = []

    @gc_paused
    def step(fail=False):
        seen.append(gc.isenabled())
        if fail:
            raise ValueError("refused")
        return "done"

    assert gc.isenabled()
    assert step() == "done"
    with pytest.raises(ValueError):
        step(fail=True)
    assert seen == [False, False] and gc.isenabled()


def test_a_nested_step_leaves_the_outer_pause_alone():
    inner = gc_paused(lambda: gc.isenabled())

    @gc_paused
    def outer():
        return inner(), gc.isenabled()

    assert outer() == (False, False) and gc.isenabled()
