"""The owner's invite (招待): which member it is for, and the role they will have in the club."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models.clubs import Club
from ..models.people import Role
from ..services.invites import invitable_members
from .people import MemberChoiceField


class InviteForm(forms.Form):
    member = MemberChoiceField(
        queryset=None,
        label=_("Member"),
        help_text=_("The member who will use the link. Members who already have a login are not listed."),
    )
    role = forms.ChoiceField(
        label=_("Role"),
        choices=Role.choices,
        initial=Role.MEMBER,
        help_text=_("Members read the club; secretaries also enter results; owners run it."),
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = invitable_members(club)
