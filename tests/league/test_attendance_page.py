"""Who is here during a club day: one tap a person, a guest by name, history on every change, the money's meaning."""

import pytest
from django.urls import reverse

from league.models import Attendance, Club, Member
from league.services.attendance import ABSENT, HERE, LEFT, add_guest, set_presence
from league.services.games import record_game
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force
from league.stats.day import settle_day

from .conftest import PLAYERS


def url(club, meeting):
    return reverse("meeting_attendance", kwargs={"slug": club.slug, "meeting_id": meeting.pk})


def person(name):
    return Member.objects.get(name=name)


def tap(client, club, meeting, member, presence, section="absent"):
    return client.post(url(club, meeting), {"person": member.pk, "presence": presence, "section": section})


@pytest.fixture
def logged_in(client, secretary):
    client.force_login(secretary)
    return client


def test_arrive_leave_and_come_back_each_kept_in_history(logged_in, club, meeting, secretary):
    ichiro = person("東田一郎")
    response = tap(logged_in, club, meeting, ichiro, HERE)
    # Back to the list the tap was made in, where the next person to mark is.
    assert response.status_code == 302 and response["Location"].endswith("#absent-heading")
    record = Attendance.objects.get(meeting=meeting, member=ichiro)
    assert record.present_at_close
    tap(logged_in, club, meeting, ichiro, LEFT)
    record.refresh_from_db()
    assert not record.present_at_close
    tap(logged_in, club, meeting, ichiro, HERE)
    record.refresh_from_db()
    assert record.present_at_close
    kept = list(Attendance.history.filter(id=record.pk).order_by("history_id"))
    assert [(h.history_type, h.present_at_close) for h in kept] == [("+", True), ("~", False), ("~", True)]
    assert {h.history_user for h in kept} == {secretary}


def test_a_repeated_tap_changes_nothing(logged_in, club, meeting):
    jiro = person("南野二郎")
    tap(logged_in, club, meeting, jiro, HERE)
    tap(logged_in, club, meeting, jiro, HERE)
    assert Attendance.objects.filter(meeting=meeting, member=jiro).count() == 1
    assert Attendance.history.filter(member=jiro).count() == 1


def test_not_here_removes_a_mistaken_tick(logged_in, club, meeting):
    saburo = person("西川三郎")
    tap(logged_in, club, meeting, saburo, HERE)
    tap(logged_in, club, meeting, saburo, ABSENT)
    assert not Attendance.objects.filter(meeting=meeting, member=saburo).exists()
    assert Attendance.history.filter(member=saburo).latest("history_id").history_type == "-"


def test_who_played_came_and_can_only_be_marked_as_left(logged_in, club, meeting, secretary):
    members = [person(name) for name, _kana in PLAYERS[:4]]
    record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )
    set_presence(meeting, members[0], HERE)
    response = tap(logged_in, club, meeting, members[0], ABSENT)
    assert response.status_code == 409
    assert "東田一郎さんは今日対局したので、来ています" in response.content.decode()
    assert Attendance.objects.filter(meeting=meeting, member=members[0]).exists()
    # Leaving is what the money knows: whoever left before the close does not share in the surplus.
    tap(logged_in, club, meeting, members[0], LEFT)
    line = next(line for line in settle_day(meeting).lines if line.member == members[0])
    assert line.attended and not line.present_at_close


def test_a_guest_added_by_name_is_here(logged_in, club, meeting):
    response = logged_in.post(url(club, meeting), {"action": "guest", "name": "  佐藤ゲスト "})
    assert response.status_code == 302
    guest = Member.objects.get(club=club, name="佐藤ゲスト")
    assert guest.guest and Attendance.objects.get(meeting=meeting, member=guest).present_at_close
    assert Member.history.filter(id=guest.pk).count() == 1
    # The same name again (any case) or a member's name marks that person: never a second person of one name.
    logged_in.post(url(club, meeting), {"action": "guest", "name": "佐藤ゲスト"})
    logged_in.post(url(club, meeting), {"action": "guest", "name": "中島五郎"})
    assert Member.objects.filter(club=club, name="佐藤ゲスト").count() == 1
    assert not person("中島五郎").guest
    assert Attendance.objects.filter(meeting=meeting).count() == 2


def test_a_guest_without_a_name_is_refused(logged_in, club, meeting):
    response = logged_in.post(url(club, meeting), {"action": "guest", "name": "  "})
    assert response.status_code == 400
    assert "このフィールドは必須です" in response.content.decode() or "入力してください" in response.content.decode()
    assert not Attendance.objects.exists()


def test_a_person_of_another_club_is_refused(logged_in, club, meeting):
    other = Club.objects.create(slug="other", name="他の会")
    stranger = Member.objects.create(club=other, name="よそ者")
    response = tap(logged_in, club, meeting, stranger, HERE)
    assert response.status_code == 409
    assert "この会の人ではありません" in response.content.decode()
    assert not Attendance.objects.exists()


def test_a_closed_meeting_is_refused(logged_in, club, meeting):
    meeting.closed = True
    meeting.save()
    response = tap(logged_in, club, meeting, person("北村四郎"), HERE)
    assert response.status_code == 409
    assert "開催日は締められています" in response.content.decode()
    with pytest.raises(Refused, match="締められています"):
        add_guest(meeting, "ゲスト太郎")
    assert not Attendance.objects.exists() and not Member.objects.filter(name="ゲスト太郎").exists()


def test_the_page_lists_here_left_and_not_here(logged_in, club, meeting):
    set_presence(meeting, person("東田一郎"), HERE)
    set_presence(meeting, person("南野二郎"), LEFT)
    html = logged_in.get(url(club, meeting)).content.decode()
    here, left, rest = (
        html.index('id="here-heading"'),
        html.index('id="left-heading"'),
        html.index('id="absent-heading"'),
    )
    assert here < html.index("東田一郎") < left < html.index("南野二郎") < rest < html.index("中島五郎")
    assert "いる人（1）" in html and "途中で帰った人（1）" in html


@pytest.mark.parametrize("who, status", [("member", 403), ("outsider", 404)])
def test_only_who_runs_the_day_may_mark(client, request, club, meeting, who, status):
    client.force_login(request.getfixturevalue(who))
    assert tap(client, club, meeting, person("東田一郎"), HERE).status_code == status
    assert not Attendance.objects.exists()
