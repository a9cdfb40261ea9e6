"""A page table's long download, written by the worker: the page asked again, by the same person, off the request.

A table's rows come from its page's read model, which the page's view builds from the address; rather than a
second way to build each table, the worker calls the page's own view with the download's address and the login
of the person who asked (``page_download``; ``page_tables.base.configure`` starts the job).  So the file holds
what the page would have sent, and the page's own access rules are applied again when it is written.  The job's
page and file are then for that person only, while they keep the role they had in the club (``views.jobs``):
what a page shows may depend on who reads it.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, QueryDict
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import gettext as _

from ..services.refusals import Refused

_IN_WORKER = "_janroku_download_in_worker"


def in_worker(request: HttpRequest) -> bool:
    """Whether this request is the worker asking a page for its download (which is then written, never queued)."""
    return getattr(request, _IN_WORKER, False)


def page_download(path: str, query: str, user) -> bytes:
    """The download the page at ``path`` answers ``query`` with, asked by ``user`` (None: a visitor not logged
    in), in the active language."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.GET = QueryDict(query)
    request.META = {"REQUEST_METHOD": "GET", "QUERY_STRING": query, "SERVER_NAME": "worker", "SERVER_PORT": "80"}
    request.user = user or AnonymousUser()
    request.LANGUAGE_CODE = translation.get_language()
    setattr(request, _IN_WORKER, True)
    try:
        match = resolve(path)
        request.resolver_match = match
        response = match.func(request, *match.args, **match.kwargs)
    except (Resolver404, Http404, PermissionDenied) as refused:
        raise Refused(_("That page can no longer be downloaded by you.")) from refused
    if response.status_code != 200 or not response.has_header("Content-Disposition"):
        raise Refused(_("That page no longer offers this download. Go back to the page and ask again."))
    return response.content
