"""Python's cyclic garbage collector paused while an import reads, plans or saves many rows (and while a
recomputation plans and saves many games, ``services.recompute``).

Reading, planning and saving 5,000 games allocates a few hundred thousand
objects that live until the step ends; each time allocations pass the
collector's threshold it walks every live object again, which cost a fifth
of an import's time (docs/performance.md).  Reference counting still frees
what is no longer used; anything cyclic is collected when the step starts
(what an earlier step left, while little is alive and a collection is quick)
and by the collector's usual rounds once the step is over.
"""

import functools
import gc


def gc_paused(function):
    """Run ``function`` with the cyclic collector off (restored afterwards, also after an exception)."""

    @functools.wraps(function)
    def paused(*args, **kwargs):
        if not gc.isenabled():  # already paused by an outer step
            return function(*args, **kwargs)
        gc.collect()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused
