"""The demo logins: owner, secretary and member of every seed club, for trying the site locally."""

from django.contrib.auth import get_user_model

from ..models.people import Member, Membership, Role

PASSWORD = "janroku-demo"

# username, role in every seed club, what the login may do
ACCOUNTS = (
    ("owner", Role.OWNER, "manages members, logins, seasons and rules, and enters results"),
    ("secretary", Role.SECRETARY, "enters and corrects results, opens and closes meetings"),
    ("member", Role.MEMBER, "reads the standings, the day's results and their own history"),
)


def ensure_accounts(clubs, *, reset=False):
    """Create the demo users and their memberships where missing; returns {username: (user, created)}.

    An existing user keeps its password and an existing membership its role,
    so running the demo on every start never undoes a change made on the site;
    ``reset`` puts both back to the demo values.
    """
    User = get_user_model()
    accounts = {}
    for username, role, _ in ACCOUNTS:
        user = User.objects.filter(username=username).first()
        created = user is None
        if created:
            user = User.objects.create_user(username=username, password=PASSWORD)
        elif reset:
            user.set_password(PASSWORD)
            user.is_active = True
            user.save(update_fields=["password", "is_active"])
        accounts[username] = (user, created)
        for club in clubs:
            membership = Membership.objects.filter(user=user, club=club).first()
            if membership is None:
                Membership.objects.create(user=user, club=club, role=role)
            elif reset and membership.role != role:
                membership.role = role
                membership.save()
    return accounts


def link_members(club, users, names):
    """Link each demo user to one of ``names`` (members of ``club``) unless it already has a member there.

    Returns {username: member name} for the links in place.
    """
    linked = {}
    for user, name in zip(users, names, strict=False):
        member = Member.objects.filter(club=club, user=user).first()
        if member is None:
            member = Member.objects.filter(club=club, name=name, user__isnull=True).first()
            if member is None:
                continue
            member.user = user
            member.save()
        linked[user.username] = member.name
    return linked
