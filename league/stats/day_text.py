"""The day in plain text, for the club's chat (LINE and the like)."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..text.formatting import format_points
from ..text.formatting import format_yen as yen
from ..web.links import member_text


def day_summary(meeting, day):
    """``day``: the day's figures (``stats.day_figures``): the games' points now, and the money kept or now."""
    lines = [
        _("%(club)s — results of %(date)s (%(rule_set)s)")
        % {
            "club": meeting.club.name,
            "date": date_format(meeting.date, "DATE_FORMAT"),
            "rule_set": meeting.rule_set.name,
        },
        "",
    ]
    for line in day.standings:
        places = " ".join(str(count) for count in line.places)
        lines.append(
            _("%(rank)s. %(name)s %(points)s (%(games)s games; places %(places)s)")
            % {
                "rank": line.rank,
                "name": member_text(line.member),
                "points": format_points(line.points),
                "games": line.games,
                "places": places,
            }
        )
    money = day.money
    if money.collected or money.venue:
        lines.append("")
        if money.kept:
            lines.append(_("As kept when the meeting was closed (or last re-settled)."))
        lines += [
            _("Fees %(collected)s, venue %(venue)s, difference %(surplus)s.")
            % {"collected": yen(money.collected), "venue": yen(money.venue), "surplus": yen(money.surplus)},
            money.explanation,
        ]
        for line in money.lines:
            if line.money and (line.money.fee or line.money.received):
                lines.append(
                    _("%(name)s: pays %(fee)s, receives %(received)s, net %(net)s")
                    % {
                        "name": member_text(line.member),
                        "fee": yen(line.money.fee),
                        "received": yen(line.money.received),
                        "net": yen(line.money.net),
                    }
                )
    return "\n".join(lines) + "\n"
