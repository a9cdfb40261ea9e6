"""The next meeting remembers: starting a meeting offers the club's usual venue and fee, else the last meeting's,
and only the rule sets still in use (the one in use preselected)."""

import datetime

import pytest
from django.test.html import parse_html
from django.urls import reverse

from league.models import Meeting, RuleSet, RuleVersion

from .conftest import BAKUFU_RULES
from .standings_html import find_all, text_of


def start_form(client, club, secretary):
    """The start form's fields as the page shows them: name → value (a select: its chosen option's value)
    and the select's offered options as (value, text)."""
    client.force_login(secretary)
    response = client.get(reverse("choose_meeting", args=[club.slug]) + "?choose=1")
    assert response.status_code == 200
    form = next(
        f
        for f in find_all(parse_html(response.content.decode()), lambda n: n.name == "form")
        if dict(f.attributes).get("action") == reverse("start_meeting", args=[club.slug])
    )
    values = {}
    for field in find_all(form, lambda n: n.name == "input"):
        attributes = dict(field.attributes)
        values[attributes.get("name")] = attributes.get("value")
    select = next(s for s in find_all(form, lambda n: n.name == "select") if dict(s.attributes)["name"] == "rule_set")
    options = find_all(select, lambda n: n.name == "option")
    values["rule_set"] = next((dict(o.attributes)["value"] for o in options if "selected" in dict(o.attributes)), None)
    return values, [(dict(o.attributes)["value"], text_of(o).strip()) for o in options]


def second_rule_set(club, **fields):
    rule_set = RuleSet.objects.create(club=club, slug="tonpu", name="東風戦", position=1, **fields)
    RuleVersion.objects.create(
        rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES, fees={"per_game": 300}
    )
    return rule_set


def test_the_clubs_usual_venue_and_fee_are_offered(client, club, secretary, meeting):
    club.venue, club.usual_venue_fee = "雀荘 風", 6000
    club.save()
    values, _ = start_form(client, club, secretary)
    assert values["venue"] == "雀荘 風" and values["venue_fee"] == "6000"


def test_without_a_usual_venue_the_last_meetings_venue_and_fee_are_offered(client, club, secretary):
    rule_set = club.rule_sets.get()
    Meeting.objects.create(
        club=club, rule_set=rule_set, date=datetime.date(2026, 11, 6), venue="古い店", venue_fee=3000
    )
    Meeting.objects.create(
        club=club, rule_set=rule_set, date=datetime.date(2026, 11, 13), venue="雀荘 南", venue_fee=4500
    )
    values, _ = start_form(client, club, secretary)
    assert values["venue"] == "雀荘 南" and values["venue_fee"] == "4500"


def test_a_usual_fee_alone_is_the_clubs_choice(client, club, secretary, meeting):
    """The club set a fee and no venue: its fee and an empty venue, not the last meeting's."""
    Meeting.objects.filter(pk=meeting.pk).update(venue="雀荘 南")
    club.usual_venue_fee = 2000
    club.save()
    values, _ = start_form(client, club, secretary)
    assert values["venue"] is None and values["venue_fee"] == "2000"


def test_a_new_club_starts_with_nothing_typed_but_the_date(client, club, secretary):
    values, _ = start_form(client, club, secretary)
    assert values.get("venue") is None and values["venue_fee"] == "0"
    assert values["date"]


def test_starting_with_the_offered_values_saves_them(client, club, secretary):
    club.venue, club.usual_venue_fee = "雀荘 風", 6000
    club.save()
    values, _ = start_form(client, club, secretary)
    response = client.post(
        reverse("start_meeting", args=[club.slug]),
        {key: value for key, value in values.items() if key and value is not None},
    )
    assert response.status_code == 302
    started = Meeting.objects.get(club=club)
    assert (started.venue, started.venue_fee, started.rule_set) == ("雀荘 風", 6000, club.rule_sets.get(slug="main"))


def test_retired_rule_sets_are_not_offered_and_the_one_in_use_is_chosen(client, club, secretary):
    second_rule_set(club)
    club.rule_sets.filter(slug="main").update(retired=True)
    values, options = start_form(client, club, secretary)
    tonpu = club.rule_sets.get(slug="tonpu")
    assert options == [(str(tonpu.pk), "東風戦")]
    assert values["rule_set"] == str(tonpu.pk)


def test_a_retired_rule_set_is_refused_when_posted(client, club, secretary):
    main = club.rule_sets.get()
    second_rule_set(club)
    RuleSet.objects.filter(pk=main.pk).update(retired=True)
    client.force_login(secretary)
    response = client.post(
        reverse("start_meeting", args=[club.slug]),
        {"date": "2026-11-27", "rule_set": main.pk, "venue": "", "venue_fee": "0"},
    )
    assert response.status_code == 400 and not Meeting.objects.exists()


@pytest.mark.parametrize("last", ["main", "tonpu"])
def test_with_several_in_use_the_last_meetings_rule_set_is_chosen(client, club, secretary, last):
    second_rule_set(club)
    Meeting.objects.create(club=club, rule_set=club.rule_sets.get(slug=last), date=datetime.date(2026, 11, 13))
    values, options = start_form(client, club, secretary)
    assert [text for _, text in options] == ["四人打ち", "東風戦"]
    assert values["rule_set"] == str(club.rule_sets.get(slug=last).pk)
