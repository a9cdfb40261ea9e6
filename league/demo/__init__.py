"""Demo data (デモデータ): a season of believable results for every seed club, and logins to try them.

``create_demo`` is what ``manage.py demo`` runs.  It is deterministic (seeded
per club) and idempotent: a club that already has members, seasons or
meetings is left alone unless ``reset`` is given, which deletes that club's
results and people first.  ``report`` turns the outcome into the lines the
command prints.

- ``hanchan``: plays a game hand by hand to get final scores (pure Python);
- ``names``: member names with their kana;
- ``clubs``: where and how each seed club meets and plays;
- ``build``: creates one club's members, season, meetings and games through the engine;
- ``accounts``: the owner / secretary / member logins.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from ..models.clubs import Club
from .accounts import ACCOUNTS, PASSWORD, ensure_accounts, link_members
from .build import DemoError, build_club, delete_club_data, existing, season_for
from .clubs import LINKED_CLUB, PLANS
from .names import roster

__all__ = ["PASSWORD", "PLANS", "DemoError", "create_demo", "report"]


@dataclass
class Outcome:
    clubs: list = field(default_factory=list)  # (club, "created" or "skipped", Summary)
    missing: list = field(default_factory=list)  # seed slugs not loaded
    accounts: dict = field(default_factory=dict)  # username → (user, created)
    linked: dict = field(default_factory=dict)  # username → member name in LINKED_CLUB
    season: str = ""
    reset: bool = False


def create_demo(*, slugs=None, weeks=None, reset=False, today=None):
    """Create the demo season for the seed clubs ``slugs`` (all five by default); returns an Outcome."""
    today = today or timezone.localdate()
    slugs = list(slugs or PLANS)
    clubs = list(Club.objects.filter(slug__in=slugs).order_by("pk"))  # seed 000 first
    outcome = Outcome(missing=sorted(set(slugs) - {club.slug for club in clubs}), reset=reset)
    outcome.season = season_for(today)[0]
    outcome.accounts = ensure_accounts(Club.objects.filter(slug__in=PLANS), reset=reset)
    secretary = outcome.accounts["secretary"][0]
    for club in clubs:
        plan = PLANS[club.slug]
        with transaction.atomic():
            had = existing(club)
            if had is not None and not reset:
                outcome.clubs.append((club, "skipped", had))
                continue
            if had is not None:
                delete_club_data(club)
            summary = build_club(club, plan, today=today, weeks=weeks, secretary=secretary)
        outcome.clubs.append((club, "created", summary))
    linked_club = Club.objects.filter(slug=LINKED_CLUB).first()
    if linked_club is not None:
        plan = PLANS[LINKED_CLUB]
        names = [name for name, _ in roster(LINKED_CLUB, plan.members, plan.female_share)]
        users = [outcome.accounts[username][0] for username, _, _ in ACCOUNTS]
        outcome.linked = link_members(linked_club, users, names)
    return outcome


def report(outcome):
    """The lines ``manage.py demo`` prints: what each club got, then how to log in."""
    lines = [f"Demo data for the seed clubs (season {outcome.season}):"]
    for club, status, summary in outcome.clubs:
        name = f"{club.name}:"
        if status == "created":
            lines.append(
                f"  {name} created {summary.members} members, {summary.meetings} meetings, "
                f"{summary.games} games ({summary.busts} busts, {summary.yakuman} yakuman, "
                f"{summary.ties} ties)"
            )
        else:
            lines.append(
                f"  {name} already has data (members {summary.members}, meetings {summary.meetings}, "
                f"games {summary.games}): skipped; `manage.py demo --reset --club {club.slug}` "
                "recreates it"
            )
    for slug in outcome.missing:
        lines.append(f"  {slug}: not loaded, skipped (run `manage.py load_seed_clubs` first)")
    # bin/start says next where the site serves (it may not be the default address: PORT).
    lines += ["", "Log in with a demo account (for trying the site locally only):"]
    for username, role, does in ACCOUNTS:
        line = f"  {username:<9} / {PASSWORD} — {role.value} of every seed club: {does}"
        if username in outcome.linked:
            line += f" (plays as {outcome.linked[username]} in 爆風の会)"
        lines.append(line)
    if not outcome.reset and not all(created for _, created in outcome.accounts.values()):
        lines.append("  (Existing logins keep their password and roles; `manage.py demo --reset` sets them back.)")
    return lines
