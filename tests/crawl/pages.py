"""Which pages are read, by whom and in which languages: every named URL of the resolver, its arguments filled
with ids of the demo data and of the day (day.py).  A club page missing from PAGES (tests/league/test_roles.py)
or an address this module cannot fill stops the save, so that a new page is never left out unnoticed."""

import hashlib
import re
from urllib.parse import parse_qsl, unquote_plus, urlencode

from janroku.url_map import routes

from .day import CLUB, SITE_ADMIN, model

CLUB_ROUTES = "c/<slug:slug>/"
# Query strings read besides a club page's plain address (its first object's): ``{season}``, ``{member}`` …
# are that object's, ``{each_rule_set}`` makes one address per rule set of the club.
QUERIES = {
    "standings": [
        "season=all",
        "rule_set={each_rule_set}",
        "view=projector",
        "from=2026-10-01&to=2026-10-31&min_games=0",
        "season=nonsense",
    ],
    "standings_print": ["season=all"],
    "api_standings": ["season=all", "rule_set={each_rule_set}", "season=nonsense"],
    "running_standings": ["meetings=2", "season=all", "rule_set={each_rule_set}"],
    "awards": ["season=all"],
    "records": ["rule_set={each_rule_set}"],
    "season_money": ["season=all"],
    "member_page": ["season=all"],
    "api_member": ["page=2", "season=all"],
    "export": ["season={season}&rule_set=&min_games=0", "season=nonsense"],
    "export_xlsx": ["season={season}&rule_set=&min_games=0", "season=all&rule_set={rule_set}&min_games=0"],
    "export_csv": ["season={season}&rule_set=&min_games=0", "season=all&rule_set={each_rule_set}", "season=nonsense"],
    "choose_meeting": ["choose=1"],
    "make_invite": ["member={member}"],
    "import_template_xlsx": ["rule_set={each_rule_set}"],
    "import_template_csv": ["rule_set={each_rule_set}"],
    "manage_members": ["q={member_name}"],
    "recompute_rules": ["version={version}"],
}
DAY_QUERIES = {"enter_game": ["report={report}", "round=2&table=1"]}  # of the day's meeting
DAY_ARGUMENTS = {"round_number", "table", "report_id", "number"}  # the pages of the day's drawn tables and report
NO_TOKEN = "nothing-waiting"  # the waiting import's token of a visitor who has none
QUERIED = (CLUB, "touten")  # whose pages are also read with QUERIES and their own links (touten: five rule sets)
# CLUB's meetings and members past its first EVERY_FROM are read in Japanese by EVERY_BY; the other clubs by
# BESIDES_CLUB_BY (both languages): the save stays within a few minutes on two cores.
EVERY = ("meeting_id", "member_id")
EVERY_FROM = 3
EVERY_BY = ("owner", "member", "anonymous")
BESIDES_CLUB_BY = ("owner", "member", "anonymous")
# The season workbook is the same for everyone who may have it: the owner reads it, those who may not are refused.
WORKBOOKS = ("export_xlsx", "job_download")
WORKBOOKS_BY = ("owner", "outsider", "anonymous")
ADMIN_FOR_ALL = ("admin/index", "admin/login")  # the admin pages every visitor reads (the rest: the site admin)


class Page:
    """An address to read; its answer goes to ``file`` (under the language and the visitor)."""

    def __init__(self, file, url, *, shown=None, links=False, then=False, visitors=None, languages=None):
        self.file, self.url, self.shown = file, url, shown or url  # ``shown``: the address as saved
        self.visitors, self.languages = visitors, languages  # who reads it, and in which languages (None: all)
        self.links = links  # also read its links back to itself: downloads, page 2, a few sorts
        self.then = then  # also read where its redirect leads


def safe(text):
    """``text`` as part of a file name: letters, digits and ``_=.,~+-`` kept, a long one shortened with a hash."""
    text = re.sub(r"[^\w=.,~+-]", "_", text)
    if len(text) > 150:
        text = f"{text[:130]}_{hashlib.sha256(text.encode()).hexdigest()[:12]}"
    return text


def file_name(name, arguments, query=""):
    """``name.argument=id…~query``: the page's name, its arguments but the club, and its query string."""
    parts = [name] + [f"{key}={value}" for key, value in arguments.items() if key != "slug"]
    return safe(".".join(parts) + (f"~{unquote_plus(query)}" if query else ""))


def club_ids(club, day):
    """For each argument of the club pages, the ids to read; the first stands for its kind."""
    meetings = list(model("Meeting").objects.filter(club=club).order_by("-date", "-pk").values_list("pk", flat=True))
    members = list(model("Member").objects.filter(club=club).order_by("pk").values_list("pk", flat=True))
    games = model("Game").objects.filter(meeting__club=club).order_by("pk")
    picked = [
        games.filter(meeting_id=meetings[1]).order_by("round", "table").first(),
        games.filter(yakuman__isnull=False).first(),
        games.filter(seats__bust__lt=0).first(),
        games.filter(seats__chips__gt=0).first(),
        games.first(),
    ]
    ids = {
        "slug": [club.slug],
        "meeting_id": meetings if club.slug == CLUB else meetings[:2],
        "member_id": members if club.slug == CLUB else members[:1],
        "rule_set_id": list(club.rule_sets.order_by("pk").values_list("pk", flat=True)),
        "season_id": list(club.seasons.order_by("pk").values_list("pk", flat=True)),
        "game_id": [game.pk for game in picked if game is not None],
    }
    if club.slug == CLUB:  # the day's meeting comes first: the latest
        ids.update(
            game_id=[day["corrected"], day["voided"], *ids["game_id"]],
            guest_id=list(model("Member").objects.filter(club=club, guest=True).values_list("pk", flat=True)),
            membership_id=list(club.memberships.order_by("pk").values_list("pk", flat=True)),
            adjustment_id=list(club.adjustments.order_by("pk").values_list("pk", flat=True)),
            invite_id=[day["invite"]],
            batch_id=[day["batch"]],
            job_id=[day["job"]],
        )
    ids["game_id"] = list(dict.fromkeys(ids["game_id"]))
    return {key: values for key, values in ids.items() if values}


def query_values(club, ids, day):
    """What QUERIES' placeholders stand for in ``club``."""
    rule_set = club.rule_sets.get(pk=ids["rule_set_id"][0])
    member = model("Member").objects.get(pk=ids["member_id"][0])
    return {
        "season": ids.get("season_id", [""])[0],
        "rule_set": rule_set.slug,
        "each_rule_set": list(club.rule_sets.order_by("pk").values_list("slug", flat=True)),
        "member": member.pk,
        "member_name": member.name,
        "version": rule_set.versions.order_by("effective_from").last().pk,
        "report": day["report"],
    }


def with_values(template, values):
    """The query strings ``template`` stands for (one per rule set with ``{each_rule_set}``)."""
    if "{each_rule_set}" in template:
        return [
            query
            for slug in values["each_rule_set"]
            for query in with_values(template.replace("{each_rule_set}", slug), values)
        ]
    return [urlencode(parse_qsl(template.format(**values), keep_blank_values=True))]


def club_pages(club, day, token):
    """Every page under ``c/<slug>/`` of ``club``, with ``token`` as the visitor's waiting import."""
    from django.urls import reverse

    from ..league.test_roles import PAGES, REFUSED

    ids = {**club_ids(club, day), "token": [token]}
    values = query_values(club, ids, day)
    everyone = None if club.slug == CLUB else BESIDES_CLUB_BY
    queried = club.slug in QUERIED
    pages = []
    for name, needed, route in routes():
        if not route.startswith(CLUB_ROUTES):
            continue
        if name not in PAGES:
            raise SystemExit(f"{name}: a club page missing from PAGES in tests/league/test_roles.py")
        if needed & DAY_ARGUMENTS:
            if club.slug != CLUB:
                continue
            drawn = {"meeting_id": day["meeting"], "round_number": day["round"], "table": day["table"]}
            choices = [({"slug": club.slug, **drawn, "report_id": day["report"], "number": day["round"]}, True)]
        elif needed - set(ids):
            if club.slug == CLUB:
                raise SystemExit(f"{name}: no {', '.join(sorted(needed - set(ids)))} to fill its address with")
            continue
        else:
            first = {key: ids[key][0] for key in needed}
            choices = [(first, True)] + [
                ({**first, key: value}, number < EVERY_FROM or key not in EVERY)
                for key in sorted(needed)
                for number, value in enumerate(ids[key][1:], start=1)
            ]
            if PAGES[name]["GET"] == REFUSED:  # the same 405 whatever the object
                choices = choices[:1]
        readers = (
            tuple(who for who in WORKBOOKS_BY if who in (everyone or WORKBOOKS_BY)) if name in WORKBOOKS else everyone
        )
        for number, (arguments, for_all) in enumerate(choices):
            arguments = {key: arguments[key] for key in sorted(needed)}
            url = reverse(name, kwargs=arguments)
            file = f"{club.slug}/{file_name(name, arguments)}"
            if for_all:
                pages.append(Page(file, url, links=number == 0 and queried, visitors=readers))
            else:
                pages.append(Page(file, url, visitors=EVERY_BY, languages=("ja",)))
            queries = QUERIES.get(name, []) if number == 0 and queried else []
            if arguments.get("meeting_id") == day["meeting"]:
                queries = DAY_QUERIES.get(name, [])
            for template in queries:
                for query in with_values(template, values):
                    file = f"{club.slug}/{file_name(name, arguments, query)}"
                    pages.append(Page(file, f"{url}?{query}", visitors=readers))
    return pages


def site_pages(day):
    """The pages outside the clubs and the admin: the clubs, logins, sign-up, invites, passwords."""
    from django.urls import reverse
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    login = urlsafe_base64_encode(force_bytes(day["member_login"]))
    choices = {
        "use_invite": [{"token": day["invite_token"]}, {"token": "no-such-invite"}],
        "password_reset_confirm": [{"uidb64": login, "maker": "nobody", "token": "no-such-token"}],
        "password_reset_confirm_unsigned": [{"uidb64": login, "token": "no-such-token"}],
    }
    pages = []
    for name, needed, route in routes():
        if route.startswith(CLUB_ROUTES) or ":" in name:
            continue
        if needed and name not in choices:
            raise SystemExit(f"{name}: no values to fill its address with")
        for arguments in choices.get(name, [{}]):
            arguments = {key: arguments[key] for key in sorted(needed)}
            pages.append(Page(f"site/{file_name(name, arguments)}", reverse(name, kwargs=arguments)))
    # The owner's password link for the member, then the form it leads to.
    shown = re.sub(r"[^/]+/$", "[token]/", day["password_link"])
    pages.append(Page("site/password_reset_confirm.link", day["password_link"], shown=shown, then=True))
    return pages


def admin_pages():
    """The admin, for the site admin: its own pages, each app's, each model's list and add form, and its first
    object's change, history and delete pages (and its first historical record's page)."""
    from django.apps import apps
    from django.contrib import admin
    from django.urls import reverse

    models = {
        f"{registered._meta.app_label}_{registered._meta.model_name}": registered
        for registered in apps.get_models()
        if admin.site.is_registered(registered)
    }
    users = models["auth_user"]
    first_user = users._default_manager.order_by("pk").first()
    user_type = apps.get_model("contenttypes", "ContentType").objects.get_for_model(users)
    pages = []
    for name, needed, route in routes():
        if not name.startswith("admin:"):
            continue
        short = name.removeprefix("admin:")
        kind = short.rpartition("_")[0]
        args = []
        if short == "app_list":
            choices = [{"app_label": label} for label in sorted({m._meta.app_label for m in models.values()})]
        elif short == "view_on_site":
            choices = [{"content_type_id": user_type.pk, "object_id": first_user.pk}]
        elif short == "auth_user_password_change":
            choices = [{"id": first_user.pk}]
        elif not needed and not route.endswith("$"):
            choices = [{}]
        elif short.endswith("_simple_history") and short.removesuffix("_simple_history") in models:
            shown = models[short.removesuffix("_simple_history")]
            first = shown._default_manager.order_by("pk").first()
            record = shown.history.filter(id=first.pk).order_by("history_id").first() if first else None
            if record is None:
                continue
            choices, args = [{}], [first.pk, record.history_id]
        elif kind in models:
            first = models[kind]._default_manager.order_by("pk").first()
            if first is None:
                continue
            choices = [{"object_id": first.pk}]
        else:
            raise SystemExit(f"{name}: an admin page this crawl does not know how to fill")
        for arguments in choices:
            url = reverse(name, args=args or None, kwargs=arguments or None)
            file = f"admin/{file_name(short, arguments)}" + "".join(f".{arg}" for arg in args)
            everyone = None if f"admin/{short}" in ADMIN_FOR_ALL else (SITE_ADMIN,)
            pages.append(Page(file, url, visitors=everyone))
    return pages
