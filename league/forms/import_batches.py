"""Undoing an import: the box that says the secretary means it."""

from django import forms
from django.utils.translation import gettext_lazy as _


class UndoImportForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, remove every game of this import, and the meetings and members it created"),
        error_messages={"required": _("Tick the box to confirm that the import should be undone.")},
    )
