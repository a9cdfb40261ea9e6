"""The entry's preview (page_tables/entry_preview.py): what the rules give the game being typed, read from the
parsed page on every page that shows it, in Japanese and English."""

import pytest
from django.template.loader import render_to_string
from django.test.html import parse_html

from league.models import Game
from league.page_tables.entry_preview import PreviewTable, preview_table
from league.page_tables.games_breakdown import BreakdownTable
from league.views.game_form import game_form_for

from .conftest import game_post
from .standings_html import classes, find_all, text_of
from .test_manage_people import url
from .test_meeting_tables import headings_of, rows_of, table_of
from .test_reported_results import SCORES, report_url

pytestmark = pytest.mark.django_db

JA_HEADINGS = [
    "席",
    "名前",
    "着順",
    "合計",
    "点数",
    "素点ポイント",
    "オカ",
    "ウマ",
    "飛び賞",
    "チップ",
    "役満祝儀",
    "チョンボ",
]
EN_HEADINGS = [
    "Seat",
    "Player",
    "Place",
    "Total",
    "Score",
    "Base",
    "Oka",
    "Uma",
    "Bust",
    "Chips",
    "Yakuman bonus",
    "Chombo",
]
BOO_SCORES = {f"score_{seat}": score for seat, score in enumerate(("12000", "9000", "6000", "5000"))}
ENDING_YAKUMAN = {
    "yakuman_0_seat": "2",
    "yakuman_0_kind": "yakuman",
    "yakuman_0_win": "ron",
    "yakuman_0_from": "0",
    "yakuman_0_name": "国士無双",
}


def live(client, meeting, language="ja", **changes):
    return client.post(url("preview_game", meeting.club.slug, meeting.pk, language=language), game_post(**changes))


def caption(response) -> str:
    [node] = find_all(table_of(response, "preview"), lambda node: node.name == "caption")
    return " ".join(text_of(node).split())


def marked(response, mark: str) -> list:
    return find_all(table_of(response, "preview"), lambda node: mark in classes(node))


def test_the_preview_gives_place_and_total_first_with_a_triangle_minus_in_japanese(client, secretary, meeting):
    client.force_login(secretary)
    response = live(client, meeting, bust_3="0", chips_0="3", chips_3="-3")
    assert response.status_code == 200
    assert {"breakdown", "preview"} <= set(classes(table_of(response, "preview")))
    assert caption(response) == "精算結果"
    assert headings_of(response, "preview") == JA_HEADINGS
    assert rows_of(response, "preview") == [
        ["東", "東田一郎", "1", "+86.0", "52,300", "+21.0", "+20.0", "+20.0", "+10.0", "+15.0", "±0.0", "±0.0"],
        ["南", "南野二郎", "2", "+12.0", "31,500", "+2.0", "±0.0", "+10.0", "±0.0", "±0.0", "±0.0", "±0.0"],
        ["西", "西川三郎", "3", "▲21.0", "18,700", "▲11.0", "±0.0", "▲10.0", "±0.0", "±0.0", "±0.0", "±0.0"],
        ["北", "北村四郎", "4", "▲77.0", "▲2,500", "▲32.0", "±0.0", "▲20.0", "▲10.0", "▲15.0", "±0.0", "±0.0"],
    ]
    # The phone's columns: the names may be cut short, place and total kept beside them.
    assert [text_of(cell) for cell in marked(response, "name")] == ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    assert [text_of(cell) for cell in marked(response, "place")] == ["1", "2", "3", "4"]
    assert not marked(response, "filled")
    assert "filled-note" not in response.content.decode()
    assert not Game.objects.exists()


def test_the_preview_in_english_writes_minus_as_a_minus_sign(client, secretary, meeting):
    client.force_login(secretary)
    response = live(client, meeting, language="en", bust_3="0")
    assert caption(response) == "What the rules give"
    assert headings_of(response, "preview") == EN_HEADINGS
    assert rows_of(response, "preview") == [
        ["East", "東田一郎", "1", "+71.0", "52,300", "+21.0", "+20.0", "+20.0", "+10.0", "±0.0", "±0.0", "±0.0"],
        ["South", "南野二郎", "2", "+12.0", "31,500", "+2.0", "±0.0", "+10.0", "±0.0", "±0.0", "±0.0", "±0.0"],
        ["West", "西川三郎", "3", "−21.0", "18,700", "−11.0", "±0.0", "−10.0", "±0.0", "±0.0", "±0.0", "±0.0"],
        ["North", "北村四郎", "4", "−62.0", "−2,500", "−32.0", "±0.0", "−20.0", "−10.0", "±0.0", "±0.0", "±0.0"],
    ]


def test_a_score_filled_in_from_the_others_is_underlined_and_said_aloud(client, secretary, meeting):
    client.force_login(secretary)
    response = live(client, meeting, score_3="", bust_3="0")
    [filled] = marked(response, "filled")
    assert text_of(filled) == "▲2,500"
    [hidden] = marked(response, "visually-hidden")
    assert text_of(hidden).strip() == "（自動）"
    assert rows_of(response, "preview")[3][4] == "▲2,500（自動）"  # the parser drops the space a screen reader hears
    notes = find_all(parse_html(response.content.decode()), lambda node: "filled-note" in classes(node))
    assert [text_of(note) for note in notes] == ["下線の点数は、他の3人の点数から自動で計算したものです。"]
    english = live(client, meeting, language="en", score_3="", bust_3="0")
    assert rows_of(english, "preview")[3][4] == "−2,500(auto)"


def test_a_win_points_club_heads_the_base_win_points(client, secretary, meeting, boo):
    client.force_login(secretary)
    japanese = live(client, meeting, **BOO_SCORES)
    assert headings_of(japanese, "preview")[5] == "勝利点"
    assert "素点ポイント" not in headings_of(japanese, "preview")
    assert caption(japanese) == "精算結果"  # no yakuman ended it
    english = live(client, meeting, language="en", **BOO_SCORES)
    assert headings_of(english, "preview") == [*EN_HEADINGS[:5], "Win points", *EN_HEADINGS[6:]]


def test_a_yakuman_ending_the_game_is_noted_in_the_caption(client, secretary, meeting, boo):
    client.force_login(secretary)
    response = live(client, meeting, **BOO_SCORES, **ENDING_YAKUMAN)
    assert caption(response) == "精算結果 · 役満で終了（ダブルマルA）"
    assert [row[3] for row in rows_of(response, "preview")] == ["▲6.0", "▲6.0", "+18.0", "▲6.0"]
    english = live(client, meeting, language="en", **BOO_SCORES, **ENDING_YAKUMAN)
    assert caption(english) == "What the rules give · ended by a yakuman (ダブルマルA)"


def test_until_the_scores_add_up_the_preview_says_where_the_points_appear(client, secretary, meeting):
    client.force_login(secretary)
    response = live(client, meeting, language="en", score_0="", score_1="")
    assert not find_all(parse_html(response.content.decode()), lambda node: node.name == "table")
    assert "The points appear here as soon as the players and scores add up." in response.content.decode()


# --- every page that shows it ----------------------------------------------------------------------------------


def test_the_entry_page_shows_the_preview_when_asked(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(url("enter_game", meeting.club.slug, meeting.pk), game_post(action="preview", bust_3="0"))
    assert response.status_code == 200
    assert headings_of(response, "preview") == EN_HEADINGS
    assert rows_of(response, "preview")[0][:4] == ["East", "東田一郎", "1", "+71.0"]
    opened = client.get(url("enter_game", meeting.club.slug, meeting.pk))
    assert not find_all(parse_html(opened.content.decode()), lambda node: "preview" in classes(node))


def test_a_correction_shows_the_preview_of_the_corrected_game(client, secretary, meeting):
    client.force_login(secretary)
    client.post(url("enter_game", meeting.club.slug, meeting.pk), game_post(bust_3="0"))
    game = Game.objects.get()
    response = client.post(
        url("edit_game", meeting.club.slug, game.pk),
        game_post(action="preview", score_0="52400", score_3="-2600", bust_3="0", revision="1"),
    )
    assert response.status_code == 200
    assert rows_of(response, "preview")[0][:5] == ["East", "東田一郎", "1", "+72.0", "52,400"]


def test_a_players_report_shows_the_preview_on_its_page_and_live(client, meeting, seated):
    client.force_login(seated)
    for response in (
        client.post(report_url(meeting), {**SCORES, "action": "preview"}),
        client.post(report_url(meeting) + "preview/", SCORES),
    ):
        assert response.status_code == 200
        assert caption(response) == "精算結果"
        assert headings_of(response, "preview") == JA_HEADINGS
        # 北's score is filled in from the three typed.
        assert [row[4] for row in rows_of(response, "preview")] == ["41,300", "31,500", "18,700", "8,500（自動）"]


# --- the declaration ----------------------------------------------------------------------------------------------


def test_the_preview_shares_the_breakdowns_columns_in_its_own_order(secretary, meeting, django_assert_num_queries):
    form = game_form_for(meeting, game_post(score_3="", bust_3="0"))
    assert form.is_valid()
    with django_assert_num_queries(0):  # what the form settled is all it needs
        table = preview_table(form)
        html = render_to_string(table.template_name, {"table": table})
    assert isinstance(table, PreviewTable)
    assert not table.orderable and not table.downloadable
    assert [column.name for column in table.columns] == [
        "seat",
        "player",
        "place",
        "total",
        "score",
        "base",
        "oka",
        "uma",
        "bust",
        "chips",
        "shugi",
        "chombo",
    ]
    assert sorted(table.columns.names()) == sorted(BreakdownTable([], win_points=False).columns.names())
    heads = find_all(parse_html(html), lambda node: node.name == "th" and ("scope", "col") in node.attributes)
    # Text columns are not right-aligned as figures; total keeps its mark.
    assert [classes(head) for head in heads][:5] == [[], [], ["num"], ["num", "total"], ["num"]]
    assert "_export" not in html and "sort=" not in html
