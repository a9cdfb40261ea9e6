"""The site the pages are read from: the seed clubs, the demo season, and one day of 爆風の会 played through the
site's own forms, as the people of a club would (so that a refactor's site is built the same way)."""

import datetime
import io
import re
from urllib.parse import urlsplit

from .forms import read_html
from .pinning import CLOCK, DEMO_TODAY, PAGES_READ, TOKENS

CLUB = "bakufu"  # 爆風の会: the club whose day is played, and whose pages are read whole
PRIVATE_CLUB = "hyojun"  # made private, so that outsiders get its 404s
PASSWORD = "janroku-demo"  # the demo logins' (league/demo/accounts.py)
SITE_ADMIN = "site_admin"
USERNAMES = {SITE_ADMIN: "root"}  # a visitor's login, where it is not named as the visitor
VISITORS = ("owner", "secretary", "member", "outsider", "anonymous", SITE_ADMIN)
RUN_BY = ("owner", "secretary")  # who may import: each has an import waiting in their session


class Refused(Exception):
    """A form of the day was not taken as it should be: the pages would not be the ones meant."""


class Driver:
    """A test client for each visitor, reading pages and sending the site's forms; ``log`` keeps each answer."""

    def __init__(self, work):
        self.work, self.clients, self.log = work, {}, []

    def client(self, who):
        """The visitor's client, logged in when a login of that name exists (the outsider signs up first)."""
        from django.contrib.auth import get_user_model
        from django.test import Client

        if who not in self.clients:
            client = Client(raise_request_exception=False, HTTP_X_REQUEST_ID="crawl-request")
            user = get_user_model().objects.filter(username=USERNAMES.get(who, who)).first()
            if user is not None and who != "anonymous":
                client.force_login(user)
            self.clients[who] = client
        return self.clients[who]

    def get(self, who, url, key=None):
        TOKENS.reseed(f"GET {who} {key or url}")
        return self.client(who).get(url)

    def send(self, who, page, pick, changes=None, expect=(302,)):
        """The first form on ``page`` that ``pick`` accepts, as the page fills it, with ``changes``, sent."""
        from .answers import normalise

        shown = self.get(who, page)
        if shown.status_code != 200:
            raise Refused(f"{who} GET {page}: {shown.status_code}")
        forms = [form for form in read_html(shown.content.decode()).forms if form.method == "post" and pick(form)]
        if not forms:
            raise Refused(f"{who} GET {page}: no such form")
        action = forms[0].action or urlsplit(page).path
        CLOCK.tick()
        TOKENS.reseed(f"POST {who} {action} {len(self.log)}")
        sent = self.client(who).post(action, forms[0].data(**(changes or {})))
        self.log.append(f"{who} POST {action} → {sent.status_code} {sent.get('Location', '')}".rstrip())
        if sent.status_code not in expect:
            raise Refused(f"{self.log[-1]}\n{normalise(sent.content.decode(errors='replace'), self.work)[:3000]}")
        return sent


def has(*names):
    """A form with all these fields or buttons."""
    return lambda form: all(any(n == name for n, _ in form.fields + form.buttons) for name in names)


def has_value(name, value):
    return lambda form: (name, value) in form.fields + form.buttons


def argument(url, name):
    """An argument of the page at ``url``."""
    from django.urls import resolve

    return resolve(urlsplit(url).path).kwargs[name]


def model(name):
    from django.apps import apps

    return apps.get_model("league", name)


def build_site(driver):
    """A fresh database: the migrations, the seed clubs, and the demo season as of DEMO_TODAY."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_seed_clubs", verbosity=0)
    out = io.StringIO()
    call_command("demo", "--on-production", "--today", DEMO_TODAY.isoformat(), stdout=out)
    driver.log += [line for line in out.getvalue().splitlines() if not line.startswith("Done in")]


def old_results(header, names):
    """Two games of the season before as pasted from a spreadsheet, a new member among the players."""
    empty = [""] * 4
    rows = [
        ["2025-10-04", 1, 1, names[0], 41200, names[1], 30500, names[2], 18300, "新人 太郎", 10000, ""],
        [*empty, "", "", "", *empty, "持ち込み"],
        ["2025-10-04", 2, 1, names[1], 52300, names[2], 31500, "新人 太郎", 18700, names[0], -2500, ""],
        [*empty, "北:東", "", "", *empty, ""],
    ]
    games = [rows[0] + rows[1], rows[2] + rows[3]]  # date … deposit, then chips, busts, yakuman, chombo, points, note
    return "\n".join("\t".join(map(str, row)) for row in [header, *games])


def export_job(club, user, query):
    """The season workbook's job, started by the function the export page calls: ``export(club, user, query)``
    of a module of ``league.jobs``, found by its name wherever a refactor keeps it in that package."""
    import importlib
    import pkgutil

    import league.jobs

    for found in sorted(pkgutil.iter_modules(league.jobs.__path__), key=lambda module: module.name):
        starter = getattr(importlib.import_module(f"league.jobs.{found.name}"), "export", None)
        if callable(starter):
            return starter(club, user, query)
    raise Refused("no export(club, user, query) in league.jobs: tests/crawl/day.py needs to know where it went")


def play_a_day(driver):
    """爆風の会's day, DEMO_TODAY, through its pages; returns what the pages' addresses need that the day made."""
    from django.contrib.auth import get_user_model

    club = model("Club").objects.get(slug=CLUB)
    members = list(model("Member").objects.filter(club=club).order_by("pk"))
    playing = {member.user.username: member for member in members if member.user_id}  # the demo logins' members
    base = f"/c/{CLUB}"
    signup = {"username": "outsider", "password1": PASSWORD, "password2": PASSWORD, "email": ""}
    driver.send("outsider", "/signup/", has("username", "password1"), signup)
    driver.send("owner", f"/c/{PRIVATE_CLUB}/manage/settings/", has("is_public"), {"is_public": None})
    driver.send("owner", f"{base}/manage/settings/", has("is_public"), {"players_report_results": "on"})
    # The meeting: eight people and a guest here, three rounds drawn, round 1's two tables entered.
    started = driver.send("secretary", f"{base}/enter/?choose=1", has("date", "venue_fee"))
    meeting = argument(started["Location"], "meeting_id")
    today = f"{base}/meetings/{meeting}"
    for person in [*playing.values(), *[m for m in members if not m.user_id][:5]]:
        here = has_value("person", str(person.pk))
        driver.send(
            "secretary",
            f"{today}/attendance/",
            lambda form, here=here: here(form) and ("presence", "here") in form.fields,
        )
    driver.send("secretary", f"{today}/attendance/", has_value("action", "guest"), {"name": "客 一"})
    driver.send("secretary", f"{today}/draw/", has("rounds", "mark"), {"rounds": "3"})
    scores = {"score_0": "41200", "score_1": "30500", "score_2": "18300", "score_3": "10000", "action": "save"}
    for _table in (1, 2):  # the entry page opens with the next drawn table still to enter
        driver.send("secretary", f"{today}/enter/", has("score_0", "player_0"), scores)
    # The member reports their table of a later round; the report waits for the secretary.
    seats = model("DrawnSeat").objects.filter(round__meeting_id=meeting, round__number__gte=2, table__gte=1)
    seat = seats.filter(member=playing["member"]).order_by("round__number").first()
    report_page = f"{today}/report/{seat.round.number}/{seat.table}/"
    driver.send("member", report_page, has("score_0"), {**scores, "score_0": "52300", "score_1": "19400"})
    # The owner's work: an adjustment, an invite, last week's first game corrected and its second voided.
    adjustment = {"member": str(members[3].pk), "points": "-5.0", "reason": "遅刻"}
    driver.send("owner", f"{base}/manage/adjustments/add/", has("points", "reason"), adjustment)
    invited = driver.send("owner", f"{base}/manage/invites/add/", has("role"), {"member": str(members[5].pk)})
    week_ago = model("Meeting").objects.get(club=club, date=DEMO_TODAY - datetime.timedelta(days=7))
    corrected, voided = model("Game").objects.filter(meeting=week_ago).order_by("round", "table")[:2]
    east, south = (taken.score for taken in corrected.seats.order_by("seat")[:2])
    correction = {"score_0": str(east - 1000), "score_1": str(south + 1000), "action": "save"}
    driver.send("owner", f"{base}/games/{corrected.pk}/edit/", has("score_0", "revision"), correction)
    driver.send("owner", f"{base}/games/{voided.pk}/void/", has("confirmed"))
    # Old results imported by the secretary, a new member named on the way.
    header = driver.get("secretary", f"{base}/import/template.csv").content.decode("utf-8-sig").splitlines()[0]
    pasted = old_results(header.split(","), [member.name for member in members])
    preview = driver.send("secretary", f"{base}/import/", has("text"), {"text": pasted})["Location"]
    driver.send("secretary", preview, has_value("action", "map"), {"name_0": "new", "kana_0": "しんじん たろう"})
    driver.send("secretary", preview, has_value("action", "commit"))
    # The season workbook as a background job (done at once here): the export page makes one past 2,000 games.
    CLOCK.tick()
    TOKENS.reseed("export job")
    secretary = get_user_model().objects.get(username="secretary")
    job = export_job(club, secretary, f"season={club.seasons.get().pk}&rule_set=&min_games=0")
    driver.log.append(f"export job {job.id}: {job.state}")
    get_user_model().objects.create_superuser(USERNAMES[SITE_ADMIN], "root@example.jp", PASSWORD)
    return {
        "meeting": meeting,
        "round": seat.round.number,
        "table": seat.table,
        "report": model("ReportedResult").objects.get(meeting_id=meeting).pk,
        "invite": argument(invited["Location"], "invite_id"),
        "corrected": corrected.pk,
        "voided": voided.pk,
        "batch": model("ImportBatch").objects.get(club=club).pk,
        "job": job.id,
        "pasted": pasted,
    }


def ready_to_read(driver, day):
    """Each visitor logged in; an import waiting in the owner's and the secretary's sessions; the owner's
    password link for the member's login (made after the logins: a login would end it).  Then the clock moves
    on to PAGES_READ.  Returns each runner's waiting import's token."""
    from django.contrib.auth import get_user_model

    for who in VISITORS:
        driver.client(who)
    base = f"/c/{CLUB}"
    tokens = {}
    for who in RUN_BY:
        preview = driver.send(who, f"{base}/import/", has("text"), {"text": day["pasted"]})["Location"]
        driver.get(who, preview)  # the page that shows its message, once
        tokens[who] = argument(preview, "token")
    membership = model("Membership").objects.get(club__slug=CLUB, user__username="member")
    TOKENS.reseed("password link")
    made = driver.client("owner").post(f"{base}/manage/logins/{membership.pk}/password-link/")
    link = re.search(r"https?://testserver(/account/set-password/[^\"'<\s]+/)", made.content.decode())
    driver.log.append(f"owner POST password-link → {made.status_code}")
    if made.status_code != 200 or link is None:
        raise Refused("owner POST password-link: no link")
    day["password_link"] = link.group(1)
    day["member_login"] = get_user_model().objects.get(username="member").pk
    day["invite_token"] = model("Invite").objects.get(pk=day["invite"]).token
    CLOCK.set(PAGES_READ)
    return tokens
