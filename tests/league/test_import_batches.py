"""After an import: its page (seasons, meetings, games and members, with links), and undoing it in one step."""

import datetime

import pytest
from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation

from league.imports.commit import commit
from league.imports.names import NewMember
from league.imports.undo import UNDO_REASON, undo_import
from league.models import Adjustment, Attendance, Game, GameSeat, ImportBatch, Meeting, Member, Season, Yakuman
from league.services.games import correct_game, record_game, set_void
from league.services.meetings import set_closed
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force

from .import_files import HEADER_JA, NEW_NAME, ROWS, counts, import_url, plan_of, xlsx_bytes
from .standings_html import classes, find_all, text_of


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def batch_url(club, batch, name="import_batch"):
    return reverse(name, kwargs={"slug": club.slug, "batch_id": batch.pk})


def html(response):
    return parse_html(response.content.decode())


def attr(node, name):
    return dict(node.attributes).get(name)


def tags(node, name, cls=None):
    return find_all(node, lambda n: n.name == name and (cls is None or cls in classes(n)))


def section(page, id):
    found = find_all(page, lambda n: isinstance(n, Element) and attr(n, "id") == id)
    return found[0] if found else None


def text(node):
    return " ".join(text_of(node).split())


# -- the batch ------------------------------------------------------------------------------------------------------


def test_commit_records_what_the_import_saved_and_created(club, secretary, imported):
    batch = ImportBatch.objects.get()
    assert batch == imported
    assert (batch.club, batch.rule_set, batch.created_by, batch.file_name) == (
        club,
        club.rule_sets.get(),
        secretary,
        "games.xlsx",
    )
    assert (batch.games, batch.skipped, batch.members, batch.meetings, batch.undone_at) == (3, 0, 1, 2, None)
    assert set(Game.objects.values_list("import_batch", flat=True)) == {batch.pk}
    assert [m.name for m in batch.created_members.all()] == [NEW_NAME]
    assert sorted(m.date for m in batch.created_meetings.all()) == [
        datetime.date(2026, 11, 21),
        datetime.date(2026, 11, 28),
    ]


def test_every_imported_game_has_its_entered_record_and_the_history_page_says_so(client, club, secretary, imported):
    for game in Game.objects.all():
        (record,) = game.history.all()
        assert (record.history_type, record.history_user, record.history_change_reason) == ("+", secretary, "import")
        assert (record.revision, record.round, record.sheet) == (1, game.round, game.sheet)
    client.force_login(secretary)
    game = Game.objects.get(round=2)
    page = html(client.get(reverse("game_history", kwargs={"slug": club.slug, "game_id": game.pk})))
    assert [text(strong) for p in tags(page, "p") for strong in tags(p, "strong")] == ["entered"]


def test_the_preview_saves_to_the_batch_page(client, club, secretary):
    client.force_login(secretary)
    preview = client.post(
        import_url(club),
        {
            "rule_set": club.rule_sets.get().pk,
            "text": "\n".join("\t".join(str(cell) for cell in row) for row in [HEADER_JA, *ROWS]),
        },
    )
    page = client.get(preview["Location"])
    saved = client.post(preview["Location"], {"action": "commit", "fingerprint": page.context["plan"].fingerprint})
    batch = ImportBatch.objects.get()
    assert saved.status_code == 302 and saved["Location"] == batch_url(club, batch)


# -- its page -------------------------------------------------------------------------------------------------------


def test_the_batch_page_shows_seasons_meetings_games_and_members_with_links(client, club, secretary, imported):
    season = Season.objects.create(club=club, name="2026年度", starts_on="2026-04-01", ends_on="2026-11-25")
    client.force_login(secretary)
    response = client.get(batch_url(club, imported))
    assert response.status_code == 200
    page = html(response)
    (numbers,) = tags(page, "dl", "import-counts")
    assert dict(
        zip([text(dt) for dt in tags(numbers, "dt")], [text(dd) for dd in tags(numbers, "dd")], strict=True)
    ) == {"Games imported": "3", "Already saved (skipped)": "0", "Meetings created": "2", "Members created": "1"}
    standings = reverse("standings", kwargs={"slug": club.slug})
    assert [(text(a), attr(a, "href")) for a in tags(section(page, "seasons"), "a")] == [
        ("2026年度", f"{standings}?season={season.pk}&rule_set=main"),
        ("All games (no season covers these dates)", f"{standings}?season=all&rule_set=main"),
    ]
    assert [text(li) for li in tags(section(page, "seasons"), "li")] == [
        "2026年度· 2 games",
        "All games (no season covers these dates)· 1 game",
    ]
    meetings = section(page, "meetings")
    rows = [
        [text(cell) for cell in tr.children if isinstance(cell, Element)]
        for tbody in tags(meetings, "tbody")
        for tr in tags(tbody, "tr")
    ]
    assert rows == [
        ["Sat 21 Nov 2026", "2", "created by the import"],
        ["Sat 28 Nov 2026", "1", "created by the import"],
    ]
    meeting = Meeting.objects.get(date="2026-11-21")
    assert attr(tags(tags(meetings, "tbody")[0], "a")[0], "href") == reverse(  # the headings sort
        "meeting_detail", kwargs={"slug": club.slug, "meeting_id": meeting.pk}
    )
    member = Member.objects.get(name=NEW_NAME)
    assert [(text(a), attr(a, "href")) for a in tags(section(page, "members"), "a")] == [
        (NEW_NAME, reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk}))
    ]
    assert [attr(form, "action") for form in tags(section(page, "undo"), "form")] == [
        batch_url(club, imported, "undo_import")
    ]
    # Every link of the page into the club leads somewhere.
    for link in tags(page, "a"):
        if (attr(link, "href") or "").startswith(f"/c/{club.slug}/"):
            assert client.get(attr(link, "href")).status_code == 200, attr(link, "href")


def test_the_page_keeps_a_fixed_number_of_queries(client, club, secretary, imported, django_assert_max_num_queries):
    client.force_login(secretary)
    with django_assert_max_num_queries(20):
        assert client.get(batch_url(club, imported)).status_code == 200


def test_a_batch_of_another_club_is_not_found(client, club, secretary, imported):
    from league.models import Club, Membership, Role

    other = Club.objects.create(slug="other", name="他の会")
    Membership.objects.create(user=secretary, club=other, role=Role.SECRETARY)
    client.force_login(secretary)
    assert client.get(reverse("import_batch", kwargs={"slug": "other", "batch_id": imported.pk})).status_code == 404


# -- undo -----------------------------------------------------------------------------------------------------------


def test_undo_removes_the_games_meetings_and_members_and_keeps_it_in_history(club, secretary, owner, imported):
    before_import = (0, 0, 0, 0, 4)  # four members of the fixture are left
    game_ids = set(Game.objects.values_list("pk", flat=True))
    meeting_ids = set(Meeting.objects.values_list("pk", flat=True))
    member = Member.objects.get(name=NEW_NAME)
    undo_import(imported, owner)
    assert counts() == before_import
    batch = ImportBatch.objects.get()
    assert batch.undone_by == owner and batch.undone_at is not None
    assert (batch.games, batch.members, batch.meetings) == (3, 1, 2)  # what it had done stays readable
    removed = Game.history.filter(history_type="-")
    assert {r.id for r in removed} == game_ids
    assert {(r.history_user, r.history_change_reason, r.history_date) for r in removed} == {
        (owner, UNDO_REASON, batch.undone_at)
    }
    assert {r.id for r in Meeting.history.filter(history_type="-", history_user=owner)} == meeting_ids
    assert Member.history.get(id=member.pk, history_type="-").history_change_reason == UNDO_REASON
    with pytest.raises(Refused, match="already undone"):
        undo_import(batch, owner)


def test_the_same_file_imports_again_after_an_undo(club, secretary, imported):
    undo_import(imported, secretary)
    again = commit(
        plan_of(
            club,
            xlsx_bytes(ROWS),
            mapping={name.key: NewMember(name=name.name) for name in plan_of(club, xlsx_bytes(ROWS)).unknown},
        ),
        user=secretary,
    )
    assert (again.games, again.skipped) == (3, 0)


def test_undo_leaves_games_entered_in_meetings_that_were_already_there(club, secretary, meeting):
    """A meeting the import did not create stays, with its games; only the imported ones go."""
    members = list(Member.objects.all()[:4])
    entered = record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )
    rows = [[meeting.date.isoformat(), *ROWS[0][1:]]]
    rows[0][1] = 2
    batch = commit(plan_of(club, xlsx_bytes(rows)), user=secretary)
    assert (batch.games, batch.meetings) == (1, 0)
    undo_import(batch, secretary)
    assert list(Game.objects.all()) == [entered] and Meeting.objects.get() == meeting


def game_of(imported, round=1):
    return Game.objects.get(import_batch=imported, round=round, meeting__date="2026-11-21")


def refused(imported, user, words):
    before = counts()
    with pytest.raises(Refused) as caught:
        undo_import(imported, user)
    assert words in caught.value.message, caught.value.message
    assert counts() == before and ImportBatch.objects.get().undone_at is None


def test_undo_is_refused_when_a_game_was_corrected_since(club, secretary, imported):
    game = game_of(imported)
    entry = Entry(
        meeting=game.meeting,
        round=1,
        table=1,
        members=[s.member for s in game.seats.order_by("seat")],
        scores=[52300, 31500, 18700, -2500],
        busts=[{"seat": 3, "by": 0}],
        deposit=0,
    )
    entry.scores = [52300, 31500, 20700, -4500]
    correct_game(game, settle_in_force(entry), game.revision, secretary)
    refused(imported, secretary, "2026-11-21, round 1, table 1 was corrected or voided")


def test_a_recompute_since_the_import_does_not_stop_its_undo(club, secretary, imported):
    """A new rule version recomputed the imported games: nobody entered anything, so the import can go."""
    from league.models import RuleVersion
    from league.services import recompute

    rule_set = club.rule_sets.get()
    version = rule_set.versions.get()
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2026, 1, 1),
        rules={**version.rules, "uma": [30, 10, -10, -30]},
        fees=version.fees,
    )
    plan = recompute.plan(club.rule_sets.get())
    assert plan.count and recompute.apply(plan, secretary)
    assert Game.objects.filter(revision__gt=1).exists()
    undo_import(imported, secretary)
    assert not Game.objects.filter(import_batch=imported).exists()


def test_undo_is_refused_when_a_game_was_voided_since(club, secretary, imported):
    game = game_of(imported, round=2)
    set_void(game, True, game.revision, secretary)
    refused(imported, secretary, "round 2, table 1 was corrected or voided")


def test_undo_is_refused_when_a_meeting_it_created_has_games_entered_by_hand(club, secretary, imported):
    meeting = Meeting.objects.get(date="2026-11-28")
    record_game(
        settle_in_force(
            Entry(
                meeting=meeting,
                round=5,
                table=1,
                members=list(Member.objects.all()[:4]),
                scores=[40000, 30000, 20000, 10000],
            )
        ),
        secretary,
    )
    refused(
        imported,
        secretary,
        "The meeting of 2026-11-28, created by this import, now has games entered since (round 5, table 1)",
    )


def test_undo_is_refused_when_a_meeting_it_created_was_changed(club, secretary, imported):
    meeting = Meeting.objects.get(date="2026-11-28")
    meeting.venue_fee = 4000
    meeting.save()
    refused(imported, secretary, "The meeting of 2026-11-28, created by this import, was changed since")


def test_undo_is_refused_when_a_meeting_it_created_has_attendance(club, secretary, imported):
    Attendance.objects.create(meeting=Meeting.objects.get(date="2026-11-21"), member=Member.objects.first())
    refused(imported, secretary, "The meeting of 2026-11-21, created by this import, was changed since")


def test_undo_is_refused_when_a_meeting_it_touched_is_closed(club, secretary, imported):
    set_closed(Meeting.objects.get(date="2026-11-21"), True)
    refused(imported, secretary, "The meeting of 2026-11-21 is closed")


def test_undo_is_refused_when_a_member_it_created_has_other_games(club, secretary, meeting, imported):
    members = [Member.objects.get(name=NEW_NAME), *Member.objects.exclude(name=NEW_NAME)[:3]]
    record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )
    refused(imported, secretary, f"{NEW_NAME}, a member created by this import, has other games or records")


def test_undo_is_refused_when_a_member_it_created_has_an_adjustment(club, secretary, imported):
    Adjustment.objects.create(
        club=club,
        rule_set=club.rule_sets.get(),
        member=Member.objects.get(name=NEW_NAME),
        date=datetime.date(2026, 12, 1),
        points=-50,
        reason="遅刻",
    )
    refused(imported, secretary, f"{NEW_NAME}, a member created by this import")


def test_undo_is_refused_when_a_member_it_created_was_changed(club, secretary, imported):
    member = Member.objects.get(name=NEW_NAME)
    member.kana = "なかじま"
    member.save()
    refused(imported, secretary, f"{NEW_NAME}, a member created by this import")


# -- undo through the page ------------------------------------------------------------------------------------------


def test_undo_needs_the_box_ticked(client, club, secretary, imported):
    client.force_login(secretary)
    response = client.post(batch_url(club, imported, "undo_import"), {})
    assert response.status_code == 400
    assert "Tick the box" in response.content.decode()
    assert Game.objects.count() == 3


def test_undo_through_the_page(client, club, secretary, imported):
    client.force_login(secretary)
    response = client.post(batch_url(club, imported, "undo_import"), {"confirm": "on"}, follow=True)
    assert response.redirect_chain == [(batch_url(club, imported), 302)]
    page = html(response)
    assert "The import was undone" in text(page)
    assert "This import was undone" in text(tags(page, "p", "undone")[0])
    assert section(page, "undo") is None and section(page, "meetings") is None
    assert (Game.objects.count(), GameSeat.objects.count(), Yakuman.objects.count()) == (0, 0, 0)


def test_a_refused_undo_says_why_on_the_page(client, club, secretary, imported):
    set_closed(Meeting.objects.get(date="2026-11-21"), True)
    client.force_login(secretary)
    response = client.post(batch_url(club, imported, "undo_import"), {"confirm": "on"})
    assert response.status_code == 409
    assert "is closed" in text(tags(html(response), "p", "message-error")[0])
    assert Game.objects.count() == 3


def test_a_member_may_not_undo(client, club, member, imported):
    client.force_login(member)
    assert client.post(batch_url(club, imported, "undo_import"), {"confirm": "on"}).status_code == 403
    assert Game.objects.count() == 3


def test_the_imports_page_links_each_rule_set_a_file_named(client, club, secretary):
    """A file with a ルール column touches several rule sets: each has its own line and standings link."""
    from league.imports.columns import find_columns
    from league.imports.commit import commit
    from league.imports.plan import make_plan
    from league.imports.reading import read_bytes
    from league.models import RuleSet, RuleVersion

    from .conftest import BAKUFU_RULES
    from .import_files import HEADER_JA, game_row, xlsx_bytes

    other = RuleSet.objects.create(club=club, slug="b", name="Bルール", position=1)
    RuleVersion.objects.create(rule_set=other, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES)
    main = club.rule_sets.get(slug="main")
    rows = [[*game_row(), main.name], [*game_row(round=2), other.name]]
    table = find_columns(read_bytes(xlsx_bytes(rows, header=[*HEADER_JA, "ルール"]), "games.xlsx"), 4, main.name)
    plan = make_plan(club, main, table)
    assert not plan.problems, plan.problems
    batch = commit(plan, user=secretary)
    client.force_login(secretary)
    page = client.get(f"/c/{club.slug}/import/batches/{batch.pk}/").content.decode()
    assert "rule_set=b" in page and "rule_set=main" in page and "Bルール · " in page
