"""The error pages in production mode (DEBUG off, as pytest-django runs): 403, 404, 405, 500 and a refused form.

Each is in the page's language, has its own heading, keeps its status, and offers a way back.
"""

import pytest
from django.contrib.auth import views as auth_views
from django.test import Client

from league.models import Club

# status → (Japanese heading, English heading)
HEADINGS = {
    403: ("権限がありません", "Not allowed"),
    404: ("ページが見つかりません", "Not found"),
    405: ("この方法では開けません", "Not done this way"),
    500: ("エラーが発生しました", "Something went wrong"),
}


def page(response, status, language):
    assert response.status_code == status
    html = response.content.decode()
    heading = HEADINGS[status][0 if language == "ja" else 1]
    assert f'<html lang="{language}"' in html
    assert f"<h1>{heading}</h1>" in html
    assert f'href="{"/" if language == "ja" else "/en/"}"' in html  # the way back to the clubs
    return html


@pytest.fixture
def prefix():
    return {"ja": "", "en": "/en"}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_403_for_a_page_the_login_may_not_use(client, club, member, language, prefix):
    client.force_login(member)
    page(client.get(f"{prefix[language]}/c/{club.slug}/manage/"), 403, language)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_404_for_a_club_that_does_not_exist(client, db, language, prefix):
    page(client.get(f"{prefix[language]}/c/no-such-club/"), 404, language)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_405_for_an_action_opened_by_its_address_keeps_the_allow_header(client, club, owner, meeting, language, prefix):
    client.force_login(owner)
    response = client.get(f"{prefix[language]}/c/{club.slug}/meetings/{meeting.pk}/close/")
    html = page(response, 405, language)
    assert response["Allow"] == "POST"
    assert "button" in html


@pytest.mark.parametrize("language", ["ja", "en"])
def test_500_page_needs_nothing_from_the_database(db, monkeypatch, language, prefix, django_assert_num_queries):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(auth_views.LoginView, "get", broken)
    client = Client(raise_request_exception=False)
    with django_assert_num_queries(0):
        response = client.get(f"{prefix[language]}/login/")
    html = page(response, 500, language)
    assert "a bug" not in html and "Traceback" not in html


@pytest.mark.parametrize("language", ["ja", "en"])
def test_500_page_offers_no_log_in_to_a_logged_in_person(member, monkeypatch, language, prefix):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(auth_views.PasswordChangeView, "get", broken)  # a page only a logged-in person opens
    client = Client(raise_request_exception=False)
    client.force_login(member)
    html = page(client.get(f"{prefix[language]}/account/password/"), 500, language)
    assert "/login/" not in html and "/signup/" not in html
    assert ("ログイン" if language == "ja" else "Log in") not in html


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_form_sent_without_its_token_gets_a_page_in_the_language(db, language, prefix):
    Club.objects.create(slug="open", name="公開の会", is_public=True)
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"{prefix[language]}/login/", {"username": "owner", "password": "x"})
    assert response.status_code == 403
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert ("もう一度送ってください" if language == "ja" else "Please send it again") in html
    assert "CSRF" not in html
