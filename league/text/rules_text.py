"""A rule version in words, in the club's terms (ウマ, オカ, 端数処理 …).

Used wherever rules are shown to people: the home page, the club pages and the
Rules sheet of the season workbook.  Input is ``RuleVersion.settings`` (the
engine's normalised rules); output is a list of (label, text) pairs.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from scoring.points import tenths_from_points
from scoring.rules import rule_book
from scoring.schema import RULES

from .formatting import format_points


def _choice_words(key):
    """How the rules sheet words each choice of a setting (the schema's words, translated when shown)."""
    return {choice.value: gettext_lazy(choice.text) for choice in RULES[key].choices}


ROUNDING_TEXT = _choice_words("rounding")
TIES_TEXT = _choice_words("ties")
DEPOSITS_TEXT = _choice_words("deposits")


def point_text(value):
    """A rules value in points (a JSON number) as the site writes points."""
    return format_points(tenths_from_points(value), trim=True)


def plain_number(value):
    return f"{value:,}"


def uma_text(uma):
    return " / ".join(point_text(u) for u in uma)


def describe_rules(settings):
    """(label, text) pairs describing ``settings`` the way a club's rule sheet would."""
    lines = [
        (_("Players"), _("%(players)s players") % {"players": settings["players"]}),
        (
            _("Start / target"),
            _("%(start)s start, %(target)s target")
            % {"start": plain_number(settings["start"]), "target": plain_number(settings["target"])},
        ),
    ]
    if settings["method"] == "win_points":
        return lines[:1] + _describe_win_points(settings)
    lines.append((_("Oka"), format_points(rule_book(settings).oka, trim=True)))
    if settings["uma_by_floats"]:
        floats = settings["uma_by_floats"]
        lines.append(
            (
                _("Uma"),
                "; ".join(
                    _("%(count)s floating: %(uma)s") % {"count": count, "uma": uma_text(uma)}
                    for count, uma in floats.items()
                ),
            )
        )
        lines.append((_("Float line"), plain_number(settings["float_line"])))
    else:
        lines.append((_("Uma"), uma_text(settings["uma"])))
    lines += [
        (_("Rounding"), str(ROUNDING_TEXT[settings["rounding"]])),
        (_("Ties"), str(TIES_TEXT[settings["ties"]])),
        (_("Leftover deposits"), str(DEPOSITS_TEXT[settings["deposits"]])),
        (_("Negative scores"), _("count as they are (箱下精算)") if settings["box_under"] else _("count as 0")),
    ]
    bust = settings["bust"]
    if bust["penalty"] or bust["bonus"]:
        lines.append(
            (
                _("Bust"),
                _("busted player %(penalty)s, buster %(bonus)s per bust%(zero)s")
                % {
                    "penalty": point_text(-bust["penalty"]),
                    "bonus": point_text(bust["bonus"]),
                    "zero": _(" (0 points busts)") if bust["at_zero"] else "",
                },
            )
        )
    chips = settings["chips"]
    if chips["value"]:
        lines.append(
            (
                _("Chips"),
                _("1 chip = %(value)s P, %(total)s")
                % {
                    "value": chips["value"],
                    "total": _("counted in the total") if chips["in_total"] else _("kept apart from the total"),
                },
            )
        )
    shugi = settings["yakuman_shugi"]
    if any(shugi[k] for k in ("ron", "tsumo_each", "counted_ron", "counted_tsumo_each")):
        text = _("ron %(ron)s, tsumo %(tsumo)s from each") % {
            "ron": point_text(shugi["ron"]),
            "tsumo": point_text(shugi["tsumo_each"]),
        }
        if shugi["counted_ron"] or shugi["counted_tsumo_each"]:
            text += _("; counted yakuman: ron %(ron)s, tsumo %(tsumo)s from each") % {
                "ron": point_text(shugi["counted_ron"]),
                "tsumo": point_text(shugi["counted_tsumo_each"]),
            }
        if shugi["multiply"]:
            text += _("; a double yakuman pays twice")
        lines.append((_("Yakuman bonus"), text))
    lines += _describe_chombo(settings)
    return lines


def _describe_win_points(settings):
    win = settings["win_points"]
    names = {"1": _("one floating (マルA)"), "2": _("two floating (マルB)"), "3": _("three floating (マルC)")}
    lines = [(_("Float line"), _("%(line)s and above float") % {"line": plain_number(settings["float_line"])})]
    for count, table in win["tables"].items():
        lines.append((names.get(count, count), uma_text(table)))
    lines.append(
        (_("Yakuman ends the game (ダブルマルA)"), _("winner %(points)s") % {"points": point_text(win["yakuman"])})
    )
    return lines + _describe_chombo(settings)


def _describe_chombo(settings):
    chombo = settings["chombo"]
    if not chombo["penalty"]:
        return []
    text = point_text(-chombo["penalty"])
    if chombo["to_others"]:
        text = _("%(penalty)s, shared among the other players") % {"penalty": text}
    return [(_("Chombo"), text)]


def oka_warning(settings):
    """A warning when an explicit oka makes every game create or destroy points, else "".

    The engine accepts such an oka (some clubs pay the house from it); the owner must know
    that the season's points then no longer sum to zero.
    """
    created = scoring.points_created_per_game(settings)
    if created == 0:
        return ""
    book = rule_book(settings)
    balanced = (book.target - book.start) * book.players // 100
    if created > 0:
        return _(
            "The oka (%(oka)s) is not (target − start) × players = %(balanced)s: every game creates "
            "%(points)s points, and the players' points no longer sum to zero."
        ) % {"oka": format_points(book.oka), "balanced": format_points(balanced), "points": format_points(created)}
    return _(
        "The oka (%(oka)s) is not (target − start) × players = %(balanced)s: every game destroys "
        "%(points)s points, and the players' points no longer sum to zero."
    ) % {
        "oka": format_points(book.oka),
        "balanced": format_points(balanced),
        "points": format_points(-created).lstrip("+"),
    }
