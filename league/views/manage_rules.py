"""The owner's rules pages: the rule sets and their versions, adding, renaming and retiring a rule set, a new
version (from the one in force or a preset), recomputing games."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..forms.rule_presets import PresetChoiceForm, initial_from_preset, preset_label
from ..forms.rule_sets import NewRuleSetForm, RuleSetForm
from ..forms.rule_settings import note_rows
from ..forms.rule_version import RuleVersionForm, initial_from_version
from ..jobs import RECOMPUTE_GAMES_IN_REQUEST
from ..jobs import tasks as start_job
from ..jobs.tasks import job_url
from ..models.clubs import RuleSet
from ..page_tables.manage import RecomputedSeatsTable
from ..services import recompute
from ..services.recompute_shown import ShownPlan, shown
from ..services.refusals import Refused
from ..services.rules import add_rule_set, add_rule_version, change_rule_set
from ..text.rules_text import describe_rules, oka_warning
from ..web.permissions import club_for_owner


def _rule_set(access, rule_set_id):
    return get_object_or_404(RuleSet.objects.with_versions(), pk=rule_set_id, club=access.club)


def rules(request, slug):
    """Every rule set of the club with its versions, newest first, in words."""
    access = club_for_owner(request, slug)
    today = timezone.localdate()
    rule_sets = []
    for rule_set in RuleSet.objects.filter(club=access.club).with_versions():
        current = rule_set.version_on(today)
        rule_sets.append(
            {
                "rule_set": rule_set,
                "versions": [
                    {
                        "version": version,
                        "rules": describe_rules(version.settings),
                        "notes": note_rows(version.notes),
                        "warning": oka_warning(version.settings),
                        "in_force": version == current,
                        "future": version.effective_from > today,
                    }
                    for version in rule_set.versions.all()
                ],
            }
        )
    return render(request, "league/manage/rules.html", {"access": access, "club": access.club, "rule_sets": rule_sets})


def add_rule_set_page(request, slug):
    """ルールを追加: a new rule set and its first version, started from a preset (``?preset=``, ``?players=``)."""
    access = club_for_owner(request, slug)
    choice = PresetChoiceForm(request.GET, empty_label=_("No preset: the plain starting rules"), first_by_default=True)
    # A refused form shows what was typed, not the preset's values: no "filled in from" then.
    preset = choice.chosen() if request.method != "POST" else None
    if request.method == "POST":
        form = NewRuleSetForm(request.POST, club=access.club)
        if form.is_valid():
            data = form.cleaned_data
            try:
                rule_set = add_rule_set(
                    access.club,
                    data["name"],
                    data["description"],
                    data["effective_from"],
                    data["rules"],
                    data["fees"],
                    data["note"],
                )
            except Refused as refusal:
                form.add_error(refusal.field, refusal.message)
            else:
                messages.success(request, _("The rules %(name)s are saved.") % {"name": rule_set.name})
                if warning := oka_warning(rule_set.versions.get().settings):
                    messages.warning(request, warning)
                return redirect(f"{reverse('manage_rules', args=[slug])}#rule-set-{rule_set.pk}")
        status = 400
    else:
        initial = initial_from_preset(preset) if preset else initial_from_version(None)
        initial["name"] = preset_label(preset) if preset else ""
        form = NewRuleSetForm(initial=initial, club=access.club)
        status = 200
    return render(
        request,
        "league/manage/rule_set_form.html",
        {
            "access": access,
            "club": access.club,
            "form": form,
            "choice": choice,
            "preset": preset,
            "preset_name": preset_label(preset) if preset else "",
            "first_rules": not access.club.rule_sets.exists(),
        },
        status=status,
    )


def edit_rule_set(request, slug, rule_set_id):
    """Rename a rule set, or retire it (its games and standings stay)."""
    access = club_for_owner(request, slug)
    rule_set = get_object_or_404(RuleSet, pk=rule_set_id, club=access.club)
    form = RuleSetForm(request.POST if request.method == "POST" else None, rule_set=rule_set)
    if form.is_valid():
        data = form.cleaned_data
        try:
            changed = change_rule_set(rule_set, data["name"], data["description"], data["retired"])
        except Refused as refusal:
            form.add_error(refusal.field, refusal.message)
        else:
            messages.success(request, _("The rules %(name)s are saved.") % {"name": changed.name})
            return redirect(f"{reverse('manage_rules', args=[slug])}#rule-set-{changed.pk}")
    return render(
        request,
        "league/manage/rule_set_edit.html",
        {
            "access": access,
            "club": access.club,
            "rule_set": rule_set,
            "form": form,
        },
        status=400 if form.is_bound else 200,
    )


def new_rule_version(request, slug, rule_set_id):
    """Add a version from a date, started from the version in force or a preset; then show which games it changes."""
    access = club_for_owner(request, slug)
    rule_set = _rule_set(access, rule_set_id)
    choice = PresetChoiceForm(request.GET, empty_label=_("The version in force"))
    preset = choice.chosen()
    if request.method == "POST":
        form = RuleVersionForm(request.POST, rule_set=rule_set)
        if form.is_valid():
            data = form.cleaned_data
            try:
                version = add_rule_version(rule_set, data["effective_from"], data["rules"], data["fees"], data["note"])
            except Refused as refusal:
                form.add_error(refusal.field, refusal.message)
            else:
                messages.success(request, _("Version from %(date)s saved.") % {"date": version.effective_from})
                if warning := oka_warning(version.settings):
                    messages.warning(request, warning)
                url = reverse("recompute_rules", args=[slug, rule_set.pk])
                return redirect(f"{url}?version={version.pk}")
        status = 400
    else:
        initial = initial_from_preset(preset) if preset else initial_from_version(_based_on(rule_set))
        form = RuleVersionForm(initial=initial, rule_set=rule_set)
        status = 200
    return render(
        request,
        "league/manage/rule_version_form.html",
        {
            "access": access,
            "club": access.club,
            "rule_set": rule_set,
            "form": form,
            "based_on": _based_on(rule_set),
            "choice": choice,
            "preset": preset,
            "preset_name": preset_label(preset) if preset else "",
        },
        status=status,
    )


def recompute_rules(request, slug, rule_set_id):
    """GET shows what recomputing the games would change; POST saves it."""
    access = club_for_owner(request, slug)
    rule_set = _rule_set(access, rule_set_id)
    version = _version_asked(request, rule_set)
    if recompute.games_of(rule_set).count() > RECOMPUTE_GAMES_IN_REQUEST:
        # Many games: planned (GET), or planned again and saved (POST), by the worker; the page answers at once.
        if request.method == "POST":
            fingerprint = request.POST.get("fingerprint", "")
            job = start_job.recompute(access.club, request.user, rule_set, version, fingerprint)
            return redirect(job_url(access.club, job))
        inputs = start_job.plan_inputs(rule_set, version)
        job = start_job.kept_plan(access.club, inputs)
        if job is not None and job.finished_ok:  # made from the same games and rules a moment ago
            return _recompute_page(request, access, rule_set, version, start_job.planned(job))
        job = job or start_job.plan_recompute(access.club, request.user, inputs)
        return redirect(job_url(access.club, job))
    plan = recompute.plan(rule_set, version=version)
    status = 200
    if request.method == "POST":
        if request.POST.get("fingerprint") != plan.fingerprint:
            messages.error(request, _("The games to recompute changed since the list was shown. Check the list again."))
            status = 409
        else:
            try:
                count = recompute.apply(plan, request.user)
            except Refused as refusal:
                messages.error(request, refusal.message)
                plan = recompute.plan(rule_set, version=version)
                status = 409
            else:
                messages.success(request, _("%(count)s games recomputed.") % {"count": count})
                return redirect("manage_rules", slug=slug)
    return _recompute_page(request, access, rule_set, version, shown(plan), status)


def _recompute_page(request, access, rule_set, version, plan: ShownPlan, status: int = 200):
    """The recompute page of ``plan``, made in the request or kept by the worker's plan job."""
    return render(
        request,
        "league/manage/recompute.html",
        {
            "access": access,
            "club": access.club,
            "rule_set": rule_set,
            "version": version,
            "plan": plan,
            "shown_changes": [(change, RecomputedSeatsTable(change.seats)) for change in plan.changes],
        },
        status=status,
    )


def _based_on(rule_set):
    """The version a new one starts as a copy of: the one in force today, else the newest (all still ahead).

    This is not a question of which rules govern a day (``RuleSet.version_on``): an owner adding a
    version wants to change the rules they last wrote, even when those take effect later.
    """
    return rule_set.current_version or next(iter(rule_set.versions.all()), None)


def _version_asked(request, rule_set):
    """The version named by ``?version=``, or None for every game of the rule set."""
    asked = request.GET.get("version")
    if not asked:
        return None
    version = next((v for v in rule_set.versions.all() if str(v.pk) == asked), None)
    if version is None:
        raise Http404
    return version
