"""A club day's money, 爆風の会 style: 350 yen a hanchan, the difference to the eligible day top.

The day used throughout: four hanchan, five members.  東田 plays only the first
and wins big (+80.0); the other four rotate, and 南野, 西川 and 北村 end tied
on ▲10.0 with one top each; 中島 ends on ▲50.0.  Fees: 4 games × 4 × 350 =
5,600 yen.  One game in four, rounded up, is ceil(4/3) = 2 games to receive.
"""

import datetime

import pytest
from django.test.html import parse_html

from league.models import Attendance, Meeting, Member, RuleVersion
from league.services.games import record_game
from league.services.meetings import save_accounts, set_closed
from league.services.settling import Entry, settle_in_force
from league.stats.day import settle_day
from league.stats.money import season_money

from .conftest import PLAYERS
from .standings_html import classes, find_all, text_of

HIGASHIDA, MINAMINO, NISHIKAWA, KITAMURA, NAKAJIMA = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"

DAY = [
    ([HIGASHIDA, MINAMINO, NISHIKAWA, KITAMURA], [70000, 20000, 10000, 0]),  # +80, 0, ▲30, ▲50
    ([MINAMINO, NISHIKAWA, KITAMURA, NAKAJIMA], [40000, 30000, 20000, 10000]),  # +50, +10, ▲20, ▲40
    ([NISHIKAWA, KITAMURA, NAKAJIMA, MINAMINO], [40000, 30000, 20000, 10000]),
    ([KITAMURA, NAKAJIMA, MINAMINO, NISHIKAWA], [40000, 30000, 20000, 10000]),
]


def play_day(meeting, secretary, venue_fee=5000, absent=(), games=DAY):
    members = {m.name: m for m in Member.objects.filter(club=meeting.club)}
    for round_number, (names, scores) in enumerate(games, start=1):
        entry = Entry(meeting=meeting, round=round_number, table=1, members=[members[n] for n in names], scores=scores)
        record_game(settle_in_force(entry), secretary)
    attendance = {members[name]: name not in absent for name in members}
    return save_accounts(meeting, venue_fee, None, attendance)


def money_of(money):
    return {
        line.member.name: (line.games, line.points, line.money.fee, line.money.received, line.money.net)
        for line in money.lines
    }


def balanced(money):
    return money.collected == money.venue + money.received_total + money.club


def test_the_days_points_and_fees(meeting, secretary):
    meeting = play_day(meeting, secretary)
    money = settle_day(meeting)
    lines = money_of(money)
    assert lines[HIGASHIDA][:3] == (1, 800, 350)
    assert lines[MINAMINO][:3] == (4, -100, 1400)
    assert lines[NAKAJIMA][:3] == (3, -500, 1050)
    assert money.collected == 5600 and money.venue == 5000 and money.surplus == 600
    assert money.rounds == 4 and money.min_games == 2
    assert balanced(money)


def test_a_top_with_too_few_games_passes_it_on_to_those_tied_next(meeting, secretary):
    money = settle_day(play_day(meeting, secretary))
    assert [m.name for m in money.recipients] == [KITAMURA, NISHIKAWA, MINAMINO]  # day order: kana breaks the tie
    assert [(m.name, reason) for m, reason in money.passed_over] == [(HIGASHIDA, "too_few_games")]
    assert [money_of(money)[name][3] for name in (KITAMURA, NISHIKAWA, MINAMINO)] == [200, 200, 200]
    assert balanced(money)


def test_odd_yen_go_to_the_first_listed(meeting, secretary):
    money = settle_day(play_day(meeting, secretary, venue_fee=4999))
    assert [money_of(money)[name][3] for name in (KITAMURA, NISHIKAWA, MINAMINO)] == [201, 200, 200]
    assert balanced(money)


def test_the_top_absent_at_the_close_passes_it_on(meeting, secretary):
    four_players = [(names, scores) for names, scores in DAY[1:]] + [
        ([MINAMINO, NISHIKAWA, KITAMURA, NAKAJIMA], [40000, 30000, 20000, 10000])
    ]
    meeting = play_day(meeting, secretary, absent=(MINAMINO,), games=four_players)
    money = settle_day(meeting)
    # 南野 +50 −40 −20 +50 = +40 leads but left early; 西川 +10 +50 −40 +10 = +30 is next.
    assert [m.name for m in money.recipients] == [NISHIKAWA]
    assert money.passed_over[0][1] == "absent_at_close"
    assert "南野二郎" in money.explanation
    assert balanced(money)


def test_nobody_eligible_leaves_it_to_the_club(meeting, secretary):
    money = settle_day(play_day(meeting, secretary, absent=(HIGASHIDA, MINAMINO, NISHIKAWA, KITAMURA, NAKAJIMA)))
    assert money.recipients == [] and money.club == 600
    assert balanced(money)


def test_a_shortfall_is_paid_by_the_recipients(meeting, secretary):
    money = settle_day(play_day(meeting, secretary, venue_fee=10000))
    # −4,400 among three: divmod gives −1,467 each and one yen back to the first listed.
    assert [money_of(money)[name][3] for name in (KITAMURA, NISHIKAWA, MINAMINO)] == [-1466, -1467, -1467]
    assert money_of(money)[KITAMURA][4] == -1466 - 1400
    assert balanced(money)


def test_closing_keeps_the_money_as_settled(meeting, secretary):
    meeting = play_day(meeting, secretary)
    set_closed(meeting, True)
    version = meeting.rule_set.version_on(meeting.date)
    RuleVersion.objects.create(
        rule_set=meeting.rule_set,
        effective_from=datetime.date(2026, 11, 1),
        rules=version.rules,
        fees={**version.fees, "per_game": 500},
    )
    meeting.refresh_from_db()
    kept = settle_day(meeting)
    assert kept.kept and kept.collected == 5600
    assert money_of(kept)[KITAMURA][3] == 200
    set_closed(meeting, False, reason="訂正のため")
    meeting.refresh_from_db()
    assert settle_day(meeting).collected == 8000 and meeting.settlement is None


def test_season_money_adds_up_the_closed_meetings(club, meeting, secretary):
    play_day(meeting, secretary)
    set_closed(meeting, True)
    second = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 27))
    play_day(second, secretary, venue_fee=6000)
    set_closed(second, True)
    still_open = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 28))
    play_day(still_open, secretary)
    money = season_money(club, datetime.date(2026, 4, 1), datetime.date(2027, 3, 31))
    assert money.collected == 11200 and money.venue == 11000 and money.club == 0
    assert money.collected == money.venue + money.received + money.club
    lines = {line.member.name: line for line in money.members}
    assert (lines[KITAMURA].meetings, lines[KITAMURA].fees, lines[KITAMURA].received) == (2, 2800, 200 - 133)
    assert money.open_count == 1  # the day still open, not counted


def _day(meeting, secretary, rounds):
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    for number in rounds:
        scores = [40000, 30000, 20000, 10000] if number % 2 else [10000, 20000, 30000, 40000]
        record_game(
            settle_in_force(Entry(meeting=meeting, round=number, table=1, members=members, scores=scores)), secretary
        )


def test_players_level_on_the_day_share_a_rank_and_a_mistyped_round_is_not_counted(meeting, secretary):
    _day(meeting, secretary, rounds=[1, 2, 21])
    money = settle_day(meeting)
    assert money.rounds == 3 and money.min_games == 1
    ranks = {line.member.name: line.rank for line in money.lines}
    # Rounds 1 and 21 alike, round 2 reversed: 東田 +50+50−40, 北村 −40−40+50 …
    assert ranks["東田一郎"] == 1
    levels = {}
    for line in money.lines:
        levels.setdefault(line.points, set()).add(line.rank)
    assert all(len(ranks_at) == 1 for ranks_at in levels.values())


def test_season_money_counts_a_meeting_closed_without_a_kept_settlement(club, meeting, secretary):
    _day(meeting, secretary, rounds=[1, 2])
    meeting.closed = True  # closed the way the demo or an import does, with nothing kept
    meeting.save()
    money = season_money(club)
    assert money.closed_count == 1
    assert money.collected == 2 * 4 * 350


# -- the pages ----------------------------------------------------------------------------------------


def accounts_post(meeting, venue_fee="5,000", absent=(), close=True):
    data = {"venue_fee": venue_fee, "rounds": "", "action": "close" if close else "save"}
    for member in Member.objects.filter(club=meeting.club):
        data[f"came_{member.pk}"] = "on"
        if member.name not in absent:
            data[f"stayed_{member.pk}"] = "on"
    return data


def test_closing_a_day_through_the_pages(client, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(secretary)
    url = f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/"
    assert client.get(url).status_code == 200
    response = client.post(url, accounts_post(meeting, venue_fee="５０００円", absent=(NAKAJIMA,)))
    assert response.status_code == 302
    meeting.refresh_from_db()
    assert meeting.closed and meeting.venue_fee == 5000 and meeting.settlement["surplus"] == 600
    assert not Attendance.objects.get(meeting=meeting, member__name=NAKAJIMA).present_at_close
    html = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/").content.decode()
    assert "5,600円" in html and "600円" in html
    assert "東田一郎" in html and "次席" in html


def test_a_bad_venue_fee_is_refused_and_nothing_saved(client, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(secretary)
    response = client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/", accounts_post(meeting, venue_fee="五千")
    )
    assert response.status_code == 400
    meeting.refresh_from_db()
    assert not meeting.closed and meeting.venue_fee == 5000


def test_an_absurd_venue_fee_is_refused(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/",
        {"venue_fee": "9999999999999999999999", "action": "save"},
    )
    assert response.status_code == 400
    meeting.refresh_from_db()
    assert meeting.venue_fee == 5000


def test_accounts_saved_meanwhile_are_not_overwritten(client, secretary, owner, meeting):
    client.force_login(secretary)
    url = f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/"
    stale_mark = client.get(url).context["mark"]
    client.force_login(owner)
    assert client.post(url, {"venue_fee": "6000", "action": "save", "mark": stale_mark}).status_code == 302
    client.force_login(secretary)
    response = client.post(url, {"venue_fee": "7000", "action": "save", "mark": stale_mark})
    assert response.status_code == 409
    meeting.refresh_from_db()
    assert meeting.venue_fee == 6000
    assert (
        client.post(url, {"venue_fee": "7000", "action": "save", "mark": response.context["mark"]}).status_code == 302
    )


def test_someone_who_played_cannot_be_marked_absent(client, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(secretary)
    data = accounts_post(meeting)
    del data[f"came_{Member.objects.get(name=HIGASHIDA).pk}"]
    response = client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/", data)
    assert response.status_code == 400
    assert not Meeting.objects.get(pk=meeting.pk).closed


def test_the_plain_text_summary(client, member, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(member)
    response = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/summary.txt")
    text = response.content.decode()
    assert response["Content-Type"].startswith("text/plain")
    assert "1. 東田一郎 +80.0" in text
    assert "5,600円" in text


def test_the_printable_sheet(client, member, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(member)
    html = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/sheet/").content.decode()
    assert "print.css" in html and "5,600円" in html


@pytest.mark.parametrize(("who", "shown"), [("owner", True), ("member", True), ("outsider", False), (None, False)])
def test_a_public_clubs_day_is_public_but_its_money_is_not(client, request, meeting, secretary, who, shown):
    meeting.club.is_public = True
    meeting.club.save()
    play_day(meeting, secretary)
    if who:
        client.force_login(request.getfixturevalue(who))
    page = client.get(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/")
    assert page.status_code == 200
    assert ("5,600円" in page.content.decode()) == shown


def test_the_attendance_table_keeps_what_was_typed_and_shows_each_error_on_its_row(client, secretary, meeting):
    play_day(meeting, secretary)
    client.force_login(secretary)
    data = accounts_post(meeting, absent=(NAKAJIMA,))
    del data[f"came_{Member.objects.get(name=HIGASHIDA).pk}"]
    response = client.post(f"/c/{meeting.club.slug}/meetings/{meeting.pk}/accounts/", data)
    table = find_all(
        parse_html(response.content.decode()), lambda node: node.name == "table" and "attendance" in classes(node)
    )[0]
    assert [
        text_of(cell)
        for cell in find_all(table, lambda node: node.name == "th" and dict(node.attributes).get("scope") == "col")
    ] == ["名前", "来場", "精算まで在席"]
    assert not find_all(table, lambda node: node.name == "a")  # a form's rows: a sort would lose what was typed
    rows = {text_of(row.children[0]).strip(): row for row in find_all(table, lambda node: node.name == "tr")[1:]}
    assert HIGASHIDA in rows and NAKAJIMA in rows

    def ticked(row, box):
        inputs = find_all(row, lambda node: node.name == "input" and dict(node.attributes)["name"].startswith(box))
        return "checked" in dict(inputs[0].attributes)

    assert not ticked(rows[HIGASHIDA], "came_") and ticked(rows[HIGASHIDA], "stayed_")  # as typed, refused
    assert "error" in classes(find_all(rows[HIGASHIDA], lambda node: node.name == "small")[0])
    assert ticked(rows[NAKAJIMA], "came_") and not ticked(rows[NAKAJIMA], "stayed_")
