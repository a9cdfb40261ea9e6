"""Importing results: upload a file or paste rows, see every game computed and every problem, map names, save.

The rows read are kept in the session between the steps; each step plans them
again from the database (league/imports/plan.py), and saving plans them once
more under a lock, so what is saved is what the preview showed or nothing.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import scoring

from ..forms.import_seasons import SeasonsFormSet, posted_seasons
from ..forms.imports import ColumnsForm, ImportForm, MappingForm
from ..imports import pending
from ..imports.commit import ImportRefused, commit_table
from ..imports.layouts.mapping import keep_layout, layout_to_keep
from ..imports.plan import make_plan
from ..imports.seasons import outside_seasons
from ..imports.template import template_csv, template_workbook
from ..jobs import IMPORT_BYTES_IN_REQUEST, IMPORT_ROWS_IN_REQUEST
from ..jobs import tasks as start_job
from ..jobs.tasks import job_url
from ..models.clubs import RuleSet
from ..models.games import WINDS
from ..models.people import Member
from ..page_tables.import_columns import FirstRowsTable
from ..page_tables.import_preview import ImportGamesTable, NameMappingTable, ProblemsTable, YakumanNotesTable
from ..web.permissions import club_for_secretary

SHOWN_PROBLEMS = 500  # more are counted, not listed
SHOWN_GAMES = 200  # rows listed in the preview: those with a problem first, then the first rows
SHOWN_NOTES = 200  # notes naming a yakuman listed in the preview

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def start_import(request, slug):
    """Step 1: the file or the pasted rows, and the rules they were played under."""
    access = club_for_secretary(request, slug)
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES, club=access.club, read_up_to=IMPORT_BYTES_IN_REQUEST)
        if form.is_valid() and form.deferred:  # a large file: read by the worker, the page answers at once
            job = start_job.read_import(access.club, request.user, form.cleaned_data["rule_set"], *form.input_bytes())
            return redirect(job_url(access.club, job))
        if form.is_valid() and form.unknown is not None:
            token = pending.store_sheet(
                request.session, access.club, form.cleaned_data["rule_set"], form.unknown.sheet, form.unknown.message
            )
            return redirect("import_columns", slug=slug, token=token)
        if form.is_valid():
            token = pending.store(request.session, access.club, form.cleaned_data["rule_set"], form.table, form.sheet)
            return redirect("import_preview", slug=slug, token=token)
        status = 400
    else:
        form = ImportForm(club=access.club)
        status = 200
    return render(
        request, "league/imports/start.html", {"access": access, "club": access.club, "form": form}, status=status
    )


def _no_longer_waiting(request, slug):
    """Back to the start: the import asked for was replaced by another file, or saved."""
    messages.error(
        request,
        _("That import is no longer waiting (another file was chosen, or it was saved). Choose the file again."),
    )
    return redirect("import_results", slug=slug)


def import_columns(request, slug, token):
    """Step 1b, for a sheet whose layout was not recognised: the secretary says which column is what."""
    access = club_for_secretary(request, slug)
    kept = pending.load_sheet(request.session, access.club, token)
    if kept is None:
        return _no_longer_waiting(request, slug)
    rule_set, sheet, why = kept
    players = rule_set.settings_on(timezone.localdate())["players"]
    form = ColumnsForm(request.POST or None, sheet=sheet, players=players, rule_set_name=rule_set.name)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            if form.cleaned_data["remember"]:
                keep_layout(access.club, layout_to_keep(sheet, form.header_row(), form.chosen()))
            pending.replace_sheet(request.session, access.club, token, form.table)
            return redirect("import_preview", slug=slug, token=token)
        status = 400
    return render(
        request,
        "league/imports/columns.html",
        {
            "access": access,
            "club": access.club,
            "form": form,
            "why": why,
            "source": sheet.source,
            "rule_set": rule_set,
            "token": token,
            "first_rows_table": FirstRowsTable(form.shown, width=form.width),
        },
        status=status,
    )


def preview_import(request, slug, token):
    """Step 2: every game computed, every problem by row and column, the unknown names; then save."""
    access = club_for_secretary(request, slug)
    kept = pending.load(request.session, access.club, token)
    if kept is None:
        return _no_longer_waiting(request, slug)
    members = Member.objects.filter(club=access.club).members_first()
    action = request.POST.get("action") if request.method == "POST" else None
    status = 200
    # Only an owner creates seasons (a secretary is told to ask one); an older page posts no proposals.
    seasons_form = None
    if action == "commit" and access.can_manage and posted_seasons(request.POST):
        seasons_form = SeasonsFormSet(request.POST, club=access.club)
    if action == "commit" and seasons_form is not None and not seasons_form.is_valid():
        plan = make_plan(access.club, kept.rule_set, kept.table, kept.mapping)
        status = 400
    elif action == "commit" and kept.rows > IMPORT_ROWS_IN_REQUEST:  # saved by the worker (its rows not read here)
        job = start_job.save_import(
            access.club,
            request.user,
            kept,
            request.POST.get("fingerprint", ""),
            seasons_form.chosen() if seasons_form is not None else (),
        )
        return redirect(job_url(access.club, job))
    elif action == "commit":
        # Saving plans the rows itself, under a lock: no plan is made before it.
        try:
            batch = commit_table(
                access.club,
                kept.rule_set,
                kept.table,
                kept.mapping,
                request.user,
                expected=request.POST.get("fingerprint", ""),
                seasons=seasons_form.chosen() if seasons_form is not None else (),
            )
        except ImportRefused as refusal:
            messages.error(request, refusal.message)
            plan = refusal.plan or make_plan(access.club, kept.rule_set, kept.table, kept.mapping)
            seasons_form = None  # proposed again from the seasons as they are now
            status = 409
        else:
            pending.discard(request.session, access.club)
            return redirect("import_batch", slug=slug, batch_id=batch.pk)
    else:
        plan = make_plan(access.club, kept.rule_set, kept.table, kept.mapping)
    uncovered, proposals = outside_seasons(plan) if plan.new_games else (None, [])
    if seasons_form is None and access.can_manage and proposals:
        seasons_form = SeasonsFormSet(club=access.club, proposals=proposals)
    elif seasons_form is not None:
        seasons_form.proposals = proposals
    mapping_form = MappingForm(request.POST if action == "map" else None, unknown=plan.unknown, members=members)
    if action == "map":
        if mapping_form.is_valid():
            # The form lists every unknown name, so its answers replace the earlier ones (a choice can be undone).
            pending.save_mapping(request.session, access.club, mapping_form.mapping())
            return redirect("import_preview", slug=slug, token=token)
        status = 400
    shown = shown_games(plan)
    games_table = ImportGamesTable(
        shown, seat_headers=WINDS[: plan.table.players], with_rule_set="rule_set" in plan.table.columns
    )
    return render(
        request,
        "league/imports/preview.html",
        {
            "access": access,
            "club": access.club,
            "plan": plan,
            "token": token,
            "mapping_form": mapping_form,
            "names_table": NameMappingTable(mapping_form.rows()),
            "yakuman_notes_table": YakumanNotesTable(plan.yakuman_notes[:SHOWN_NOTES]),
            "problems_table": ProblemsTable(plan.problems[:SHOWN_PROBLEMS]),
            "more_problems": max(0, len(plan.problems) - SHOWN_PROBLEMS),
            "games_table": games_table,
            "hidden_games": len(plan.games) - len(shown),
            "can_name_columns": pending.has_sheet(request.session, access.club, token),
            "uncovered": uncovered,
            "proposals": proposals,
            "seasons_form": seasons_form,
        },
        status=status,
    )


def shown_games(plan):
    """The rows the preview lists: every row with a problem, then the first rows, up to SHOWN_GAMES.

    A file of 20,000 games is not read row by row on a page (and would take seconds to draw); its
    problems are what needs reading, and the first rows show that the columns were understood.
    """
    wrong = [game for game in plan.games if game.problems][:SHOWN_GAMES]
    rows = {game.row for game in wrong}
    rest = [game for game in plan.games if game.row not in rows][: max(0, SHOWN_GAMES - len(wrong))]
    return sorted(wrong + rest, key=lambda game: game.row)


@require_GET
def template_xlsx(request, slug):
    players, start, name = _template_for(request, slug)
    response = HttpResponse(template_workbook(players, start), content_type=XLSX)
    response["Content-Disposition"] = f'attachment; filename="{name}.xlsx"'
    return response


@require_GET
def template_csv_file(request, slug):
    players, start, name = _template_for(request, slug)
    response = HttpResponse(template_csv(players, start).encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response


def _template_for(request, slug):
    """Players and starting points of the rule set asked for (``?rule_set=slug``), else the club's first."""
    access = club_for_secretary(request, slug)
    rule_sets = RuleSet.objects.filter(club=access.club).with_versions()
    rule_set = next((r for r in rule_sets if r.slug == request.GET.get("rule_set")), None) or rule_sets.first()
    if rule_set is not None:
        settings = rule_set.settings_on(timezone.localdate())
    else:
        settings = scoring.validate_rules(scoring.STARTING_RULES)
    suffix = f"-{rule_set.slug}" if rule_set is not None else ""
    return settings["players"], settings["start"], f"janroku-import-{access.club.slug}{suffix}"
