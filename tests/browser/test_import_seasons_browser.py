"""The owner on a 360 px phone imports old games that fall in no season, and creates their season with them."""

import pytest

from league.models import Game, Membership, Role, Season

from .bakufu_club import PLAYERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = ["日付", "東家", "東家 点数", "南家", "南家 点数", "西家", "西家 点数", "北家", "北家 点数"]


def row(date):
    return [date, PLAYERS[0][0], "41300", PLAYERS[1][0], "28000", PLAYERS[2][0], "18700", PLAYERS[3][0], "12000"]


def test_the_owner_creates_the_season_of_old_games_on_a_phone(live_server, chromium, bakufu, tmp_path):
    Membership.objects.filter(user__username="kanji").update(role=Role.OWNER)
    context = chromium.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    phone = context.new_page()
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/import/")
    phone.locator("#id_text").fill(
        "\n".join("\t".join(cells) for cells in [HEADER, row("2019-03-02"), row("2019-10-05")]) + "\n"
    )
    phone.get_by_role("button", name="読み込んで確認").click()
    phone.wait_for_url("**/import/*/")
    seasons = phone.locator("#seasons")
    assert "新しい対局 2件" in seasons.inner_text()
    assert phone.locator("#id_season-0-create").is_checked()
    assert phone.locator("#id_season-0-name").input_value() == "2019年"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.locator("#id_season-0-name").fill("2019年リーグ")
    phone.screenshot(path=str(tmp_path / "import-seasons.png"), full_page=True)
    phone.get_by_role("button", name="2件の対局を取り込む").click()
    phone.wait_for_url("**/import/batches/*/")
    assert Game.objects.count() == 2
    season = Season.objects.get(club=bakufu, name="2019年リーグ")
    assert (str(season.starts_on), str(season.ends_on)) == ("2019-01-01", "2019-12-31")
    assert "取り込みで作成" in phone.locator("#seasons").inner_text()
    context.close()
