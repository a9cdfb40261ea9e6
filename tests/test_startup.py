"""A serving process sets aside what it loaded at start before its first request (janroku/startup.py)."""

import gc

from janroku.startup import settle_heap


def test_the_objects_loaded_at_start_are_out_of_the_collectors_way():
    gc.unfreeze()
    try:
        settle_heap()
        assert gc.get_freeze_count() > 10_000  # the modules, the URL patterns and the views they import
        assert len(gc.get_objects(generation=2)) < gc.get_freeze_count() / 10
    finally:
        gc.unfreeze()
