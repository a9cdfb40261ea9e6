"""The printable standings printed by chromium: 40 members on one A4 portrait page, nothing under 9 points,
and a longer list on more pages with the header row repeated on each."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from league.models import Adjustment, Club, RuleSet, RuleVersion
from tests.league.conftest import BAKUFU_RULES
from tests.league.printable_data import MEMBERS, forty_members
from tests.pdf_pages import A4_PORTRAIT, read_pdf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def forty(db):
    club = Club.objects.create(slug="kaze", name="風の会", is_public=True)
    rule_set = RuleSet.objects.create(club=club, slug="main", name="四人打ち")
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES)
    user = get_user_model().objects.create_user("kanji", password="table-side-secret")
    season = forty_members(club, user)
    return club, season


def printed(chromium, address, path):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(address)
    page.pdf(path=str(path), prefer_css_page_size=True)
    context.close()
    return read_pdf(path)


def test_forty_members_print_on_one_a4_page_and_more_go_on_under_the_same_header(
    live_server, chromium, forty, tmp_path
):
    club, season = forty
    address = f"{live_server.url}/c/{club.slug}/standings/print/?season={season.pk}"
    pages = printed(chromium, address, tmp_path / "forty.pdf")
    assert len(pages) == 1 and pages[0].size == A4_PORTRAIT
    text = "".join(pages[0].text.split())  # chromium spaces kanji from digits
    assert all(member.name in text for member in club.members.all()) and club.members.count() == MEMBERS
    assert "風の会" in text and "2026年度" in text  # the heading: the club and the season
    assert pages[0].smallest >= 9
    assert "← " not in text  # the way back to the standings is not printed
    # Twenty more (an adjustment each, unranked without a game): a second page, the header row on it too.
    rule_set = club.rule_sets.get()
    for number in range(20):
        member = club.members.create(name=f"追加{number:02d}", kana="")
        Adjustment.objects.create(
            club=club, rule_set=rule_set, member=member, date=datetime.date(2026, 5, 1), points=10, reason="テスト"
        )
    pages = printed(chromium, address, tmp_path / "sixty.pdf")
    assert len(pages) == 2 and {page.size for page in pages} == {A4_PORTRAIT}
    assert all("順位" in page.text and "ポイント" in page.text for page in pages)  # the thead, on each page
    assert min(page.smallest for page in pages) >= 9
