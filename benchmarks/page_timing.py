"""Timing the pages of the URL map (page_map.py) for each visitor, in this process, with Django's test client.

Each page is asked once by each visitor first: a visitor it does not answer 200 is reported with the status it
got (302, 403, 404 …) and not timed.  Then ``requests`` requests (a few when the first took over a second), each
followed by the page's SQL floor (page_floors.py) for the first visitor timed, so that other load falls on both.
"""

import logging
import os
import statistics
import time
import warnings

SLOW_MS = 1000  # a page whose first answer took longer is timed SLOW_REQUESTS times only
SLOW_REQUESTS = 5


def percentile(values, fraction):
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-int(fraction * 100) * len(ordered) // 100) - 1)]


def clients():
    """A test client per visitor, logged in as the benchmark's logins (page_site.py); the anonymous one is not."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from benchmarks.page_site import LOGINS, VISITORS

    made = {}
    for who in VISITORS:
        made[who] = Client(SERVER_NAME="localhost")
        if who in LOGINS:
            made[who].force_login(get_user_model().objects.get(username=LOGINS[who]))
    return made


def read(client, url):
    """The answer to a GET of ``url``, its body read whole (a streamed download too)."""
    response = client.get(url)
    if response.streaming:
        b"".join(response.streaming_content)
    return response


def _ms(function):
    started = time.perf_counter()
    function()
    return (time.perf_counter() - started) * 1000


def time_page(page, visitors, requests, floor):
    """A row per visitor of ``page``: the status, and when 200 the timings, queries and (first visitor) floor."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    rows = []
    for who, client in visitors.items():
        first = time.perf_counter()
        response = read(client, page.url)
        first = (time.perf_counter() - first) * 1000
        row = {"page": page.name, "url": page.url, "visitor": who, "status": response.status_code}
        rows.append(row)
        if response.status_code != 200:
            continue
        with CaptureQueriesContext(connection) as queries:
            read(client, page.url)
        row["queries"] = len(queries.captured_queries)
        count = SLOW_REQUESTS if first > SLOW_MS else requests
        times, sql = [], []
        for _round in range(count):
            times.append(_ms(lambda client=client: read(client, page.url)))
            if floor is not None:
                sql.append(_ms(floor))
        row.update(requests=count, p50=statistics.median(times), p95=percentile(times, 0.95))
        if sql:
            row.update(sql_p50=statistics.median(sql), sql_p95=percentile(sql, 0.95))
            floor = None  # once a page: the floor is the same whoever asks
    return rows


def time_site(requests, only=()):
    """Every page of the URL map for every visitor; the figures as a dict (rows, pages not timed, the site)."""
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    from benchmarks.page_floors import floor_params, floor_runner
    from benchmarks.page_map import pages
    from benchmarks.page_site import CLUB, page_ids
    from league.models import Club, Game, Season

    setup_test_environment()  # the test client outside the test runner
    logging.getLogger("django.request").setLevel(logging.ERROR)  # each 403, 404 and 405 is reported, not logged
    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: the static files are not collected
    settings.DEBUG = False  # as in production: with DEBUG on, Django keeps the text of every query
    club = Club.objects.get(slug=CLUB)
    ids, by_page, about = page_ids(club)
    found, left_out = pages(ids, by_page)
    params = floor_params(club, ids, Season.objects.get(pk=ids["season_id"]))
    visitors = clients()
    figures = {
        "database": connection.vendor,
        "games": Game.objects.filter(meeting__club=club).count(),
        "site_games": Game.objects.count(),
        "clubs": Club.objects.count(),
        "load_before": os.getloadavg()[0],
        "not_timed": left_out,
        "rows": [],
        **about,
    }
    started = time.perf_counter()
    for page in found:
        if only and page.route not in only and page.name not in only:
            continue
        figures["rows"] += time_page(page, visitors, requests, floor_runner(page.route, params))
    figures.update(seconds=time.perf_counter() - started, load_after=os.getloadavg()[0])
    return figures
