"""Imports land in a season: games outside every season are counted, seasons proposed for them (one per calendar
year, in the gaps between the club's seasons), and the owner creates the ones ticked with the import."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation

from league.imports.commit import ImportRefused, commit
from league.imports.seasons import CREATED_BY_IMPORT, NewSeason, outside_seasons
from league.imports.undo import undo_import
from league.models import Game, ImportBatch, Season

from .day_total_files import day_workbook
from .import_files import NAMES, game_row, plan_of, xlsx_bytes
from .standings_html import classes, find_all, ranked_names, text_of
from .standings_html import url as standings_url
from .test_import_pages import upload

# Two games in 2024, one in the first months of 2025 (before the club's 年度 season) and one inside it.
ROWS = [
    game_row(date="2024-05-11"),
    game_row(date="2024-11-02"),
    game_row(date="2025-02-15"),
    game_row(date="2025-06-07"),
]
D = datetime.date


@pytest.fixture
def season_2025(club):
    return Season.objects.create(club=club, name="2025年度", starts_on=D(2025, 4, 1), ends_on=D(2026, 3, 31))


def html(response):
    return parse_html(response.content.decode())


def attr(node, name):
    return dict(node.attributes).get(name)


def inputs(page):
    """Every input of the page by its name: its attributes."""
    return {
        attr(node, "name"): dict(node.attributes)
        for node in find_all(page, lambda n: n.name == "input" and attr(n, "name"))
    }


def section(page, id):
    found = find_all(page, lambda n: isinstance(n, Element) and attr(n, "id") == id)
    return " ".join(text_of(found[0]).split()) if found else None


def errors(page):
    return [
        " ".join(text_of(node).split())
        for node in find_all(page, lambda n: "error" in classes(n) or "errors" in classes(n))
    ]


def preview(client, club, rows=ROWS):
    location = upload(client, club, xlsx_bytes(rows))["Location"]
    return location, client.get(location)


def commit_post(response, **changes):
    """What the preview's save button posts, the seasons as proposed (all ticked), with ``changes``."""
    data = {
        name: attrs.get("value", "on" if attrs.get("type") == "checkbox" else "")
        for name, attrs in inputs(html(response)).items()
        if attrs.get("type") != "checkbox" or "checked" in attrs
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


# -- what is proposed ------------------------------------------------------------------------------------------------


def test_games_outside_every_season_are_counted_and_a_season_proposed_per_year_in_the_gaps(club, season_2025):
    with translation.override("ja"):
        uncovered, proposals = outside_seasons(plan_of(club, xlsx_bytes(ROWS)))
    assert (uncovered.games, uncovered.day_totals, uncovered.first, uncovered.last) == (
        3,
        0,
        D(2024, 5, 11),
        D(2025, 2, 15),
    )
    assert [(p.name, p.starts_on, p.ends_on, p.games) for p in proposals] == [
        ("2024年", D(2024, 1, 1), D(2024, 12, 31), 2),
        ("2025年1月〜3月", D(2025, 1, 1), D(2025, 3, 31), 1),
    ]


def test_names_in_english_and_a_season_in_the_middle_of_a_year(club):
    Season.objects.create(club=club, name="Summer", starts_on=D(2024, 6, 1), ends_on=D(2024, 8, 31))
    with translation.override("en"):
        _uncovered, proposals = outside_seasons(plan_of(club, xlsx_bytes(ROWS[:3])))
    assert [(p.name, p.starts_on, p.ends_on, p.games) for p in proposals] == [
        ("2024 Jan–May", D(2024, 1, 1), D(2024, 5, 31), 1),
        ("2024 Sep–Dec", D(2024, 9, 1), D(2024, 12, 31), 1),
        ("2025", D(2025, 1, 1), D(2025, 12, 31), 1),
    ]


def test_a_proposal_never_takes_a_name_the_club_has(club):
    Season.objects.create(club=club, name="2024年", starts_on=D(2023, 1, 1), ends_on=D(2023, 12, 31))
    with translation.override("ja"):
        _uncovered, proposals = outside_seasons(plan_of(club, xlsx_bytes(ROWS[:1])))
    assert [p.name for p in proposals] == ["2024年 (2)"]


def test_day_totals_outside_are_counted_and_created_with_their_season(club, owner):
    Season.objects.create(club=club, name="11月21日", starts_on=D(2026, 11, 21), ends_on=D(2026, 11, 21))
    plan = plan_of(club, day_workbook())
    with translation.override("ja"):
        uncovered, proposals = outside_seasons(plan)
    assert (uncovered.games, uncovered.day_totals, uncovered.first, uncovered.last) == (
        0,
        1,
        D(2026, 11, 28),
        D(2026, 11, 28),
    )
    assert [(p.name, p.starts_on, p.ends_on, p.day_totals) for p in proposals] == [
        ("2026年11月〜12月", D(2026, 11, 22), D(2026, 12, 31), 1)
    ]
    commit(plan, user=owner, seasons=[NewSeason("2026年後半", D(2026, 11, 22), D(2026, 12, 31))])
    assert Season.objects.filter(name="2026年後半").exists()


def test_nothing_is_proposed_when_every_game_is_in_a_season(club):
    Season.objects.create(club=club, name="全期間", starts_on=D(2020, 1, 1), ends_on=D(2030, 12, 31))
    assert outside_seasons(plan_of(club, xlsx_bytes(ROWS))) == (None, [])


# -- the import page, for the owner ------------------------------------------------------------------------------


def test_the_owner_sees_the_games_outside_and_the_proposals_ticked(client, owner, club, season_2025):
    client.force_login(owner)
    _location, response = preview(client, club)
    page = html(response)
    said = section(page, "seasons")
    assert "2024/05/11(土) から 2025/02/15(土) まで" in said and "新しい対局 3件" in said
    fields = inputs(page)
    assert fields["season-0-name"]["value"] == "2024年" and "checked" in fields["season-0-create"]
    assert fields["season-1-name"]["value"] == "2025年1月〜3月" and "checked" in fields["season-1-create"]
    assert fields["season-0-starts_on"]["value"] == "2024-01-01"


def test_the_owner_creates_the_seasons_with_the_import_and_their_standings_show_the_games(
    client, owner, club, season_2025
):
    client.force_login(owner)
    location, response = preview(client, club)
    saved = client.post(location, commit_post(response))
    assert saved.status_code == 302
    batch = ImportBatch.objects.get()
    new = Season.objects.get(name="2024年")
    assert (new.starts_on, new.ends_on, new.min_games) == (D(2024, 1, 1), D(2024, 12, 31), 0)
    assert Season.objects.filter(name="2025年1月〜3月", starts_on=D(2025, 1, 1), ends_on=D(2025, 3, 31)).exists()
    record = new.history.get()
    assert record.history_user == owner and record.history_change_reason == CREATED_BY_IMPORT.format(batch=batch.pk)
    standings = client.get(standings_url(club, season=new.pk))
    assert sorted(ranked_names(standings)) == sorted(NAMES)
    assert Game.objects.filter(meeting__date__range=(new.starts_on, new.ends_on)).count() == 2
    batch_page = html(client.get(saved["Location"]))
    assert "2024年取り込みで作成" in section(batch_page, "seasons")


def test_an_unticked_season_is_not_created_and_a_renamed_one_keeps_its_new_name(client, owner, club, season_2025):
    client.force_login(owner)
    location, response = preview(client, club)
    saved = client.post(location, commit_post(response, **{"season-0-create": None, "season-1-name": " 2025年冬 "}))
    assert saved.status_code == 302
    assert sorted(Season.objects.values_list("name", flat=True)) == ["2025年冬", "2025年度"]
    assert Game.objects.count() == 4


TAKEN = "このクラブにはすでに「2025年度」というシーズンがあります。別の名前にするか、チェックを外してください。"
EMPTY = "作成する各シーズンの名前を入力するか、チェックを外してください。"
TWICE = "作成する2つのシーズンがどちらも「冬」という名前です。それぞれ別の名前にしてください。"


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"season-0-name": "2025年度"}, TAKEN),
        ({"season-0-name": "２０２５年度"}, TAKEN),  # full-width, as the name is kept
        ({"season-0-name": "\u3000"}, EMPTY),
        ({"season-0-name": "冬", "season-1-name": "冬"}, TWICE),
    ],
)
def test_a_bad_name_is_refused_with_a_message_and_nothing_saved(client, owner, club, season_2025, changes, message):
    client.force_login(owner)
    location, response = preview(client, club)
    refused = client.post(location, commit_post(response, **changes))
    assert refused.status_code == 400
    assert message in errors(html(refused))
    assert Game.objects.count() == 0 and Season.objects.count() == 1 and not ImportBatch.objects.exists()
    assert client.get(location).status_code == 200  # the import still waits


def test_a_season_added_since_the_preview_refuses_the_import(client, owner, club, season_2025):
    client.force_login(owner)
    location, response = preview(client, club)
    Season.objects.create(club=club, name="2024年度", starts_on=D(2024, 4, 1), ends_on=D(2025, 3, 31))
    refused = client.post(location, commit_post(response), follow=True)
    assert "シーズンがプレビューの後に変わりました" in refused.content.decode()
    assert Game.objects.count() == 0 and Season.objects.count() == 2
    assert "season-0-name" not in inputs(html(refused))  # nothing left to propose: every day is in a season


def test_the_page_in_english(client, owner, club, season_2025):
    client.force_login(owner)
    with translation.override("en"):
        location = upload(client, club, xlsx_bytes(ROWS))["Location"]
        said = section(html(client.get(location)), "seasons")
    assert "These new rows fall in no season of the club, from Sat 11 May 2024 to Sat 15 Feb 2025" in said
    assert "3 new games" in said


# -- not the owner ---------------------------------------------------------------------------------------------------


def test_a_secretary_is_told_to_ask_the_owner_and_creates_nothing(client, secretary, club, season_2025):
    client.force_login(secretary)
    location, response = preview(client, club)
    page = html(response)
    assert "オーナーだけがシーズンを作成できます" in section(page, "seasons")
    assert not [name for name in inputs(page) if name.startswith("season-")]
    forged = {
        "season-TOTAL_FORMS": "1",
        "season-INITIAL_FORMS": "1",
        "season-0-create": "on",
        "season-0-name": "2024年",
        "season-0-starts_on": "2024-01-01",
        "season-0-ends_on": "2024-12-31",
    }
    assert client.post(location, commit_post(response, **forged)).status_code == 302
    assert Game.objects.count() == 4 and list(Season.objects.values_list("name", flat=True)) == ["2025年度"]


# -- the service -----------------------------------------------------------------------------------------------------


def test_a_span_that_is_not_proposed_is_refused(club, owner, season_2025):
    plan = plan_of(club, xlsx_bytes(ROWS))
    with pytest.raises(ImportRefused):
        commit(plan, user=owner, seasons=[NewSeason("2025年", D(2025, 1, 1), D(2025, 12, 31))])  # overlaps 2025年度
    assert Game.objects.count() == 0 and Season.objects.count() == 1


def test_undoing_the_import_leaves_its_seasons_and_its_page_says_so(client, owner, club, season_2025):
    batch = commit(
        plan_of(club, xlsx_bytes(ROWS)), user=owner, seasons=[NewSeason("2024年", D(2024, 1, 1), D(2024, 12, 31))]
    )
    client.force_login(owner)
    batch_url = reverse("import_batch", kwargs={"slug": club.slug, "batch_id": batch.pk})
    assert "作成したシーズンは残ります" in section(html(client.get(batch_url)), "undo")
    undo_import(batch, owner)
    assert Season.objects.filter(name="2024年").exists() and Game.objects.count() == 0
    assert "2024年" in section(html(client.get(batch_url)), "seasons-created")


# -- the command -----------------------------------------------------------------------------------------------------


@pytest.fixture
def file(tmp_path):
    path = tmp_path / "games.xlsx"
    path.write_bytes(xlsx_bytes(ROWS))
    return str(path)


def run(*args):
    out = io.StringIO()
    with translation.override("ja"):
        call_command("import_results", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_the_command_creates_the_seasons_when_asked(club, season_2025, file):
    said = run("kaze", file, "--create-seasons")
    assert list(Season.objects.order_by("starts_on").values_list("name", "starts_on")) == [
        ("2024年", D(2024, 1, 1)),
        ("2025年1月〜3月", D(2025, 1, 1)),
        ("2025年度", D(2025, 4, 1)),
    ]
    assert "シーズン「2024年」を作成しました（2024-01-01 – 2024-12-31）。" in said
    assert Game.objects.count() == 4


def test_the_command_without_the_flag_or_in_a_dry_run_only_says_so(club, season_2025, file):
    said = run("kaze", file, "--dry-run", "--create-seasons")
    assert "2024年: 2024-01-01 – 2024-12-31" in said and Season.objects.count() == 1 and not Game.objects.exists()
    said = run("kaze", file)
    assert "--create-seasons" in said and Season.objects.count() == 1 and Game.objects.count() == 4


def test_the_command_refuses_a_name_taken_meanwhile_and_saves_nothing(club, season_2025, file, monkeypatch):
    from league.management.commands import import_results

    def stale(plan):  # a season named 2024年 was added between the proposal and the save
        found = outside_seasons(plan)
        Season.objects.get_or_create(
            club=club, name="2024年", defaults={"starts_on": D(2010, 1, 1), "ends_on": D(2010, 12, 31)}
        )
        return found

    monkeypatch.setattr(import_results, "outside_seasons", stale)
    with pytest.raises(CommandError, match="2024年"):
        run("kaze", file, "--create-seasons")
    assert not Game.objects.exists() and not Season.objects.filter(starts_on=D(2024, 1, 1)).exists()


def test_a_forged_span_is_refused_beside_its_season_and_nothing_saved(client, owner, club, season_2025):
    client.force_login(owner)
    location, response = preview(client, club)
    refused = client.post(location, commit_post(response, **{"season-0-ends_on": "someday"}))
    assert refused.status_code == 400 and "日付を正しく入力してください。" in errors(html(refused))
    refused = client.post(location, commit_post(response, **{"season-0-ends_on": "2025-12-31"}), follow=True)
    assert "シーズンがプレビューの後に変わりました" in refused.content.decode()
    assert Game.objects.count() == 0 and Season.objects.count() == 1
