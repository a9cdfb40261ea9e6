"""Guests (ゲスト): visitors seated by name, left out of the ranking unless the club ranks them, marked wherever
a name is shown, made members or merged into one by the owner, and brought in by an import."""

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, write_season_workbook
from league.imports.commit import commit
from league.imports.names import NewMember
from league.models import Adjustment, Attendance, Club, Game, GameSeat, Meeting, Member, Season
from league.presentation.history import game_history
from league.services import people
from league.services.games import record_game
from league.services.meetings import save_accounts, set_closed
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force
from league.stats.periods import season_period
from league.stats.standings import standings

from .conftest import game_post
from .import_files import game_row, import_url, plan_of, xlsx_bytes
from .test_roles import refusal

D = datetime.date
GUEST = "佐々木ゲスト"


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def page(response):
    return response.content.decode()


def named(name):
    return Member.objects.get(name=name)


def play(meeting, round, names, scores, user, table=1):
    members = [named(name) for name in names]
    entry = Entry(meeting=meeting, round=round, table=table, members=members, scores=scores)
    return record_game(settle_in_force(entry), user)


@pytest.fixture
def guest(club):
    return Member.objects.create(club=club, name=GUEST, guest=True)


# -- entry ---------------------------------------------------------------------------------------------------------


def test_an_unknown_name_offers_the_guest_box_and_saves_nothing(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(player_3="旅の人"))
    assert response.status_code == 400
    html = page(response)
    assert 'name="guest_3"' in html and 'name="guest_0"' not in html  # only beside the unknown name
    assert "旅の人" in html
    assert not Game.objects.exists() and not Member.objects.filter(name="旅の人").exists()


def test_a_secretary_seats_a_visitor_as_a_guest_and_finds_them_again_later(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(player_3="旅の人", guest_3="on", bust_3="0"))
    assert response.status_code == 302
    visitor = Member.objects.get(name="旅の人")
    assert visitor.guest and visitor.club == meeting.club
    game = Game.objects.get()
    assert game.seats.get(seat=3).member == visitor
    assert game.sheet["players"][3] == visitor.pk and game.sheet["names"][3] == "旅の人"
    # Another day: the returning visitor is typed by name alone, and found.
    later = Meeting.objects.create(club=meeting.club, rule_set=meeting.rule_set, date=D(2026, 11, 27))
    assert client.post(enter_url(later), game_post(player_3="旅の人", bust_3="0")).status_code == 302
    assert Member.objects.filter(name="旅の人").count() == 1
    assert GameSeat.objects.filter(member=visitor).count() == 2


def test_the_guest_box_never_seats_a_member_as_a_guest(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(guest_3="on"))  # 北村四郎 is a member
    assert response.status_code == 400
    assert "北村四郎" in page(response)
    assert not Game.objects.exists() and not named("北村四郎").guest


def test_one_visitor_cannot_take_two_seats(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(
        enter_url(meeting), game_post(player_2="旅の人", guest_2="on", player_3="旅の人", guest_3="on")
    )
    assert response.status_code == 400
    assert not Member.objects.filter(name="旅の人").exists()


@pytest.mark.parametrize("who", ["member", "outsider", None])
def test_nobody_else_can_seat_a_guest(client, request, meeting, who):
    status = refusal("enter_game", who)
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.post(enter_url(meeting), game_post(player_3="旅の人", guest_3="on")).status_code == status
    assert not Member.objects.filter(name="旅の人").exists()


def test_guests_are_offered_after_the_members(client, secretary, meeting, guest):
    client.force_login(secretary)
    offered = client.get(enter_url(meeting)).context["form"].member_choices()
    assert offered[-1]["name"] == guest.name and offered[-1]["guest"]
    assert not any(choice["guest"] for choice in offered[:-1])


# -- standings -----------------------------------------------------------------------------------------------------


@pytest.fixture
def guest_season(club, secretary, meeting, guest):
    """Two games: the guest tops both, so only the club's setting keeps them off the top of the table."""
    Season.objects.create(club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31), min_games=2)
    play(meeting, 1, [GUEST, "東田一郎", "南野二郎", "西川三郎"], [52300, 31500, 18700, -2500], secretary)
    play(meeting, 2, [GUEST, "東田一郎", "南野二郎", "西川三郎"], [45000, 30000, 20000, 5000], secretary)
    return Season.objects.get()


def table_of(club, season):
    return standings(season_period(Club.objects.get(pk=club.pk).rule_sets.get(), season))


def test_a_guest_is_listed_apart_from_the_ranking_by_default(club, guest_season, guest):
    table = table_of(club, guest_season)
    assert [line.member.name for line in table.ranked] == ["東田一郎", "南野二郎", "西川三郎"]
    assert table.ranked[0].rank == 1
    apart = next(line for line in table.unranked if line.member == guest)
    assert apart.rank is None and apart.games == 2 and apart.points > table.ranked[0].points
    assert table.guests_apart


def test_a_club_that_ranks_guests_ranks_them_like_members(club, guest_season, guest):
    people_club = Club.objects.get(pk=club.pk)
    people_club.rank_guests = True
    people_club.save()
    table = table_of(club, guest_season)
    assert [line.member.name for line in table.ranked][:2] == [GUEST, "東田一郎"]
    assert table.ranked[0].rank == 1 and not table.guests_apart


def test_the_standings_page_and_json_mark_the_guest(client, member, club, guest_season, guest):
    client.force_login(member)
    html = page(client.get(f"/c/{club.slug}/standings/"))
    assert 'class="guest-mark"' in html and "guests-apart" in html
    data = client.get(f"/c/{club.slug}/api/standings.json").json()
    assert all(not line["member"]["guest"] for line in data["ranked"])
    assert [line["member"] for line in data["unranked"]] == [{"id": guest.pk, "name": GUEST, "kana": "", "guest": True}]
    assert data["unranked"][0]["rank"] is None


def test_running_standings_and_the_front_page_leave_the_guest_unranked(client, member, club, guest_season):
    client.force_login(member)
    running = client.get(f"/c/{club.slug}/standings/running/").context["running"]
    assert GUEST not in [entry.line.member.name for entry in running.ranked]
    assert GUEST in [entry.line.member.name for entry in running.unranked]


# -- shown as a guest ----------------------------------------------------------------------------------------------


def test_meeting_money_and_game_lists_mark_the_guest(client, member, secretary, club, meeting, guest_season, guest):
    save_accounts(meeting, 5000, None, {named(n): True for n in ("東田一郎", "南野二郎", "西川三郎")} | {guest: True})
    set_closed(meeting, True)  # the season's money counts closed meetings
    client.force_login(member)
    meeting_page = page(client.get(f"/c/{club.slug}/meetings/{meeting.pk}/"))
    assert meeting_page.count('class="guest-mark"') >= 2  # the day's lines and the games
    money = page(client.get(f"/c/{club.slug}/money/"))
    assert f'{GUEST} <small class="guest-mark">' in money
    # A guest pays the fee like anyone who played (350 yen a game here).
    line = next(
        line
        for line in client.get(f"/c/{club.slug}/meetings/{meeting.pk}/").context["money"].lines
        if line.member == guest
    )
    assert line.money.fee == 700
    game = Game.objects.first()
    assert 'class="guest-mark"' in page(client.get(f"/c/{club.slug}/games/{game.pk}/"))
    summary = page(client.get(f"/c/{club.slug}/meetings/{meeting.pk}/summary.txt"))
    assert f"{GUEST}（ゲスト）" in summary


def test_the_workbook_marks_guests_in_the_standings_and_members(club, guest_season, guest):
    out = io.BytesIO()
    with translation.override("ja"):
        write_season_workbook(ExportChoice.of_season(club, guest_season), out)
    out.seek(0)
    book = load_workbook(out)
    sheet = book.worksheets[0]
    header = [cell.value for cell in sheet[1]]
    column = header.index("ゲスト")
    marks = {
        row[header.index("名前")]: row[column]
        for row in sheet.iter_rows(min_row=2, values_only=True)
        if row[header.index("名前")]
    }
    assert marks[GUEST] == "ゲスト" and marks["東田一郎"] is None
    members = book["会員"]
    rows = list(members.iter_rows(min_row=2, values_only=True))
    assert rows[-1][0] == GUEST and rows[-1][-1] is True and rows[0][-1] is False


def test_a_club_without_guests_keeps_its_standings_sheet(club, secretary, meeting):
    season = Season.objects.create(club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31))
    play(meeting, 1, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"], [52300, 31500, 18700, -2500], secretary)
    out = io.BytesIO()
    with translation.override("en"):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    out.seek(0)
    assert "Guest" not in [cell.value for cell in load_workbook(out).worksheets[0][1]]


def test_guests_are_not_offered_as_members_for_invites_or_attendance(client, owner, secretary, club, meeting, guest):
    client.force_login(owner)
    choices = client.get(f"/c/{club.slug}/manage/invites/add/").context["form"].fields["member"].queryset
    assert guest not in choices and choices.exists()
    members = client.get(f"/c/{club.slug}/manage/members/").context
    assert guest not in members["members"] and list(members["guests"]) == [guest]
    client.force_login(secretary)
    html = page(client.get(f"/c/{club.slug}/meetings/{meeting.pk}/accounts/"))
    assert GUEST not in html  # a guest who did not play that day is not offered


# -- made a member, or merged into one -----------------------------------------------------------------------------


def test_the_owner_makes_a_guest_a_member_keeping_their_games(client, owner, club, guest_season, guest):
    client.force_login(owner)
    url = f"/c/{club.slug}/manage/guests/{guest.pk}/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"name": "佐々木一郎", "kana": "ササキイチロウ"})
    assert response.status_code == 302
    guest.refresh_from_db()
    assert (guest.guest, guest.name, guest.kana) == (False, "佐々木一郎", "ささきいちろう")
    assert GameSeat.objects.filter(member=guest).count() == 2
    assert guest.history.count() == 2  # created, then made a member
    assert table_of(club, guest_season).ranked[0].member == guest
    assert client.get(url).status_code == 404  # no longer a guest


def test_making_a_member_refuses_a_name_taken(client, owner, club, guest):
    client.force_login(owner)
    response = client.post(f"/c/{club.slug}/manage/guests/{guest.pk}/", {"name": "東田一郎"})
    assert response.status_code == 400
    guest.refresh_from_db()
    assert guest.guest and guest.name == GUEST


@pytest.mark.parametrize("who", ["secretary", "member"])
def test_only_the_owner_turns_a_guest_into_a_member(client, request, club, guest, who):
    client.force_login(request.getfixturevalue(who))
    url = f"/c/{club.slug}/manage/guests/{guest.pk}/"
    assert client.post(url, {"name": "佐々木一郎"}).status_code == refusal("guest_to_member", who)
    assert client.post(url + "merge/", {"member": named("北村四郎").pk}).status_code == refusal("merge_guest", who)
    guest.refresh_from_db()
    assert guest.guest


def test_merging_gives_the_guests_games_to_the_member(client, owner, secretary, club, meeting, guest_season, guest):
    kitamura = named("北村四郎")
    Adjustment.objects.create(
        club=club, rule_set=meeting.rule_set, member=guest, date=D(2026, 11, 20), points=-50, reason="遅刻"
    )
    save_accounts(meeting, 5000, None, {guest: True, kitamura: False})
    client.force_login(owner)
    response = client.post(f"/c/{club.slug}/manage/guests/{guest.pk}/merge/", {"member": kitamura.pk})
    assert response.status_code == 302
    assert not Member.objects.filter(pk=guest.pk).exists()
    assert GameSeat.objects.filter(member=kitamura).count() == 2
    assert Adjustment.objects.get().member == kitamura
    assert Attendance.objects.get(meeting=meeting, member=kitamura).present_at_close  # the guest's stay counts
    game = Game.objects.order_by("round").first()
    assert game.sheet["players"][0] == kitamura.pk and game.sheet["names"][0] == "北村四郎"
    assert game.revision == 2
    with translation.override("en"):
        assert game_history(game)[-1]["action"] == "a guest merged into a member"
    assert table_of(club, guest_season).ranked[0].member == kitamura


def test_merging_is_refused_when_both_played_in_one_game(club, owner, secretary, meeting, guest):
    play(meeting, 1, [GUEST, "東田一郎", "南野二郎", "北村四郎"], [52300, 31500, 18700, -2500], secretary)
    with pytest.raises(Refused):
        people.merge_guest(club, guest, named("北村四郎"), owner)
    assert Member.objects.filter(pk=guest.pk).exists()
    assert GameSeat.objects.filter(member=guest).count() == 1


def test_merging_moves_the_money_a_closed_meeting_kept(club, owner, secretary, meeting, guest_season, guest):
    kitamura = named("北村四郎")
    set_closed(meeting, True)
    people.merge_guest(club, guest, kitamura, owner)
    meeting.refresh_from_db()
    kept = {line["member"] for line in meeting.settlement["lines"]}
    assert kitamura.pk in kept and guest.pk not in kept


def test_merging_is_refused_when_a_closed_meeting_settled_both(club, owner, secretary, meeting, guest):
    play(meeting, 1, [GUEST, "東田一郎", "南野二郎", "西川三郎"], [52300, 31500, 18700, -2500], secretary)
    play(meeting, 2, ["北村四郎", "東田一郎", "南野二郎", "西川三郎"], [52300, 31500, 18700, -2500], secretary)
    set_closed(meeting, True)
    with pytest.raises(Refused):
        people.merge_guest(club, guest, named("北村四郎"), owner)
    set_closed(meeting, False, reason="合流のため")  # reopened: the day's money is settled again after the merge
    people.merge_guest(club, guest, named("北村四郎"), owner)
    assert GameSeat.objects.filter(member=named("北村四郎")).count() == 2


# -- the club's setting --------------------------------------------------------------------------------------------


def test_the_owner_ranks_guests_in_the_club_settings_with_history(client, owner, secretary, club):
    client.force_login(secretary)
    response = client.post(f"/c/{club.slug}/manage/settings/", {"name": club.name, "rank_guests": "on"})
    assert response.status_code == refusal("club_settings", "secretary")
    client.force_login(owner)
    assert client.get(f"/c/{club.slug}/manage/settings/").status_code == 200
    response = client.post(
        f"/c/{club.slug}/manage/settings/",
        {"name": club.name, "rank_guests": "on", "scores_in_hundreds": "on", "award_min_games": "20"},
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.rank_guests and club.scores_in_hundreds and not club.is_public
    assert club.history.first().history_user == owner


# -- import --------------------------------------------------------------------------------------------------------


def test_an_import_brings_a_name_in_as_a_guest(client, secretary, club):
    client.force_login(secretary)
    rows = [game_row(names=("東田一郎", "南野二郎", "西川三郎", "旅の人"))]
    location = client.post(
        import_url(club),
        {"rule_set": club.rule_sets.get().pk, "file": SimpleUploadedFile("games.xlsx", xlsx_bytes(rows))},
    )["Location"]
    assert "ゲスト" in page(client.get(location))
    assert client.post(location, {"action": "map", "name_0": "guest"}).status_code == 302
    plan = client.get(location).context["plan"]
    assert not plan.problems
    client.post(location, {"action": "commit", "fingerprint": plan.fingerprint})
    visitor = Member.objects.get(name="旅の人")
    assert visitor.guest and GameSeat.objects.filter(member=visitor).count() == 1


def test_a_planned_guest_is_saved_as_a_guest(club, secretary):
    rows = [game_row(names=("東田一郎", "南野二郎", "西川三郎", "旅の人"))]
    plan = plan_of(club, xlsx_bytes(rows))
    plan = plan_of(
        club, xlsx_bytes(rows), mapping={name.key: NewMember(name.name, guest=True) for name in plan.unknown}
    )
    batch = commit(plan, user=secretary)
    assert batch.members == 1 and Member.objects.get(name="旅の人").guest


def test_the_import_command_brings_unknown_names_in_as_guests(club, tmp_path):
    path = tmp_path / "games.xlsx"
    path.write_bytes(xlsx_bytes([game_row(names=("東田一郎", "南野二郎", "西川三郎", "旅の人"))]))
    call_command("import_results", club.slug, str(path), "--guests", stdout=io.StringIO(), stderr=io.StringIO())
    assert Member.objects.get(name="旅の人").guest
