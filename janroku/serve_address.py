"""Where ``bin/start`` says the site is: read from the address and port it gives ``runserver`` (``PORT``).

``runserver`` takes ``8080``, ``0.0.0.0:8080``, ``0:8080``, ``[::1]:8080`` or a host name before the port;
this reads it with ``runserver``'s own pattern, so what is printed is what is served.  An address that
listens on every interface (``0.0.0.0``, ``[::]``) is not one to open: the line gives this machine's own
address for it, and says that other devices reach it at this machine's network address.  A host the
settings' ``ALLOWED_HOSTS`` does not name is answered 400 by the site: the lines say so.

``python -m janroku.serve_address ADDRPORT`` prints the line; an address ``runserver`` would refuse ends
with its reason, before anything starts.
"""

import os
import re
import sys
from dataclasses import dataclass

from django.conf import settings
from django.core.management.commands.runserver import Command as RunServer
from django.core.management.commands.runserver import naiveip_re
from django.http.request import validate_host

EVERY_INTERFACE = {"0", "0.0.0.0", "::"}


@dataclass(frozen=True)
class Served:
    host: str  # as a browser's address has it: an IPv6 address in brackets
    port: int
    everywhere: bool  # listening on every interface; ``host`` is then this machine's own

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"


def served(addrport: str) -> Served:
    """Where ``runserver ADDRPORT`` serves; ValueError for what it would refuse."""
    found = re.match(naiveip_re, addrport)
    if found is None:
        raise ValueError(f"PORT={addrport!r} is not a port or an address and port (8080, 0.0.0.0:8080, [::1]:8080).")
    addr, ipv6, port = found["addr"] or RunServer.default_addr, found["ipv6"], int(found["port"])
    if addr.strip("[]") in EVERY_INTERFACE:
        return Served("[::1]" if ipv6 else "127.0.0.1", port, everywhere=True)
    return Served(addr, port, everywhere=False)


def starting_lines(addrport: str, allowed_hosts: list[str]) -> str:
    where = served(addrport)
    lines = [f"Janroku is starting on {where.url}  (English: {where.url}en/)"]
    if where.everywhere:
        lines.append(
            f"It listens on every address of this machine: from a phone or another computer, open this "
            f"machine's network address, port {where.port}, once ALLOWED_HOSTS names it."
        )
    if not validate_host(where.host, allowed_hosts):
        lines.append(
            f"ALLOWED_HOSTS ({','.join(allowed_hosts)}) does not name {where.host}: the site answers 400 "
            f"there until it does (the environment or .env)."
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "janroku.settings")
    try:
        print(starting_lines(argv[1], settings.ALLOWED_HOSTS))
    except (IndexError, ValueError) as refused:
        print(
            refused if isinstance(refused, ValueError) else "Give the address and port, as PORT has it.",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
