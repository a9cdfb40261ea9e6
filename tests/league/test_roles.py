"""Who may do what in a club: every club page, by method, for every kind of visitor, in a private and a public club.

PAGES below is the one table of who may use each club page; the other test files test what the
pages do, not who may open them. The table must name every URL under c/<slug>/ (read from the
resolver), so a page added to league/urls.py fails here until its line says who may use it. Every
page is rendered for every visitor, so a link to a route that does not exist fails here too.
"""

import pytest
from django.urls import URLResolver, get_resolver, resolve, reverse

from .import_files import ROWS, delimited

# Who may use a page (league/web/permissions.py decides it; this table is its specification):
READ = "read"  # the club's people; everyone when the club is public
MONEY = "money"  # the club's people only, even when the club is public: who paid what
RUN = "run"  # owner and secretaries: meetings, entering and correcting games, adjustments, imports
OWN = "own"  # the owner (and the site admin): members, logins, seasons, rules
SEATED = "seated"  # a login of the club whose member sits at the drawn table (the fixture seats the member only)
REFUSED = 405  # the page does not take this method, whoever asks

# Every club page: what each method it takes needs. Read-only pages list GET only; pages that take a
# form or do something on POST list both.
PAGES = {
    # club
    "club": {"GET": READ},
    "club_rules": {"GET": READ},
    # meetings
    "choose_meeting": {"GET": RUN},
    "start_meeting": {"GET": REFUSED, "POST": RUN},
    "meeting_detail": {"GET": READ},
    "enter_game": {"GET": RUN, "POST": RUN},
    "preview_game": {"GET": REFUSED, "POST": RUN},
    "report_table": {"GET": SEATED, "POST": SEATED},
    "preview_report": {"GET": REFUSED, "POST": SEATED},
    "turn_down_report": {"GET": RUN, "POST": RUN},
    "meeting_accounts": {"GET": RUN, "POST": RUN},
    "meeting_attendance": {"GET": RUN, "POST": RUN},
    "meeting_draw": {"GET": RUN, "POST": RUN},
    "swap_drawn_seats": {"GET": REFUSED, "POST": RUN},
    "redraw_round": {"GET": REFUSED, "POST": RUN},
    "meeting_sheet": {"GET": MONEY},
    "meeting_summary": {"GET": MONEY},
    "day_board": {"GET": READ},
    "day_board_parts": {"GET": READ},
    "close_meeting": {"GET": REFUSED, "POST": RUN},
    "reopen_meeting": {"GET": RUN, "POST": RUN},
    "resettle_meeting": {"GET": OWN, "POST": OWN},
    "season_money": {"GET": MONEY},
    # games
    "game_detail": {"GET": READ},
    "edit_game": {"GET": RUN, "POST": RUN},
    "void_game": {"GET": RUN, "POST": RUN},
    "restore_game": {"GET": REFUSED, "POST": RUN},
    "game_history": {"GET": READ},
    # standings
    "standings": {"GET": READ},
    "standings_print": {"GET": READ},
    "running_standings": {"GET": READ},
    "awards": {"GET": READ},
    "records": {"GET": READ},
    "api_standings": {"GET": READ},
    # members
    "member_list": {"GET": READ},
    "member_page": {"GET": READ},
    "api_member": {"GET": READ},
    # manage
    "manage": {"GET": OWN},
    "club_settings": {"GET": OWN, "POST": OWN},
    "manage_members": {"GET": OWN},
    "add_member": {"GET": OWN, "POST": OWN},
    "add_members": {"GET": OWN, "POST": OWN},
    "edit_member": {"GET": OWN, "POST": OWN},
    "guest_to_member": {"GET": OWN, "POST": OWN},
    "merge_guest": {"GET": OWN, "POST": OWN},
    "manage_logins": {"GET": OWN},
    "edit_login": {"GET": OWN, "POST": OWN},
    "password_link": {"GET": REFUSED, "POST": OWN},
    "lift_lockout": {"GET": REFUSED, "POST": OWN},
    "remove_login": {"GET": OWN, "POST": OWN},
    "make_invite": {"GET": OWN, "POST": OWN},
    "invite_detail": {"GET": OWN},
    "withdraw_invite": {"GET": REFUSED, "POST": OWN},
    "manage_seasons": {"GET": OWN},
    "add_season": {"GET": OWN, "POST": OWN},
    "edit_season": {"GET": OWN, "POST": OWN},
    "adjustments": {"GET": RUN},
    "add_adjustment": {"GET": RUN, "POST": RUN},
    "delete_adjustment": {"GET": RUN, "POST": RUN},
    "manage_rules": {"GET": OWN},
    "add_rule_set": {"GET": OWN, "POST": OWN},
    "edit_rule_set": {"GET": OWN, "POST": OWN},
    "new_rule_version": {"GET": OWN, "POST": OWN},
    "recompute_rules": {"GET": OWN, "POST": OWN},
    "club_activity": {"GET": OWN},
    # imports
    "import_results": {"GET": RUN, "POST": RUN},
    "import_template_xlsx": {"GET": RUN, "POST": REFUSED},
    "import_template_csv": {"GET": RUN, "POST": REFUSED},
    "import_preview": {"GET": RUN, "POST": RUN},
    "import_columns": {"GET": RUN, "POST": RUN},
    "import_batch": {"GET": RUN},
    "undo_import": {"GET": REFUSED, "POST": RUN},
    # exports
    "export": {"GET": MONEY},
    "export_xlsx": {"GET": MONEY},
    "export_csv": {"GET": MONEY},
    # background work (an export job here: who may see a job is who may start its kind of work)
    "job": {"GET": MONEY},
    "job_download": {"GET": MONEY},
}

OK = "ok"  # a GET shows the page (200); a POST gets past the permission check (its empty form is refused, or done)
# What each visitor gets from each kind of page: (private club, public club). The site admin runs every club.
EXPECTED = {
    READ: {
        "owner": (OK, OK),
        "secretary": (OK, OK),
        "member": (OK, OK),
        "outsider": (404, OK),
        "anonymous": (404, OK),
        "site_admin": (OK, OK),
    },
    MONEY: {
        "owner": (OK, OK),
        "secretary": (OK, OK),
        "member": (OK, OK),
        "outsider": (404, 403),
        "anonymous": (404, 403),
        "site_admin": (OK, OK),
    },
    RUN: {
        "owner": (OK, OK),
        "secretary": (OK, OK),
        "member": (403, 403),
        "outsider": (404, 403),
        "anonymous": (404, 403),
        "site_admin": (OK, OK),
    },
    OWN: {
        "owner": (OK, OK),
        "secretary": (403, 403),
        "member": (403, 403),
        "outsider": (404, 403),
        "anonymous": (404, 403),
        "site_admin": (OK, OK),
    },
    # Not a role: whoever plays at the table. Being owner, secretary or site admin does not seat anyone.
    SEATED: {
        "owner": (403, 403),
        "secretary": (403, 403),
        "member": (OK, OK),
        "outsider": (404, 403),
        "anonymous": (404, 403),
        "site_admin": (403, 403),
    },
}
VISITORS = ["owner", "secretary", "member", "outsider", "anonymous", "site_admin"]


def refusal(name, who, method="POST", public=False):
    """The status this table gives ``who`` (None: anonymous) for ``name`` when refused; None when allowed.

    Tests of what a page does (nothing saved when refused, say) take the expected status from here, so
    who may do what is said in this one table.
    """
    answer = EXPECTED[PAGES[name][method]][who or "anonymous"][1 if public else 0]
    return None if answer == OK else answer


def club_url_names():
    """The name of every URL under c/<slug>/, as the resolver has them (None for an unnamed one)."""

    def walk(patterns, prefix):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), pattern.name

    return {name for route, name in walk(get_resolver().url_patterns, "") if route.startswith("c/<slug:slug>/")}


def test_every_club_page_is_in_the_table():
    names = club_url_names()
    assert "club" in names and "export_csv" in names  # the walk found the club pages
    assert {"not in PAGES": names - set(PAGES), "no such page": set(PAGES) - names} == {
        "not in PAGES": set(),
        "no such page": set(),
    }


def test_the_table_says_who_may_use_each_method():
    for name, methods in PAGES.items():
        assert set(methods) <= {"GET", "POST"} and methods.get("GET"), name
        assert all(level in EXPECTED or level == REFUSED for level in methods.values()), name


def url_for(name, ids):
    wanted = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
    return reverse(name, kwargs={key: ids[key] for key in wanted})


def log_in(client, request, who, django_user_model):
    if who == "site_admin":
        client.force_login(django_user_model.objects.create_superuser("root", "root@example.jp", "admin password"))
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))


def waiting_import(client, club, ids):
    """Start an import (as the logged-in visitor, who may), so its preview page has something to show."""
    response = client.post(
        url_for("import_results", ids), {"rule_set": club.rule_sets.get().pk, "text": delimited(ROWS, delimiter="\t")}
    )
    assert response.status_code == 302, response.status_code
    return {**ids, "token": resolve(response["Location"]).kwargs["token"]}


def answered(status, method, expected):
    if expected != OK:
        return status == expected
    if method == "GET":
        return status == 200
    return status < 500 and status not in (403, 404, 405)


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("who", VISITORS)
def test_every_page_for_every_visitor(
    client, request, club, page_ids, owner, secretary, member, outsider, django_user_model, who, public
):
    club.is_public = public
    club.save()
    log_in(client, request, who, django_user_model)
    ids = page_ids
    if EXPECTED[RUN][who][public] == OK:
        ids = waiting_import(client, club, ids)
    wrong = []
    # Every GET first, then every POST (empty: forms are refused, actions happen), in the table's order,
    # so a page is read before anything is removed; editing a login comes before removing it.
    for method in ("GET", "POST"):
        for name, methods in PAGES.items():
            if method not in methods:
                continue
            level = methods[method]
            expected = REFUSED if level == REFUSED else EXPECTED[level][who][public]
            url = url_for(name, ids)
            status = (client.get(url) if method == "GET" else client.post(url)).status_code
            if not answered(status, method, expected):
                wrong.append(f"{method} {name}: {status} (expected {expected})")
    assert not wrong, "\n".join(wrong)
