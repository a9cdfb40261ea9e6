"""Every page of a club against every kind of visitor, for a private and a public club."""

import pytest
from django.urls import reverse

from league.models import Member, Season
from league.services.games import Entry, record_game, settle_in_force

from .conftest import PLAYERS

READ = "read"  # anyone who may read the club
RUN = "run"  # owner and secretaries
OWN = "own"  # owner only

PAGES = [
    ("club", READ), ("meeting_detail", READ), ("game_detail", READ), ("game_history", READ),
    ("member_list", READ), ("member_page", READ), ("api_member", READ), ("running_standings", READ),
    ("standings", READ), ("api_standings", READ),
    ("choose_meeting", RUN), ("enter_game", RUN), ("import_results", RUN), ("import_template_xlsx", RUN),
    ("import_template_csv", RUN), ("edit_game", RUN), ("adjustments", RUN), ("add_adjustment", RUN),
    ("manage", OWN), ("manage_members", OWN), ("add_member", OWN), ("edit_member", OWN), ("manage_logins", OWN),
    ("add_login", OWN), ("manage_seasons", OWN), ("add_season", OWN), ("edit_season", OWN),
    ("manage_rules", OWN), ("new_rule_version", OWN), ("recompute_rules", OWN),
]

# What each visitor gets: private club, then public club.
EXPECTED = {
    READ: {"owner": (200, 200), "secretary": (200, 200), "member": (200, 200), "outsider": (404, 200),
           None: (404, 200)},
    RUN: {"owner": (200, 200), "secretary": (200, 200), "member": (403, 403), "outsider": (404, 403),
          None: (404, 403)},
    OWN: {"owner": (200, 200), "secretary": (403, 403), "member": (403, 403), "outsider": (404, 403),
          None: (404, 403)},
}


@pytest.fixture
def everything(club, meeting, secretary):
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    game = record_game(settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members,
                                             scores=[40000, 30000, 20000, 10000])), secretary)
    season = Season.objects.create(club=club, name="2026年度", starts_on="2026-04-01", ends_on="2027-03-31")
    rule_set = club.rule_sets.get()
    return {
        "slug": club.slug, "meeting_id": meeting.pk, "game_id": game.pk, "member_id": members[0].pk,
        "season_id": season.pk, "rule_set_id": rule_set.pk,
    }


def url_for(name, ids):
    from django.urls import get_resolver

    wanted = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
    return reverse(name, kwargs={key: ids[key] for key in wanted})


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("who", ["owner", "secretary", "member", "outsider", None])
def test_every_page_for_every_visitor(client, request, everything, owner, member, outsider, who, public):
    club = request.getfixturevalue("club")
    club.is_public = public
    club.save()
    if who:
        client.force_login(request.getfixturevalue(who))
    wrong = []
    for name, kind in PAGES:
        url = url_for(name, everything)
        expected = EXPECTED[kind][who][1 if public else 0]
        status = client.get(url).status_code
        if status != expected:
            wrong.append(f"{name}: {status} (expected {expected})")
    assert wrong == []


def test_a_site_admin_runs_every_club(client, everything, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.jp", "a long admin password")
    client.force_login(admin)
    for name, _kind in PAGES:
        assert client.get(url_for(name, everything)).status_code == 200, name
