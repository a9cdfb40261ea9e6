"""The owner's club settings page: the club's name, description, usual venue and fee, with their history.

Who may open the page at all is the role matrix's (tests/league/test_roles.py, ``club_settings``); here the
refusals check that nothing changes for those refused.
"""

import pytest
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from league.models import Club
from league.services.clubs import save_club_settings

from .standings_html import classes, find_all, text_of
from .test_roles import refusal

KEPT = {"is_public": "", "award_titles": ["points"], "award_min_games": "20"}


def settings_url(club, language="ja"):
    with translation.override(language):  # the address carries the language: /en/c/… for English
        return reverse("club_settings", kwargs={"slug": club.slug})


def post(client, club, language="ja", **fields):
    values = {"name": club.name, "description": "", "venue": "", "usual_venue_fee": "", **KEPT, **fields}
    return client.post(settings_url(club, language), values)


def parsed(response):
    return parse_html(response.content.decode())


def errors_of(response):
    return [text_of(node).strip() for node in find_all(parsed(response), lambda n: "error" in classes(n))]


def field(page, tag, name):
    """The one ``tag`` named ``name`` on the page (None when there is none), its attributes as a dict."""
    found = find_all(page, lambda n: n.name == tag and dict(n.attributes).get("name") == name)
    assert len(found) <= 1
    return found[0] if found else None


def test_the_page_shows_the_club_as_it_is_and_the_address_name_read_only(client, owner, club):
    Club.objects.filter(pk=club.pk).update(venue="雀荘かぜ", usual_venue_fee=6000, description="毎週土曜")
    client.force_login(owner)
    page = parsed(client.get(settings_url(club)))
    assert dict(field(page, "input", "name").attributes)["value"] == "風の会"
    assert text_of(field(page, "textarea", "description")).strip() == "毎週土曜"
    assert dict(field(page, "input", "venue").attributes)["value"] == "雀荘かぜ"
    assert dict(field(page, "input", "usual_venue_fee").attributes)["value"] == "6000"
    assert field(page, "input", "slug") is None  # the address name is shown, never a box
    [address] = find_all(page, lambda n: "address-name" in classes(n))
    assert [text_of(code) for code in find_all(address, lambda n: n.name == "code")] == ["kaze"]


def test_the_owner_saves_name_description_venue_and_fee_with_history(client, owner, club):
    client.force_login(owner)
    response = post(
        client,
        club,
        name=" 風の会 土曜の部 ",
        description="毎週土曜 13時から\n初心者歓迎",
        venue="雀荘かぜ 2階",
        usual_venue_fee="１，５００円",
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.description, club.venue, club.usual_venue_fee, club.slug) == (
        "風の会 土曜の部",
        "毎週土曜 13時から\n初心者歓迎",
        "雀荘かぜ 2階",
        1500,
        "kaze",
    )
    record = club.history.first()
    assert record.history_user == owner and record.name == "風の会 土曜の部" and record.usual_venue_fee == 1500
    assert record.prev_record.name == "風の会"


@pytest.mark.parametrize(
    "typed, yen", [("6000", 6000), ("6,000", 6000), ("６０００", 6000), ("￥6,000", 6000), ("6000円", 6000), ("", 0)]
)
def test_the_fee_is_read_as_people_write_yen(client, owner, club, typed, yen):
    client.force_login(owner)
    assert post(client, club, usual_venue_fee=typed).status_code == 302
    club.refresh_from_db()
    assert club.usual_venue_fee == yen


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"name": ""}, "クラブの名前を入力してください。"),
        ({"name": "\u3000 \u202e"}, "クラブの名前を入力してください。"),
        ({"usual_venue_fee": "▲500"}, "0以上の金額（円）を入力してください。"),
        ({"usual_venue_fee": "千五百"}, "「千五百」は整数ではありません。"),
        ({"description": "あ" * 2001}, "説明は2000文字以内にしてください（2001文字あります）。"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_saved(client, owner, club, fields, message):
    client.force_login(owner)
    response = post(client, club, venue="新しい場所", **fields)
    assert response.status_code == 400
    assert message in errors_of(response)
    club.refresh_from_db()
    assert club.name == "風の会" and club.venue == "" and club.history.count() == 1


def test_the_refusal_reads_in_english(client, owner, club):
    client.force_login(owner)
    response = post(client, club, language="en", name=" ")
    assert response.status_code == 400 and "Type the club's name." in errors_of(response)


@pytest.mark.parametrize("who", ["secretary", "member", "outsider", None])
def test_nobody_but_the_owner_changes_the_settings(client, request, club, secretary, member, outsider, who):
    if who:
        client.force_login(request.getfixturevalue(who))
    response = post(client, club, name="乗っ取り", usual_venue_fee="9000")
    assert response.status_code == refusal("club_settings", who)
    club.refresh_from_db()
    assert club.name == "風の会" and club.usual_venue_fee == 0


def test_the_service_keeps_what_it_is_not_given_and_never_the_address_name(club):
    save_club_settings(club, venue="雀荘かぜ")
    club.refresh_from_db()
    assert club.venue == "雀荘かぜ" and club.name == "風の会"
    with pytest.raises(TypeError):
        save_club_settings(club, slug="other")
    club.refresh_from_db()
    assert club.slug == "kaze"
