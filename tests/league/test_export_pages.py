"""The export page and its two downloads: the period chosen, the file names, the workbook and CSV."""

import csv
import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from .standings_data import season_games


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def url(name, club, language="ja"):
    with translation.override(language):
        return reverse(name, args=[club.slug])


def body(response):
    return b"".join(response.streaming_content)


def opened(response):
    return load_workbook(io.BytesIO(body(response)))


def test_the_page_offers_the_choice_and_both_downloads(client, club, season, member):
    client.force_login(member)
    page = client.get(url("export", club)).content.decode()
    assert f'formaction="{url("export_xlsx", club)}"' in page
    assert f'formaction="{url("export_csv", club)}"' in page
    assert f'<option value="{season.pk}" selected>2026年度</option>' in page
    assert 'name="from"' in page and 'name="to"' in page
    assert f'href="{url("export", club)}" aria-current="page"' in page  # the club's navigation


def test_the_workbook_download_is_named_after_the_club_and_season(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_xlsx", club), {"season": season.pk})
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert "filename*=utf-8''kaze-2026%E5%B9%B4%E5%BA%A6.xlsx" in response["Content-Disposition"]
    assert response["Content-Disposition"].startswith("attachment")
    book = opened(response)
    assert book["対局"].max_row == 6  # the header and the season's five games
    assert book["対局"]["A1"].value == "日付"


def test_the_english_site_gives_an_english_workbook(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_xlsx", club, "en"), {"season": season.pk})
    book = opened(response)
    assert book.sheetnames[0] == "Standings"
    assert book["Games"]["A1"].value == "Date"


def test_dates_narrow_the_workbook_and_name_it(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_xlsx", club), {"season": season.pk, "from": "2026-06-01", "to": "2026-06-30"})
    assert "kaze-2026-06-01_2026-06-30.xlsx" in response["Content-Disposition"]
    games = opened(response)["対局"]
    assert [row[0].date().isoformat() for row in games.iter_rows(min_row=2, values_only=True)] == [
        "2026-06-14",
        "2026-06-14",
    ]


def test_the_results_csv_download(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_csv", club), {"season": season.pk, "rule_set": "main"})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "kaze-2026%E5%B9%B4%E5%BA%A6-main.csv" in response["Content-Disposition"]
    data = body(response)
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][:4] == ["日付", "ルール", "回戦", "卓"]
    assert len(rows) == 21


def test_an_unusable_choice_goes_back_to_the_page_which_says_why(client, club, season, member):
    client.force_login(member)
    response = client.get(url("export_xlsx", club), {"from": "not a date"})
    assert response.status_code == 302
    assert response["Location"] == url("export", club) + "?from=not+a+date"
    page = client.get(response["Location"]).content.decode()
    assert 'role="alert"' in page


def test_a_club_without_rule_sets_says_so(client, club, member):
    club.rule_sets.all().delete()
    client.force_login(member)
    response = client.get(url("export", club))
    assert response.status_code == 200
    assert "formaction" not in response.content.decode()
