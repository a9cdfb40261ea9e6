"""A secretary on a phone imports a sheet whose layout Janroku does not know: the columns are named one by one."""

import pytest

from league.models import Game

from .bakufu_club import PLAYERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = ["開催", "ゲーム", "A氏", "A点", "B氏", "B点", "C氏", "C点", "D氏", "D点"]
ROW = [
    "2026-11-21",
    "1",
    PLAYERS[0][0],
    "41300",
    PLAYERS[1][0],
    "28000",
    PLAYERS[2][0],
    "18700",
    PLAYERS[3][0],
    "12000",
]


def test_naming_the_columns_of_an_unknown_sheet_on_a_phone(live_server, phone, bakufu, tmp_path):
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/import/")
    phone.locator("#id_text").fill("\t".join(HEADER) + "\n" + "\t".join(ROW) + "\n")
    phone.get_by_role("button", name="読み込んで確認").click()
    phone.wait_for_url("**/columns/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    choices = {0: "日付", 1: "回戦"}
    for seat, wind in enumerate("東南西北"):
        choices[2 + 2 * seat] = f"{wind}家"
        choices[3 + 2 * seat] = f"{wind}家 点数"
    for position, label in choices.items():
        phone.locator(f"#id_column_{position}").select_option(label=label)
    phone.screenshot(path=str(tmp_path / "import-columns.png"), full_page=True)
    phone.get_by_role("button", name="この列で読み込む").click()
    phone.wait_for_url(lambda url: not url.endswith("/columns/"))
    phone.get_by_role("button", name="1件の対局を取り込む").click()
    phone.wait_for_url("**/import/batches/*/")  # the import's own page: what came in, and its undo
    assert Game.objects.count() == 1
    counts = phone.locator("dl.import-counts")
    assert counts.locator("dt").first.inner_text() == "取り込んだ対局"
    assert counts.locator("dd").first.inner_text() == "1"
