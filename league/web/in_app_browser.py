"""Pages read inside LINE's own browser (a link tapped in a LINE chat): how to open them in the phone's browser.

LINE's in-app browser keeps no login between chats and cannot put the site on the home screen.  LINE opens a
link whose query has ``openExternalBrowser=1`` in the phone's browser instead (LINE's documented parameter).
"""

from urllib.parse import urlencode

from django.http import HttpRequest

LINE_AGENT = " Line/"  # LINE's browser ends its User-Agent with "Line/<version>" (iOS and Android)
EXTERNAL = "openExternalBrowser"


def in_line_app(request: HttpRequest | None) -> bool:
    return request is not None and LINE_AGENT in request.headers.get("User-Agent", "")


def line_external_url(request: HttpRequest | None) -> str:
    """The address that opens this page in the phone's browser when it is read inside LINE, else ""."""
    return external_browser_url(request) if in_line_app(request) else ""


def external_browser_url(request: HttpRequest) -> str:
    """This page's address with ``openExternalBrowser=1``, the rest of its query kept."""
    query = request.GET.copy()
    query[EXTERNAL] = "1"
    return f"{request.path}?{urlencode(sorted(query.lists()), doseq=True)}"
