"""Browser tests: Playwright driving Debian's chromium (never a downloaded browser), and the fixtures that more
than one browser test file uses."""

import datetime
import os
import shutil
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from league.models import Club, Meeting, Member, Membership, Role

from .bakufu_club import MEMBERS, PLAYERS, SECRETARY

# Playwright's sync API runs an event loop in the test thread; the live server
# thread does the database work, so Django's async guard does not apply here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("JANROKU_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium):
    """A page the size of a phone held upright."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def narrow_phone(chromium):
    """The narrowest phone held upright that Janroku is made for (360 px)."""
    context = chromium.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def small_phone(chromium):
    """A 360 px touch phone set to Japanese, as the entry's tests type on it."""
    context = chromium.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True, locale="ja-JP"
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def bakufu(seed_clubs):
    """爆風の会 (a seed club) with the four PLAYERS of bakufu_club.py and a secretary (``bakufu_club.log_in``)."""
    club = Club.objects.get(slug="bakufu")
    for name, kana in PLAYERS:
        Member.objects.create(club=club, name=name, kana=kana)
    user = get_user_model().objects.create_user(SECRETARY[0], password=SECRETARY[1])
    Membership.objects.create(user=user, club=club, role=Role.SECRETARY)
    return club


@pytest.fixture
def demo_club(seed_clubs):
    """爆風の会 with a few weeks of demo results and the demo logins (owner, secretary, member)."""
    call_command(
        "demo", weeks=4, today=datetime.date(2026, 11, 21), clubs=["bakufu"], on_production=True, stdout=StringIO()
    )
    return Club.objects.get(slug="bakufu")


@pytest.fixture
def bakufu_meeting(seed_clubs):
    """爆風の会's meeting of 2026-11-21, the five MEMBERS of bakufu_club.py in the club and a secretary."""
    club = Club.objects.get(slug="bakufu")
    for name, kana in MEMBERS:
        Member.objects.create(club=club, name=name, kana=kana)
    user = get_user_model().objects.create_user(SECRETARY[0], password=SECRETARY[1])
    Membership.objects.create(user=user, club=club, role=Role.SECRETARY)
    return Meeting.objects.create(club=club, rule_set=club.rule_sets.first(), date=datetime.date(2026, 11, 21))
