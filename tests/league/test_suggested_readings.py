"""Where the suggested reading fills in what nobody typed: a member added alone, a guest made a member, members and
guests an import creates, a visitor seated as a guest at entry."""

import pytest
from django.contrib.messages import get_messages
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from league.imports.commit import commit
from league.imports.names import NewMember
from league.models import Member

from .conftest import game_post
from .import_files import NAMES, game_row, plan_of, xlsx_bytes
from .standings_html import find_all

pytestmark = pytest.mark.django_db


def url(name, *args):
    with translation.override("en"):
        return reverse(name, args=args)


def messages_of(response):
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_a_member_added_without_a_reading_gets_the_suggested_one_and_is_told(client, club, owner):
    client.force_login(owner)
    response = client.post(url("add_member", club.slug), {"name": "佐藤 翔太", "kana": " ", "active": "on"})
    assert response.status_code == 302
    assert Member.objects.get(club=club, name="佐藤 翔太").kana == "さとう しょうた"
    assert messages_of(response) == [
        "Member 佐藤 翔太 added, with the reading さとう しょうた suggested from the name: if it is wrong, correct it "
        "on the member's page."
    ]


def test_a_reading_typed_is_kept_and_a_name_without_one_is_added_without(client, club, owner):
    client.force_login(owner)
    client.post(url("add_member", club.slug), {"name": "佐藤翔太", "kana": "さとうかける", "active": "on"})
    response = client.post(url("add_member", club.slug), {"name": "John", "kana": "", "active": "on"})
    assert dict(Member.objects.filter(name__in=["佐藤翔太", "John"]).values_list("name", "kana")) == {
        "佐藤翔太": "さとうかける",
        "John": "",
    }
    assert messages_of(response)[-1] == "Member John added."


def test_an_edited_members_reading_emptied_stays_empty(client, club, owner):
    higashida = Member.objects.get(name="東田一郎")
    client.force_login(owner)
    client.post(url("edit_member", club.slug, higashida.pk), {"name": "東田一郎", "kana": "", "active": "on"})
    higashida.refresh_from_db()
    assert higashida.kana == ""


def test_a_guest_made_a_member_is_offered_the_suggested_reading(client, club, owner):
    guest = Member.objects.create(club=club, name="佐藤 翔太", guest=True, kana="")
    client.force_login(owner)
    page = parse_html(client.get(url("guest_to_member", club.slug, guest.pk)).content.decode())
    box = find_all(page, lambda n: n.name == "input" and dict(n.attributes).get("name") == "kana")[0]
    assert dict(box.attributes)["value"] == "さとう しょうた"


def test_an_import_creates_members_and_guests_with_the_readings_suggested(club, secretary):
    data = xlsx_bytes(
        [
            game_row(names=(*NAMES[:2], "佐藤 翔太", "鈴木一郎")),
            game_row(round=2, names=(*NAMES[:2], "佐藤 翔太", "Tom")),
        ]
    )
    first = plan_of(club, data)
    unknown = {name.name: name.key for name in first.unknown}
    mapping = {
        unknown["佐藤 翔太"]: NewMember("佐藤 翔太"),
        unknown["鈴木一郎"]: NewMember("鈴木一郎", kana="スズキ"),
        unknown["Tom"]: NewMember("Tom", guest=True),
    }
    commit(plan_of(club, data, mapping=mapping), mapping, secretary)
    created = Member.objects.filter(name__in=unknown).values_list("name", "kana", "guest")
    assert sorted(created) == [
        ("Tom", "", True),
        ("佐藤 翔太", "さとう しょうた", False),
        ("鈴木一郎", "すずき", False),
    ]


def test_a_visitor_seated_at_entry_gets_the_suggested_reading(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(
        f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/",
        game_post(player_3="山田 花子", guest_3="on", bust_3="0"),
    )
    assert response.status_code == 302
    assert Member.objects.get(name="山田 花子").kana == "やまだ はなこ"
