"""A saved game: its breakdown, corrections, void and restore, and its history."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models.games import Game
from ..page_tables.entry_preview import preview_table
from ..page_tables.games import changes_tables
from ..page_tables.games_breakdown import BreakdownTable
from ..presentation.history import game_history
from ..services.games import GameRefused, correct_game, set_void
from ..text.formatting import format_date
from ..web.permissions import club_access, club_for_secretary
from .confirmation import confirmation_page, confirmed
from .game_form import game_form_for


def _game(access, game_id):
    return get_object_or_404(
        Game.objects.select_related("meeting__rule_set", "meeting__club", "rule_version__rule_set").prefetch_related(
            "seats__member", "yakuman__member"
        ),
        pk=game_id,
        meeting__club=access.club,
    )


def game_detail(request, slug, game_id):
    access = club_access(request, slug)
    game = _game(access, game_id)
    return render(
        request,
        "league/games/detail.html",
        {"access": access, "club": access.club, "game": game, "breakdown_table": breakdown_table(game)},
    )


def edit_game(request, slug, game_id):
    """Correct a game; a save made from an older revision is refused and the current values shown."""
    access = club_for_secretary(request, slug)
    game = _game(access, game_id)
    conflict = None
    if request.method == "POST":
        form = game_form_for(game.meeting, request.POST)
        if form.is_valid() and request.POST.get("action") == "save":
            try:
                saved = correct_game(
                    game, form.settled, form.cleaned_data.get("revision"), request.user, form.entry_checks()
                )
            except GameRefused as refusal:
                if refusal.current is not None:
                    # Keep what this secretary typed, show what is saved now, and let a
                    # deliberate second save go through against the current revision.
                    conflict = _game(access, game_id)
                    data = request.POST.copy()
                    data["revision"] = conflict.revision
                    form = game_form_for(game.meeting, data)
                    form.is_valid()  # settles it again for the breakdown shown beside the conflict
                form.show_refusal(refusal)
            else:
                messages.success(request, _("Game corrected."))
                return redirect("game_detail", slug=slug, game_id=saved.pk)
        status = 409 if conflict else (200 if form.is_valid() else 400)
    else:
        form = game_form_for(game.meeting, initial=initial_from_game(game))
        status = 200
    return render(
        request,
        "league/games/edit.html",
        {
            "access": access,
            "club": access.club,
            "game": game,
            "form": form,
            "meeting": game.meeting,
            "preview_table": preview_table(form),
            "conflict": conflict,
            "breakdown_table": breakdown_table(conflict) if conflict else None,
        },
        status=status,
    )


def breakdown_table(game):
    """The breakdown of ``game`` (its seats loaded by ``_game``), under its rules' heading for the base."""
    return BreakdownTable(game.seats.all(), win_points=game.rule_version.win_points)


def initial_from_game(game):
    sheet = game.sheet
    # Shown the way the club types scores, so that saving an unchanged game reads them back the same.
    in_hundreds = game.meeting.club.scores_in_hundreds

    def typed(score):  # 1,000 or more typed is read as points, so large scores stay in full
        return score // 100 if in_hundreds and abs(score) < 100_000 else score

    initial = {
        "round": game.round,
        "table": game.table,
        "deposit": typed(sheet.get("deposit") or 0) or "",
        "revision": game.revision,
    }
    points = sheet.get("points")
    if points is not None:  # entered (or imported) by points: corrected by points
        initial["by_points"] = True
    for seat, name in enumerate(sheet["names"]):
        initial[f"player_{seat}"] = name
        if points is None:
            initial[f"score_{seat}"] = typed(sheet["scores"][seat])
        else:
            initial[f"points_{seat}"] = str(points[seat])  # a JSON number of points: 45.3, -12
        chips = (sheet.get("chips") or [0] * len(sheet["names"]))[seat]
        initial[f"chips_{seat}"] = chips or ""
    for bust in sheet.get("busts", []):
        initial[f"bust_{bust['seat']}"] = "top" if bust["by"] is None else str(bust["by"])
    for event in sheet.get("chombo", []):
        key = f"chombo_{event['seat']}"
        initial[key] = initial.get(key, 0) + 1
    for row, event in enumerate(sheet.get("yakuman", [])):
        prefix = f"yakuman_{row}"
        initial.update(
            {
                f"{prefix}_seat": str(event["seat"]),
                f"{prefix}_name": event.get("name", ""),
                f"{prefix}_win": event["win"],
                f"{prefix}_kind": event.get("kind", "yakuman"),
                f"{prefix}_count": event.get("count", 1),
                f"{prefix}_from": "" if event.get("from") is None else str(event["from"]),
                f"{prefix}_pao": "" if event.get("pao") is None else str(event["pao"]),
            }
        )
        if sheet.get("ended_by_yakuman") == event["seat"]:
            initial[f"{prefix}_ends"] = True
    return initial


def void_game(request, slug, game_id):
    """Voiding asks first (GET, or a POST without the confirmation): the game's points leave every figure."""
    if not confirmed(request):
        access = club_for_secretary(request, slug)
        game = _game(access, game_id)
        return confirmation_page(
            request,
            access,
            title=_("Void this game?"),
            consequences=[
                _(
                    "Round %(round)s · table %(table)s of %(date)s (%(players)s) will no longer count: its points "
                    "leave the standings, the members' pages and the day's money."
                )
                % {
                    "round": game.round,
                    "table": game.table,
                    "date": format_date(game.meeting.date),
                    "players": ", ".join(seat.member.name for seat in game.seats.all()),
                },
                _(
                    "Nothing is deleted: the game stays in its history and in the club's activity, and it can be "
                    "restored from its page."
                ),
            ],
            button=_("Void the game"),
            cancel_url=reverse("game_detail", args=[slug, game.pk]),
            hidden={"revision": request.POST.get("revision", game.revision)},
        )
    return _set_void(request, slug, game_id, True, _("Game voided. It no longer counts; you can restore it."))


@require_POST
def restore_game(request, slug, game_id):
    return _set_void(request, slug, game_id, False, _("Game restored. It counts again."))


def _set_void(request, slug, game_id, void, done):
    access = club_for_secretary(request, slug)
    game = _game(access, game_id)
    try:
        expected = int(request.POST.get("revision", ""))
    except ValueError:
        expected = None
    try:
        set_void(game, void, expected, request.user)
    except GameRefused as refusal:
        messages.error(request, refusal.message)
        if not Game.objects.filter(pk=game.pk).exists():  # removed meanwhile (an import undone): its page is gone
            return redirect("club", slug=slug)
    else:
        messages.success(request, done)
    return redirect("game_detail", slug=slug, game_id=game.pk)


def game_history_page(request, slug, game_id):
    access = club_access(request, slug)
    game = _game(access, game_id)
    revisions = game_history(game)
    changes_tables(revisions)
    return render(
        request,
        "league/games/history.html",
        {
            "access": access,
            "club": access.club,
            "game": game,
            "revisions": revisions,
        },
    )
