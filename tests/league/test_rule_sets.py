"""Adding a rule set from a preset (ルールを追加), a version from a preset, renaming and retiring a rule set."""

import datetime
from decimal import Decimal

import pytest
from django.http import QueryDict
from django.test.html import parse_html
from django.urls import reverse

import scoring
from league.forms.rule_presets import club_templates, preset_named
from league.models import Game, Member, RuleSet, RuleVersion
from league.services.games import record_game
from league.services.rules import unique_slug
from league.services.settling import Entry, settle_in_force

from .conftest import PLAYERS
from .standings_html import find_all, text_of
from .test_roles import refusal


def add_url(club, english=False, **query):
    path = f"{'/en' if english else ''}/c/{club.slug}/manage/rules/add/"
    return path + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")


def attributes(node):
    return dict(node.attributes)


def by_id(tree, element_id):
    return next(node for node in find_all(tree, lambda n: attributes(n).get("id") == element_id))


def form_values(response, css_class="rule-version-form"):
    """What the page's form would post as it is shown: every box, ticked checkbox and chosen option."""
    tree = parse_html(response.content.decode())
    form = next(
        node
        for node in find_all(tree, lambda n: n.name == "form")
        if css_class in attributes(node).get("class", "").split()
    )
    data = {}
    for node in find_all(form, lambda n: n.name in ("input", "select", "textarea")):
        attrs = attributes(node)
        name = attrs.get("name")
        if not name or name == "csrfmiddlewaretoken":
            continue
        if node.name == "select":
            chosen = find_all(node, lambda n: n.name == "option" and "selected" in attributes(n))
            data[name] = attributes(chosen[0]).get("value", "") if chosen else ""
        elif node.name == "textarea":
            data[name] = text_of(node).strip()
        elif attrs.get("type") == "checkbox":
            if "checked" in attrs:
                data[name] = "on"
        else:
            data[name] = attrs.get("value", "")
    return data


def errors_on(response):
    tree = parse_html(response.content.decode())
    return [text_of(node).strip() for node in find_all(tree, lambda n: "error" in attributes(n).get("class", ""))]


def preset_options(response):
    tree = parse_html(response.content.decode())
    select = next(
        node for node in find_all(tree, lambda n: n.name == "select") if attributes(node).get("name") == "preset"
    )
    return {
        attributes(option)["value"]: "selected" in attributes(option)
        for option in find_all(select, lambda n: n.name == "option")
    }


@pytest.fixture
def as_owner(client, owner):
    client.force_login(owner)
    return client


# -- the presets offered -------------------------------------------------------------------------------------------


def test_the_seed_clubs_rules_are_offered_after_the_standards():
    keys = [key for key in preset_options_keys()]
    assert keys[:2] == ["", "mleague"]
    templates = club_templates()
    assert len(templates) == 9  # 当店(?) has five rule sets, the four other clubs one each
    bakufu = preset_named("club-bakufu-rule")
    assert bakufu.players == 4 and bakufu.rules["bust"]["penalty"] == 10 and bakufu.fees["per_game"] == 350
    assert preset_named("club-touten-sannin-a").players == 3
    for template in templates:
        scoring.validate_rules(template.rules_json())
    assert keys.index("tenhou-sanma") < keys.index("club-jpn-shoki-official")


def preset_options_keys():
    from league.forms.rule_presets import PresetChoiceForm

    form = PresetChoiceForm(QueryDict(), empty_label="-")
    keys = []
    for value, label in form.fields["preset"].choices:
        keys += [key for key, _text in label] if isinstance(label, list | tuple) else [value]
    return keys


def test_three_players_preselects_the_three_player_presets(as_owner, club):
    response = as_owner.get(add_url(club, players=3))
    assert response.status_code == 200
    options = preset_options(response)
    assert options["tenhou-sanma"] is True
    assert "mleague" not in options and "club-touten-sannin-b" in options
    values = form_values(response)
    assert values["players"] == "3" and values["start"] == "35000" and values["uma_2"] == "-15"


def test_the_add_page_starts_from_mleague_for_four_players(as_owner, club):
    values = form_values(as_owner.get(add_url(club, players=4)))
    assert values["name"] == "Mリーグ"
    assert [values[f"uma_{place}"] for place in range(4)] == ["30", "10", "-10", "-30"]
    assert values["start"] == "25000" and values["target"] == "30000" and values["ties"] == "split"
    assert values["chombo_penalty"] == "20" and "Mリーグ 競技ルール" in values["note"]


# -- adding rule sets ----------------------------------------------------------------------------------------------


def test_owner_adds_a_tonpuusen_from_the_mleague_preset_with_an_adjusted_setting(as_owner, club):
    values = form_values(as_owner.get(add_url(club, preset="mleague")))
    values.update(
        name=" 東風戦 ",
        description="東風戦はMリーグルールで、チョンボは10P。",
        chombo_penalty="10",
        effective_from="2026-04-01",
    )
    response = as_owner.post(add_url(club), values)
    rule_set = RuleSet.objects.get(club=club, name="東風戦")
    assert response.status_code == 302
    assert response["Location"] == f"/c/{club.slug}/manage/rules/#rule-set-{rule_set.pk}"
    assert (rule_set.slug, rule_set.retired) == ("rules", False)
    assert rule_set.position > RuleSet.objects.get(club=club, slug="main").position  # listed after the others
    version = rule_set.versions.get()
    assert version.effective_from == datetime.date(2026, 4, 1)
    assert version.rules == {
        "players": 4,
        "method": "oka_uma",
        "start": 25000,
        "target": 30000,
        "uma": [30, 10, -10, -30],
        "rounding": "none",
        "ties": "split",
        "deposits": "top",
        "box_under": True,
        "chombo": {"penalty": 10, "to_others": False},
    }
    assert version.fees == {}
    assert "Mリーグ" in version.notes["effective_from"]
    # The worked example, settled by the saved rules.
    totals = [seat.total for seat in scoring.settle(version.rules, {"scores": [37000, 27300, 23800, 11900]})]
    assert totals == [Decimal("57.0"), Decimal("7.3"), Decimal("-16.2"), Decimal("-48.1")]
    page = parse_html(as_owner.get(response["Location"]).content.decode())
    section = by_id(page, f"rule-set-{rule_set.pk}")
    assert "東風戦" in text_of(find_all(section, lambda n: n.name == "h2")[0])
    assert "ルール「東風戦」を保存しました。" in text_of(page)


def test_owner_adds_a_sanma_from_the_three_player_preset(as_owner, club):
    values = form_values(as_owner.get(add_url(club, preset="tenhou-sanma")))
    values.update(name="三麻")
    response = as_owner.post(add_url(club), values)
    assert response.status_code == 302
    rule_set = RuleSet.objects.get(club=club, name="三麻")
    version = rule_set.versions.get()
    assert version.settings["players"] == 3 and version.settings["uma"] == [15, 0, -15]
    totals = [seat.total for seat in scoring.settle(version.rules, {"scores": [52300, 33700, 19000]})]
    assert totals == [Decimal("42.0"), Decimal("-6.0"), Decimal("-36.0")]
    # Two rule sets named in Japanese: the second address name is numbered.
    values.update(name="三麻 B")
    as_owner.post(add_url(club), values)
    assert RuleSet.objects.get(club=club, name="三麻 B").slug == "rules-2"


def test_a_club_without_rules_sees_the_first_rules_step(as_owner, club):
    club.rule_sets.all().delete()
    rules_page = as_owner.get(f"/c/{club.slug}/manage/rules/").content.decode()
    overview = as_owner.get(f"/c/{club.slug}/manage/").content.decode()
    add = reverse("add_rule_set", args=[club.slug])
    assert f'href="{add}"' in rules_page and f'href="{add}"' in overview
    heading = find_all(parse_html(as_owner.get(add_url(club)).content.decode()), lambda n: n.name == "h1")
    assert text_of(heading[0]) == "クラブの最初のルール"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": "  "}, "name"),
        ({"name": "四人打ち"}, "name"),  # the fixture club's rule set already has it
        ({"uma_3": "-20"}, "uma"),
        ({"start": "２５０５０"}, "start"),
        ({"effective_from": ""}, "effective_from"),
    ],
)
def test_bad_input_gets_a_message_and_saves_nothing(as_owner, club, change, field):
    values = {**form_values(as_owner.get(add_url(club, preset="mleague"))), "name": "東風戦", **change}
    response = as_owner.post(add_url(club), values)
    assert response.status_code == 400
    assert errors_on(response) and form_values(response)["name"].strip() == values["name"].strip()
    assert "の内容を入れてあります" not in response.content.decode()  # not "filled in from the preset"
    assert (
        RuleSet.objects.filter(club=club).count() == 1 and RuleVersion.objects.filter(rule_set__club=club).count() == 1
    )


def test_full_width_numbers_are_read(as_owner, club):
    values = form_values(as_owner.get(add_url(club, preset="mleague")))
    values.update(name="東風戦", start="２５０００", uma_0="３０", uma_3="▲３０")
    assert as_owner.post(add_url(club), values).status_code == 302
    assert RuleSet.objects.get(name="東風戦").versions.get().rules["start"] == 25000


def test_an_unknown_preset_is_said_and_the_form_still_shown(as_owner, club):
    response = as_owner.get(add_url(club, preset="no-such"))
    assert response.status_code == 200
    assert errors_on(response) and form_values(response)["name"] == ""
    # An unknown player count lists every preset and keeps the one asked for.
    response = as_owner.get(add_url(club, preset="tenhou", players="５"))
    assert "mleague" in preset_options(response) and form_values(response)["name"] == "天鳳 四人打ち"


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_else_adds_or_changes_rule_sets(client, request, club, who):
    if who:
        client.force_login(request.getfixturevalue(who))
    rule_set = club.rule_sets.get()
    values = {
        "name": "東風戦",
        "effective_from": "2026-04-01",
        "players": "4",
        "method": "oka_uma",
        "start": "25000",
        "rounding": "none",
        "ties": "seat",
        "deposits": "top",
    }
    assert client.post(add_url(club), values).status_code == refusal("add_rule_set", who)
    edit = f"/c/{club.slug}/manage/rules/{rule_set.pk}/edit/"
    assert client.post(edit, {"name": "改名", "retired": "on"}).status_code == refusal("edit_rule_set", who)
    rule_set.refresh_from_db()
    assert RuleSet.objects.filter(club=club).count() == 1 and (rule_set.name, rule_set.retired) == ("四人打ち", False)


# -- a new version from a preset -----------------------------------------------------------------------------------


def test_a_new_version_starts_from_the_version_in_force_or_a_preset(as_owner, club):
    rule_set = club.rule_sets.get()
    url = f"/c/{club.slug}/manage/rules/{rule_set.pk}/new/"
    in_force = form_values(as_owner.get(url))
    assert in_force["uma_0"] == "20" and in_force["bust_penalty"] == "10" and preset_options(as_owner.get(url))[""]
    from_preset = form_values(as_owner.get(f"{url}?preset=saikouisen"))
    assert from_preset["start"] == "30000" and from_preset["uma_0"] == "30" and from_preset["bust_penalty"] == ""
    from_preset.update(effective_from="2026-04-01")
    response = as_owner.post(url, from_preset)
    assert response.status_code == 302
    version = rule_set.versions.get(effective_from=datetime.date(2026, 4, 1))
    assert version.settings["start"] == 30000 and version.settings["uma"] == [30, 10, -10, -30]
    assert version.settings["oka"] is None and version.settings["ties"] == "split"


# -- renaming and retiring -----------------------------------------------------------------------------------------


@pytest.fixture
def played(club, meeting, secretary):
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    return record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )


def test_rename_and_retire_keep_the_games_and_the_standings(as_owner, club, played):
    rule_set = club.rule_sets.get()
    edit = f"/c/{club.slug}/manage/rules/{rule_set.pk}/edit/"
    help_text = find_all(
        parse_html(as_owner.get(edit).content.decode()), lambda n: attributes(n).get("id") == "id_retired_helptext"
    )
    assert "成績" in text_of(help_text[0])  # says that its games and standings stay
    response = as_owner.post(edit, {"name": "旧ルール", "description": "2025年まで", "retired": "on"})
    assert response.status_code == 302
    rule_set.refresh_from_db()
    assert (rule_set.name, rule_set.description, rule_set.retired, rule_set.slug) == (
        "旧ルール",
        "2025年まで",
        True,
        "main",
    )
    assert rule_set.versions.count() == 1 and Game.objects.filter(pk=played.pk, meeting__rule_set=rule_set).exists()
    rules_page = parse_html(as_owner.get(f"/c/{club.slug}/manage/rules/").content.decode())
    section = by_id(rules_page, f"rule-set-{rule_set.pk}")
    assert "使用終了" in text_of(section)
    standings = as_owner.get(f"/c/{club.slug}/standings/?rule_set={rule_set.slug}")
    assert standings.status_code == 200 and "東田一郎" in standings.content.decode()
    # Offered again.
    as_owner.post(edit, {"name": "旧ルール", "description": ""})
    rule_set.refresh_from_db()
    assert not rule_set.retired


def test_renaming_to_an_empty_or_taken_name_is_refused(as_owner, club):
    rule_set = club.rule_sets.get()
    values = form_values(as_owner.get(add_url(club, preset="tenhou")))
    values.update(name="天鳳")
    as_owner.post(add_url(club), values)
    edit = f"/c/{club.slug}/manage/rules/{rule_set.pk}/edit/"
    for name in ("", "天鳳"):
        response = as_owner.post(edit, {"name": name})
        assert response.status_code == 400 and errors_on(response)
    rule_set.refresh_from_db()
    assert rule_set.name == "四人打ち"


def test_unique_slug():
    assert unique_slug("Tonpu", set()) == "tonpu"
    assert unique_slug("Tonpu", {"tonpu", "tonpu-2"}) == "tonpu-3"
    assert unique_slug("東風戦", {"rules"}) == "rules-2"
    assert unique_slug("Mリーグ", set()) == "rules"


def test_the_english_page_names_the_presets_in_english(as_owner, club):
    response = as_owner.get(add_url(club, english=True, preset="renmei"))
    values = form_values(response)
    assert values["name"] == "Japan Professional Mahjong League (JPML), official rules"
    assert values["float_uma_1"] == "12 -1 -3 -8" and values["deposits"] == "lost"
    assert values["note"].startswith("Started from the preset Japan Professional Mahjong League")
