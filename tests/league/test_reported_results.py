"""Results reported by a player at a drawn table: who may send one, what is kept, and the secretary's
confirming, correcting or turning it down."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Game, Member, ReportedResult
from league.stats.drawn_tables import reports_to_check

from .draws import TABLE_1
from .test_prefilled_entry import names_on, value_of

SCORES = {"score_0": "41300", "score_1": "31500", "score_2": "18700"}


def report_url(meeting, round_number=1, table=1):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/report/{round_number}/{table}/"


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def meeting_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/"


def send(client, meeting, **changes):
    return client.post(report_url(meeting), {**SCORES, "action": "save", **changes})


# -- a seated player reports ------------------------------------------------------------------------


def test_the_seated_player_sees_the_table_with_names_fixed(client, meeting, seated):
    client.force_login(seated)
    html = client.get(report_url(meeting)).content.decode()
    assert names_on(html) == TABLE_1
    for seat in range(4):
        assert "readonly" in html.split(f'name="player_{seat}"')[1].split(">")[0]
    assert '<input type="hidden" name="round" value="1"' in html
    assert '<input type="hidden" name="table" value="1"' in html
    assert "幹事に送信" in html


def test_the_meeting_page_offers_the_seated_player_their_table(client, meeting, seated):
    client.force_login(seated)
    assert f'href="{report_url(meeting)}"' in client.get(meeting_url(meeting)).content.decode()


def test_a_report_is_kept_as_typed_and_does_not_count(client, meeting, seated):
    client.force_login(seated)
    response = send(client, meeting, score_0="４１３００")
    assert response.status_code == 302
    report = ReportedResult.objects.get()
    assert (report.round, report.table, report.status, report.reported_by) == (1, 1, "pending", seated)
    assert report.sheet == {
        "round": "1",
        "table": "1",
        "player_0": "南野二郎",
        "player_1": "東田一郎",
        "player_2": "西川三郎",
        "player_3": "北村四郎",
        "score_0": "４１３００",
        "score_1": "31500",
        "score_2": "18700",
    }
    assert not Game.objects.exists()
    assert report.history.count() == 1


def test_names_round_and_table_posted_otherwise_are_the_draws(client, meeting, seated):
    client.force_login(seated)
    send(client, meeting, player_0="中島五郎", round="3", table="2", guest_0="on")
    sheet = ReportedResult.objects.get().sheet
    assert ([sheet[f"player_{seat}"] for seat in range(4)], sheet["round"], sheet["table"]) == (TABLE_1, "1", "1")
    assert "guest_0" not in sheet


def test_bad_scores_get_the_entry_forms_messages_and_nothing_is_kept(client, meeting, seated):
    client.force_login(seated)
    response = send(client, meeting, score_1="3１5")
    assert response.status_code == 400
    assert 'id="errors-score_1"><small class="error">' in response.content.decode()
    response = send(client, meeting, score_0="41300", score_1="31500", score_2="18700", score_3="▲2500")
    assert response.status_code == 400  # adds up wrong: 41300 + 31500 + 18700 − 2500 is not 100000
    assert not ReportedResult.objects.exists()


def test_a_triangle_minus_score_with_its_bust_is_taken(client, meeting, seated):
    client.force_login(seated)
    response = send(
        client, meeting, score_0="５２３００", score_1="31500", score_2="18700", score_3="▲2500", bust_3="0"
    )
    assert response.status_code == 302
    assert ReportedResult.objects.get().sheet["score_3"] == "▲2500"


def test_the_live_preview_of_a_report_shows_the_points(client, meeting, seated):
    client.force_login(seated)
    response = client.post(report_url(meeting) + "preview/", SCORES)
    assert response.status_code == 200
    assert "breakdown" in response.content.decode()


# -- refused --------------------------------------------------------------------------------------


def test_a_player_not_at_the_table_is_refused_with_the_reason(client, meeting, seated):
    Member.objects.filter(name="東田一郎").update(user=None)
    Member.objects.filter(name="中島五郎").update(user=seated)  # sitting out
    client.force_login(seated)
    response = client.get(report_url(meeting))
    assert response.status_code == 403
    assert "1回戦 · 1卓の組み合わせに入っていません" in response.content.decode()
    assert send(client, meeting).status_code == 403
    assert not ReportedResult.objects.exists()


def test_a_table_the_draw_does_not_have_is_refused(client, meeting, seated):
    client.force_login(seated)
    assert client.get(report_url(meeting, table=2)).status_code == 403


def test_the_club_setting_off_refuses_reports(client, club, meeting, seated):
    club.players_report_results = False
    club.save()
    client.force_login(seated)
    response = send(client, meeting)
    assert response.status_code == 403
    assert "幹事" in response.content.decode()
    assert f'href="{report_url(meeting)}"' not in client.get(meeting_url(meeting)).content.decode()
    assert not ReportedResult.objects.exists()


def test_a_closed_meeting_takes_no_reports(client, meeting, seated):
    meeting.closed = True
    meeting.save()
    client.force_login(seated)
    assert send(client, meeting).status_code == 409
    assert not ReportedResult.objects.exists()


def test_a_table_already_entered_takes_no_reports(client, secretary, meeting, seated):
    client.force_login(secretary)
    client.post(
        enter_url(meeting),
        {
            **SCORES,
            "round": "1",
            "table": "1",
            "action": "save",
            **{f"player_{seat}": name for seat, name in enumerate(TABLE_1)},
        },
    )
    assert Game.objects.count() == 1
    client.force_login(seated)
    response = send(client, meeting)
    assert response.status_code == 409
    assert "入力済み" in response.content.decode()
    assert f'href="{report_url(meeting)}"' not in client.get(meeting_url(meeting)).content.decode()


def test_an_outsider_and_a_visitor_are_refused(client, club, meeting, seated, outsider):
    client.force_login(outsider)
    assert send(client, meeting).status_code == 404
    client.logout()
    club.is_public = True
    club.save()
    assert send(client, meeting).status_code == 403
    assert not ReportedResult.objects.exists()


# -- a second report ------------------------------------------------------------------------------


def test_a_second_report_is_added_and_the_latest_is_shown_first(client, meeting, seated):
    client.force_login(seated)
    send(client, meeting)
    send(client, meeting, score_0="40300", score_1="32500")
    assert ReportedResult.objects.pending().count() == 2
    latest, earlier = reports_to_check(meeting)
    assert latest.report.sheet["score_0"] == "40300" and latest.earlier == 1
    assert earlier.earlier == 0


# -- the secretary -------------------------------------------------------------------------------


@pytest.fixture
def report(client, meeting, seated, secretary):
    client.force_login(seated)
    send(client, meeting)
    client.force_login(secretary)
    return ReportedResult.objects.get()


def test_the_secretary_sees_pending_reports_on_the_meeting_and_entry_pages(client, meeting, report):
    for url in (meeting_url(meeting), enter_url(meeting)):
        html = client.get(url).content.decode()
        assert f'href="{enter_url(meeting)}?report={report.pk}"' in html
        assert "東田一郎" in html  # who reported, by their member name, never the login name
        assert ">member<" not in html


def test_opening_a_report_fills_the_entry_form_with_what_the_player_typed(client, meeting, report):
    html = client.get(f"{enter_url(meeting)}?report={report.pk}").content.decode()
    assert names_on(html) == TABLE_1
    assert [value_of(html, f"score_{seat}") for seat in range(3)] == ["41300", "31500", "18700"]
    assert f'name="report" value="{report.pk}"' in html
    assert "autofocus" not in html  # a report to check, not boxes to type: the page opens on its points


def test_confirming_saves_the_game_and_marks_the_report(client, meeting, report, secretary):
    response = client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    assert response.status_code == 302
    game = Game.objects.get()
    report.refresh_from_db()
    assert (report.status, report.game) == ("confirmed", game)
    assert [seat.score for seat in game.seats.order_by("seat")] == [41300, 31500, 18700, 8500]
    assert game.updated_by == secretary
    assert [h.status for h in report.history.order_by("history_id")] == ["pending", "confirmed"]
    assert report.history.latest().history_user == secretary


def test_a_corrected_report_saves_the_correction(client, meeting, report):
    client.post(enter_url(meeting), {**report.sheet, "score_1": "30500", "report": report.pk, "action": "save"})
    game = Game.objects.get()
    assert [seat.score for seat in game.seats.order_by("seat")] == [41300, 30500, 18700, 9500]
    report.refresh_from_db()
    assert report.sheet["score_1"] == "31500"  # what the player typed stays as typed
    assert report.status == "confirmed"


def test_a_report_cannot_be_confirmed_twice(client, meeting, report):
    client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    response = client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    assert response.status_code == 400
    assert "この報告はすでに「確認済み」です。" in response.content.decode()
    assert Game.objects.count() == 1


def test_a_report_whose_table_was_entered_meanwhile_is_superseded(client, meeting, report):
    client.post(enter_url(meeting), {**report.sheet, "score_0": "42300", "score_1": "30500", "action": "save"})
    html = client.get(meeting_url(meeting)).content.decode()
    assert "入力済み" in html and f"?report={report.pk}" not in html
    response = client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    assert response.status_code == 400
    # The entry's own refusal of a second game at a table.
    assert "この開催日の1回戦・1卓はすでに入力されています。" in response.content.decode()
    report.refresh_from_db()
    assert report.status == "pending" and Game.objects.count() == 1


def test_turning_down_asks_first_then_keeps_the_report_turned_down(client, meeting, report):
    url = f"/c/{meeting.club.slug}/meetings/{meeting.pk}/reports/{report.pk}/turn-down/"
    assert client.get(url).status_code == 200
    client.post(url)
    report.refresh_from_db()
    assert report.status == "pending"
    assert client.post(url, {"confirmed": "yes"}).status_code == 302
    report.refresh_from_db()
    assert report.status == "turned_down"
    assert f"?report={report.pk}" not in client.get(meeting_url(meeting)).content.decode()
    response = client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    assert not Game.objects.exists() and response.status_code == 400
    assert "この報告はすでに「却下」です。" in response.content.decode()


def test_the_owner_lets_players_report_in_the_club_settings(client, club, owner):
    client.force_login(owner)
    html = client.get(f"/c/{club.slug}/manage/settings/").content.decode()
    assert 'name="players_report_results"' in html
    client.post(
        f"/c/{club.slug}/manage/settings/", {"name": club.name, "players_report_results": "on", "award_min_games": "20"}
    )
    club.refresh_from_db()
    assert club.players_report_results
    assert club.history.latest().history_user == owner


def test_the_report_page_and_its_refusals_in_english(client, meeting, seated):
    client.force_login(seated)
    html = client.get("/en" + report_url(meeting)).content.decode()
    assert "Send to the secretary" in html and "Round 1 · table 1" in html
    response = client.get("/en" + report_url(meeting, table=2))
    assert "You are not seated at round 1, table 2: only its players may report its result." in (
        response.content.decode()
    )


def test_the_clubs_activity_names_who_reported_confirmed_and_turned_down(client, club, meeting, report, owner):
    client.post(enter_url(meeting), {**report.sheet, "report": report.pk, "action": "save"})
    client.force_login(owner)
    html = client.get(f"/c/{club.slug}/manage/activity/").content.decode()
    assert "2026/11/20(金) の1回戦 · 1卓の結果をプレイヤーが報告" in html
    assert "2026/11/20(金) の1回戦 · 1卓の報告を確定" in html
    assert "東田一郎" in html  # the player, by their member name


def test_the_meeting_page_takes_the_same_queries_however_many_reports(
    client, meeting, report, secretary, django_user_model
):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(meeting_url(meeting)).status_code == 200
        return len(captured)

    few = queries()
    for number, name in enumerate(TABLE_1[2:]):
        login = django_user_model.objects.create_user(f"player{number}")
        Member.objects.filter(name=name).update(user=login)
        ReportedResult.objects.create(meeting=meeting, round=1, table=1, sheet=report.sheet, reported_by=login)
    assert queries() == few
    assert "この卓には以前の報告が2件あります" in client.get(meeting_url(meeting)).content.decode()


@pytest.mark.parametrize("number", ["x1", "99999999999999999999", "424242"])
def test_a_report_that_is_not_one_of_the_meeting_is_not_found(client, meeting, report, number):
    assert client.get(f"{enter_url(meeting)}?report={number}").status_code == 404
