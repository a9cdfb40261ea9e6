"""The address a request came from, for counting failed logins per address (AXES_CLIENT_IP_CALLABLE).

Behind ``TRUSTED_PROXIES`` proxies (docs/hosting.md), each appends the address it was called from to
``X-Forwarded-For``, so the client is that many entries from the right: anything further left was sent by
the client and may be made up.  With no proxy (0) the connection's own address is the client's.  A header
shorter than the count (a request that bypassed the proxy) falls back to the connection's address.
"""

import ipaddress

from django.conf import settings


def client_address(request):
    connection = request.META.get("REMOTE_ADDR") or None
    proxies = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return connection
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < proxies:
        return connection
    candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return connection
