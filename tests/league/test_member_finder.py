"""One member finder: the same typed name finds the same member on the entry form and in an import."""

import pytest
from django.urls import reverse

from league.models import GameSeat, Member
from league.models.member_finder import name_key

from .conftest import game_post
from .import_files import game_row, plan_of, xlsx_bytes

# Beside the club's five players: names with spaces, two names differing only in a space, a reading two
# members share, latin letters, a former member, a reading written in latin letters.
MORE_MEMBERS = [
    ("佐藤 健太", "さとう けんた", True),
    ("田中 花子", "たなか はなこ", True),
    ("田中花子", "", True),
    ("伊藤", "いとう", True),
    ("伊東", "イトウ", True),
    ("Ken", "", True),
    ("安藤", "あんどう", False),
    ("丈", "Jo", True),
]
OTHER_SEATS = ("南野二郎", "西川三郎", "北村四郎")  # the typed name is the East player's

CASES = {
    "the display name": ("東田一郎", "東田一郎"),
    "spaces around it": ("　東田一郎 ", "東田一郎"),
    "a space the name does not have": ("東田 一郎", "東田一郎"),
    "a full-width space for a half-width one": ("佐藤　健太", "佐藤 健太"),
    "the name without its space": ("佐藤健太", "佐藤 健太"),
    "the reading in hiragana": ("ひがしだいちろう", "東田一郎"),
    "the reading in katakana with a space": ("ヒガシダ イチロウ", "東田一郎"),
    "the reading in half-width katakana": ("ｻﾄｳ ｹﾝﾀ", "佐藤 健太"),
    "full-width capitals": ("ＫＥＮ", "Ken"),
    "lower case": ("ken", "Ken"),
    "an inactive member": ("安藤", "安藤"),
    "the exact spelling of one of two names differing in a space": ("田中 花子", "田中 花子"),
    "the exact spelling of the other": ("田中花子", "田中花子"),
    "a full-width space in the exact spelling": ("田中　花子", "田中 花子"),
    "a space neither has: both, so neither": ("田 中花子", None),
    "a reading two members share: neither": ("いとう", None),
    "a latin reading in another case": ("jo", "丈"),
    "nobody's name": ("山田花子", None),
}


@pytest.fixture
def roster(club):
    for name, kana, active in MORE_MEMBERS:
        Member.objects.create(club=club, name=name, kana=kana, active=active)
    return club


def through_entry(client, meeting, typed):
    """Who the entry form saves in the East seat for ``typed`` (None when it refuses the name)."""
    players = {f"player_{seat}": name for seat, name in enumerate(OTHER_SEATS, start=1)}
    response = client.post(
        reverse("enter_game", kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk}),
        game_post(player_0=typed, **players, bust_3="0"),
    )
    if response.status_code == 302:
        return GameSeat.objects.get(seat=0).member.name
    assert set(response.context["form"].errors) == {"player_0"}
    return None


def through_import(club, typed):
    """Who an imported row with ``typed`` in the East seat names (None when it is an unknown name)."""
    plan = plan_of(club, xlsx_bytes([game_row(names=(typed, *OTHER_SEATS))]))
    player = plan.games[0].players[0]
    if player is None:
        assert [name.key for name in plan.unknown] == [name_key(typed)]
        return None
    assert not plan.problems
    return player.name


@pytest.mark.parametrize(("typed", "expected"), CASES.values(), ids=CASES.keys())
def test_a_typed_name_finds_the_same_member_at_entry_and_in_an_import(
    client, secretary, meeting, roster, typed, expected
):
    client.force_login(secretary)
    assert through_entry(client, meeting, typed) == expected
    assert through_import(roster, typed) == expected


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("田 中花子", ["田中 花子", "田中花子"]),  # no reading last
        ("いとう", ["伊東", "伊藤"]),
        ("山田花子", []),
    ],
)
def test_a_name_meaning_several_members_gives_them_all_as_candidates(roster, typed, expected):
    match = Member.objects.filter(club=roster).finder().find(typed)
    assert match.member is None
    assert [member.name for member in match.candidates] == expected
    assert match.ambiguous == bool(expected)


def test_two_members_spelt_alike_are_never_one_picked_at_random(club):
    # The names differ only in a run of spaces, so their display names may both exist.
    Member.objects.create(club=club, name="田中  花子")
    Member.objects.create(club=club, name="田中 花子")
    finder = Member.objects.filter(club=club).finder()
    match = finder.find("田中 花子")
    assert match.member is None and len(match.candidates) == 2
    # Neither name contains 田中花子, yet both are offered for it.
    assert len(finder.suggestions("田中花子")) == 2


def test_only_the_clubs_members_are_found(club, roster):
    other = type(club).objects.create(slug="other", name="他の会")
    Member.objects.create(club=other, name="山田花子")
    assert Member.objects.filter(club=club).finder().find("山田花子").member is None


def test_an_imported_name_meaning_several_members_suggests_them_first(roster):
    plan = plan_of(roster, xlsx_bytes([game_row(names=("田 中花子", *OTHER_SEATS))]))
    suggestions = [member.name for member in plan.unknown[0].suggestions]
    assert suggestions[:2] == ["田中 花子", "田中花子"]  # in reading order (none last), as every member list


def test_the_entry_form_names_the_members_an_ambiguous_name_could_mean(client, secretary, meeting, roster):
    client.force_login(secretary)
    players = {f"player_{seat}": name for seat, name in enumerate(OTHER_SEATS, start=1)}
    response = client.post(
        reverse("enter_game", kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk}),
        game_post(player_0="いとう", **players, bust_3="0"),
    )
    assert response.status_code == 400
    # Candidates come in the club's member order (by reading, then name).
    assert "“いとう”は伊東、伊藤のどれかです。フルネームか読みで入力してください。" in response.content.decode()


# -- entry only: a surname, a given name, a part of the reading or a beginning -------------------------------

PARTIAL_MEMBERS = [("福田 太郎", "ふくだ たろう"), ("福山雅子", "ふくやま まさこ"), ("福田川", "ふくだがわ")]
PARTIAL_CASES = {
    "a surname (split at the name's space)": ("福田", "福田 太郎", "surname"),
    "a given name": ("太郎", "福田 太郎", "given_name"),
    "the surname's reading in hiragana": ("ふくだ", "福田 太郎", "surname"),
    "the surname's reading in katakana": ("フクダ", "福田 太郎", "surname"),
    "the given name's reading": ("タロウ", "福田 太郎", "given_name"),
    "the given name's reading of a name without a space": ("まさこ", "福山雅子", "given_name"),
    "the beginning of a name without a space": ("福山", "福山雅子", "prefix"),
    "the beginning of a reading, half-width": ("ﾌｸﾔ", "福山雅子", "prefix"),
    "the beginning of a given name": ("太", "福田 太郎", "prefix"),
    "the beginning of another club member's name": ("東田", "東田一郎", "prefix"),
    "the beginning of a reading, latin": ("higa", None, None),
}
PARTIAL_CASES_BY_TYPED = {typed: expected for typed, expected, _how in PARTIAL_CASES.values()}


@pytest.fixture
def partial_roster(club):
    for name, kana in PARTIAL_MEMBERS:
        Member.objects.create(club=club, name=name, kana=kana)
    return club


@pytest.mark.parametrize(("typed", "expected", "how"), PARTIAL_CASES.values(), ids=PARTIAL_CASES.keys())
def test_at_entry_a_part_or_a_beginning_only_one_member_has_finds_the_member(
    client, secretary, meeting, partial_roster, typed, expected, how
):
    match = Member.objects.filter(club=partial_roster).finder().find(typed)
    assert (getattr(match.member, "name", None), match.how or None) == (expected, how)
    assert not match.whole
    client.force_login(secretary)
    assert through_entry(client, meeting, typed) == expected


@pytest.mark.parametrize("typed", ["福田", "ふくだ", "太郎", "福山", "東田"])
def test_an_import_never_maps_a_part_or_a_beginning_but_pre_selects_its_member(partial_roster, typed):
    assert through_import(partial_roster, typed) is None  # an unknown name until the secretary chooses
    plan = plan_of(partial_roster, xlsx_bytes([game_row(names=(typed, *OTHER_SEATS))]))
    likely = Member.objects.get(name=PARTIAL_CASES_BY_TYPED[typed])
    assert plan.unknown[0].likely == likely and plan.unknown[0].suggestions[0] == likely


def test_a_whole_name_still_wins_over_a_part_of_another(partial_roster):
    Member.objects.create(club=partial_roster, name="太郎", kana="たろう")
    finder = Member.objects.filter(club=partial_roster).finder()
    assert finder.find("太郎").member.name == "太郎" and finder.find("太郎").whole
    assert finder.find("福田").how == "surname"  # 福田 太郎's surname, though 福田川 begins with it too


def test_a_beginning_several_members_have_names_them_all_at_entry(client, secretary, meeting, partial_roster):
    client.force_login(secretary)
    players = {f"player_{seat}": name for seat, name in enumerate(OTHER_SEATS, start=1)}
    response = client.post(
        reverse("enter_game", kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk}),
        game_post(player_0="ふく", **players, bust_3="0"),
    )
    assert response.status_code == 400
    assert (
        "“ふく”は福田 太郎、福田川、福山雅子のどれかです。名前か読みをもう少し続けて入力してください。"
        in response.content.decode()
    )


def test_the_preview_shows_the_full_name_of_a_member_found_by_a_part(client, secretary, meeting, partial_roster):
    client.force_login(secretary)
    players = {f"player_{seat}": name for seat, name in enumerate(OTHER_SEATS, start=1)}
    response = client.post(
        reverse("preview_game", kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk}),
        game_post(player_0="たろう", **players, bust_3="0"),
    )
    assert '<td class="name">福田 太郎</td>' in response.content.decode()
