"""Names are kept without the invisible characters that turn text around (league/models/text.py)."""

import datetime
import importlib

import pytest
from django.apps import apps

from league.models import Adjustment, Club, Meeting, Member, RuleSet, Season
from league.models.text import clean_name, without_bidi

from .test_manage_people import url

pytestmark = pytest.mark.django_db

CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_every_bidi_control_is_taken_out_and_nothing_else():
    assert without_bidi(f"大{CONTROLS}山") == "大山"
    assert without_bidi("Ōyama 大山\u3000たろう ‐ 1") == "Ōyama 大山\u3000たろう ‐ 1"
    assert clean_name(" \u202eＯｙａｍａ\u202c ") == "Oyama"


def test_a_member_saved_with_controls_keeps_the_plain_name_and_reading(club):
    member = Member.objects.create(club=club, name="\u202e大山\u202c", kana="\u2067おおやま\u2069")
    member.refresh_from_db()
    assert (member.name, member.kana) == ("大山", "おおやま")


def test_club_rule_set_season_venue_and_reason_are_kept_without_controls(club):
    club.name = "風の\u202e会"
    club.save()
    rule_set = club.rule_sets.get()
    rule_set.name = "\u200f四人打ち"
    rule_set.save()
    season = Season.objects.create(club=club, name="2026\u061c年度", starts_on="2026-04-01", ends_on="2027-03-31")
    meeting = Meeting.objects.create(
        club=club, rule_set=rule_set, date=datetime.date(2026, 11, 1), venue="雀荘\u2066東\u2069"
    )
    adjustment = Adjustment.objects.create(
        club=club,
        rule_set=rule_set,
        member=Member.objects.first(),
        date=datetime.date(2026, 11, 1),
        points=-50,
        reason="遅刻\u202d",
    )
    assert Club.objects.get().name == "風の会"
    assert RuleSet.objects.get().name == "四人打ち"
    assert Season.objects.get(pk=season.pk).name == "2026年度"
    assert Meeting.objects.get(pk=meeting.pk).venue == "雀荘東"
    assert Adjustment.objects.get(pk=adjustment.pk).reason == "遅刻"


def test_the_owner_cannot_add_a_second_member_by_hiding_a_control_in_the_name(client, club, owner):
    client.force_login(owner)
    response = client.post(url("add_member", club.slug), {"name": "東田\u202e一郎", "kana": "", "active": "on"})
    assert response.status_code == 400
    assert "already has a member" in response.content.decode()
    assert Member.objects.filter(club=club, name__startswith="東田").count() == 1


def test_the_migration_cleans_the_rows_kept_before(club):
    """Rows written before the saves cleaned names (update() skips save, as the old code did)."""
    Member.objects.filter(name="南野二郎").update(name="\u202e南野二郎", kana="\u200eみなみの")
    Member.objects.filter(name="西川三郎").update(name="東田一郎\u202c")  # would take 東田一郎's name
    Club.objects.filter(pk=club.pk).update(name="\u2066風の会\u2069")
    migration = importlib.import_module("league.migrations.0012_activity_bidi_names")
    migration.clean(apps, None)
    names = set(Member.objects.filter(club=club).values_list("name", flat=True))
    assert {"南野二郎", "東田一郎", "東田一郎 (2)"} <= names
    assert Member.objects.get(name="南野二郎").kana == "みなみの"
    assert Club.objects.get().name == "風の会"
    assert not any(char in name for name in names for char in CONTROLS)
