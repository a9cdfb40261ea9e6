"""The rules page and the new rule version form: who may use them, what they save, what they refuse and where."""

import datetime
import re

import pytest

from league.models import RuleSet, RuleVersion
from league.services.rules import add_rule_version, carried_notes

from .conftest import BAKUFU_RULES
from .test_roles import refusal


def rules_url(club, english=False):
    return f"{'/en' if english else ''}/c/{club.slug}/manage/rules/"


def new_url(club, english=True):
    rule_set = club.rule_sets.get()
    return f"{rules_url(club, english)}{rule_set.pk}/new/"


def page(response):
    return response.content.decode()


def version_post(**changes):
    """The fixture club's rules (爆風の会-like) as the form posts them, from 2026-04-01."""
    data = {
        "effective_from": "2026-04-01",
        "note": "",
        "players": "4",
        "method": "oka_uma",
        "start": "25000",
        "target": "30000",
        "float_line": "",
        "oka": "",
        "uma_0": "20",
        "uma_1": "10",
        "uma_2": "-10",
        "uma_3": "-20",
        "rounding": "half_up",
        "ties": "seat",
        "deposits": "top",
        "box_under": "on",
        "bust_penalty": "10",
        "bust_bonus": "10",
        "chip_value": "5",
        "chips_in_total": "on",
        "shugi_ron": "30",
        "shugi_tsumo_each": "20",
        "shugi_counted_ron": "",
        "shugi_counted_tsumo_each": "",
        "chombo_penalty": "",
        "fee_per_game": "350",
        "fee_by_place": "",
        "fee_venue": "",
        "fee_surplus_to": "day_top",
        "fee_min_share": "1/3",
        "fee_require_present": "on",
        "fee_shortfall": "recipient",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def error_beside(html, field):
    """The error messages shown right under one field's box."""
    return re.findall(rf'<small class="error" id="id_{field}_error">([^<]*)</small>', html)


def group_html(html, key):
    start = html.index(f'id="group-{key}"')
    return html[start : html.index("</fieldset>", start)]


# -- who may see and change the rules ----------------------------------------------------------------


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_else_can_add_a_version(client, request, club, who):
    status = refusal("new_rule_version", who)
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.post(new_url(club), version_post()).status_code == status
    assert RuleVersion.objects.count() == 1


def test_another_clubs_rule_set_is_not_found(client, club, owner):
    other = RuleSet.objects.create(club=type(club).objects.create(slug="other", name="他"), slug="x", name="X")
    client.force_login(owner)
    assert client.get(f"{rules_url(club)}{other.pk}/new/").status_code == 404
    assert client.get(f"{rules_url(club)}{other.pk}/recompute/").status_code == 404


# -- the rules page --------------------------------------------------------------------------------


def test_the_rules_page_shows_each_version_in_words_with_its_notes_and_links(client, club, owner):
    rule_set = club.rule_sets.get()
    later = RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2999, 1, 1),
        rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30]},
        notes={"uma": "「ウマは10-30」", "effective_from": "総会で決定"},
    )
    client.force_login(owner)
    html = page(client.get(rules_url(club)))
    assert "四人打ち" in html
    assert "+20 / +10 / ▲10 / ▲20" in html and "+30 / +10 / ▲10 / ▲30" in html
    assert "四捨五入" in html
    assert "「ウマは10-30」" in html and "総会で決定" in html
    assert f'href="/c/kaze/manage/rules/{rule_set.pk}/new/"' in html
    assert f'href="/c/kaze/manage/rules/{rule_set.pk}/recompute/?version={later.pk}"' in html
    first = rule_set.versions.get(effective_from=datetime.date(2020, 1, 1))
    assert f"?version={first.pk}" in html


def test_the_rules_page_in_english(client, club, owner):
    client.force_login(owner)
    html = page(client.get(rules_url(club, english=True)))
    assert "Add a version" in html and "in force" in html
    assert "round half up" in html


# -- the form --------------------------------------------------------------------------------------


def test_the_form_starts_from_the_version_in_force(client, club, owner):
    client.force_login(owner)
    html = page(client.get(new_url(club)))
    assert re.search(r'name="start" value="25000"', html)
    assert re.search(r'name="target" value="30000"', html)
    assert 'name="uma_0" value="20"' in html and 'name="uma_3" value="-20"' in html
    assert re.search(r'<option value="half_up" selected>', html)
    assert 'name="bust_penalty" value="10"' in html
    assert 'name="chip_value" value="5"' in html
    assert 'name="shugi_tsumo_each" value="20"' in html
    assert 'name="fee_per_game" value="350"' in html
    assert re.search(r'<option value="day_top" selected>', html)
    # Every setting is explained in the club's terms, grouped for a phone.
    for term in ("ウマ", "オカ", "端数処理", "同点", "供託", "飛び賞", "チップ", "役満祝儀", "チョンボ", "浮きウマ"):
        assert term in html, term
    assert html.count("<fieldset") >= 10


def test_a_valid_version_is_saved_with_its_rules_and_fees(client, club, owner):
    client.force_login(owner)
    response = client.post(
        new_url(club),
        version_post(
            uma_0="30",
            uma_3="-30",
            oka="20",
            chombo_penalty="3",
            chombo_to_others="on",
            note="2026年総会で改定",
            fee_by_place="0 200 400 600",
            fee_min_share="1/2",
        ),
    )
    rule_set = club.rule_sets.get()
    version = rule_set.versions.get(effective_from=datetime.date(2026, 4, 1))
    assert response.status_code == 302
    assert response["Location"] == f"/en/c/kaze/manage/rules/{rule_set.pk}/recompute/?version={version.pk}"
    assert version.rules == {
        "players": 4,
        "method": "oka_uma",
        "start": 25000,
        "target": 30000,
        "oka": 20,
        "uma": [30, 10, -10, -30],
        "rounding": "half_up",
        "ties": "seat",
        "deposits": "top",
        "box_under": True,
        "bust": {"penalty": 10, "bonus": 10, "at_zero": False},
        "chips": {"value": 5, "in_total": True},
        "yakuman_shugi": {"ron": 30, "tsumo_each": 20, "counted_ron": 0, "counted_tsumo_each": 0, "multiply": False},
        "chombo": {"penalty": 3, "to_others": True},
    }
    assert version.fees == {
        "per_game": 350,
        "by_place": [0, 200, 400, 600],
        "surplus_to": "day_top",
        "min_share": [1, 2],
    }
    assert version.notes == {"effective_from": "2026年総会で改定"}
    assert rule_set.versions.count() == 2


def test_full_width_digits_and_triangle_minus_are_read(client, club, owner):
    client.force_login(owner)
    response = client.post(
        new_url(club),
        version_post(
            start="２５，０００",
            target="３００００",
            uma_0="３０",
            uma_1="１０",
            uma_2="▲１０",
            uma_3="△３０",
            bust_penalty="１０．５",
            bust_bonus="10.5P",
            fee_per_game="３５０円",
        ),
    )
    assert response.status_code == 302
    version = RuleVersion.objects.get(effective_from=datetime.date(2026, 4, 1))
    assert version.rules["start"] == 25000 and version.rules["target"] == 30000
    assert version.rules["uma"] == [30, 10, -10, -30]
    assert version.rules["bust"] == {"penalty": 10.5, "bonus": 10.5, "at_zero": False}
    assert version.fees["per_game"] == 350


def test_a_win_points_version(client, club, owner):
    client.force_login(owner)
    response = client.post(
        new_url(club),
        version_post(
            method="win_points",
            start="8000",
            target="",
            uma_0="",
            uma_1="",
            uma_2="",
            uma_3="",
            rounding="none",
            bust_penalty="",
            bust_bonus="",
            chip_value="",
            shugi_ron="",
            shugi_tsumo_each="",
            win_table_1="9 ▲3 ▲3 ▲3",
            win_table_2="4/0/-2/-2",
            win_table_3="1 0 0 -1",
            win_yakuman="18",
            chombo_penalty="3",
            chombo_to_others="on",
        ),
    )
    assert response.status_code == 302
    version = RuleVersion.objects.get(effective_from=datetime.date(2026, 4, 1))
    assert version.rules == {
        "players": 4,
        "method": "win_points",
        "start": 8000,
        "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
        "chombo": {"penalty": 3, "to_others": True},
    }


# -- refusals, each beside its field -----------------------------------------------------------------


def test_uma_that_does_not_add_up_to_0_is_refused_under_the_uma(client, club, owner):
    client.force_login(owner)
    response = client.post(new_url(club), version_post(uma_3="-10"))
    html = page(response)
    assert response.status_code == 400
    assert "The uma must add up to 0; these add up to 10." in group_html(html, "uma")
    assert "need correcting" in html
    assert RuleVersion.objects.count() == 1


def test_the_refusal_is_in_japanese_on_the_japanese_page(client, club, owner):
    client.force_login(owner)
    html = page(client.post(new_url(club, english=False), version_post(uma_3="-10")))
    assert "ウマの合計は0でなければなりません" in group_html(html, "uma")


def test_a_wrong_win_table_is_refused_beside_that_table(client, club, owner):
    client.force_login(owner)
    response = client.post(
        new_url(club),
        version_post(
            method="win_points",
            start="8000",
            target="",
            uma_0="",
            uma_1="",
            uma_2="",
            uma_3="",
            rounding="none",
            bust_penalty="",
            bust_bonus="",
            chip_value="",
            shugi_ron="",
            shugi_tsumo_each="",
            win_table_1="9 -3 -3 -2",
            win_table_2="4 0 -2",
            win_yakuman="18",
        ),
    )
    html = page(response)
    assert response.status_code == 400
    assert error_beside(html, "win_table_1") == ["The win points must add up to 0; these add up to 1."]
    assert error_beside(html, "win_table_2") == ["Expected a list of 4 values, one for each place."]
    assert error_beside(html, "win_table_3") == ["The win points for 3 floating players are missing."]
    assert not RuleVersion.objects.filter(effective_from=datetime.date(2026, 4, 1)).exists()


def test_win_points_with_uma_left_in_is_refused_beside_the_uma(client, club, owner):
    client.force_login(owner)
    html = page(
        client.post(
            new_url(club),
            version_post(
                method="win_points", win_table_1="9 -3 -3 -3", win_table_2="4 0 -2 -2", win_table_3="1 0 0 -1"
            ),
        )
    )
    assert "“uma” has no effect with the win_points method" in group_html(html, "uma")
    assert error_beside(html, "rounding") == ["“rounding” has no effect with the win_points method; leave it out."]


def test_a_negative_bust_penalty_is_refused_beside_it(client, club, owner):
    client.force_login(owner)
    response = client.post(new_url(club), version_post(bust_penalty="▲10"))
    html = page(response)
    assert response.status_code == 400
    assert error_beside(html, "bust_penalty") == ["Expected 0 or more points, not -10."]
    assert error_beside(html, "bust_bonus") == []


def test_the_same_date_twice_is_refused_beside_the_date(client, club, owner):
    client.force_login(owner)
    response = client.post(new_url(club), version_post(effective_from="2020-01-01"))
    html = page(response)
    assert response.status_code == 400
    assert error_beside(html, "effective_from") == [
        "四人打ち already has a version from Wed 1 Jan 2020. Choose another date."
    ]
    assert RuleVersion.objects.count() == 1


def test_text_that_is_not_a_number_is_refused_beside_its_box(client, club, owner):
    client.force_login(owner)
    html = page(client.post(new_url(club), version_post(uma_1="ten", fee_min_share="a third")))
    assert error_beside(html, "uma_1") == ["“ten” is not a number of points. Type it like 10, 2.5 or ▲2.5."]
    assert error_beside(html, "fee_min_share") == ["“a third” is not a share. Type it like 1/3."]
    # The sum is not judged again while a box of it cannot be read.
    assert "The uma must add up to 0" not in html


def test_a_fourth_uma_with_three_players_is_refused(client, club, owner):
    client.force_login(owner)
    html = page(
        client.post(
            new_url(club),
            version_post(players="3", start="35000", target="40000", uma_0="30", uma_1="0", uma_2="-30", uma_3="-20"),
        )
    )
    assert error_beside(html, "uma_3") == ["Three players have no 4th place; leave this empty."]


def test_float_uma_needs_every_count_and_is_shown_beside_each(client, club, owner):
    client.force_login(owner)
    html = page(
        client.post(
            new_url(club), version_post(float_uma_0="0 0 0 0", float_uma_1="30 0 -10 -20", float_uma_2="20 10 -10 -20")
        )
    )
    assert error_beside(html, "float_uma_3") == ["The uma for 3 floating players is missing."]
    assert error_beside(html, "float_uma_4") == ["The uma for 4 floating players is missing."]
    assert error_beside(html, "float_uma_1") == []


def test_negative_fees_are_refused_beside_them(client, club, owner):
    client.force_login(owner)
    html = page(client.post(new_url(club), version_post(fee_per_game="▲350")))
    assert error_beside(html, "fee_per_game") == ["Expected a whole number, 0 or more, not -350."]


# -- the service -----------------------------------------------------------------------------------


def test_notes_of_unchanged_settings_are_carried_to_the_new_version(club):
    rule_set = club.rule_sets.get()
    first = rule_set.versions.get()
    first.notes = {
        "uma": "「順位点は1位+20P」",
        "rounding": "「4捨5入」",
        "fees.per_game": "「350円」",
        "effective_from": "2006年版",
    }
    first.save()
    rules = {**BAKUFU_RULES, "uma": [30, 10, -10, -30]}
    assert carried_notes(first, rules, first.fees) == {"rounding": "「4捨5入」", "fees.per_game": "「350円」"}
    version = add_rule_version(rule_set, datetime.date(2026, 4, 1), rules, first.fees, "改定")
    assert version.notes == {"rounding": "「4捨5入」", "fees.per_game": "「350円」", "effective_from": "改定"}


@pytest.mark.parametrize(("oka", "words"), [("25", "creates +5.0 points"), ("15", "destroys 5.0 points")])
def test_an_oka_that_breaks_zero_sum_is_saved_with_a_warning_that_stays_on_the_rules_page(
    client, club, owner, oka, words
):
    client.force_login(owner)
    response = client.post(new_url(club), version_post(oka=oka), follow=True)
    assert RuleVersion.objects.count() == 2
    warning = f"The oka (+{oka}.0) is not (target − start) × players = +20.0: every game {words}"
    assert warning in response.content.decode()
    assert warning in client.get(f"/en{rules_url(club)}").content.decode()


def test_an_oka_equal_to_the_computed_one_gives_no_warning(client, club, owner):
    client.force_login(owner)
    response = client.post(new_url(club), version_post(oka="20"), follow=True)
    assert RuleVersion.objects.count() == 2 and "The oka" not in response.content.decode()
