"""Fixing a game later: edit, conflicts between two secretaries, void and restore, history, locks."""

import pytest

from league.models import Game, GameSeat
from league.services.games import GameRefused, correct_game, set_void
from league.services.refusals import Refused
from league.services.settling import settle_in_force

from .conftest import game_post
from .test_entry import counting_settlements
from .test_roles import refusal


@pytest.fixture
def game(client, secretary, meeting):
    client.force_login(secretary)
    client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/", game_post(bust_3="0"))
    client.logout()
    return Game.objects.get()


def edit_url(game):
    return f"/c/{game.meeting.club.slug}/games/{game.pk}/edit/"


def corrected(**changes):
    return game_post(**{"bust_3": "0", "revision": "1", **changes})


@pytest.mark.parametrize("who", ["member", "outsider", None])
def test_nobody_else_may_correct_or_void(client, request, game, who):
    status = refusal("edit_game", who)
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.post(edit_url(game), corrected(score_0="52400", score_1="31400")).status_code == status
    void_url = f"/c/{game.meeting.club.slug}/games/{game.pk}/void/"
    assert client.post(void_url, {"revision": "1", "confirmed": "yes"}).status_code == status
    game.refresh_from_db()
    assert game.revision == 1 and not game.void


def test_a_corrected_game_is_settled_once(client, secretary, game, monkeypatch):
    client.force_login(secretary)
    calls = counting_settlements(monkeypatch)
    assert client.post(edit_url(game), corrected(score_0="52400", score_1="31400")).status_code == 302
    assert len(calls) == 1
    assert GameSeat.objects.get(game=game, seat=0).score == 52400


def test_the_correction_page_shows_what_was_entered(client, secretary, game):
    client.force_login(secretary)
    html = client.get(edit_url(game)).content.decode()
    assert 'value="52300"' in html and 'value="東田一郎"' in html
    assert 'name="revision" value="1"' in html


def test_a_correction_is_recomputed_and_kept_in_history(client, secretary, game):
    client.force_login(secretary)
    response = client.post(edit_url(game), corrected(score_0="52400", score_1="31400"))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.revision == 2
    east = GameSeat.objects.get(game=game, seat=0)
    assert east.score == 52400 and east.total == 720
    history = client.get(f"/c/{game.meeting.club.slug}/games/{game.pk}/history/").content.decode()
    # who corrected it: the secretary, by their role (no member is linked to the login), never the login name
    assert "52,300" in history and "52,400" in history and "幹事" in history


def test_a_game_typed_in_hundreds_saves_again_unchanged(client, secretary, meeting):
    meeting.club.scores_in_hundreds = True
    meeting.club.save()
    client.force_login(secretary)
    client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/",
        game_post(score_0="600", score_1="300", score_2="95", score_3="5"),
    )
    game = Game.objects.get()
    form = client.get(f"/c/{meeting.club.slug}/games/{game.pk}/edit/").context["form"]
    data = {key: value for key, value in form.initial.items() if value not in (None, "")}
    data["action"] = "save"
    response = client.post(f"/c/{meeting.club.slug}/games/{game.pk}/edit/", data)
    assert response.status_code == 302
    assert sorted(GameSeat.objects.values_list("score", flat=True)) == [500, 9500, 30000, 60000]


def test_the_later_of_two_secretaries_is_refused_with_the_current_values_shown(client, owner, secretary, game):
    # Both opened the game at revision 1; the owner saves first.
    client.force_login(owner)
    assert client.post(edit_url(game), corrected(score_0="52400", score_1="31400")).status_code == 302
    client.force_login(secretary)
    response = client.post(edit_url(game), corrected(score_0="52500", score_1="31300"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "52,400" in html  # what is saved now
    assert 'value="52500"' in html  # what this secretary typed is not lost
    assert 'name="revision" value="2"' in html  # a deliberate second save goes through
    assert GameSeat.objects.get(game=game, seat=0).score == 52400
    assert client.post(edit_url(game), corrected(score_0="52500", score_1="31300", revision="2")).status_code == 302
    assert GameSeat.objects.get(game=game, seat=0).score == 52500


def test_void_and_restore_are_kept_in_history(client, secretary, game):
    client.force_login(secretary)
    base = f"/c/{game.meeting.club.slug}/games/{game.pk}"
    client.post(f"{base}/void/", {"revision": "1", "confirmed": "yes"})
    game.refresh_from_db()
    assert game.void and Game.objects.counted().count() == 0
    client.post(f"{base}/restore/", {"revision": "2"})
    game.refresh_from_db()
    assert not game.void and game.revision == 3
    assert [record.revision for record in game.history.order_by("history_date", "history_id")] == [1, 2, 3]
    history = client.get(f"{base}/history/").content.decode()
    assert history.count("<li>") >= 3


def test_a_stale_void_is_refused(client, secretary, game):
    client.force_login(secretary)
    client.post(f"/c/{game.meeting.club.slug}/games/{game.pk}/void/", {"revision": "7", "confirmed": "yes"})
    game.refresh_from_db()
    assert not game.void


def test_restoring_onto_a_taken_table_is_refused(client, secretary, game, meeting):
    client.force_login(secretary)
    client.post(f"/c/{meeting.club.slug}/games/{game.pk}/void/", {"revision": "1", "confirmed": "yes"})
    client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/", game_post(bust_3="0"))
    with pytest.raises(GameRefused):
        set_void(game, False, 2, secretary)
    game.refresh_from_db()
    assert game.void


def test_a_closed_meetings_games_cannot_be_corrected_until_reopened(client, secretary, game):
    client.force_login(secretary)
    slug, meeting = game.meeting.club.slug, game.meeting
    client.post(f"/c/{slug}/meetings/{meeting.pk}/close/")
    meeting.refresh_from_db()
    assert meeting.closed
    response = client.post(edit_url(game), corrected(score_0="52400", score_1="31400"))
    assert GameSeat.objects.get(game=game, seat=0).score == 52300
    assert response.status_code == 400
    client.post(f"/c/{slug}/meetings/{meeting.pk}/reopen/", {"reason": "点数の打ち間違い"})
    assert client.post(edit_url(game), corrected(score_0="52400", score_1="31400")).status_code == 302
    assert meeting.history.count() == 3  # created, closed, reopened


@pytest.mark.parametrize("who", ["member", "outsider", None])
def test_only_secretaries_close_and_reopen(client, request, game, who):
    status = refusal("close_meeting", who)
    if who:
        client.force_login(request.getfixturevalue(who))
    meeting = game.meeting
    assert client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/close/").status_code == status
    meeting.refresh_from_db()
    assert not meeting.closed


def test_the_service_refuses_a_stale_edit(game, secretary):
    from league.services.settling import entry_from_game

    entry = entry_from_game(game)
    with pytest.raises(GameRefused) as refused:
        correct_game(game, settle_in_force(entry), expected_revision=99, user=secretary)
    assert refused.value.current.revision == 1
    assert isinstance(refused.value, Refused)  # the one base every refused action shares
