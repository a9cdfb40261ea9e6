"""Browser tests: Playwright driving Debian's chromium (never a downloaded browser)."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; the live server
# thread does the database work, so Django's async guard does not apply here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
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
