"""Recomputing many games at once stores exactly what settling each game afresh stores, in few queries."""

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.demo.hanchan import Table, play, play_with_yakuman
from league.models import Game, GameSeat, Meeting, Member, Yakuman
from league.services import recompute
from league.services.games import record_game
from league.services.refusals import Refused
from league.services.settling import Entry, build_rows, entry_from_game, settle_in_force

from .conftest import BAKUFU_RULES

CORRECTED = {**BAKUFU_RULES, "uma": [30, 10, -10, -30], "chips": {"value": 10, "in_total": True}}


@pytest.fixture
def rule_set(club):
    return club.rule_sets.get()


def play_games(club, user, count, seed, day=datetime.date(2026, 11, 20)):
    """``count`` believable games (busts, chips, deposits, a yakuman) and a points-only game with chips."""
    rng = random.Random(seed)
    people = list(Member.objects.filter(club=club))
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=day)
    table = Table(chips=True)
    for number in range(count):
        hanchan = play_with_yakuman(rng, table, [1.0] * 4) if number == 0 else play(rng, table, [1.0] * 4)
        record_game(
            settle_in_force(
                Entry(
                    meeting=meeting,
                    round=number + 1,
                    table=1,
                    members=rng.sample(people, 4),
                    scores=hanchan.scores,
                    deposit=hanchan.deposit,
                    chips=hanchan.chips,
                    busts=hanchan.busts,
                    yakuman=hanchan.yakuman,
                    ended_by_yakuman=hanchan.ended_by_yakuman,
                )
            ),
            user,
        )
    record_game(
        settle_in_force(
            Entry(
                meeting=meeting,
                round=count + 1,
                table=1,
                members=people[:4],
                scores=None,
                points=[412, 88, -150, -350],
                chips=[3, -1, 0, -2],
            )
        ),
        user,
    )
    return meeting


def correct(rule_set, rules=CORRECTED):
    version = rule_set.versions.get(effective_from=datetime.date(2020, 1, 1))
    version.rules = rules
    version.save()


def stored(game):
    """What the database holds of a game's seats and yakuman."""
    seats = [
        (s.seat, s.member_id, s.score, s.chips, *s.settled_values())
        for s in GameSeat.objects.filter(game=game).order_by("seat")
    ]
    yakuman = list(
        Yakuman.objects.filter(game=game)
        .order_by("id")
        .values_list("member", "seat", "name", "kind", "win", "discarder_seat", "pao_seat", "count")
    )
    return seats, yakuman


def afresh(game):
    """What saving ``game`` settled afresh under the rules now in force would store (``store_settled``)."""
    entry = entry_from_game(Game.objects.get(pk=game.pk))
    settled = settle_in_force(entry)
    seats, yakuman = build_rows(game, entry, settled.result)
    return (
        [(s.seat, s.member.pk, s.score, s.chips, *s.settled_values()) for s in seats],
        [(y.member.pk, y.seat, y.name, y.kind, y.win, y.discarder_seat, y.pao_seat, y.count) for y in yakuman],
        settled,
        entry.sheet(),
    )


def test_recompute_stores_what_settling_each_game_afresh_stores(club, rule_set, secretary, owner):
    play_games(club, secretary, 12, seed=3)
    correct(rule_set)
    games = list(Game.objects.order_by("pk"))
    expected = {game.pk: afresh(game) for game in games}
    assert any(Yakuman.objects.all()) and any(game.points_only for game in games)

    assert recompute.apply(recompute.plan(rule_set), owner) == len(games)

    for game in Game.objects.order_by("pk"):
        seats, yakuman, settled, sheet = expected[game.pk]
        assert stored(game) == (seats, yakuman)
        assert (game.floats, game.double_maru_a) == (settled.result.floats, settled.result.double_maru_a)
        assert (game.revision, game.updated_by, game.sheet) == (2, owner, sheet)
        history = list(game.history.order_by("history_date", "history_id"))
        assert len(history) == 2
        record = history[-1]
        assert (record.history_type, record.history_user, record.revision, record.sheet) == ("~", owner, 2, sheet)
        assert record.history_change_reason.startswith("recomputed: rule version")
        assert record.rule_version_id == game.rule_version_id
    # Every game now matches its rules.
    assert recompute.plan(rule_set).changes == []


def test_the_queries_do_not_grow_with_the_games(club, rule_set, secretary, owner):
    def queries_of_a_recompute():
        with CaptureQueriesContext(connection) as queries:
            saved = recompute.apply(recompute.plan(rule_set), owner)
        if connection.features.has_select_for_update:  # PostgreSQL: the games are locked while they are saved
            assert any("FOR UPDATE" in query["sql"] for query in queries)
        return saved, len(queries)

    play_games(club, secretary, 9, seed=1)
    correct(rule_set)
    few = queries_of_a_recompute()
    play_games(club, secretary, 39, seed=2, day=datetime.date(2026, 11, 21))
    correct(rule_set, BAKUFU_RULES)
    many = queries_of_a_recompute()
    assert (few[0], many[0]) == (10, 50)
    assert few[1] == many[1]


def test_a_version_changed_after_planning_settles_each_game_again(club, rule_set, secretary, owner):
    """A version that changes nothing planned lets the save go; one that changes a result stops it whole."""
    play_games(club, secretary, 4, seed=5)
    correct(rule_set)
    plan = recompute.plan(rule_set)
    rule_set.versions.create(effective_from=datetime.date(2030, 1, 1), rules=BAKUFU_RULES)
    assert recompute.apply(plan, owner) == 5
    assert all(game.revision == 2 for game in Game.objects.all())

    correct(rule_set, BAKUFU_RULES)
    plan = recompute.plan(rule_set)
    before = {game.pk: stored(game) for game in Game.objects.all()}
    correct(rule_set, {**BAKUFU_RULES, "uma": [40, 20, -20, -40]})
    with pytest.raises(Refused):
        recompute.apply(plan, owner)
    assert all(game.revision == 2 for game in Game.objects.all())
    assert {game.pk: stored(game) for game in Game.objects.all()} == before


def test_a_game_voided_after_planning_stops_the_whole_save(club, rule_set, secretary, owner):
    play_games(club, secretary, 3, seed=7)
    correct(rule_set)
    plan = recompute.plan(rule_set)
    Game.objects.filter(pk=plan.changes[-1].game.pk).update(void=True, revision=2)
    with pytest.raises(Refused):
        recompute.apply(plan, owner)
    assert Game.objects.filter(revision=1).count() == 3


def test_a_recompute_by_nobody_in_particular_is_kept_without_an_author(club, rule_set, secretary):
    """``manage.py recompute --commit`` without ``--user``."""
    play_games(club, secretary, 2, seed=9)
    correct(rule_set)
    assert recompute.apply(rule_set) == 3
    for game in Game.objects.all():
        assert (game.revision, game.updated_by) == (2, None)
        assert game.history.latest("history_id").history_user is None


def test_the_page_lists_some_games_and_saves_them_all(client, monkeypatch, club, rule_set, secretary, owner):
    from league.services import recompute_shown

    monkeypatch.setattr(recompute_shown, "SHOWN_CHANGES", 2)
    play_games(club, secretary, 3, seed=11)
    correct(rule_set)
    client.force_login(owner)
    url = f"/en/c/{club.slug}/manage/rules/{rule_set.pk}/recompute/"
    html = client.get(url).content.decode()
    assert html.count('class="recompute-game"') == 2
    assert "… and 2 more games, not listed here: they are saved with these." in html
    assert "4 games would change" in html
    japanese = client.get(url.removeprefix("/en")).content.decode()
    assert "…ほか 2 半荘はここには表示していませんが、これらと一緒に保存されます。" in japanese
    response = client.post(url, {"fingerprint": recompute.plan(rule_set).fingerprint})
    assert response.status_code == 302
    assert Game.objects.filter(revision=2).count() == 4
