"""The club's activity page: who did what and when, for the owner, newest first, a page at a time."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from league.imports.commit import commit
from league.imports.undo import undo_import
from league.models import Member, Membership, Role
from league.stats import activity
from league.stats.activity import club_activity

from .conftest import game_post
from .import_files import ROWS, plan_of, xlsx_bytes
from .test_manage_people import CONFIRMED, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def a_day_at_the_club(client, club, meeting, owner, secretary, member):
    """The secretary enters, corrects and voids a game and closes the day; the owner runs the club."""
    Member.objects.filter(name="北村四郎").update(user=secretary)
    client.force_login(secretary)
    assert client.post(url("enter_game", club.slug, meeting.pk), game_post(bust_3="0")).status_code == 302
    game = meeting.games.get()
    assert (
        client.post(
            url("edit_game", club.slug, game.pk), game_post(bust_3="0", score_0="52400", score_1="31400", revision="1")
        ).status_code
        == 302
    )
    assert client.post(url("void_game", club.slug, game.pk), {"revision": "2", **CONFIRMED}).status_code == 302
    client.force_login(owner)
    assert (
        client.post(
            url("add_adjustment", club.slug),
            {
                "rule_set": club.rule_sets.get().pk,
                "member": Member.objects.get(name="南野二郎").pk,
                "date": "2026-11-20",
                "points": "-5",
                "reason": "late arrival",
            },
        ).status_code
        == 302
    )
    adjustment = club.adjustments.get()
    assert client.post(url("delete_adjustment", club.slug, adjustment.pk), CONFIRMED).status_code == 302
    higashida = Member.objects.get(name="東田一郎")
    assert (
        client.post(
            url("edit_member", club.slug, higashida.pk), {"name": "東田一朗", "kana": "ひがしだいちろう"}
        ).status_code
        == 302
    )  # renamed, made inactive
    membership = Membership.objects.get(user=member)
    assert client.post(url("edit_login", club.slug, membership.pk), {"role": "secretary"}).status_code == 302
    assert client.post(url("remove_login", club.slug, membership.pk), CONFIRMED).status_code == 302
    return game


def test_the_owner_reads_who_did_what_newest_first(client, club, owner, a_day_at_the_club):
    game = a_day_at_the_club
    client.force_login(owner)
    page = client.get(url("club_activity", club.slug))
    assert page.status_code == 200
    text = page.content.decode()
    expected = [
        "Login member removed from the club",
        "Login member is now secretary",
        "東田一朗: renamed from 東田一郎, made inactive",
        "Adjustment of −5.0 for 南野二郎 on Fri 20 Nov 2026 deleted (late arrival)",
        "Adjustment of −5.0 for 南野二郎 on Fri 20 Nov 2026 added (late arrival)",
        "Round 1 · table 1 of Fri 20 Nov 2026: voided",
        "Round 1 · table 1 of Fri 20 Nov 2026: corrected",
        "Round 1 · table 1 of Fri 20 Nov 2026: entered",
    ]
    positions = [text.find(sentence) for sentence in expected]
    assert -1 not in positions, [s for s, p in zip(expected, positions, strict=True) if p == -1]
    assert positions == sorted(positions)
    assertContains(page, f'href="{url("game_history", club.slug, game.pk)}"', count=3)
    # Who: the secretary plays as 北村四郎, shown with the login in small text; the owner has no member.
    assertContains(page, '北村四郎 <small class="muted">secretary</small>', count=3)
    assertContains(page, '<td class="inline">owner</td>', html=True)


def test_a_meeting_closed_and_reopened_is_in_the_activity(client, club, meeting, owner):
    meeting.closed = True
    meeting._history_user = owner
    meeting.save()
    meeting.closed = False
    meeting.note = "a late game"
    meeting.save()
    meeting.note = "only the note"
    meeting.save()
    with translation.override("en"):
        what = [item.what for item in club_activity(club)]
    assert what[:2] == ["Meeting of Fri 20 Nov 2026 reopened", "Meeting of Fri 20 Nov 2026 closed"]
    assert sum("Meeting of" in sentence for sentence in what) == 3  # started, closed, reopened: not the note


def test_an_import_and_its_undo_are_one_item_each(club, secretary):
    batch = commit(plan_of(club, xlsx_bytes(ROWS)), user=secretary)
    undo_import(batch, secretary)
    with translation.override("en"):
        what = [item.what for item in club_activity(club)]
    assert what[0].endswith("undone") and what[1].startswith("Import of")
    assert not any(sentence.startswith("Round") for sentence in what)  # the imported games are the import's
    assert not any("Meeting of" in sentence for sentence in what)


def test_only_the_owner_reads_it(client, club, secretary, member):
    for person in (secretary, member):
        client.force_login(person)
        assert client.get(url("club_activity", club.slug)).status_code == 403


def test_pages_go_back_in_time_without_skipping_or_repeating(client, club, owner, monkeypatch):
    monkeypatch.setattr(activity, "PAGE", 4)
    monkeypatch.setattr("league.views.activity.PAGE", 4)
    for number in range(9):
        Member.objects.create(club=club, name=f"会員{number}")
    client.force_login(owner)
    seen, address, query = [], url("club_activity", club.slug), {}
    for _ in range(6):
        response = client.get(address, query)
        seen += [item.what for item in response.context["items"]]
        if response.context["older"] is None:
            break
        query = {"before": response.context["older"]}
    # These nine, then the owner's login, the club fixture's five members and its rules: each once.
    assert seen[:9] == [f"Member 会員{number} added" for number in reversed(range(9))]
    assert len(seen) == len(set(seen)) == 16


def test_a_wrong_starting_point_shows_the_newest(client, club, owner):
    client.force_login(owner)
    response = client.get(url("club_activity", club.slug), {"before": "yesterday"})
    assert response.status_code == 200 and response.context["before"] is None


def test_the_page_takes_the_same_queries_however_long_the_history(client, club, owner, meeting):
    client.force_login(owner)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url("club_activity", club.slug)).status_code == 200
        return len(captured)

    few = queries()
    for number in range(30):
        Member.objects.create(club=club, name=f"会員{number}").delete()
        Membership.objects.create(club=club, role=Role.MEMBER, user=type(owner).objects.create_user(f"login{number}"))
    meeting.closed = True
    meeting.save()
    assert queries() == few


def test_the_activity_page_reads_in_japanese(client, club, owner):
    client.force_login(owner)
    page = client.get(url("club_activity", club.slug, language="ja"))
    assertContains(page, "操作履歴")
    assertContains(page, "会員「東田一郎」を追加")
    assertNotContains(page, "Member 東田一郎 added")


def test_linking_a_login_to_a_member_and_removing_it_read_in_words(client, club, owner, member):
    client.force_login(owner)
    nishikawa = Member.objects.get(name="西川三郎")
    assert (
        client.post(
            url("edit_member", club.slug, nishikawa.pk),
            {"name": "西川三郎", "kana": "にしかわさぶろう", "active": "on", "user": member.pk},
        ).status_code
        == 302
    )
    membership = Membership.objects.get(user=member)
    assert client.post(url("remove_login", club.slug, membership.pk), CONFIRMED).status_code == 302
    with translation.override("en"):
        what = [item.what for item in club_activity(club)][:3]
    assert what == [
        "Login member removed from the club",
        "西川三郎: no longer linked to a login",
        "西川三郎: linked to the login member",
    ]


def test_a_draw_drawn_again_and_changed_by_hand_is_in_the_activity(client, club, meeting, owner, secretary):
    from league.services.attendance import HERE, set_presence
    from league.services.draws import draw, redraw, swap

    for person in Member.objects.filter(club=club)[:5]:
        set_presence(meeting, person, HERE, secretary)
    first = draw(meeting, secretary, seed=7)[0]
    redraw(meeting, first.number, secretary, seed=8)
    seated = first.seats.order_by("table", "seat")
    swap(meeting, first.number, seated[0].member_id, seated[4].member_id, secretary)
    client.force_login(owner)
    assertContains(client.get(url("club_activity", club.slug, language="ja")), "1回戦の卓組を手で変更")
    page = client.get(url("club_activity", club.slug, language="en"))
    day = meeting.date.strftime("%a %-d %b %Y")
    assertContains(page, f"Round 1 of {day} drawn (seed 7)")
    assertContains(page, f"Round 1 of {day} drawn again (seed 8)")
    assertContains(page, f"Round 1 of {day} changed by hand")


def test_a_games_previous_state_read_for_the_page_alone_is_the_windows(club, meeting, secretary):
    """The games' source reads each record's previous ``void`` for the page's records alone; a window over the
    whole history (what a source that filters on it uses) gives the same, whatever the page and its start."""
    from django.db.models import Q

    from league.models.games import Game
    from league.services.games import record_game
    from league.services.settling import Entry, settle_in_force

    players = list(Member.objects.filter(club=club).order_by("pk")[:4])
    for round_ in (1, 2):
        record_game(settle_in_force(Entry(meeting, round_, 1, players, [40000, 30000, 20000, 10000])), secretary)
    first, second = Game.objects.filter(meeting=meeting).order_by("round")
    for game, steps in ((first, (True, False, None, True)), (second, (None, True, None, False))):
        for void in steps:
            if void is None:  # a recomputation: a record by machine, left out of both
                game._change_reason = "recompute"
                game.save()
            else:
                game.void = void
                game.save()
    records = Game.history.filter(meeting__club=club)
    dates = sorted(records.values_list("history_date", flat=True))
    for limit in (1, 3, 50):
        for before in (None, dates[-1], dates[len(dates) // 2]):
            by_page = activity._records(
                Game, {"meeting__club": club}, before, limit, {"void": False}, left_out=activity.BY_MACHINE
            )
            by_window = activity._records(
                Game, {"meeting__club": club}, before, limit, {"void": False}, shown=Q(), left_out=activity.BY_MACHINE
            )
            assert [(r.history_id, r.previous_void) for r in by_page] == [
                (r.history_id, r.previous_void) for r in by_window
            ]
