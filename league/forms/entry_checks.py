"""The entry form's part in the checks before saving (services.entry_checks): what it was opened from, the two
boxes a secretary ticks to let a deliberate save through, and each refusal shown where it belongs."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..services.entry_checks import SAME_GAME_OK, SEAT_AS_TYPED, EntryChecks, EntryRefused


class EntryChecksForm(forms.Form):
    """Fields and state that GameForm inherits; the boxes are shown only once a save was refused for them."""

    drawn_mark = forms.CharField(widget=forms.HiddenInput, required=False, max_length=40)
    seat_as_typed = forms.BooleanField(
        label=_("Seat the players as typed"),
        required=False,
        help_text=_(
            "They played this table although the draw seated others here (e.g. in the seat of someone who "
            "left). The draw itself is not changed."
        ),
    )
    same_game_ok = forms.BooleanField(
        label=_("Save it as another game"),
        required=False,
        help_text=_("The same players really had the same scores in another hanchan."),
    )

    refusal = None  # the EntryRefused of the last save, for the page's explanation beside the boxes

    def entry_checks(self) -> EntryChecks:
        data = self.cleaned_data
        return EntryChecks(
            opened_from=data.get("drawn_mark") or None,
            seat_as_typed=bool(data.get("seat_as_typed")),
            same_game_ok=bool(data.get("same_game_ok")),
        )

    def show_refusal(self, refusal) -> None:
        """Put a refused save's message beside its box (or above the Save button), and offer its box."""
        if isinstance(refusal, EntryRefused):
            self.refusal = refusal
        self.add_error(refusal.field if getattr(refusal, "field", None) in self.fields else None, refusal.message)

    @property
    def offers_seat_as_typed(self) -> bool:
        return bool(self.refusal and self.refusal.offer == SEAT_AS_TYPED) or bool(self["seat_as_typed"].value())

    @property
    def offers_same_game_ok(self) -> bool:
        return bool(self.refusal and self.refusal.offer == SAME_GAME_OK) or bool(self["same_game_ok"].value())
