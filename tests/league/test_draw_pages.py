"""The seating draw of a club day: drawing, redrawing, swapping by hand, the page, and what is refused."""

import datetime

import pytest
from django.test.html import parse_html
from django.urls import reverse

from league.imports.commit import commit
from league.imports.undo import undo_import
from league.models import SITTING_OUT, DrawnRound, DrawnSeat, Meeting, Member, RuleSet, RuleVersion, Season
from league.services.attendance import HERE, LEFT, add_guest, set_presence
from league.services.draws import draw, redraw, swap
from league.services.games import record_game, set_void
from league.services.people import merge_guest
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force
from league.stats.draw import met_before

from .conftest import BAKUFU_RULES
from .import_files import ROWS, plan_of, xlsx_bytes
from .standings_html import classes, find_all, text_of


def add_people(club, meeting, count):
    """``count`` people here: the fixture's five members, then more."""
    for n in range(Member.objects.filter(club=club).count(), count):
        Member.objects.create(club=club, name=f"会員{n + 1:02d}", kana=f"かいいん{n + 1:02d}")
    people = list(Member.objects.filter(club=club).order_by("pk")[:count])
    for member in people:
        set_presence(meeting, member, HERE)
    return people


def tables(drawn_round):
    """{table: [member ids in seat order]} of a drawn round, sit-outs under SITTING_OUT."""
    out = {}
    for seat in DrawnSeat.objects.filter(round=drawn_round).order_by("table", "seat"):
        out.setdefault(seat.table, []).append(seat.member_id)
    return out


def draw_url(club, meeting, name="meeting_draw", **kwargs):
    return reverse(name, kwargs={"slug": club.slug, "meeting_id": meeting.pk, **kwargs})


def play(meeting, members, round_, secretary, table=1):
    return record_game(
        settle_in_force(
            Entry(meeting=meeting, round=round_, table=table, members=members, scores=[40000, 30000, 20000, 10000])
        ),
        secretary,
    )


@pytest.fixture
def logged_in(client, secretary):
    client.force_login(secretary)
    return client


# -- the service ---------------------------------------------------------------------------------------------


def test_one_round_seats_everyone_here_in_tables_of_four(club, meeting, secretary):
    people = add_people(club, meeting, 8)
    [drawn] = draw(meeting, secretary, seed=7)
    assert (drawn.number, drawn.seed, drawn.drawn_by, drawn.changed_by_hand) == (1, 7, secretary, False)
    seated = tables(drawn)
    assert sorted(seated) == [1, 2] and all(len(table) == 4 for table in seated.values())
    assert sorted(m for table in seated.values() for m in table) == sorted(p.pk for p in people)
    assert DrawnRound.history.filter(id=drawn.pk).get().history_user == secretary
    assert DrawnSeat.history.filter(round_id=drawn.pk).count() == 8


def test_the_rest_of_the_day_spreads_the_sit_outs(club, meeting, secretary):
    add_people(club, meeting, 10)
    drawn = draw(meeting, secretary, rounds=5, seed=3)
    assert [r.number for r in drawn] == [1, 2, 3, 4, 5] and {r.seed for r in drawn} == {3}
    outs = DrawnSeat.objects.filter(round__meeting=meeting, table=SITTING_OUT)
    assert outs.count() == 10  # two a round
    assert set(outs.values_list("member", flat=True)).__len__() == 10  # each sits out once
    assert sorted(outs.filter(round=drawn[0]).values_list("seat", flat=True)) == [0, 1]


def test_who_left_is_not_drawn(club, meeting, secretary):
    people = add_people(club, meeting, 9)
    set_presence(meeting, people[0], LEFT)
    [drawn] = draw(meeting, secretary, seed=1)
    assert not DrawnSeat.objects.filter(round=drawn, member=people[0]).exists()
    assert DrawnSeat.objects.filter(round=drawn).count() == 8


def test_a_three_player_rule_set_draws_tables_of_three(club, secretary):
    sanma = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち")
    RuleVersion.objects.create(
        rule_set=sanma,
        effective_from=datetime.date(2020, 1, 1),
        rules={**BAKUFU_RULES, "players": 3, "start": 35000, "target": 40000, "uma": [20, 0, -20]},
    )
    day = Meeting.objects.create(club=club, rule_set=sanma, date=datetime.date(2026, 11, 21))
    add_people(club, day, 7)
    [drawn] = draw(day, secretary, seed=5)
    seated = tables(drawn)
    assert [len(seated[t]) for t in (1, 2)] == [3, 3] and len(seated[SITTING_OUT]) == 1


def test_the_same_seed_and_attendance_give_the_same_tables(club, meeting, secretary):
    add_people(club, meeting, 11)
    [drawn] = draw(meeting, secretary, seed=2026)
    first = tables(drawn)
    redraw(meeting, 1, secretary, seed=99)
    redraw(meeting, 1, secretary, seed=2026)
    assert tables(DrawnRound.objects.get(pk=drawn.pk)) == first


def test_the_next_round_follows_rounds_played_without_a_draw(club, meeting, secretary):
    people = add_people(club, meeting, 8)
    play(meeting, people[:4], 1, secretary)
    [drawn] = draw(meeting, secretary, seed=1)
    assert drawn.number == 2


def test_met_before_counts_the_seasons_earlier_counted_games_of_the_rule_set(club, meeting, secretary):
    Season.objects.create(club=club, name="2026", starts_on="2026-04-01", ends_on="2027-03-31")
    people = add_people(club, meeting, 8)
    earlier = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 1))
    play(earlier, people[:4], 1, secretary)
    play(earlier, people[:2] + people[4:6], 2, secretary)
    voided = play(earlier, people[4:8], 3, secretary)
    set_void(voided, True, voided.revision, secretary)
    before_season = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 3, 1))
    play(before_season, people[:4], 1, secretary)
    play(meeting, people[:4], 1, secretary)  # the day itself counts as today, not as the season
    met = met_before(meeting)
    a, b = people[0].pk, people[1].pk
    assert met[frozenset({a, b})] == 2
    assert met[frozenset({people[2].pk, people[3].pk})] == 1
    assert frozenset({people[6].pk, people[7].pk}) not in met
    assert len(met) == 6 + 5  # the second game adds five new pairs


def test_a_played_round_is_never_redrawn_nor_swapped(club, meeting, secretary):
    add_people(club, meeting, 8)
    [drawn] = draw(meeting, secretary, seed=1)
    seated = tables(drawn)
    play(meeting, list(Member.objects.filter(pk__in=seated[1]).order_by("pk")), 1, secretary)
    with pytest.raises(Refused, match="入力されています"):
        redraw(meeting, 1, secretary)
    with pytest.raises(Refused, match="入力されています"):
        swap(meeting, 1, seated[1][0], seated[2][0], secretary)
    assert tables(drawn) == seated


def test_too_few_people_here(club, meeting, secretary):
    add_people(club, meeting, 3)
    with pytest.raises(Refused, match="いるのは3人"):
        draw(meeting, secretary)
    assert not DrawnRound.objects.exists()


# -- the pages -----------------------------------------------------------------------------------------------


def test_the_page_shows_the_tables_with_their_winds_and_the_quality(logged_in, club, meeting, secretary):
    add_people(club, meeting, 9)
    response = logged_in.post(draw_url(club, meeting), {"rounds": "2"})
    assert response.status_code == 302
    html = logged_in.get(draw_url(club, meeting)).content.decode()
    assert 'id="round-1"' in html and 'id="round-2"' in html
    assert html.count("起家") == 4  # two tables in each of two rounds
    for wind in "東南西北":
        assert f'<th scope="row" class="wind">{wind}' in html
    assert "抜け番" in html and "卓組の偏り" in html and "第3回戦の卓組" in html


def test_each_drawn_table_card_lists_its_seats_east_first_and_who_left(logged_in, club, meeting, secretary):
    add_people(club, meeting, 8)
    assert logged_in.post(draw_url(club, meeting), {"rounds": "1"}).status_code == 302
    first_table = list(DrawnSeat.objects.filter(round__meeting=meeting, table=1).order_by("seat"))
    set_presence(meeting, first_table[2].member, LEFT, secretary)
    page = parse_html(logged_in.get(draw_url(club, meeting)).content.decode())
    cards = find_all(page, lambda node: node.name == "article" and "drawn-table" in classes(node))
    assert len(cards) == 2 and not find_all(cards[0], lambda node: node.name == "thead")
    rows = [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(cards[0], lambda node: node.name == "tr")
    ]
    assert rows == [
        ["東起家", first_table[0].member.name],
        ["南", first_table[1].member.name],
        ["西", f"{first_table[2].member.name}いまいない"],
        ["北", first_table[3].member.name],
    ]


def test_a_duplicate_post_draws_once(logged_in, club, meeting):
    add_people(club, meeting, 8)
    mark = logged_in.get(draw_url(club, meeting)).context["day"].mark
    assert logged_in.post(draw_url(club, meeting), {"rounds": "1", "mark": mark}).status_code == 302
    again = logged_in.post(draw_url(club, meeting), {"rounds": "1", "mark": mark})
    assert again.status_code == 409 and "卓組が変わりました" in again.content.decode()
    assert DrawnRound.objects.count() == 1


def test_a_swap_by_hand(logged_in, club, meeting, secretary):
    add_people(club, meeting, 9)
    [drawn] = draw(meeting, secretary, seed=4)
    before = tables(drawn)
    a, b = before[1][0], before[SITTING_OUT][0]
    mark = logged_in.get(draw_url(club, meeting)).context["day"].mark
    response = logged_in.post(
        draw_url(club, meeting, "swap_drawn_seats", number=1), {"first": a, "second": b, "mark": mark}
    )
    assert response.status_code == 302
    after = tables(drawn)
    assert after[1][0] == b and after[SITTING_OUT][0] == a and after[2] == before[2]
    drawn.refresh_from_db()
    assert drawn.changed_by_hand
    assert DrawnSeat.history.filter(round_id=drawn.pk, history_change_reason="swapped by hand").count() == 4
    # Sent twice, the swap is refused instead of swapping back.
    again = logged_in.post(
        draw_url(club, meeting, "swap_drawn_seats", number=1), {"first": a, "second": b, "mark": mark}
    )
    assert again.status_code == 409 and tables(drawn) == after


def test_a_swap_across_rounds_is_refused(logged_in, club, meeting, secretary):
    people = add_people(club, meeting, 8)
    draw(meeting, secretary, seed=1)
    late = Member.objects.create(club=club, name="遅刻太郎")
    set_presence(meeting, late, HERE)
    draw(meeting, secretary, seed=1)  # round 2 has the late arrival, round 1 does not
    response = logged_in.post(
        draw_url(club, meeting, "swap_drawn_seats", number=1), {"first": people[0].pk, "second": late.pk}
    )
    assert response.status_code == 400 and "この回戦の卓組にいません" in response.content.decode()
    with pytest.raises(Refused, match="第1回戦の卓組にいません"):
        swap(meeting, 1, people[0].pk, late.pk, secretary)


def test_redraw_refused_once_played_says_why(logged_in, club, meeting, secretary):
    add_people(club, meeting, 8)
    [drawn] = draw(meeting, secretary, seed=1)
    seated = tables(drawn)
    play(meeting, list(Member.objects.filter(pk__in=seated[2]).order_by("pk")), 1, secretary, table=2)
    response = logged_in.post(draw_url(club, meeting, "redraw_round", number=1))
    assert response.status_code == 409
    assert "第1回戦の対局が入力されています" in response.content.decode()
    assert tables(drawn) == seated
    assert "この回戦を変える" not in response.content.decode()  # a played round offers no change


def test_a_closed_meeting_is_refused(logged_in, club, meeting, secretary):
    add_people(club, meeting, 8)
    [drawn] = draw(meeting, secretary, seed=1)
    before = tables(drawn)
    Meeting.objects.filter(pk=meeting.pk).update(closed=True)
    response = logged_in.post(draw_url(club, meeting), {"rounds": "1"})
    assert response.status_code == 409 and "締められています" in response.content.decode()
    assert logged_in.post(draw_url(club, meeting, "redraw_round", number=1)).status_code == 409
    assert DrawnRound.objects.count() == 1 and tables(drawn) == before


def test_bad_round_counts_are_refused(logged_in, club, meeting):
    add_people(club, meeting, 8)
    for rounds in ("0", "21", "abc"):
        assert logged_in.post(draw_url(club, meeting), {"rounds": rounds}).status_code == 400
    assert not DrawnRound.objects.exists()


@pytest.mark.parametrize("who, status", [("member", 403), ("outsider", 404)])
def test_only_who_runs_the_day_may_draw(client, request, club, meeting, secretary, who, status):
    add_people(club, meeting, 8)
    [drawn] = draw(meeting, secretary, seed=1)
    before = tables(drawn)
    client.force_login(request.getfixturevalue(who))
    assert client.get(draw_url(club, meeting)).status_code == status
    assert client.post(draw_url(club, meeting), {"rounds": "1"}).status_code == status
    assert client.post(draw_url(club, meeting, "redraw_round", number=1)).status_code == status
    assert DrawnRound.objects.count() == 1 and tables(drawn) == before


def test_the_page_reads_a_fixed_number_of_queries(logged_in, club, meeting, secretary, django_assert_max_num_queries):
    add_people(club, meeting, 12)
    draw(meeting, secretary, seed=1)
    with django_assert_max_num_queries(40) as one:
        logged_in.get(draw_url(club, meeting))
    draw(meeting, secretary, rounds=4, seed=2)
    with django_assert_max_num_queries(len(one.captured_queries)):
        logged_in.get(draw_url(club, meeting))


def test_a_person_not_here_cannot_be_swapped_in_and_one_who_left_is_marked(logged_in, club, meeting, secretary):
    people = add_people(club, meeting, 8)
    draw(meeting, secretary, seed=1)
    away = Member.objects.create(club=club, name="欠席花子")
    response = logged_in.post(
        draw_url(club, meeting, "swap_drawn_seats", number=1), {"first": people[0].pk, "second": away.pk}
    )
    assert response.status_code == 400 and not DrawnSeat.objects.filter(member=away).exists()
    set_presence(meeting, people[0], LEFT)
    html = logged_in.get(draw_url(club, meeting)).content.decode()
    assert html.count("いまいない") == 1


def test_the_meeting_and_entry_pages_link_the_day_for_who_runs_it(client, club, meeting, secretary, member):
    links = [draw_url(club, meeting), draw_url(club, meeting, "meeting_attendance")]
    client.force_login(secretary)
    for page in ("meeting_detail", "enter_game"):
        html = client.get(draw_url(club, meeting, page)).content.decode()
        assert all(f'href="{link}"' in html for link in links), page
    client.force_login(member)
    html = client.get(draw_url(club, meeting, "meeting_detail")).content.decode()
    assert not any(link in html for link in links)


def test_merging_a_drawn_guest_moves_their_seats_unless_both_were_drawn(club, meeting, secretary, owner):
    people = add_people(club, meeting, 7)
    _guest, _added = add_guest(meeting, "旅の人")
    guest = Member.objects.get(name="旅の人")
    [drawn] = draw(meeting, secretary, seed=1)
    with pytest.raises(Refused, match="二人とも"):
        merge_guest(club, guest, people[0], owner)
    outsider = Member.objects.create(club=club, name="欠席花子")
    where = DrawnSeat.objects.get(round=drawn, member=guest)
    merge_guest(club, guest, outsider, owner)
    moved = DrawnSeat.objects.get(pk=where.pk)
    assert moved.member == outsider and (moved.table, moved.seat) == (where.table, where.seat)
    assert DrawnSeat.history.filter(id=where.pk).latest("history_id").history_change_reason.startswith("guest merged")


def test_an_import_whose_meeting_was_drawn_is_not_undone(club, secretary):
    batch = commit(plan_of(club, xlsx_bytes(ROWS)), user=secretary)
    imported = Meeting.objects.filter(club=club).exclude(games__import_batch=None).first()
    DrawnRound.objects.create(meeting=imported, number=9, seed=1)
    with pytest.raises(Refused):
        undo_import(batch, secretary)
    assert Meeting.objects.filter(pk=imported.pk).exists()
