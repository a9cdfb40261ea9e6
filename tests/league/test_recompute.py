"""Recomputing the games a rule version governs: the plan, the command, and the owner's page."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.test.html import parse_html
from django.utils import translation

from league.models import Game, RuleVersion
from league.services import recompute
from league.services.games import correct_game
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force

from .conftest import BAKUFU_RULES
from .recompute_data import NEW_TOTALS, OLD_TOTALS, players, recompute_url, totals
from .standings_html import classes, find_all, text_of
from .test_roles import refusal


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        call_command("recompute", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


# -- the plan --------------------------------------------------------------------------------------


def test_nothing_to_recompute_when_every_game_matches_its_rules(rule_set, recompute_games):
    plan = recompute.plan(rule_set)
    assert plan.changes == [] and plan.problems == []


def test_a_game_no_version_governs_any_more_is_a_problem_not_a_change(rule_set, recompute_games):
    # The only version now starts after the old meeting's day (2025-06-01).
    rule_set.versions.update(effective_from=datetime.date(2026, 1, 1))
    with translation.override("en"):
        plan = recompute.plan(rule_set)
    assert [problem.game for problem in plan.problems] == [recompute_games["old"]]
    assert "No rules of 四人打ち are in force on 2025-06-01" in plan.problems[0].messages[0]
    assert plan.changes == []


def test_the_plan_lists_exactly_the_games_the_new_version_governs(rule_set, recompute_games, new_version):
    plan = recompute.plan(rule_set)
    assert [change.game for change in plan.changes] == recompute_games["new"]
    change = plan.changes[0]
    assert change.old_version == recompute_games["old"].rule_version
    assert change.version == new_version and change.new_version
    assert [seat.old_total for seat in change.seats] == OLD_TOTALS
    assert [seat.new_total for seat in change.seats] == NEW_TOTALS
    assert [(seat.old_place, seat.new_place) for seat in change.seats] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [seat.member.name for seat in change.seats] == ["東田一郎", "南野二郎", "西川三郎", "北村四郎"]
    assert plan.problems == []
    # Planning saves nothing.
    assert all(game.revision == 1 for game in Game.objects.all())
    assert totals(recompute_games["new"][0]) == OLD_TOTALS


def test_a_corrected_version_changes_the_games_it_already_governs(rule_set, recompute_games):
    version = rule_set.versions.get()
    version.rules = {**BAKUFU_RULES, "bust": {"penalty": 20, "bonus": 20}}
    version.save()
    plan = recompute.plan(rule_set)
    assert [change.game for change in plan.changes] == [recompute_games["old"], *recompute_games["new"]]
    assert not plan.changes[0].new_version
    assert [seat.new_total for seat in plan.changes[0].seats] == [810, 120, -210, -720]


def test_the_plan_for_one_version_leaves_out_the_others(rule_set, recompute_games, new_version):
    first = rule_set.versions.get(effective_from=datetime.date(2020, 1, 1))
    first.rules = {**BAKUFU_RULES, "oka": 20, "bust": {"penalty": 20, "bonus": 20}}
    first.save()
    assert [c.game for c in recompute.plan(rule_set, version=new_version).changes] == recompute_games["new"]
    assert [c.game for c in recompute.plan(rule_set, version=first).changes] == [
        recompute_games["old"],
        *recompute_games["new"],
    ]


def test_void_games_are_left_alone(rule_set, recompute_games, new_version, secretary):
    recompute_games["new"][1].void = True
    recompute_games["new"][1].save()
    assert [change.game for change in recompute.plan(rule_set).changes] == recompute_games["new"][:1]


def test_games_the_engine_now_refuses_are_problems_and_are_not_saved(rule_set, recompute_games, secretary):
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2026, 4, 1),
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]},
    )
    with translation.override("en"):
        plan = recompute.plan(rule_set)
    assert plan.changes == []
    assert [problem.game for problem in plan.problems] == recompute_games["new"]
    assert plan.problems[0].messages[0].startswith("Expected 3 scores")
    assert recompute.apply(rule_set, secretary) == 0
    assert all(game.revision == 1 for game in Game.objects.all())
    assert totals(recompute_games["new"][0]) == OLD_TOTALS


# -- applying --------------------------------------------------------------------------------------


def test_apply_rewrites_the_seats_bumps_the_version_and_keeps_history(rule_set, recompute_games, new_version, owner):
    assert recompute.apply(recompute.plan(rule_set), owner) == 2
    game = Game.objects.get(pk=recompute_games["new"][0].pk)
    assert totals(game) == NEW_TOTALS
    assert [seat.uma for seat in game.seats.order_by("seat")] == [300, 100, -100, -300]
    assert game.rule_version == new_version
    assert game.revision == 2
    assert game.updated_by == owner
    history = list(game.history.order_by("history_date", "history_id"))
    assert len(history) == 2
    assert history[-1].history_user == owner
    assert history[-1].rule_version_id == new_version.pk
    assert history[-1].history_change_reason.startswith("recomputed")
    # The game before the new version is untouched.
    old = Game.objects.get(pk=recompute_games["old"].pk)
    assert (old.revision, old.history.count(), totals(old)) == (1, 1, OLD_TOTALS)
    # A second run finds nothing left to do.
    assert recompute.plan(rule_set).changes == []


def test_games_in_closed_meetings_are_recomputed_too(rule_set, recompute_games, new_version, meeting, owner):
    meeting.closed = True
    meeting.save()
    plan = recompute.plan(rule_set)
    assert plan.closed_count == 2
    recompute.apply(plan, owner)
    assert totals(recompute_games["new"][0]) == NEW_TOTALS


def test_a_game_corrected_after_planning_stops_the_whole_save(
    rule_set, recompute_games, new_version, meeting, secretary
):
    plan = recompute.plan(rule_set)
    game = recompute_games["new"][1]
    entry = Entry(meeting=meeting, round=2, table=1, members=players(meeting.club), scores=[40000, 30000, 20000, 10000])
    correct_game(game, settle_in_force(entry), game.revision, secretary)
    with pytest.raises(Refused):
        recompute.apply(plan, secretary)
    assert Game.objects.get(pk=recompute_games["new"][0].pk).revision == 1
    assert totals(recompute_games["new"][0]) == OLD_TOTALS


# -- the command -----------------------------------------------------------------------------------


def test_the_command_without_commit_shows_the_changes_and_saves_nothing(club, recompute_games, new_version):
    out, _err = run(club.slug)
    assert "2026-11-20 round 1 table 1" in out and "2026-11-20 round 2 table 1" in out
    assert "2025-06-01" not in out
    assert "rules: 2020-01-01 → 2026-04-01" in out
    assert "東田一郎  +71.0 → +81.0" in out
    assert "北村四郎  −62.0 → −72.0" in out  # the pages' minus sign, in English
    assert "南野二郎  +12.0 → +12.0" in out
    assert "2 games would change. Nothing was saved" in out
    assert all(game.revision == 1 for game in Game.objects.all())
    assert totals(recompute_games["new"][0]) == OLD_TOTALS


def test_the_command_with_commit_saves_and_records_who(club, recompute_games, new_version, owner):
    out, _err = run(club.slug, "--rule-set", "main", "--commit", "--user", "owner")
    assert "2 games recomputed and saved." in out
    game = Game.objects.get(pk=recompute_games["new"][0].pk)
    assert totals(game) == NEW_TOTALS
    assert game.revision == 2
    assert game.history.count() == 2
    assert game.history.latest("history_date").history_user == owner
    old = Game.objects.get(pk=recompute_games["old"].pk)
    assert (old.revision, old.history.count(), totals(old)) == (1, 1, OLD_TOTALS)
    # Nothing is left to change.
    assert "0 games would change" in run(club.slug)[0]


def test_the_command_lists_problems(club, rule_set, recompute_games):
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2026, 4, 1),
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]},
    )
    out, err = run(club.slug, "--commit")
    assert "Cannot recompute 2026-11-20 round 1 table 1" in err
    assert "0 games recomputed and saved." in out
    assert all(game.revision == 1 for game in Game.objects.all())


def test_the_command_refuses_an_unknown_club_or_rule_set(club):
    with pytest.raises(CommandError, match="nowhere"):
        run("nowhere")
    with pytest.raises(CommandError, match="nosuch"):
        run(club.slug, "--rule-set", "nosuch")


# -- the owner's page ------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_else_can_recompute(client, request, rule_set, recompute_games, new_version, who):
    status = refusal("recompute_rules", who)
    fingerprint = recompute.plan(rule_set).fingerprint
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.post(recompute_url(rule_set), {"fingerprint": fingerprint}).status_code == status
    assert all(game.revision == 1 for game in Game.objects.all())


def test_the_page_shows_what_would_change_then_saves_it(client, rule_set, recompute_games, new_version, owner):
    client.force_login(owner)
    response = client.get(recompute_url(rule_set, english=False))
    html = response.content.decode()
    assert response.status_code == 200
    assert "+71.0" in html and "+81.0" in html and "▲62.0" in html and "▲72.0" in html
    assert html.count('class="recompute-game"') == 2
    assert all(game.revision == 1 for game in Game.objects.all())

    fingerprint = recompute.plan(rule_set).fingerprint
    assert f'value="{fingerprint}"' in html
    response = client.post(recompute_url(rule_set), {"fingerprint": fingerprint}, follow=True)
    assert response.redirect_chain[-1][0] == "/en/c/kaze/manage/rules/"
    assert "2 games recomputed." in response.content.decode()
    assert totals(recompute_games["new"][0]) == NEW_TOTALS
    assert Game.objects.get(pk=recompute_games["old"].pk).revision == 1


def test_the_page_says_closed_meetings_are_included(client, rule_set, recompute_games, new_version, meeting, owner):
    meeting.closed = True
    meeting.save()
    client.force_login(owner)
    html = client.get(recompute_url(rule_set)).content.decode()
    assert "2 of these games are in closed meetings" in html


def test_a_save_after_the_list_changed_is_refused(client, rule_set, recompute_games, new_version, owner):
    client.force_login(owner)
    fingerprint = recompute.plan(rule_set).fingerprint
    RuleVersion.objects.create(
        rule_set=rule_set, effective_from=datetime.date(2026, 10, 1), rules={**BAKUFU_RULES, "uma": [40, 10, -10, -40]}
    )
    response = client.post(recompute_url(rule_set), {"fingerprint": fingerprint})
    assert response.status_code == 409
    assert "changed since the list was shown" in response.content.decode()
    assert all(game.revision == 1 for game in Game.objects.all())


def test_the_page_for_one_version_and_its_problems(client, rule_set, recompute_games, owner):
    three = RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2026, 4, 1),
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]},
    )
    client.force_login(owner)
    html = client.get(recompute_url(rule_set, version=three)).content.decode()
    assert "Games that cannot be recomputed" in html
    assert html.count('href="/en/c/kaze/games/') >= 2
    assert "Nothing to recompute" in html
    assert client.get(f"{recompute_url(rule_set)}?version=99999").status_code == 404


def test_after_adding_a_version_the_owner_sees_its_games(client, rule_set, recompute_games, owner):
    from .test_rule_version_form import version_post

    client.force_login(owner)
    response = client.post(
        f"/en/c/kaze/manage/rules/{rule_set.pk}/new/", version_post(uma_0="30", uma_3="-30"), follow=True
    )
    html = response.content.decode()
    assert "Version from" in html
    assert html.count('class="recompute-game"') == 2
    assert "+81.0" in html


def test_the_recompute_page_shows_each_games_seats_before_and_after(
    client, owner, rule_set, recompute_games, new_version
):
    client.force_login(owner)
    response = client.get(recompute_url(rule_set))
    section = find_all(parse_html(response.content.decode()), lambda node: "recompute-game" in classes(node))[0]
    head = find_all(section, lambda node: node.name == "thead")[0]
    assert [text_of(cell).strip() for cell in find_all(head, lambda node: node.name == "th")] == [
        "Player",
        "Place",
        "Before",
        "After",
    ]
    body = find_all(section, lambda node: node.name == "tbody")[0]
    rows = [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(body, lambda node: node.name == "tr")
    ]
    assert [row[2:] for row in rows] == [["+71.0", "+81.0"], ["+12.0", "+12.0"], ["−21.0", "−21.0"], ["−62.0", "−72.0"]]
    changed = find_all(body, lambda node: node.name == "strong")
    assert [text_of(node) for node in changed] == ["+81.0", "−72.0"]  # only what changes is bold
    assert "_export=" not in response.content.decode()  # the owner's plan: no download
