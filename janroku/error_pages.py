"""The error pages people see in production (DEBUG off), in the page's language, each with a way back.

Django renders 400.html, 403.html and 404.html itself.  Three more are wired here:

- 405: a page that does not take the method (a form's address opened by GET) answers with
  ``HttpResponseNotAllowed``, which has no page; ``NotAllowedPage`` gives it templates/405.html,
  keeping the status and the ``Allow`` header.
- 500: ``server_error`` renders templates/500.html without context processors, so the page
  itself asks nothing of the database (which may be what failed).  Not knowing who is logged in, it
  offers neither "Log in" nor "Log out", only the way back.
- A refused form (CSRF, typically a login form left open until the session expired):
  ``csrf_failure`` renders templates/403_csrf.html instead of Django's English page.
"""

from django.http import HttpResponseForbidden, HttpResponseServerError
from django.shortcuts import render
from django.template import loader


class NotAllowedPage:
    """Gives a bare 405 answer the site's page; any other answer passes through untouched."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or response.streaming or response.content:
            return response
        page = render(request, "405.html", status=405)
        page["Allow"] = response["Allow"]
        return page


def server_error(request):
    """The 500 page from a plain context: the request only (for the language link), no user, no session."""
    return HttpResponseServerError(loader.get_template("500.html").render({"request": request}))


def csrf_failure(request, reason=""):
    """A form the site could not accept as sent from its own page: say so, and how to go on."""
    return HttpResponseForbidden(render(request, "403_csrf.html").content)
