"""What the site logs about a request: its id on every line, one line for a client's error, a traceback for ours.

``RequestId`` gives each request an id: the ``X-Request-ID`` a proxy sent when it looks like one (so the
proxy's log and the site's match), else a new one.  It is ``request.id``, the response's ``X-Request-ID``
header and the 500 page's reference, and ``AddRequestId`` puts it on every log line written meanwhile.
``ClientErrorsInOneLine`` keeps 4xx answers (a page refused or not found) to their one line: Django logs a
403 with the traceback of the ``PermissionDenied`` that made it, which says nothing an operator needs.
"""

import logging
import re
import uuid
from contextvars import ContextVar

from django.core.signals import request_started

HEADER = "X-Request-ID"
SANE = re.compile(r"[A-Za-z0-9._-]{8,64}")
current_id = ContextVar("request_id", default="-")


class RequestId:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        sent = request.headers.get(HEADER, "")
        request.id = sent if SANE.fullmatch(sent) else uuid.uuid4().hex
        # Not reset on the way out: Django logs a 4xx after the middleware has answered.  The next request
        # starts from "-" (``forget_the_last_request``), so no line takes the id of the one before.
        current_id.set(request.id)
        response = self.get_response(request)
        response[HEADER] = request.id
        return response


def forget_the_last_request(**kwargs):
    current_id.set("-")


request_started.connect(forget_the_last_request, dispatch_uid="janroku.request_log")


class AddRequestId(logging.Filter):
    """Every record gets ``request_id``: the request being answered, or ``-`` outside one (a command)."""

    def filter(self, record):
        record.request_id = current_id.get()
        return True


class ClientErrorsInOneLine(logging.Filter):
    """A record about a 4xx answer loses its traceback; a 5xx keeps it."""

    def filter(self, record):
        status = getattr(record, "status_code", None)
        if status is not None and status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True
