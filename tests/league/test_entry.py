"""The entry page: who may use it, what it accepts, what it refuses, and what it saves."""

import datetime

import pytest
from django.utils import timezone

import scoring
from league.models import Game, GameSeat, Meeting, Member, RuleVersion, Yakuman
from league.models.games import SEAT_PARTS, SETTLED_COLUMNS

from .conftest import BAKUFU_RULES, game_post
from .test_roles import refusal


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def page(response):
    return response.content.decode()


# -- who may enter results -------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["member", "outsider", None])
def test_nobody_else_can_save_a_game(client, request, meeting, who):
    status = refusal("enter_game", who)
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.post(enter_url(meeting), game_post()).status_code == status
    assert not Game.objects.exists()


def test_a_public_clubs_entry_page_is_refused_to_visitors_and_offers_login(client, meeting):
    meeting.club.is_public = True
    meeting.club.save()
    response = client.get(enter_url(meeting))
    assert response.status_code == 403
    assert "/login/" in page(response)


# -- saving ----------------------------------------------------------------------------------------


def test_a_secretary_saves_a_game_with_every_part_computed(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(bust_3="0"))
    assert response.status_code == 302
    game = Game.objects.get()
    seats = {seat.seat: seat for seat in game.seats.all()}
    # 爆風の会-like rules: 四捨五入, oka 20, uma 20-10, bust 10/10.
    assert [seats[s].total for s in range(4)] == [710, 120, -210, -620]
    assert [seats[s].place for s in range(4)] == [1, 2, 3, 4]
    assert (seats[0].base, seats[0].oka, seats[0].uma, seats[0].bust) == (210, 200, 200, 100)
    assert seats[3].bust == -100
    assert sum(seat.total for seat in seats.values()) == 0
    assert game.revision == 1 and game.history.count() == 1
    assert game.sheet["busts"] == [{"seat": 3, "by": 0}]


def test_every_part_the_engine_computes_has_its_seat_column():
    result = scoring.settle(
        BAKUFU_RULES, {"scores": [52300, 31500, 18700, -2500], "chips": [3, -1, 0, -2], "busts": [{"seat": 3, "by": 0}]}
    )
    engine_parts = set(result[0].keys()) - {"seat", "score"}  # the score is the entered one
    assert {part for _column, part in SEAT_PARTS} | {"place"} == engine_parts
    columns = GameSeat.settled_columns(result[0])
    assert tuple(columns) == SETTLED_COLUMNS
    assert (columns["place"], columns["chip_points"], columns["total"]) == (1, 150, 710 + 150)


def counting_settlements(monkeypatch):
    """Every call of the engine for a game from now on (the list grows with each)."""
    calls = []
    real_settle = scoring.settle

    def settle(rules, game):
        calls.append(game)
        return real_settle(rules, game)

    monkeypatch.setattr(scoring, "settle", settle)
    return calls


def test_a_saved_game_is_settled_once(client, secretary, meeting, monkeypatch):
    client.force_login(secretary)
    calls = counting_settlements(monkeypatch)
    assert client.post(enter_url(meeting), game_post(bust_3="0")).status_code == 302
    assert len(calls) == 1
    assert Game.objects.get().seats.get(seat=0).total == 710


def test_the_form_settles_under_the_version_in_force_on_the_meeting_day(client, secretary, meeting):
    first = meeting.rule_set.versions.get()
    later = RuleVersion.objects.create(
        rule_set=meeting.rule_set,
        effective_from=datetime.date(2026, 11, 21),
        rules={**first.rules, "uma": [30, 10, -10, -30]},
    )
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(action="preview", bust_3="0"))
    assert response.context["form"].rule_version == first != later
    client.post(enter_url(meeting), game_post(bust_3="0"))
    assert Game.objects.get().rule_version == first


def test_a_meeting_no_rules_govern_any_more_refuses_games_with_a_message(client, secretary, meeting):
    # The only version was moved after the meeting's date since the meeting was started.
    meeting.rule_set.versions.update(effective_from=datetime.date(2027, 1, 1))
    client.force_login(secretary)
    response = refused(client, meeting, bust_3="0")
    assert "ルールがありません" in response.context["form"].non_field_errors()[0]


def test_after_saving_the_next_game_at_the_table_is_offered_with_the_same_seats(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(table="2", bust_3="0"), follow=True)
    html = page(response)
    assert 'name="round" value="2"' in html
    assert 'name="table" value="2"' in html
    assert 'value="東田一郎"' in html and 'value="北村四郎"' in html


def test_full_width_digits_and_triangle_minus_are_read(client, secretary, meeting):
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(score_0="５２，３００", score_3="▲2500", bust_3="top"))
    assert sorted(GameSeat.objects.values_list("score", flat=True)) == [-2500, 18700, 31500, 52300]


def test_the_last_score_is_filled_from_the_others(client, secretary, meeting):
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(score_3="", bust_3="0"))
    assert GameSeat.objects.get(seat=3).score == -2500


def test_scores_in_hundreds_when_the_club_types_them_so(client, secretary, meeting):
    meeting.club.scores_in_hundreds = True
    meeting.club.save()
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(score_0="523", score_1="315", score_2="187", score_3="▲25", bust_3="0"))
    assert GameSeat.objects.get(seat=0).score == 52300


def test_chips_busts_yakuman_and_chombo(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(
        enter_url(meeting),
        game_post(
            chips_0="3",
            chips_1="▲1",
            chips_2="0",
            chips_3="-2",
            bust_3="0",
            yakuman_0_seat="0",
            yakuman_0_name="四暗刻",
            yakuman_0_win="tsumo",
            yakuman_0_kind="yakuman",
            yakuman_0_count="1",
        ),
    )
    assert response.status_code == 302
    east = GameSeat.objects.get(seat=0)
    assert (east.chips, east.chip_points, east.shugi, east.total) == (3, 150, 600, 1460)
    assert Yakuman.objects.get().name == "四暗刻"


def test_preview_shows_the_breakdown_without_saving(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(action="preview", bust_3="0"))
    html = page(response)
    assert response.status_code == 200
    assert "+71.0" in html and "▲62.0" in html
    assert not Game.objects.exists()


def test_the_live_preview_returns_the_breakdown(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/preview/", game_post(bust_3="0"))
    assert response.status_code == 200
    assert "+71.0" in page(response)
    assert "<html" not in page(response)
    assert not Game.objects.exists()


# -- refusals, beside their fields, nothing saved ---------------------------------------------------


def refused(client, meeting, **changes):
    response = client.post(enter_url(meeting), game_post(**changes))
    assert response.status_code == 400
    assert not Game.objects.exists()
    return response


def test_a_score_that_does_not_add_up_says_both_numbers(client, secretary, meeting):
    client.force_login(secretary)
    html = page(refused(client, meeting, score_0="52400", bust_3="0"))
    assert "100,100" in html or "100100" in html
    assert "100000" in html or "100,000" in html


def test_a_score_not_in_hundreds_is_refused_beside_it(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, score_1="31550")
    assert response.context["form"].errors["score_1"] == ["31550は100点単位ではありません。"]


def test_an_unknown_player_is_refused_beside_the_seat(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, player_2="山田花子")
    assert "山田花子" in response.context["form"].errors["player_2"][0]


def test_the_same_player_twice_is_refused(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, player_2="東田一郎")
    assert response.context["form"].errors["player_2"]


def test_a_player_found_by_kana(client, secretary, meeting):
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(player_1="ミナミノジロウ", bust_3="0"))
    assert GameSeat.objects.get(seat=1).member.name == "南野二郎"


def test_a_name_typed_without_its_space_is_found(client, secretary, meeting):
    Member.objects.filter(name="東田一郎").update(name="東田 一郎")
    client.force_login(secretary)
    response = client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/",
        game_post(player_0="東田一郎", player_1="みなみの じろう", bust_3="0"),
    )
    assert response.status_code == 302
    assert GameSeat.objects.get(seat=0).member.name == "東田 一郎"


def test_a_forgotten_bust_is_asked_for_when_the_rules_pay_for_busts(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting)
    form = response.context["form"]
    assert form.errors["bust_3"]
    assert form.has_extras_busts and not form.has_extras_chips  # the section opens to show it


def test_a_bust_of_a_seat_that_did_not_bust_is_refused_beside_it(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, bust_3="0", bust_2="0")
    errors = response.context["form"].errors["bust_2"]
    assert any("西" in e and "18,700" in e for e in errors)


def test_chips_that_do_not_add_up_are_refused(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, bust_3="0", chips_0="3", chips_1="-1")
    assert any("チップの合計は0" in e for e in response.context["form"].non_field_errors())


def test_a_ron_without_the_discarder_is_refused_beside_it(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, bust_3="0", yakuman_0_seat="0", yakuman_0_win="ron")
    assert response.context["form"].errors["yakuman_0_from"]


def test_garbage_numbers_are_refused_with_a_message(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, round="abc", score_0="五万")
    errors = response.context["form"].errors
    assert errors["round"] and errors["score_0"]


def test_a_closed_meeting_takes_no_games(client, secretary, meeting):
    meeting.closed = True
    meeting.save()
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(bust_3="0"))
    assert not Game.objects.exists()


def test_the_same_round_and_table_twice_is_refused(client, secretary, meeting):
    client.force_login(secretary)
    client.post(enter_url(meeting), game_post(bust_3="0"))
    response = client.post(enter_url(meeting), game_post(bust_3="0"))
    assert Game.objects.count() == 1
    assert "すでに入力されています" in page(response)


def test_refusals_are_in_japanese_on_the_japanese_page(client, secretary, meeting):
    client.force_login(secretary)
    html = page(client.post(enter_url(meeting), game_post(score_1="31550")))
    assert "100点単位ではありません" in html


@pytest.mark.parametrize("query", ["?table=abc", "?table=1.5", "?round=-3&table=0", "?round=x"])
def test_a_bad_round_or_table_in_the_address_falls_back(client, secretary, meeting, query):
    client.force_login(secretary)
    response = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/{query}")
    assert response.status_code == 200


# -- choosing and starting the meeting ------------------------------------------------------------


def test_todays_open_meeting_goes_straight_to_entry(client, secretary, club):
    today = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=timezone.localdate())
    client.force_login(secretary)
    response = client.get(f"/c/{club.slug}/enter/")
    assert response.status_code == 302 and response["Location"].endswith(enter_url(today))


def test_a_secretary_starts_a_meeting(client, secretary, club):
    client.force_login(secretary)
    response = client.post(
        f"/c/{club.slug}/meetings/start/",
        {"date": "2026-11-21", "rule_set": club.rule_sets.get().pk, "venue": "公民館", "venue_fee": "5000"},
    )
    meeting = Meeting.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(enter_url(meeting))
    assert meeting.date == datetime.date(2026, 11, 21) and meeting.history.count() == 1


def test_a_meeting_before_any_rules_is_refused(client, secretary, club):
    client.force_login(secretary)
    response = client.post(
        f"/c/{club.slug}/meetings/start/", {"date": "1999-01-01", "rule_set": club.rule_sets.get().pk, "venue_fee": "0"}
    )
    assert response.status_code == 400 and not Meeting.objects.exists()


def test_a_member_cannot_start_a_meeting(client, member, club):
    client.force_login(member)
    response = client.post(
        f"/c/{club.slug}/meetings/start/", {"date": "2026-11-21", "rule_set": club.rule_sets.get().pk, "venue_fee": "0"}
    )
    assert response.status_code == 403 and not Meeting.objects.exists()


def test_an_absurd_chip_count_is_refused_not_a_server_error(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, bust_3="0", chips_0="9999999999", chips_1="-9999999999")
    assert response.context["form"].errors["chips_0"]


# -- one message per box, in one place ----------------------------------------------------------------------


def test_one_bad_score_gives_one_message_on_that_seat_only(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, score_1="31550", score_3="")  # North left for the auto fill
    assert response.context["form"].errors == {"score_1": ["31550は100点単位ではありません。"]}
    html = page(response)
    assert html.count("31550は100点単位ではありません。") == 1
    assert "点数を入力してください。" not in html  # neither on the bad seat nor on the one filled in


def test_the_live_preview_gives_a_bad_scores_message_once_for_its_box(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/preview/", game_post(score_1="31550", score_3="")
    )
    html = page(response)
    assert html.count("31550は100点単位ではありません。") == 1
    slot = '<span data-errors-for="score_1"><small class="error">31550は100点単位ではありません。</small></span>'
    assert slot in html
    assert "点数を入力してください。" not in html


def test_the_sum_message_appears_once(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, score_0="52400", bust_3="0")
    [message] = response.context["form"].non_field_errors()
    assert page(response).count(message) == 1


def test_two_empty_scores_ask_only_for_the_first(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, score_1="", score_3="")
    assert response.context["form"].errors == {"score_1": ["点数を入力してください。"]}


def test_a_bad_points_box_is_not_also_asked_for(client, secretary, meeting):
    client.force_login(secretary)
    response = refused(client, meeting, by_points="on", points_0="abc", points_1="5.0", points_2="-12", points_3="")
    errors = response.context["form"].errors
    assert len(errors["points_0"]) == 1 and errors["points_3"] == ["ポイントを入力してください。"]


# -- fewer taps: where the page opens, what the boxes hint --------------------------------------------------


def test_a_new_table_opens_on_the_east_player_and_the_next_game_on_the_east_score(client, secretary, meeting):
    client.force_login(secretary)
    html = page(client.get(enter_url(meeting)))
    assert html.count(" autofocus") == 1 and 'id="id_player_0"' in html.split(" autofocus")[0].rsplit("<input", 1)[1]
    response = client.post(enter_url(meeting), game_post(bust_3="0"))
    html = page(client.get(response["Location"]))
    assert html.count(" autofocus") == 1 and 'id="id_score_0"' in html.split(" autofocus")[0].rsplit("<input", 1)[1]


def test_points_boxes_hint_points_not_one_players_figure(client, secretary, meeting):
    client.force_login(secretary)
    html = page(client.get(enter_url(meeting) + "?points=1"))
    assert "+45.3" not in html.split("points-hint")[0]
    assert html.count('placeholder="ポイント"') == 4
    assert html.count('placeholder="25000"') == 3 and html.count('placeholder="自動"') == 1


def test_the_page_carries_the_active_members_for_the_name_suggestions(client, secretary, meeting):
    Member.objects.filter(name="中島五郎").update(active=False)
    client.force_login(secretary)
    choices = client.get(enter_url(meeting)).context["form"].member_choices()
    assert [choice["name"] for choice in choices] == ["北村四郎", "西川三郎", "東田一郎", "南野二郎"]
    assert choices[2]["keys"] == ["ひがしだいちろう", "東田一郎"]
    assert 'id="member-choices"' in page(client.get(enter_url(meeting)))
