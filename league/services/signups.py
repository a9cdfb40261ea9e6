"""A person creates their own login (新規登録), at most a few times an hour from one address.

The limit counts, per client address (``janroku/client_address.py``, behind ``TRUSTED_PROXIES``) and per
clock hour, the logins created (``SIGNUP_LIMIT``) and the times the form was sent (``SIGNUP_TRY_LIMIT``):
the form must say when a login name is taken, so tries are counted too, or one address could ask about
names without end.  The counts live in Django's cache (``CACHE_URL``, docs/hosting.md).
"""

import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _

from janroku.client_address import client_address

from .refusals import Refused

HOUR = 3600
CREATED, TRIED = "created", "tried"


def _key(request: HttpRequest, what: str) -> str:
    window = int(time.time()) // HOUR
    return f"signup:{what}:{client_address(request) or 'unknown'}:{window}"


def _count(request: HttpRequest, what: str) -> int:
    return cache.get(_key(request, what), 0)


def _add_one(request: HttpRequest, what: str) -> None:
    # get and set rather than incr: every cache backend then keeps the hour's expiry (incr may reset it).
    key = _key(request, what)
    cache.set(key, cache.get(key, 0) + 1, HOUR + 60)


def over_limit(request: HttpRequest) -> bool:
    """Whether this address has created or tried as many logins as an hour allows."""
    return _count(request, CREATED) >= settings.SIGNUP_LIMIT or _count(request, TRIED) >= settings.SIGNUP_TRY_LIMIT


def count_try(request: HttpRequest) -> None:
    _add_one(request, TRIED)


def count_created(request: HttpRequest) -> None:
    _add_one(request, CREATED)


def create_login(*, username: str, password: str, email: str = "") -> AbstractBaseUser:
    """A new login; refused (on ``username``) when the name was taken meanwhile, in any case."""
    users = get_user_model()
    taken = _("The login name %(username)s is taken. Choose another.") % {"username": username}
    with transaction.atomic():
        if users.objects.filter(username__iexact=username).exists():
            raise Refused(taken, "username")
        try:
            with transaction.atomic():
                return users.objects.create_user(username=username, password=password, email=email or "")
        except IntegrityError as error:
            raise Refused(taken, "username") from error
