"""A busy member's games: the JSON gives them a page at a time (the summary, streaks, head-to-head and seats stay
complete), and above 300 games the points chart has a point per day played (per week, then per month, above 120),
its hidden table a row for each."""

import datetime
import re
import xml.etree.ElementTree as ET

import pytest

from league.models import Meeting
from league.presentation import charts

from .member_history import api_url, page_url, people, play_many

pytestmark = pytest.mark.usefixtures("member_page_today", "japanese")


def many_games(club, secretary, days, per_day):
    p = people(club)
    players = [p["東田"], p["南野"], p["西川"], p["北村"]]
    games = []
    for day in range(days):
        meeting = Meeting.objects.create(
            club=club, rule_set=club.rule_sets.get(), date=datetime.date(2026, 4, 5) + datetime.timedelta(days=day)
        )
        for number in range(1, per_day + 1):
            seats = players[number % 4 :] + players[: number % 4]
            games.append((meeting, number, seats, [40000, 30000, 20000, 10000], {}))
    play_many(secretary, games)
    return p["東田"]


def test_the_json_gives_the_games_by_pages_and_every_figure_complete(client, club, member, secretary, season):
    higashida = many_games(club, secretary, days=13, per_day=20)  # 260 games
    client.force_login(member)
    first = client.get(api_url(club, higashida, season=season.pk)).json()
    assert first["games_page"] == {
        "page": 1,
        "pages": 3,
        "count": 260,
        "per_page": 100,
        "previous": None,
        "next": f"http://testserver{api_url(club, higashida, season=season.pk, page=2)}",
    }
    assert first["summary"]["games"] == 260 and sum(seat["games"] for seat in first["seats"]) == 260
    assert first["head_to_head"][0]["games"] == 260
    # Rounds 17–20 put 東田 in seats 北, 西, 南, 東: 4th, 3rd, 2nd, 1st.
    assert first["streaks"]["not_last"]["current"]["length"] == 3
    third = client.get(first["games_page"]["next"].replace("page=2", "page=3")).json()
    assert len(third["games"]) == 60 and third["games_page"]["next"] is None
    assert third["games_page"]["previous"].endswith(api_url(club, higashida, season=season.pk, page=2))
    games = first["games"] + client.get(first["games_page"]["next"]).json()["games"] + third["games"]
    assert len({game["game_id"] for game in games}) == 260
    assert games[0]["cumulative"] == first["summary"]["game_points"]  # newest first
    assert all(len(game["opponents"]) == 3 for game in games)
    assert [game["date"] for game in games] == sorted((game["date"] for game in games), reverse=True)


def test_a_page_of_the_json_that_is_not_there_answers_400(client, club, member, league):
    client.force_login(member)
    for page in ("2", "0", "x"):
        answer = client.get(api_url(club, league["東田"], page=page))
        assert answer.status_code == 400
        assert answer.json()["errors"]["page"][0]["code"] == "invalid_page"
    assert client.get(api_url(club, league["東田"], page=1)).status_code == 200


def test_above_300_games_the_chart_has_a_point_per_day(client, club, member, secretary, season):
    higashida = many_games(club, secretary, days=16, per_day=20)  # 320 games over 16 days
    client.force_login(member)
    html = client.get(page_url(club, higashida)).content.decode()
    figure = ET.fromstring(re.search(r'<figure class="chart" id="cumulative-points">.*?</figure>', html, re.S)[0])
    points = figure.find("svg/polyline").get("points").split()
    assert len(points) == 17  # the start, then the end of each day
    assert float(points[-1].split(",")[0]) == 388.0  # the last at the right edge: the axis runs over the games
    assert points[1].split(",")[0] == "69.2"  # the first day's last game is game 20 of 320: 48 + 340 × 20 ÷ 320
    assert figure.find("figcaption").text == "日ごとのポイント推移（対局日ごとに1点）"
    table = figure.find(".//table")
    assert table.find("caption").text == "日ごとのポイント推移（対局日ごとに1点）"
    rows = [[cell.text for cell in row] for row in table.findall("tbody/tr")]
    assert len(rows) == 16
    # Each day 東田 finishes 1st, 4th, 3rd, 2nd five times over (+50, −40, −20, +10): ±0.0 a day.
    assert rows[0] == ["2026/04/05(日)", "20", "±0.0", "±0.0"]
    desc = figure.find("svg/desc").text
    assert desc.startswith("320") and "16" in desc


def test_up_to_300_games_a_point_per_game():
    class Line:
        def __init__(self, number, total, cumulative):
            self.number, self.total, self.cumulative = number, total, cumulative
            self.date = datetime.date(2026, 5, 1)

    lines = [Line(n, 10, 10 * n) for n in range(1, 301)]
    figure = ET.fromstring(str(charts.cumulative_points_chart(lines)))
    assert len(figure.find("svg/polyline").get("points").split()) == 301
    assert len(figure.findall(".//table/tbody/tr")) == 300 and figure.find("figcaption") is None


def test_above_120_days_a_point_per_week_then_per_month():
    class Line:
        def __init__(self, number, date):
            self.number, self.date, self.total, self.cumulative = number, date, 10, 10 * number

    monday = datetime.date(2025, 1, 6)
    days = [Line(n, monday + datetime.timedelta(days=n - 1)) for n in range(1, 401)]  # 400 days, a game each
    figure = ET.fromstring(str(charts.cumulative_points_chart(days)))
    assert figure.find("figcaption").text == "週ごとのポイント推移（対局した週ごとに1点）"
    rows = [[cell.text for cell in row] for row in figure.findall(".//table/tbody/tr")]
    assert len(rows) == 58 and len(figure.find("svg/polyline").get("points").split()) == 59  # 57 weeks and 1 day
    assert rows[0] == ["2025/01/12(日)", "7", "+7.0", "+7.0"]  # the week's last day played, its games, their points
    assert rows[-1][1:] == ["1", "+1.0", "+400.0"]
    desc = figure.find("svg/desc").text
    assert "58" in desc and "400" in desc
    years = [Line(n, monday + datetime.timedelta(days=n - 1)) for n in range(1, 1001)]  # 143 weeks: by month
    figure = ET.fromstring(str(charts.cumulative_points_chart(years)))
    assert figure.find("figcaption").text == "月ごとのポイント推移（対局した月ごとに1点）"
    rows = [[cell.text for cell in row] for row in figure.findall(".//table/tbody/tr")]
    assert len(rows) == 34 and rows[0][:2] == ["2025/01/31(金)", "26"]  # 2025-01 to 2027-10
