"""Maintenance mode at the door: every page says so, and every write is refused (docs/hosting.md).

The operator turns it on with ``manage.py maintenance on`` (janroku/site_state.py keeps the switch).  A safe
request (GET, HEAD, OPTIONS) is answered as usual, the page showing a notice; any other is answered 503 with
a page saying why, before a view (the admin's included) can write anything.  Each request is also recorded,
so that ``restore`` can tell a site that is serving.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from . import site_state

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


class MaintenanceMode:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        site_state.saw_request()
        if request.method in SAFE_METHODS:
            request.maintenance = site_state.maintenance_on()
            return self.get_response(request)
        with site_state.write_in_flight() as may_write:
            if not may_write:
                request.maintenance = True
                response = render(request, "503.html", status=503)
                response["Retry-After"] = "600"
                return response
            request.maintenance = False
            return self.get_response(request)
