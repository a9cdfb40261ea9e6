"""The season's titles (表彰): each title's holder on a hand-made season (tests/league/awards_data.py), ties,
the club's minimum, guests, points-only games; the owner's choice of titles; the page."""

import pytest
from django.utils import translation

from league.models import Attendance, AwardTitle, Club, DayTotal, DayTotalLine, Meeting, Member
from league.services.attendance import HERE, LEFT, set_presence
from league.services.games import set_void
from league.stats.awards import season_awards
from league.stats.periods import season_period

from .awards_data import CENTRE, EAST, GUEST, NORTH, SOUTH, WEST, awards_season
from .standings_data import D, meeting_on, play
from .test_page_tables import HOSTILE, body_rows, csv_rows, headings, xlsx_sheet


@pytest.fixture
def seasons(club, secretary):
    return awards_season(club, secretary)


def awards_of(club, season, **settings):
    for name, value in settings.items():
        setattr(club, name, value)
    club.save()
    club = Club.objects.get(pk=club.pk)
    return {award.title: award for award in season_awards(season_period(club.rule_sets.get(), season), club).awards}


def holders(award):
    return [holder.member.name for holder in award.holders]


def test_every_title_on_the_season(club, seasons):
    season, _spring = seasons
    awards = awards_of(club, season, award_min_games=5)
    assert list(awards) == AwardTitle.values  # a new club gives every title, in this order
    assert holders(awards["points"]) == [EAST] and awards["points"].holders[0].figure == 820
    for rate in ("top_rate", "rentai_rate", "last_avoid_rate", "average_place"):
        assert holders(awards[rate]) == [EAST], rate
    assert [
        str(awards[rate].holders[0].figure) for rate in ("top_rate", "rentai_rate", "last_avoid_rate", "average_place")
    ] == ["33.3", "66.7", "100.0", "2.00"]
    best = awards["best_score"].holders
    assert [(h.member.name, h.figure, h.game.round, h.game.meeting.date.month) for h in best] == [(NORTH, 52000, 2, 6)]
    # The points-only game counts for the most points in one game: it has a total, not a score.
    assert [(h.member.name, h.figure, h.game.points_only) for h in awards["best_points"].holders] == [
        (WEST, 1200, True)
    ]
    assert holders(awards["most_tops"]) == [EAST] and awards["most_tops"].holders[0].figure == 2
    assert holders(awards["most_games"]) == [EAST] and awards["most_games"].holders[0].figure == 6
    # Marked present on a day without games counts: 中 came to four meetings, the others to three.
    assert holders(awards["attendance"]) == [CENTRE] and awards["attendance"].holders[0].figure == 4


def test_a_tie_shares_the_title(club, seasons):
    _season, spring = seasons
    awards = awards_of(club, spring, award_min_games=4)
    # 東 and 南: three of four games first or second, and never last.
    assert holders(awards["rentai_rate"]) == [EAST, SOUTH] and awards["rentai_rate"].shared  # in reading order
    assert holders(awards["last_avoid_rate"]) == [EAST, SOUTH]
    assert holders(awards["top_rate"]) == [EAST] and not awards["top_rate"].shared
    assert holders(awards["most_yakuman"]) == [NORTH, EAST]  # one each; shown by reading (きたむら, ひがしだ)


def test_the_minimum_of_games_for_the_rates(club, seasons):
    season, _spring = seasons
    awards = awards_of(club, season, award_min_games=6)
    assert holders(awards["top_rate"]) == [EAST]
    awards = awards_of(club, season, award_min_games=7)
    for rate in ("top_rate", "rentai_rate", "last_avoid_rate", "average_place"):
        assert awards[rate].holders == [] and awards[rate].minimum == 7
    # The titles without a minimum still have their holders.
    assert holders(awards["best_score"]) == [NORTH] and holders(awards["most_tops"]) == [EAST]


def test_guests_hold_titles_only_when_the_club_ranks_them(club, seasons):
    season, _spring = seasons
    awards = awards_of(club, season)
    assert GUEST not in {name for award in awards.values() for name in holders(award)}
    awards = awards_of(club, season, rank_guests=True)
    assert holders(awards["best_score"]) == [GUEST] and awards["best_score"].holders[0].figure == 55000
    assert holders(awards["best_points"]) == [GUEST] and awards["best_points"].holders[0].figure == 1250
    assert holders(awards["most_yakuman"]) == [NORTH, GUEST, EAST]  # きたむら, たびびと, ひがしだ
    # The champion is the standings' first: the guest's one game is below the season's two to be ranked.
    assert holders(awards["points"]) == [EAST]


def test_the_most_improved_compares_the_halves_of_the_meeting_days(club, seasons):
    season, _spring = seasons
    result = season_awards(season_period(club.rule_sets.get(), season), _with(club, award_min_games=2))
    improved = next(award for award in result.awards if award.title == "most_improved")
    assert holders(improved) == [WEST] and improved.holders[0].figure == 1568  # +156.75 per game, rounded
    assert improved.minimum == 1 and [day.isoformat() for day in result.halves] == ["2026-07-11", "2026-07-12"]
    # Half of 20 games in each half: nobody has ten.
    assert awards_of(club, season, award_min_games=20)["most_improved"].holders == []


def _with(club, **settings):
    for name, value in settings.items():
        setattr(club, name, value)
    club.save()
    return club


def test_a_day_total_counts_its_hanchan_and_the_day_but_no_place_and_no_single_game(club, seasons):
    season, _spring = seasons
    # 9/5, a day known only by its totals (日計): five hanchan at one table.
    day = DayTotal.objects.create(meeting=meeting_on(club, D(2026, 9, 5)), games=5)
    for name, tenths in ((CENTRE, 2000), (NORTH, -500), (SOUTH, -500), (WEST, -1000)):
        DayTotalLine.objects.create(day_total=day, member=Member.objects.get(name=name), points=tenths)
    awards = awards_of(club, season, award_min_games=6)
    assert holders(awards["most_games"]) == [NORTH, WEST, SOUTH]  # 10 each: 5 games and 5 hanchan of the day
    # Ten games, but five with a place: below the six the rates need.
    assert holders(awards["top_rate"]) == [EAST]
    assert holders(awards["best_points"]) == [WEST]  # the day's +200.0 was not one game
    assert holders(awards["attendance"]) == [CENTRE] and awards["attendance"].holders[0].figure == 5
    # Four days with games: 5/10 and 6/14, then 7/12 and 9/5. 西: −36.75 a game, then (+120.0 − 100.0) / 6.
    improved = awards_of(club, season, award_min_games=2)["most_improved"]
    assert holders(improved) == [WEST] and improved.holders[0].figure == 401


def test_attendance_counts_a_day_with_games_once_however_it_is_marked(club, seasons, secretary):
    season, _spring = seasons
    east, centre = Member.objects.get(name=EAST), Member.objects.get(name=CENTRE)
    days = (D(2026, 5, 10), D(2026, 6, 14), D(2026, 7, 12), D(2026, 8, 9))
    may, june, july, august = (meeting_on(club, day) for day in days)

    def attendance():
        result = season_awards(season_period(club.rule_sets.get(), season), Club.objects.get(pk=club.pk))
        award = next(award for award in result.awards if award.title == "attendance")
        return [(holder.member.name, holder.figure) for holder in award.holders], result.meetings

    # Marked present on the days they played (on the page, and as the admin writes a row): the same days.
    for meeting in (may, june):
        set_presence(meeting, east, HERE, secretary)
    Attendance.objects.create(meeting=july, member=east)
    set_presence(july, centre, LEFT, secretary)
    assert attendance() == ([(CENTRE, 4)], 4)
    assert set(Attendance.objects.filter(played=False).values_list("member__name", "meeting__date")) == {
        (CENTRE, day) for day in (D(2026, 5, 10), D(2026, 6, 14), D(2026, 8, 9))
    }
    # 東 comes to 8/9 and plays there after: one day more, counted once; still come when the game is voided.
    set_presence(august, east, HERE, secretary)
    assert attendance() == ([(CENTRE, 4), (EAST, 4)], 4)
    Member.objects.create(club=club, name="六本木六郎", kana="ろっぽんぎろくろう")
    game = play(august, 1, [EAST, CENTRE, GUEST, "六本木六郎"], [40000, 30000, 20000, 10000], secretary)
    assert Attendance.objects.get(meeting=august, member=east).played
    assert attendance() == ([(CENTRE, 4), (EAST, 4)], 4)
    set_void(game, True, game.revision, secretary)
    assert not Attendance.objects.get(meeting=august, member=east).played
    assert attendance() == ([(CENTRE, 4), (EAST, 4)], 4)


def test_the_halves_count_each_day_once_however_many_meetings_it_has(club, seasons, secretary):
    season, _spring = seasons
    # A second meeting on 6/14 (another room): still three days, halved 5/10 and 6/14, then 7/12.
    other = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=D(2026, 6, 14))
    play(other, 1, [SOUTH, EAST, NORTH, WEST], [40000, 30000, 20000, 10000], secretary)
    result = season_awards(season_period(club.rule_sets.get(), season), _with(club, award_min_games=2))
    assert [day.isoformat() for day in result.halves] == ["2026-07-11", "2026-07-12"]
    # And a fourth day: two against two, 5/10 and 6/14, then 7/12 and 8/9.
    play(meeting_on(club, D(2026, 8, 9)), 1, [SOUTH, EAST, NORTH, WEST], [40000, 30000, 20000, 10000], secretary)
    result = season_awards(season_period(club.rule_sets.get(), season), club)
    assert [day.isoformat() for day in result.halves] == ["2026-07-11", "2026-07-12"]
    play(meeting_on(club, D(2026, 9, 6)), 1, [SOUTH, EAST, NORTH, WEST], [40000, 30000, 20000, 10000], secretary)
    result = season_awards(season_period(club.rule_sets.get(), season), club)
    assert [day.isoformat() for day in result.halves] == ["2026-08-08", "2026-08-09"]  # five: three, then two


def test_only_the_titles_the_club_gives(club, seasons):
    season, _spring = seasons
    awards = awards_of(club, season, award_titles=["most_games", "points"])
    assert list(awards) == ["most_games", "points"]
    assert awards_of(club, season, award_titles=[]) == {}


def test_the_awards_take_a_fixed_number_of_queries(club, seasons, secretary, django_assert_max_num_queries):
    season, _spring = seasons
    club = Club.objects.get(pk=club.pk)
    with django_assert_max_num_queries(30):
        season_awards(season_period(club.rule_sets.get(), season), club)


# -- the owner's settings ------------------------------------------------------------------------------------------


def test_the_owner_chooses_the_titles_and_the_minimum_with_history(client, owner, club):
    client.force_login(owner)
    page = client.get(f"/c/{club.slug}/manage/settings/").content.decode()
    assert 'value="most_improved"' in page and 'name="award_min_games"' in page
    assert "<legend>表彰する賞</legend>" in page  # the boxes under one heading, not inside one label
    response = client.post(
        f"/c/{club.slug}/manage/settings/",
        {"name": club.name, "award_titles": ["most_games", "points", "best_score"], "award_min_games": "12"},
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.award_titles == ["points", "best_score", "most_games"]  # the page's order, whatever the ticking
    assert club.award_min_games == 12
    assert club.history.first().history_user == owner and club.history.first().award_min_games == 12


def test_a_title_that_does_not_exist_is_refused(client, owner, club):
    client.force_login(owner)
    with translation.override("en"):
        response = client.post(
            f"/en/c/{club.slug}/manage/settings/",
            {"name": club.name, "award_titles": ["best_hair"], "award_min_games": "12"},
        )
    assert response.status_code == 400 and "best_hair is not one of the available choices" in response.content.decode()
    club.refresh_from_db()
    assert club.award_min_games == 20


# -- the page ------------------------------------------------------------------------------------------------------


def test_the_page_names_each_holder_with_the_game_and_how_it_is_decided(client, member, club, seasons):
    season, _spring = seasons
    _with(club, award_min_games=5)
    client.force_login(member)
    page = client.get(f"/c/{club.slug}/standings/awards/", {"season": season.pk}).content.decode()
    assert "総合優勝（最多得点）" in page and "最高スコア" in page
    assert 'id="award-best_score"' in page and "52,000" in page
    assert f"/c/{club.slug}/games/" in page  # the single-game titles link their game
    assert "5半荘以上" in page  # the rates' minimum
    assert "4日" in page and "全4回の開催中" in page  # attendance, out of the meetings held
    assert "ゲストは表彰の対象外" in page
    english = client.get(f"/en/c/{club.slug}/standings/awards/", {"season": season.pk}).content.decode()
    assert "Champion (most points)" in english and "Equal figures share the title." in english
    assert "of 4 meetings" in english


def test_the_page_says_when_nobody_qualifies_and_when_no_title_is_given(client, member, club, seasons):
    season, _spring = seasons
    client.force_login(member)
    _with(club, award_min_games=99)
    assert (
        "Nobody qualifies yet."
        in client.get(f"/en/c/{club.slug}/standings/awards/", {"season": season.pk}).content.decode()
    )
    _with(club, award_titles=[])
    assert "The club gives no titles." in client.get(f"/en/c/{club.slug}/standings/awards/").content.decode()


def test_the_awards_table_reads_a_title_a_row_in_the_clubs_order(client, member, club, seasons):
    season, _spring = seasons
    _with(club, award_min_games=5)
    client.force_login(member)
    response = client.get(f"/en/c/{club.slug}/standings/awards/", {"season": season.pk})
    assert headings(response) == ["Title", "Holder", "Figure", "How it is decided"]
    rows = body_rows(response)
    assert [row[0] for row in rows][:3] == ["Champion (most points)", "Best top rate", "Best top-two rate"]
    by_title = {row[0]: row[1:] for row in rows}
    assert by_title["Champion (most points)"][:2] == [EAST, "+82.0"]
    assert by_title["Highest score"][:2] == [f"{NORTH}·Sun 14 Jun 2026, round 2", "52,000"]
    assert by_title["Most yakuman(shared)"][:2] == [f"{NORTH}{EAST}", "1 time"]
    assert by_title["Best attendance"][:2] == [CENTRE, "4 meetingsof 4 meetings"]
    assert by_title["Most improved"][:2] == ["Nobody qualifies yet.", ""]
    assert by_title["Most improved"][2].endswith("First half: to Sat 11 Jul 2026; second half: from Sun 12 Jul 2026.")
    page = response.content.decode()
    assert "?sort=" not in page  # read in the club's order: no heading sorts


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_awards_download_as_csv_and_xlsx_with_figures_as_numbers(client, member, club, seasons, language):
    season, _spring = seasons
    _with(club, award_min_games=5)
    Member.objects.filter(club=club, name=EAST).update(name=HOSTILE)
    client.force_login(member)
    address = f"/en/c/{club.slug}/standings/awards/" if language == "en" else f"/c/{club.slug}/standings/awards/"
    rows = csv_rows(client.get(address, {"season": season.pk, "_export": "csv"}))
    assert (
        rows[0]
        == {"en": ["Title", "Holder", "Figure", "How it is decided"], "ja": ["賞", "受賞者", "成績", "決め方"]}[
            language
        ]
    )
    assert rows[1][1:3] == ["'" + HOSTILE, "82.0"]  # the champion: text stays text, points a number
    game = {"en": "Sun 14 Jun 2026, round 2", "ja": "2026/06/14(日) 2回戦"}[language]
    assert rows[6][1] == f"{NORTH} ({game})"
    assert rows[6][2] == "52000"
    workbook = xlsx_sheet(client.get(address, {"season": season.pk, "_export": "xlsx"}))
    cells = [list(row) for row in workbook.iter_rows()]
    assert workbook.title == "awards"
    champion = cells[1]
    assert (champion[1].value, champion[1].data_type, champion[1].quotePrefix) == (HOSTILE, "s", True)
    assert champion[2].value == 82 and champion[2].data_type == "n"
    assert [row[2].value for row in cells[2:5]] == [0.333, 0.667, 1]  # the rates, as percentage cells
    assert {row[2].number_format for row in cells[2:5]} == {"0.0%"}
    assert champion[2].number_format.startswith("+0.0;")  # points signed, as the season workbook writes them
    assert cells[-1][1].value is None and cells[-1][2].value is None  # nobody improved enough


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_awards_download_answers_as_its_page(client, club, seasons, outsider, member, export_format):
    address = f"/c/{club.slug}/standings/awards/"
    for person in (None, outsider, member):
        client.logout()
        if person is not None:
            client.force_login(person)
        page = client.get(address)
        download = client.get(address, {"_export": export_format})
        assert (download.status_code, download.get("Location")) == (page.status_code, page.get("Location"))
        assert ("Content-Disposition" in download) == (page.status_code == 200)
