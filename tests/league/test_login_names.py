"""Login names are half of what logging in takes: no page a member, secretary or visitor opens shows one.

Every club page of the roles table (test_roles.PAGES) is opened by GET in a public club by a member, a
secretary and an outsider, after the secretary entered a game and imported a file and the owner corrected
the game, so the pages that say who did something (a game's history, an import) have someone to name.
"""

import pytest

from league.models import Game, Member
from league.services.games import correct_game
from league.services.meetings import set_closed
from league.services.settling import Entry, settle_in_force

from . import test_roles
from .account_pages import page, select, text
from .test_meeting_money import play_day


@pytest.mark.parametrize("who", ["member", "secretary", "outsider"])
def test_no_page_shows_a_login_name(client, request, club, owner, secretary, member, outsider, who):
    ids = request.getfixturevalue("page_ids")
    club.is_public = True
    club.save()
    names = {}
    for person in (owner, secretary, member, outsider):
        names[person.username] = person.username = f"login-{person.username}-x7q"
        person.save()
    game = Game.objects.get(pk=ids["game_id"])
    Member.objects.filter(pk=ids["member_id"]).update(user=secretary)  # the secretary also plays, as 東田一郎
    entered_and_corrected(game, secretary, owner)
    client.force_login(request.getfixturevalue(who))
    if who == "secretary":
        ids = test_roles.waiting_import(client, club, ids)
    shown = []
    for name, methods in test_roles.PAGES.items():
        if "GET" not in methods:
            continue
        response = client.get(test_roles.url_for(name, ids))
        if response.status_code != 200 or response.streaming:
            continue
        shown.append(name)
        body = response.content.decode("utf-8", errors="replace")
        assert not [login for login in names.values() if login in body], name
    assert {"club", "game_history", "standings", "member_page"} <= set(shown)
    if who == "secretary":
        assert "import_batch" in shown


def entered_and_corrected(game, secretary, owner):
    """The secretary entered ``game`` and the owner corrected it (as the pages' requests record who)."""
    members = [seat.member for seat in game.seats.order_by("seat")]
    correct_game(
        game,
        settle_in_force(
            Entry(meeting=game.meeting, round=1, table=1, members=members, scores=[41000, 29000, 20000, 10000])
        ),
        game.revision,
        owner,
    )
    first, last = game.history.order_by("history_id")
    game.history.filter(pk=first.pk).update(history_user=secretary)
    game.history.filter(pk=last.pk).update(history_user=owner)


def test_a_game_history_names_the_member_and_the_role(client, club, page_ids, owner, secretary):
    Member.objects.filter(pk=page_ids["member_id"]).update(user=secretary)
    game = Game.objects.get(pk=page_ids["game_id"])
    entered_and_corrected(game, secretary, owner)
    client.force_login(owner)
    history = client.get(f"/c/{club.slug}/games/{game.pk}/history/").content.decode()
    assert "東田一郎" in history  # the secretary entered it, and plays as 東田一郎
    assert "オーナー" in history  # the owner corrected it, with no member of their own


def test_the_kept_settlements_name_the_member_and_the_role(client, club, meeting, owner, secretary, member):
    """精算の記録 on the meeting page: who closed and reopened the day, as the club's pages name people."""
    for person in (owner, secretary):
        person.username = f"login-{person.username}-x7q"
        person.save()
    Member.objects.filter(name="東田一郎").update(user=secretary)  # the secretary plays as 東田一郎
    set_closed(play_day(meeting, secretary), True, secretary)
    set_closed(meeting, False, owner, "打ち間違い")
    client.force_login(member)
    response = client.get(f"/c/{club.slug}/meetings/{meeting.pk}/")
    entries = [text(entry) for entry in select(page(response), "li", "settlement-entry")]
    assert len(entries) == 2
    assert "東田一郎" in entries[0] and "オーナー" in entries[1]
    assert "x7q" not in response.content.decode()
