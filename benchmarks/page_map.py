"""The pages the page benchmark times, found in the URL map: every named URL, its arguments filled by their names.

A page added to the site's URLs is timed without editing this file when its arguments are ones named here; one
whose argument is not is listed as not timed, with the reason, never dropped in silence.  The admin is the site
admin's and is left out as a whole (one line says so).
"""

from dataclasses import dataclass
from urllib.parse import urlencode

from janroku.url_map import routes

# Arguments that a GET cannot be given: what they would need, printed as the reason the page is not timed.
UNFILLED = {
    "token": "needs a token a POST makes (an upload waiting in the session, a password link)",
    "maker": "needs a password link (its maker and signed token)",
    "uidb64": "needs a password link (its maker and signed token)",
    "job_id": "needs a background job (the workbook is one: its page answers 302 to it)",
}
# Query strings that read the whole history or another part of a page, timed as rows of their own: the URL's name,
# then (row label, query).  The label is added to the page's name.
VARIANTS = {
    "standings": [("every season", {"season": "all"})],
    "api_standings": [("every season", {"season": "all"})],
    "running_standings": [("earliest meetings", {"meetings": "99"}), ("every season", {"season": "all"})],
    "awards": [("every season", {"season": "all"})],
    "season_money": [("every season", {"season": "all"})],
    "member_page": [("page 5", {"page": "5"}), ("every season", {"season": "all"})],
    "api_member": [("page 2", {"page": "2"}), ("every season", {"season": "all"})],
    "export_csv": [("every season", {"season": "all"})],
    "choose_meeting": [("choose", {"choose": "1"})],
}


@dataclass(frozen=True)
class Page:
    """One address to time: the URL's name (and the variant's label), the address, the URL name it is a page of."""

    name: str
    url: str
    route: str


def pages(ids, by_page=None):
    """(pages, not timed): every page whose arguments ``ids`` fills (by name; ``by_page``: the values a URL takes
    instead, where an argument's name means another thing there), with VARIANTS; and (name, why) for each URL left
    out."""
    from django.urls import reverse

    found, left_out, admin = [], [], 0
    for name, needed, _route in routes():
        if name.startswith("admin:"):
            admin += 1
            continue
        values = {**ids, **(by_page or {}).get(name, {})}
        missing = sorted(needed - set(values))
        if missing:
            reasons = [UNFILLED.get(argument, f"no {argument} to fill its address with") for argument in missing]
            left_out.append((name, "; ".join(dict.fromkeys(reasons))))
            continue
        url = reverse(name, kwargs={key: values[key] for key in needed} or None)
        found.append(Page(name, url, name))
        for label, query in VARIANTS.get(name, []):
            found.append(Page(f"{name}, {label}", f"{url}?{urlencode(query)}", name))
    if admin:
        left_out.append((f"admin ({admin} URLs)", "the site admin's pages, not a club's"))
    return found, left_out
