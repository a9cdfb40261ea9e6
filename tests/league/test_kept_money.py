"""What the season's money reads of the closed meetings (``KeptLine``, ``Meeting.drifted``) follows every writer.

After each kind of write through the site's own services (closing, reopening, re-settling, a new rule version
with other fees, one with other rules and the games recomputed, a renamed person, a guest merged, the admin),
the stored kept lines are the kept records' lines and the stored drift is what settling every closed meeting
again and comparing gives (``drifted_meetings``); the season's money stays what settling each meeting apart
gives (tests/league/test_season_money_pass.py).  ``manage.py recompute --commit`` rebuilds both.
"""

import datetime
import random

import pytest
from django.core.management import call_command

from league.models import KeptLine, KeptMonth, KeptMonthLine, Meeting, Member
from league.services import recompute
from league.services.kept_money import keep_club_money
from league.services.meetings import resettle, set_closed
from league.services.people import make_member, merge_guest, save_member
from league.services.refusals import Refused
from league.services.rules import add_rule_version
from league.stats.money import season_money
from league.stats.settlements import drifted_meetings

from .conftest import BAKUFU_RULES
from .test_season_money_pass import figures, random_season, reference

D = datetime.date


def stored(club):
    kept = Meeting.objects.filter(club=club, closed=True, settlement__isnull=False)
    return (
        sorted(
            KeptLine.objects.filter(meeting__club=club).values_list("meeting", "member", "games", "fee", "received")
        ),
        dict(kept.values_list("pk", "drifted")),
        sorted(Meeting.objects.filter(club=club).values_list("pk", "kept_collected", "kept_venue", "kept_club")),
        sorted(
            KeptMonth.objects.filter(club=club).values_list("month", "meetings", "collected", "venue", "kept_by_club")
        ),
        sorted(
            KeptMonthLine.objects.filter(club=club).values_list(
                "month", "member", "meetings", "games", "fee", "received"
            )
        ),
    )


def fresh(club):
    kept = Meeting.objects.filter(club=club, closed=True, settlement__isnull=False)
    drifted = {meeting.pk for meeting in drifted_meetings(Meeting.objects.filter(club=club))}
    lines = sorted(
        (meeting.pk, line["member"], sum(line["places"]), line["fee"], line["received"])
        for meeting in kept
        for line in meeting.settlement["lines"]
    )
    totals = {
        meeting.pk: (meeting.settlement["collected"], meeting.settlement["venue"], meeting.settlement["club"])
        for meeting in kept
    }
    # The months added up here from the records themselves, as a reader adding up their days would.
    months, month_lines = {}, {}
    for meeting in kept:
        month = meeting.date.replace(day=1)
        entry = months.setdefault(month, [month, 0, 0, 0, 0])
        entry[1:] = [entry[1] + 1, *(a + b for a, b in zip(entry[2:], totals[meeting.pk], strict=True))]
        for line in meeting.settlement["lines"]:
            person = month_lines.setdefault((month, line["member"]), [month, line["member"], 0, 0, 0, 0])
            person[2:] = [
                person[2] + 1,
                person[3] + sum(line["places"]),
                person[4] + line["fee"],
                person[5] + line["received"],
            ]
    return (
        lines,
        {meeting.pk: meeting.pk in drifted for meeting in kept},
        sorted(
            (meeting.pk, *totals.get(meeting.pk, (None, None, None))) for meeting in Meeting.objects.filter(club=club)
        ),
        sorted(tuple(entry) for entry in months.values()),
        sorted(tuple(entry) for entry in month_lines.values()),
    )


def check(club):
    assert stored(club) == fresh(club)
    assert figures(season_money(club)) == reference(club)


@pytest.mark.parametrize("seed", range(3))
def test_the_kept_lines_and_drift_follow_every_writer(club, secretary, owner, seed):
    rng = random.Random(seed)
    random_season(club, secretary, rng)
    guest = Member.objects.create(club=club, name="ゲスト一", kana="げすといち", guest=True)
    rule_set = club.rule_sets.get()
    check(club)

    # Other fees from a day in the season: the closed days after it now settle otherwise.
    version = rule_set.version_on(D(2026, 4, 4))
    add_rule_version(
        rule_set, D(2026, 4, 25), version.rules, {**version.fees, "per_game": version.fee_settings["per_game"] + 100}
    )
    check(club)
    assert any(stored(club)[1].values())

    # Other rules, and the games recomputed behind the closed meetings.
    add_rule_version(rule_set, D(2026, 5, 9), {**BAKUFU_RULES, "uma": [30, 10, -10, -30]}, version.fees)
    check(club)
    assert recompute.apply(rule_set, owner) > 0
    check(club)

    # A person renamed: the day's order (who is first of those who share a remainder yen).  Their days'
    # stored drift is made wrong first, so that the check sees them all checked again.
    person = rng.choice(list(Member.objects.filter(club=club, guest=False, meeting_lines__isnull=False)))
    theirs = Meeting.objects.filter(lines__member=person, closed=True, settlement__isnull=False)
    now = fresh(club)[1]
    for meeting in theirs:
        Meeting.objects.filter(pk=meeting.pk).update(drifted=not now[meeting.pk])
    save_member(club, person, name="阿部", kana="あべ", active=True, user=None)
    check(club)

    # Re-settling a drifted day, reopening one and closing it again.
    drifted = [pk for pk, value in stored(club)[1].items() if value]
    if drifted:
        resettle(Meeting.objects.get(pk=drifted[0]), owner, "rule corrected")
        check(club)
    closed = list(Meeting.objects.filter(club=club, closed=True, settlement__isnull=False))
    again = rng.choice(closed)
    set_closed(again, False, secretary, "a score was wrong")
    check(club)
    set_closed(again, True, secretary)
    check(club)

    # The guest sat at some days, then turns out to be a member (or is made one).
    days = list(Meeting.objects.filter(club=club, closed=True))
    for meeting in rng.sample(days, min(3, len(days))):
        set_closed(meeting, False, secretary, "the guest came")
        meeting.attendance.create(member=guest, present_at_close=True)
        set_closed(meeting, True, secretary)
    check(club)
    if seed % 2:
        make_member(club, guest, name="客人", kana="きゃくじん")
    else:
        for into in rng.sample(list(Member.objects.filter(club=club, guest=False)), 5):
            try:
                merge_guest(club, guest, into, secretary)
                break
            except Refused:
                continue
        else:  # everyone was at one of the guest's days: a member who was not
            merge_guest(club, guest, Member.objects.create(club=club, name="新会員", kana="しんかいいん"), secretary)
        assert not Member.objects.filter(pk=guest.pk).exists()
    check(club)


def test_the_season_checks_a_drift_not_known_yet(club, secretary):
    """A meeting whose drift is not stored yet (as the migration leaves them) is checked by the season itself."""
    random_season(club, secretary, random.Random(3))
    version = club.rule_sets.get().versions.get()
    add_rule_version(
        club.rule_sets.get(),
        D(2026, 4, 25),
        version.rules,
        {**version.fees, "per_game": version.fee_settings["per_game"] + 100},
    )
    expected = reference(club)
    assert expected["drifted"]
    Meeting.objects.filter(club=club).update(drifted=None)
    assert figures(season_money(club)) == expected


def test_the_season_page_remembers_the_drift_it_had_to_check(client, club, secretary):
    """The first reader of the season's money after the migration checks the days' drift; the next reads it."""
    random_season(club, secretary, random.Random(3))
    version = club.rule_sets.get().versions.get()
    days = sorted(Meeting.objects.filter(club=club, closed=True).values_list("date", flat=True))
    add_rule_version(
        club.rule_sets.get(),
        days[len(days) // 2],
        version.rules,  # the later half drifts
        {**version.fees, "per_game": version.fee_settings["per_game"] + 100},
    )
    expected = stored(club)
    assert any(expected[1].values()) and not all(expected[1].values())
    Meeting.objects.filter(club=club).update(drifted=None)
    client.force_login(secretary)
    first = client.get(f"/c/{club.slug}/money/")
    assert stored(club) == expected == fresh(club)
    second = client.get(f"/c/{club.slug}/money/")
    assert second.context["money"].checked == {}
    assert first.content.decode().count("drift") == second.content.decode().count("drift")
    assert _drifted_dates(first) == _drifted_dates(second)


def _drifted_dates(page):
    return [meeting.date for meeting in page.context["money"].drifted]


def test_the_recompute_command_rebuilds_what_the_season_reads(club, secretary):
    random_season(club, secretary, random.Random(5))
    expected = fresh(club)
    KeptLine.objects.filter(pk__in=KeptLine.objects.values("pk")[:3]).update(fee=999)
    KeptLine.objects.filter(pk__in=KeptLine.objects.values("pk")[3:6]).delete()
    Meeting.objects.filter(club=club).update(drifted=True, kept_club=12345)
    KeptMonth.objects.filter(pk__in=KeptMonth.objects.values("pk")[:1]).delete()
    KeptMonthLine.objects.filter(club=club).update(fee=1)
    KeptMonth.objects.create(club=club, month=D(2025, 1, 1), meetings=1, collected=1, venue=1, kept_by_club=0)
    call_command("recompute", club.slug, "--commit")
    assert stored(club) == expected
    keep_club_money(club)
    assert stored(club) == expected


def test_the_admin_keeps_the_drift_of_a_rule_change(client, club, secretary, django_user_model):
    random_season(club, secretary, random.Random(1))
    version = club.rule_sets.get().versions.get()
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.jp", "admin password"))
    page = client.get(f"/admin/league/ruleversion/{version.pk}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in ("rule_set", "effective_from", "rules", "fees", "notes")}
    data["fees"] = '{"per_game": 900, "surplus_to": "day_top"}'
    data["rules"] = form["rules"].value()
    answer = client.post(f"/admin/league/ruleversion/{version.pk}/change/", data)
    assert answer.status_code == 302, answer.content
    assert stored(club) == fresh(club)
    assert any(stored(club)[1].values())


def test_the_admin_adds_up_the_month_a_day_left_and_the_one_it_joined(client, club, secretary, django_user_model):
    """A closed day moved to another month in the admin: the month it left and the one it joined are added up again.
    (It is not removed there: its settlements' entries are read-only.)"""
    random_season(club, secretary, random.Random(2))
    kept = Meeting.objects.filter(club=club, closed=True, settlement__isnull=False).order_by("date")
    moved = kept.first()
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.jp", "admin password"))
    page = client.get(f"/admin/league/meeting/{moved.pk}/change/")
    form = page.context["adminform"].form
    data = {name: "" if form[name].value() is None else form[name].value() for name in form.fields}
    data["date"] = "2026-08-01"
    for formset in page.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        for name in management.fields:
            data[f"{management.prefix}-{name}"] = management[name].value()
        for inline in formset.formset.forms:
            for name in inline.fields:
                value = inline[name].value()
                if value is not None and value is not False:
                    data[f"{inline.prefix}-{name}"] = value
    answer = client.post(f"/admin/league/meeting/{moved.pk}/change/", data)
    assert answer.status_code == 302, answer.context["adminform"].form.errors if answer.context else answer
    assert Meeting.objects.get(pk=moved.pk).date == D(2026, 8, 1)
    assert stored(club) == fresh(club)
    assert D(2026, 8, 1) in [row[0] for row in stored(club)[3]]
    assert client.post(f"/admin/league/meeting/{moved.pk}/delete/", {"post": "yes"}).status_code == 403
