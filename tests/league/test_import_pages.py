"""The import pages: who may use them, upload or paste, the preview, mapping names, saving, the templates."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from openpyxl import load_workbook

from league.imports.reading import read_bytes
from league.models import Game, GameSeat, Meeting, Member

from .import_files import (
    NAMES,
    ROWS,
    TINY_PNG,
    delimited,
    game_row,
    import_url,
    xlsx_bytes,
    xml_bomb_xlsx,
)
from .test_roles import refusal


def page(response):
    return response.content.decode()


def counts():
    return Game.objects.count(), GameSeat.objects.count(), Meeting.objects.count(), Member.objects.count()


def upload(client, club, data, name="games.xlsx", **extra):
    return client.post(
        import_url(club), {"rule_set": club.rule_sets.get().pk, "file": SimpleUploadedFile(name, data), **extra}
    )


def paste(client, club, text):
    return client.post(import_url(club), {"rule_set": club.rule_sets.get().pk, "text": text})


# -- who may import ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["member", "outsider", None])
def test_nobody_else_can_upload_or_save(client, request, club, secretary, who):
    status = refusal("import_preview", who)
    client.force_login(secretary)
    preview = upload(client, club, xlsx_bytes(ROWS))
    client.logout()
    if who:
        client.force_login(request.getfixturevalue(who))
    assert upload(client, club, xlsx_bytes(ROWS)).status_code == status
    assert client.post(preview["Location"], {"action": "commit"}).status_code == status
    assert counts() == (0, 0, 0, 5)


# -- the steps -------------------------------------------------------------------------------------------------------


def test_upload_preview_and_save(client, secretary, club):
    client.force_login(secretary)
    response = upload(client, club, xlsx_bytes(ROWS))
    assert response.status_code == 302
    preview = client.get(response["Location"])
    html = page(preview)
    assert preview.status_code == 200
    assert "+71.0" in html and "▲62.0" in html  # the first game's totals, computed before saving
    assert "東田一郎" in html and 'name="fingerprint"' in html
    assert counts() == (0, 0, 0, 5)
    fingerprint = preview.context["plan"].fingerprint
    saved = client.post(response["Location"], {"action": "commit", "fingerprint": fingerprint}, follow=True)
    assert saved.status_code == 200
    assert Game.objects.count() == 3 and Meeting.objects.count() == 2
    assert "3" in page(saved)
    # The import is done: its address no longer works.
    assert client.get(response["Location"]).status_code == 302


def test_pasted_rows_give_the_same_preview(client, secretary, club):
    client.force_login(secretary)
    from_file = client.get(upload(client, club, xlsx_bytes(ROWS))["Location"]).context["plan"]
    response = paste(client, club, delimited(ROWS, delimiter="\t"))
    from_paste = client.get(response["Location"]).context["plan"]
    assert from_paste.fingerprint == from_file.fingerprint


def test_unknown_names_are_mapped_then_saved(client, secretary, club):
    client.force_login(secretary)
    rows = [game_row(names=("東田", "南野二郎", "西川三郎", "新人さん"))]
    location = upload(client, club, xlsx_bytes(rows))["Location"]
    preview = client.get(location)
    html = page(preview)
    assert "東田" in html and "新人さん" in html and 'name="fingerprint"' not in html  # no saving yet
    form = preview.context["mapping_form"]
    higashida = Member.objects.get(name="東田一郎")
    # 東田 begins one member's name only: that member is pre-selected, yet nothing is mapped until it is sent.
    assert form["name_0"].initial == str(higashida.pk)
    assert preview.context["plan"].unmapped
    assert form["name_1"].initial == "new"  # nobody is like 新人さん: creating is offered
    mapped = client.post(
        location, {"action": "map", "name_0": str(higashida.pk), "name_1": "new", "kana_1": "シンジン"}
    )
    assert mapped.status_code == 302
    plan = client.get(location).context["plan"]
    assert not plan.problems
    client.post(location, {"action": "commit", "fingerprint": plan.fingerprint})
    assert Member.objects.get(name="新人さん").kana == "しんじん"
    seated = [seat.member.name for seat in GameSeat.objects.order_by("seat")]
    assert seated == ["東田一郎", "南野二郎", "西川三郎", "新人さん"]


def test_a_member_of_another_club_cannot_be_chosen(client, secretary, club):
    from league.models import Club

    other = Club.objects.create(slug="other", name="他の会")
    stranger = Member.objects.create(club=other, name="東田")
    client.force_login(secretary)
    location = upload(client, club, xlsx_bytes([game_row(names=("東田", *NAMES[1:]))]))["Location"]
    response = client.post(location, {"action": "map", "name_0": str(stranger.pk)})
    assert response.status_code == 400
    assert client.get(location).context["plan"].unmapped


def test_problems_are_listed_by_row_and_column_and_nothing_can_be_saved(client, secretary, club):
    client.force_login(secretary)
    rows = [*ROWS, game_row(date="2026-12-05", scores=(52300, 31500, 18700, -3500))]
    location = upload(client, club, xlsx_bytes(rows))["Location"]
    with translation.override("en"):
        html = page(client.get(location.replace("/c/", "/en/c/", 1)))
    assert "99000" in html and "100000" in html and "E (東家 点数)" in html
    assert 'name="fingerprint"' not in html
    response = client.post(location, {"action": "commit", "fingerprint": "whatever"})
    assert response.status_code == 409
    assert counts() == (0, 0, 0, 5)


def test_a_stale_preview_is_shown_again_not_saved(client, secretary, club):
    client.force_login(secretary)
    location = upload(client, club, xlsx_bytes(ROWS))["Location"]
    response = client.post(location, {"action": "commit", "fingerprint": "from-an-older-page"})
    assert response.status_code == 409
    assert Game.objects.count() == 0
    assert response.context["plan"].fingerprint  # the preview is shown again, to be checked


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (TINY_PNG, "photo.xlsx"),
        (xml_bomb_xlsx(), "bomb.xlsx"),
        (b"\x00" * 10, "games.csv"),
    ],
    ids=["png", "xml bomb", "binary"],
)
def test_a_bad_file_gets_a_clear_message_on_the_form(client, secretary, club, data, name):
    client.force_login(secretary)
    response = upload(client, club, data, name)
    assert response.status_code == 400
    errors = response.context["form"].errors["file"]
    assert errors and all(len(error) > 20 for error in errors)
    assert counts() == (0, 0, 0, 5)


def test_a_file_and_pasted_rows_together_or_neither_are_refused(client, secretary, club):
    client.force_login(secretary)
    assert upload(client, club, xlsx_bytes(ROWS), text="a\tb").status_code == 400
    assert paste(client, club, "   ").status_code == 400


def test_a_forgotten_import_sends_back_to_the_start(client, secretary, club):
    client.force_login(secretary)
    response = client.get(import_url(club, "import_preview", token="0123456789abcdef"))
    assert response.status_code == 302 and response["Location"].endswith(import_url(club))


# -- the templates ---------------------------------------------------------------------------------------------------


def test_the_xlsx_template_has_the_layouts_headers_examples_and_instructions(client, secretary, club):
    client.force_login(secretary)
    response = client.get(import_url(club, "import_template_xlsx"))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    workbook = load_workbook(io.BytesIO(response.content))
    games = workbook["対局"]
    rows = list(games.iter_rows(values_only=True))
    assert rows[0][:5] == ("日付", "回戦", "卓", "東家", "東家 点数")
    assert len(rows) == 3
    assert len(workbook.sheetnames) == 2 and workbook.worksheets[1].max_row >= 5


def test_the_english_template_has_english_headers(client, secretary, club):
    client.force_login(secretary)
    response = client.get(import_url(club, "import_template_xlsx").replace("/c/", "/en/c/", 1))
    workbook = load_workbook(io.BytesIO(response.content))
    assert next(workbook["Games"].iter_rows(values_only=True))[:4] == ("Date", "Round", "Table", "East player")


@pytest.mark.parametrize("name", ["import_template_xlsx", "import_template_csv"])
def test_the_templates_import_once_their_names_are_created(client, secretary, club, name):
    client.force_login(secretary)
    content = client.get(import_url(club, name)).content
    if name.endswith("csv"):
        assert content.startswith("\ufeff".encode())
    location = upload(client, club, content, "template." + name.rsplit("_", 1)[1])["Location"]
    plan = client.get(location).context["plan"]
    assert len(plan.games) == 2 and len(plan.unknown) == 4
    assert all(problem.column and problem.column.startswith("player_") for problem in plan.problems)
    client.post(location, {"action": "map", **{f"name_{i}": "new" for i in range(4)}})
    plan = client.get(location).context["plan"]
    assert not plan.problems
    client.post(location, {"action": "commit", "fingerprint": plan.fingerprint})
    assert Game.objects.count() == 2


def test_the_template_has_the_players_of_the_rules_asked_for(client, secretary, club):
    from league.models import RuleSet, RuleVersion

    sanma = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち")
    RuleVersion.objects.create(
        rule_set=sanma,
        effective_from="2020-01-01",
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [20, 0, -20]},
    )
    client.force_login(secretary)
    content = client.get(import_url(club, "import_template_csv") + "?rule_set=sanma").content
    header = read_bytes(content, "t.csv").rows[0][1]
    assert "北家" not in header and "西家 点数" in header


def test_a_name_mapped_by_mistake_can_be_unmapped(client, secretary, club):
    client.force_login(secretary)
    location = upload(client, club, xlsx_bytes([game_row(names=("東田", *NAMES[1:]))]))["Location"]
    client.post(location, {"action": "map", "name_0": "new"})
    assert not client.get(location).context["plan"].problems
    client.post(location, {"action": "map", "name_0": ""})
    assert client.get(location).context["plan"].unmapped
