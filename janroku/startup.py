"""What a serving process does once Django is set up, before its first request (``janroku.wsgi``; the page
benchmark starts the site the same way).

``settle_heap`` hands the objects loaded at start (modules, settings, the URL
patterns and every view they import) to the garbage collector's permanent
generation.  Left where they were, every full collection walked them all
again: about 130,000 objects, a collection every few requests on the pages
that make many objects (the running standings' 16,000 cells), each 30 to
110 ms under load, the slowest tenth of those pages (docs/performance.md).
"""

import gc


def settle_heap():
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 -- the URLconf imports every view: loaded now, set aside with the rest
    gc.collect()
    gc.freeze()
