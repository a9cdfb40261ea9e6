"""Login names are half of what logging in takes: no page a member, secretary or visitor opens shows one.

Every club page of the roles table (test_roles.PAGES) is opened by GET in a public club by a member, a
secretary and an outsider, after the secretary entered a game and imported a file and the owner corrected
the game, so the pages that say who did something (a game's history, an import) have someone to name.
"""

import pytest

from league.models import Game, Member
from league.services.games import Entry, correct_game, settle_in_force

from . import test_roles

objects = test_roles.objects  # the roles test's one of everything, by the name its URL gives the id


@pytest.mark.parametrize("who", ["member", "secretary", "outsider"])
def test_no_page_shows_a_login_name(client, request, club, owner, secretary, member, outsider, who):
    ids = request.getfixturevalue("objects")
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
    correct_game(game, settle_in_force(Entry(meeting=game.meeting, round=1, table=1, members=members,
                                             scores=[41000, 29000, 20000, 10000])), game.revision, owner)
    first, last = game.history.order_by("history_id")
    game.history.filter(pk=first.pk).update(history_user=secretary)
    game.history.filter(pk=last.pk).update(history_user=owner)


def test_a_game_history_names_the_member_and_the_role(client, club, objects, owner, secretary):
    Member.objects.filter(pk=objects["member_id"]).update(user=secretary)
    game = Game.objects.get(pk=objects["game_id"])
    entered_and_corrected(game, secretary, owner)
    client.force_login(owner)
    history = client.get(f"/c/{club.slug}/games/{game.pk}/history/").content.decode()
    assert "東田一郎" in history  # the secretary entered it, and plays as 東田一郎
    assert "オーナー" in history  # the owner corrected it, with no member of their own
