"""Kept settlements (精算の記録): closing, reopening with a reason, drift after a recompute, re-settling, and the
first recording of meetings closed before settlements were kept (migration 0013).

The day is test_meeting_money's: five members, four hanchan, 350 yen a game (5,600 yen), venue 5,000 yen.
"""

import datetime
import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Meeting, RuleVersion, Settlement
from league.services import recompute
from league.services.meetings import save_accounts, set_closed
from league.services.refusals import Refused
from league.stats.day import record_of, settle_games
from league.stats.settlements import drift, drifted_meetings

from .conftest import BAKUFU_RULES
from .test_meeting_money import HIGASHIDA, play_day

pytestmark = pytest.mark.django_db


def url(meeting, page="", language="/en"):
    return f"{language}/c/{meeting.club.slug}/meetings/{meeting.pk}/{page}"


def corrected_rules(meeting):
    """A rule version from 1 Nov with another uma and 500 yen a game, recomputed over the day's games."""
    RuleVersion.objects.create(
        rule_set=meeting.rule_set,
        effective_from=datetime.date(2026, 11, 1),
        rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30]},
        fees={"per_game": 500, "surplus_to": "day_top"},
    )
    assert recompute.apply(meeting.rule_set) == 4


def test_close_reopen_with_a_reason_and_close_again_keeps_both_settlements(client, meeting, secretary, member):
    play_day(meeting, secretary)
    client.force_login(secretary)
    assert client.post(url(meeting, "close/")).status_code == 302

    page = client.get(url(meeting, "reopen/"))
    assert page.status_code == 200
    assert 'name="reason"' in page.content.decode() and "stays in the meeting's history" in page.content.decode()
    refused = client.post(url(meeting, "reopen/"), {"reason": "  "})
    assert refused.status_code == 400
    assert "Say why: the reason is kept" in refused.content.decode()
    meeting.refresh_from_db()
    assert meeting.closed and meeting.settlements.count() == 1
    with pytest.raises(Refused):
        set_closed(meeting, False, secretary)  # the service refuses it too, whoever calls it

    assert client.post(url(meeting, "reopen/"), {"reason": "南野さんの点数の打ち間違い"}).status_code == 302
    meeting.refresh_from_db()
    assert not meeting.closed and meeting.settlement is None
    assert client.post(url(meeting, "reopen/"), {"reason": "again"}).status_code == 409  # already open
    save_accounts(meeting, 5200, None, {line.member: True for line in settle_games(meeting).lines})
    assert client.post(url(meeting, "close/")).status_code == 302

    entries = list(meeting.settlements.in_order())
    assert [entry.action for entry in entries] == ["closed", "reopened", "closed"]
    assert all(entry.by == secretary for entry in entries)
    assert entries[1].reason == "南野さんの点数の打ち間違い" and entries[1].record is None
    assert entries[0].record["venue"] == 5000 and entries[2].record["venue"] == 5200
    meeting.refresh_from_db()
    assert meeting.settlement == entries[2].record

    client.force_login(member)  # anyone who may see money reads every settlement the meeting had
    html = client.get(url(meeting)).content.decode()
    history = html[html.index('id="settlement-history-heading"') :]
    assert history.count('class="settlement-entry') == 3
    assert history.count("secretary") == 3 and "Reason: 南野さんの点数の打ち間違い" in history
    assert "venue ¥5,000" in history and "venue ¥5,200" in history
    assert HIGASHIDA in history and '<td class="num">¥350</td>' in history
    japanese = client.get(url(meeting, language="")).content.decode()
    assert "精算の記録" in japanese and "再開" in japanese and "理由：南野さんの点数の打ち間違い" in japanese


def test_the_public_sees_no_settlements(client, meeting, secretary):
    meeting.club.is_public = True
    meeting.club.save()
    set_closed(play_day(meeting, secretary), True, secretary)
    html = client.get(url(meeting)).content.decode()
    assert "settlement-history-heading" not in html and "Settlements kept" not in html


def test_a_recompute_that_changes_the_games_shows_the_difference_per_member(client, meeting, secretary, owner):
    set_closed(play_day(meeting, secretary), True, secretary)
    corrected_rules(meeting)
    meeting.refresh_from_db()
    differences = {line.name: line for line in drift(meeting)}
    assert differences[HIGASHIDA].kept_net == -350 and differences[HIGASHIDA].now_net == -500
    assert differences[HIGASHIDA].difference == -150
    assert drifted_meetings(Meeting.objects.filter(club=meeting.club)) == [meeting]

    client.force_login(secretary)
    html = client.get(url(meeting)).content.decode()
    warning = html[html.index('id="drift-heading"') : html.index('id="settlement-heading"')]
    assert "The kept settlement no longer matches its games" in warning
    assert HIGASHIDA in warning and "−¥350" in warning and "−¥500" in warning and "−¥150" in warning
    assert "Only the club's owner can re-settle it." in warning and "resettle/" not in warning
    assert "¥5,600" in html  # the money shown is still the kept settlement
    money = client.get(f"/en/c/{meeting.club.slug}/money/").content.decode()
    assert "no longer match their games" in money and url(meeting) in money

    client.force_login(owner)
    warning = client.get(url(meeting)).content.decode()
    assert url(meeting, "resettle/") in warning


def test_only_the_owner_resettles_and_it_is_kept(client, meeting, secretary, owner):
    set_closed(play_day(meeting, secretary), True, secretary)
    corrected_rules(meeting)
    client.force_login(secretary)
    assert client.get(url(meeting, "resettle/")).status_code == 403
    assert client.post(url(meeting, "resettle/"), {"reason": "ルール訂正"}).status_code == 403

    client.force_login(owner)
    page = client.get(url(meeting, "resettle/")).content.decode()
    assert "−¥150" in page and 'name="reason"' in page
    assert client.post(url(meeting, "resettle/"), {"reason": ""}).status_code == 400
    meeting.refresh_from_db()
    assert meeting.settlement["collected"] == 5600
    assert client.post(url(meeting, "resettle/"), {"reason": "ウマの訂正を反映"}).status_code == 302
    meeting.refresh_from_db()
    assert meeting.settlement["collected"] == 8000 and drift(meeting) == []
    entry = meeting.settlements.in_order().last()
    assert (entry.action, entry.by, entry.reason) == ("resettled", owner, "ウマの訂正を反映")
    assert meeting.settlements.count() == 2  # the first close stays
    again = client.post(url(meeting, "resettle/"), {"reason": "もう一度"})
    assert again.status_code == 409 and "already matches" in again.content.decode()
    html = client.get(url(meeting)).content.decode()
    assert 'id="drift-heading"' not in html and "re-settled" in html and "ウマの訂正を反映" in html
    activity = client.get(f"/en/c/{meeting.club.slug}/manage/activity/").content.decode()
    assert "re-settled (ウマの訂正を反映)" in activity


def test_the_activity_page_gives_a_reopening_once_with_its_reason(client, meeting, secretary, owner):
    set_closed(play_day(meeting, secretary), True, secretary)
    client.force_login(secretary)
    assert client.post(url(meeting, "reopen/"), {"reason": "打ち間違い"}).status_code == 302
    client.force_login(owner)
    activity = client.get(f"/en/c/{meeting.club.slug}/manage/activity/").content.decode()
    assert activity.count("reopened (") == 1 and "reopened</a>" not in activity and "reopened (打ち間違い)" in activity


def test_the_meeting_page_reads_settlements_and_drift_in_a_fixed_number_of_queries(client, meeting, secretary):
    set_closed(play_day(meeting, secretary), True, secretary)
    client.force_login(secretary)

    def queries():
        with CaptureQueriesContext(connection) as context:
            assert client.get(url(meeting)).status_code == 200
        return len(context)

    before = queries()
    for reason in ("一回目", "二回目"):
        set_closed(meeting, False, secretary, reason)
        set_closed(meeting, True, secretary)
    assert meeting.settlements.count() == 5
    assert queries() == before


def test_the_club_activity_reads_every_settlement_entry(club, meeting, secretary):
    set_closed(play_day(meeting, secretary), True, secretary)
    set_closed(meeting, False, secretary, "訂正")
    entries = list(Settlement.objects.for_club(club))
    assert [entry.action for entry in entries] == ["reopened", "closed"]
    assert entries[0].meeting == meeting and entries[0].by == secretary


def test_the_migration_records_meetings_closed_before_settlements_were_kept(club, meeting, secretary):
    migration = importlib.import_module("league.migrations.0013_money_settlements")
    play_day(meeting, secretary)
    Meeting.objects.filter(pk=meeting.pk).update(closed=True)  # closed as the demo and the admin closed them
    kept = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 27))
    play_day(kept, secretary, venue_fee=6000)
    kept._history_user = secretary
    kept.closed = True
    kept.settlement = record_of(settle_games(kept))  # closed on the site before the entries were kept
    kept.save()
    still_open = Meeting.objects.create(club=club, rule_set=meeting.rule_set, date=datetime.date(2026, 11, 28))

    migration.record_closed_meetings(apps, None)
    migration.record_closed_meetings(apps, None)  # once only

    meeting.refresh_from_db()
    recorded = meeting.settlements.get()
    assert recorded.action == "recorded" and recorded.by is None
    assert recorded.record == meeting.settlement == record_of(settle_games(meeting))
    assert recorded.record["collected"] == 5600 and recorded.record["venue"] == 5000
    copied = kept.settlements.get()
    assert (copied.action, copied.by) == ("closed", secretary) and copied.record == kept.settlement
    assert copied.at == kept.history.latest().history_date
    assert not still_open.settlements.exists()

    migration.forget_recorded(apps, None)
    meeting.refresh_from_db()
    kept.refresh_from_db()
    assert meeting.settlement is None and kept.settlement is not None


def test_the_admin_reads_a_meetings_settlements_and_cannot_close_it(client, meeting, secretary, django_user_model):
    set_closed(play_day(meeting, secretary), True, secretary)
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.jp", "admin password"))
    page = client.get(f"/admin/league/meeting/{meeting.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "secretary" in html and 'name="closed"' not in html
