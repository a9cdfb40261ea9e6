"""Quiet logs: a refused or missing page is one line; an error keeps its traceback, and every line its request id."""

import io
import logging

import pytest
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.test import Client

from janroku.request_log import AddRequestId, ClientErrorsInOneLine


@pytest.fixture
def logged():
    """What django.request writes, through the site's filters and format (settings.LOGGING), on its own handler:
    the site's console handler changes the records it sees, so this one sees them first."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(settings.LOGGING["formatters"]["plain"]["format"]))
    handler.addFilter(AddRequestId())
    handler.addFilter(ClientErrorsInOneLine())
    logger = logging.getLogger("django.request")
    logger.addHandler(handler)
    yield lambda: stream.getvalue().strip()
    logger.removeHandler(handler)


def test_a_404_is_one_line(client, db, logged):
    response = client.get("/c/no-such-club/")
    assert response.status_code == 404
    lines = logged().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith(f" WARNING django.request [{response['X-Request-ID']}] Not Found: /c/no-such-club/")


def test_a_403_is_one_line_without_the_traceback(client, club, member, logged):
    client.force_login(member)
    response = client.get(f"/c/{club.slug}/manage/")
    assert response.status_code == 403
    lines = logged().splitlines()
    assert len(lines) == 1, lines
    assert "Forbidden" in lines[0] and "Traceback" not in logged()


def test_a_500_keeps_its_traceback_and_request_id(db, monkeypatch, logged):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug in the login page")

    monkeypatch.setattr(auth_views.LoginView, "get", broken)
    response = Client(raise_request_exception=False).get("/login/", headers={"X-Request-ID": "proxy-id-1234"})
    assert response.status_code == 500
    assert response["X-Request-ID"] == "proxy-id-1234"
    text = logged()
    assert " ERROR django.request [proxy-id-1234] Internal Server Error: /login/\nTraceback" in text
    assert "Traceback" in text and "RuntimeError: a bug in the login page" in text
    assert "proxy-id-1234" in response.content.decode()  # the page gives the reference to quote


@pytest.mark.parametrize("sent", ["", "short", "has spaces in it", "x" * 65, "<script>alert(1)</script>"])
def test_an_id_that_does_not_look_like_one_is_replaced(client, db, sent):
    response = client.get("/", headers={"X-Request-ID": sent})
    assert response["X-Request-ID"] != sent
    assert len(response["X-Request-ID"]) == 32


def test_the_site_logs_through_both_filters():
    from django.conf import settings

    console = settings.LOGGING["handlers"]["console"]
    assert console["filters"] == ["request_id", "client_errors_in_one_line"]
    assert "%(request_id)s" in settings.LOGGING["formatters"][console["formatter"]]["format"]
