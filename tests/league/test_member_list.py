"""Adding members from a pasted list (まとめて追加): reading the lines, checking them, adding all or nobody."""

import pytest
from django.contrib.messages import get_messages
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from league.forms.member_list import read_lines
from league.models import Member
from league.services.people import add_members
from league.services.refusals import Refused

from .conftest import PLAYERS
from .standings_html import classes, find_all, text_of

pytestmark = pytest.mark.django_db


def url(club, language="en"):
    with translation.override(language):
        return reverse("add_members", args=[club.slug])


def rows(response):
    """Each checked person as (line, name, reading box's value, suggested?, problems)."""
    page = parse_html(response.content.decode())
    found = []
    bodies = find_all(page, lambda n: n.name == "tbody")
    for row in [child for body in bodies for child in body.children if getattr(child, "name", "") == "tr"]:
        box = find_all(row, lambda n: n.name == "input")[0]
        problems = find_all(row, lambda n: n.name == "td" and "problems" in classes(n))[0]
        found.append(
            (
                text_of(row.children[0]).strip(),
                text_of(row.children[1]).strip(),
                dict(box.attributes).get("value", ""),
                bool(find_all(row, lambda n: "suggested" in classes(n))),
                [text_of(p).strip() for p in find_all(problems, lambda n: "error" in classes(n))],
            )
        )
    return found


def save_button(response):
    page = parse_html(response.content.decode())
    return find_all(page, lambda n: n.name == "button" and dict(n.attributes).get("value") == "save")


def check(client, club, text):
    return client.post(url(club), {"text": text, "action": "check"})


def add(client, club, text, readings, language="en"):
    return client.post(
        url(club, language),
        {"text": text, "action": "save", **{f"reading_{index}": reading for index, reading in enumerate(readings)}},
    )


# -- reading the lines -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name", "reading"),
    [
        ("佐藤 翔太", "佐藤 翔太", ""),  # a space is part of the name
        ("佐藤　翔太", "佐藤 翔太", ""),  # a full-width one too
        ("山田 さくら", "山田 さくら", ""),  # a given name in kana is not a reading
        ("佐藤翔太\tさとうしょうた", "佐藤翔太", "さとうしょうた"),
        ("佐藤 翔太, さとう しょうた", "佐藤 翔太", "さとう しょうた"),
        ("佐藤翔太，サトウショウタ", "佐藤翔太", "さとうしょうた"),  # full-width comma, katakana
        ("佐藤翔太、さとうしょうた", "佐藤翔太", "さとうしょうた"),
        ("佐藤翔太（さとうしょうた）", "佐藤翔太", "さとうしょうた"),
        ("佐藤 翔太 (さとう しょうた)", "佐藤 翔太", "さとう しょうた"),
        ("=SUM(A1)", "=SUM(A1)", ""),  # only kana in parentheses is a reading
        ("田中(父)", "田中(父)", ""),
        ("佐藤()", "佐藤()", ""),
        ("  ＝佐藤  ", "=佐藤", ""),  # "=" is a character of a name like any other
        ("佐藤翔太,", "佐藤翔太", ""),
    ],
)
def test_a_line_gives_a_name_and_maybe_a_reading(line, name, reading):
    people, empty = read_lines(line)
    assert [(person.name, person.typed_reading) for person in people] == [(name, reading)]
    assert empty == 0


def test_empty_lines_are_counted_and_skipped():
    people, empty = read_lines("佐藤翔太\n\n   \n　\r\n鈴木一郎\n")
    assert [(person.line, person.name) for person in people] == [(1, "佐藤翔太"), (5, "鈴木一郎")]
    assert empty == 3


# -- checking ---------------------------------------------------------------------------------------------------


def test_the_owner_checks_a_list_and_sees_readings_given_and_suggested(client, club, owner):
    client.force_login(owner)
    response = check(client, club, "佐藤 翔太\n\n鈴木一郎, すずき いちろう\nJohn Smith\n")
    assert response.status_code == 200
    assert rows(response) == [
        ("1", "佐藤 翔太", "さとう しょうた", True, []),
        ("3", "鈴木一郎", "すずき いちろう", False, []),
        ("4", "John Smith", "", False, []),
    ]
    assert "1 empty line skipped." in response.content.decode()
    assert save_button(response)
    assert Member.objects.filter(club=club).count() == 5  # nothing is added by checking


def test_problems_are_shown_on_their_lines_and_nothing_can_be_added(client, club, owner):
    Member.objects.create(club=club, name="ビジター", guest=True)
    client.force_login(owner)
    text = "\n".join(["東田 一郎", "ﾋﾞｼﾞﾀｰ", "佐藤翔太", "佐藤 翔太", "長" * 41, "鈴木一郎, suzuki", ", さとう"])
    response = check(client, club, text)
    assert response.status_code == 400
    found = {line: problems for line, _name, _reading, _suggested, problems in rows(response)}
    assert found == {
        "1": ["The club already has “東田一郎” (a member or a guest)."],  # spaces aside, as the finder compares
        "2": ["The club already has “ビジター” (a member or a guest)."],  # a guest too, half-width alike
        "3": [],
        "4": ["The same name as line 3."],
        "5": ["The name is longer than 40 characters."],
        "6": ["Write the reading in hiragana or katakana."],
        "7": ["No name before the reading."],
    }
    assert "6 lines have a problem" in response.content.decode()
    assert not save_button(response)


def test_an_empty_list_is_refused(client, club, owner):
    client.force_login(owner)
    response = check(client, club, "\n  \n")
    assert response.status_code == 400
    assert "Type or paste the names, one person a line." in response.content.decode()
    assert not rows(response)


def test_a_list_longer_than_a_club_is_refused(client, club, owner):
    client.force_login(owner)
    response = check(client, club, "\n".join(f"会員{number}" for number in range(201)))
    assert response.status_code == 400
    assert "At most 200 people at a time: this list has 201." in response.content.decode()


# -- adding -----------------------------------------------------------------------------------------------------


def test_the_owner_adds_everyone_with_the_readings_as_corrected(client, club, owner):
    client.force_login(owner)
    text = "佐藤 翔太\n\n鈴木一郎, すずき いちろう\n=山田\nJohn Smith"
    response = add(client, club, text, ["さとう しょおた", "スズキ イチロウ", "やまだ", ""])
    assert response.status_code == 302
    assert [str(message) for message in get_messages(response.wsgi_request)] == ["Added 4 members."]
    added = Member.objects.filter(club=club).exclude(name__in=[name for name, _kana in PLAYERS])
    assert sorted(added.values_list("name", "kana", "guest", "active")) == [
        ("=山田", "やまだ", False, True),
        ("John Smith", "", False, True),
        ("佐藤 翔太", "さとう しょおた", False, True),
        ("鈴木一郎", "すずき いちろう", False, True),
    ]


def test_the_message_is_japanese_by_default(client, club, owner):
    client.force_login(owner)
    response = add(client, club, "\n".join(f"会員{number}" for number in range(12)), [""] * 12, language="ja")
    assert response.status_code == 302
    assert [str(message) for message in get_messages(response.wsgi_request)] == ["12人を追加しました。"]


def test_a_problem_left_when_adding_adds_nobody(client, club, owner):
    client.force_login(owner)
    response = add(client, club, "佐藤翔太\n鈴木一郎", ["さとうしょうた", "suzuki"])
    assert response.status_code == 400
    assert rows(response)[1][4] == ["Write the reading in hiragana or katakana."]
    assert not Member.objects.filter(club=club, name__in=["佐藤翔太", "鈴木一郎"]).exists()


def test_a_name_taken_between_checking_and_adding_adds_nobody(client, club, owner):
    client.force_login(owner)
    checked = check(client, club, "佐藤翔太\n鈴木一郎")
    assert save_button(checked)
    Member.objects.create(club=club, name="鈴木 一郎")  # someone else adds him meanwhile
    response = add(client, club, "佐藤翔太\n鈴木一郎", ["さとうしょうた", "すずきいちろう"])
    assert response.status_code == 400
    assert not Member.objects.filter(club=club, name="佐藤翔太").exists()


def test_the_service_adds_all_or_nobody(club):
    with pytest.raises(Refused):
        add_members(club, [("佐藤翔太", "さとうしょうた"), ("南野 二郎", "")])
    assert not Member.objects.filter(club=club, name="佐藤翔太").exists()
    with pytest.raises(Refused):
        add_members(club, [("佐藤翔太", ""), ("佐藤 翔太", "")])
    assert not Member.objects.filter(club=club, name="佐藤翔太").exists()
    added = add_members(club, [("佐藤翔太", "さとうしょうた"), ("鈴木一郎", "")])
    assert [member.history.count() for member in added] == [1, 1]


@pytest.mark.parametrize("who", ["secretary", "member"])
def test_only_the_owner_adds_a_list(client, club, request, who):
    client.force_login(request.getfixturevalue(who))
    response = add(client, club, "佐藤翔太", ["さとうしょうた"])
    assert response.status_code == 403
    assert not Member.objects.filter(club=club, name="佐藤翔太").exists()


def test_the_members_page_links_to_the_list(client, club, owner):
    client.force_login(owner)
    response = client.get(reverse("manage_members", args=[club.slug]))
    page = parse_html(response.content.decode())
    assert find_all(page, lambda n: n.name == "a" and dict(n.attributes).get("href") == url(club, "ja"))
