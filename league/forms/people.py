"""The owner's forms for a club's people: members, logins, seasons, and adjustments.

Every refusal a database constraint would make (a member's name taken, a
season's dates backwards) is checked here first, so the owner reads a clear
message beside the box instead of an error page.
"""

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models.clubs import AwardTitle, Club, RuleSet
from ..models.games import Adjustment
from ..models.people import Member, Role
from ..models.readings import suggest_reading
from ..models.seasons import Season
from ..models.text import clean_name as name_as_kept
from ..models.text import without_bidi
from ..text.score_input import parse_points
from .accounts import YenField

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DESCRIPTION_LENGTH = 2000  # a few paragraphs on the club's page; longer is pasted by mistake


def normalised(text):
    """A name as the models store it: NFKC (full-width letters become plain), no bidi controls, trimmed."""
    return name_as_kept(text)


# -- members (会員) -----------------------------------------------------------------------------------


def free_name(club, typed, person):
    """``typed`` as a name ``person`` may have: not empty, and nobody else's in the club (guests included)."""
    name = normalised(typed)
    if not name:
        raise ValidationError(_("Type the member's name."), code="required")
    taken = Member.objects.filter(club=club, name__iexact=name).exclude(pk=person.pk).first()
    if taken is not None:
        raise ValidationError(
            _("The club already has a member called “%(name)s”. Choose a name that tells them apart."),
            code="duplicate",
            params={"name": taken.name},
        )
    return name


class LoginChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return obj.get_username()


class MemberChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        if obj.guest:
            return gettext("%(name)s (guest)") % {"name": obj.name}
        if obj.active:
            return obj.name
        return gettext("%(name)s (inactive)") % {"name": obj.name}


class MemberForm(forms.ModelForm):
    """A player of the club: display name, reading, active flag and the login that is this player."""

    user = LoginChoiceField(
        queryset=get_user_model().objects.none(),
        required=False,
        label=_("Login"),
        help_text=_("The club login of this member, so they find their own results."),
    )

    class Meta:
        model = Member
        fields = ["name", "kana", "active", "user"]

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["kana"].widget.attrs.update({"autocomplete": "off"})
        if self.instance.pk is None:
            self.fields["kana"].help_text = _(
                "In hiragana or katakana; used to sort and to find the member. Left "
                "empty, the reading suggested from the name is saved."
            )
        # The club's logins, and the one already linked (even if it has left the club since).
        self.fields["user"].queryset = (
            get_user_model()
            .objects.filter(Q(memberships__club=club) | Q(pk=self.instance.user_id or 0))
            .distinct()
            .order_by("username")
        )

    def clean_name(self):
        return free_name(self.club, self.cleaned_data["name"], self.instance)

    def clean(self):
        """A new member whose reading is left empty gets the one suggested from the name (``suggested``, for the
        page's message); an edited member's empty reading stays empty: it was emptied on purpose."""
        data = super().clean()
        self.suggested = ""
        if self.instance.pk is None and not (data.get("kana") or "").strip() and data.get("name"):
            self.suggested = data["kana"] = suggest_reading(data["name"])
        return data

    def clean_user(self):
        user = self.cleaned_data.get("user")
        if user is not None:
            other = Member.objects.filter(club=self.club, user=user).exclude(pk=self.instance.pk).first()
            if other is not None:
                raise ValidationError(
                    _("The login %(username)s is already linked to %(member)s."),
                    code="linked",
                    params={"username": user.get_username(), "member": other.name},
                )
        return user


class MakeMemberForm(forms.Form):
    """A guest made a member (会員にする): the name and reading as the club will keep them."""

    name = forms.CharField(label=_("display name"), max_length=40)
    kana = forms.CharField(
        label=_("reading (kana)"),
        max_length=80,
        required=False,
        help_text=_("In hiragana or katakana; used to sort and to find the member."),
    )

    def __init__(self, *args, club, guest, **kwargs):
        # A guest seated by name has no reading yet: the suggested one is offered, to confirm or correct.
        super().__init__(
            *args, initial={"name": guest.name, "kana": guest.kana or suggest_reading(guest.name)}, **kwargs
        )
        self.club, self.guest = club, guest
        self.fields["kana"].widget.attrs.update({"autocomplete": "off"})

    def clean_name(self):
        return free_name(self.club, self.cleaned_data["name"], self.guest)


class MergeGuestForm(forms.Form):
    """The member a guest was all along: their games become that member's."""

    member = MemberChoiceField(
        queryset=Member.objects.none(),
        label=_("Member"),
        help_text=_("Every game of the guest becomes this member's, and the guest is removed."),
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(club=club).members().in_kana_order()


# -- logins and roles (ログイン・役割) --------------------------------------------------------------


class LinkedMemberMixin:
    """The optional "this login is that member" choice when editing a login."""

    def add_member_field(self, club):
        self.fields["member"] = MemberChoiceField(
            queryset=Member.objects.filter(club=club).members().in_kana_order(),
            required=False,
            label=_("Member"),
            help_text=_("The player this login belongs to, if they play."),
        )

    def check_member_free(self, member, user):
        if member is not None and member.user_id is not None and member.user_id != getattr(user, "pk", None):
            self.add_error(
                "member",
                gettext("%(member)s is already linked to the login %(username)s.")
                % {"member": member.name, "username": member.user.get_username()},
            )


class EditLoginForm(LinkedMemberMixin, forms.Form):
    """Change what a login may do in the club, and which member it is."""

    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        self.membership = membership
        self.add_member_field(membership.club)
        if not self.is_bound:
            linked = Member.objects.filter(club=membership.club, user=membership.user).first()
            self.initial.update({"role": membership.role, "member": linked.pk if linked else None})

    def clean(self):
        data = super().clean()
        self.check_member_free(data.get("member"), self.membership.user)
        return data


# -- seasons (シーズン) ---------------------------------------------------------------------------------


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on", "min_games"]
        widgets = {"starts_on": DATE_WIDGET, "ends_on": DATE_WIDGET}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean_name(self):
        name = normalised(self.cleaned_data["name"])
        if not name:
            raise ValidationError(_("Type the season's name."), code="required")
        if Season.objects.filter(club=self.club, name__iexact=name).exclude(pk=self.instance.pk).exists():
            raise ValidationError(
                _("The club already has a season called “%(name)s”."), code="duplicate", params={"name": name}
            )
        return name

    def clean(self):
        data = super().clean()
        starts_on, ends_on = data.get("starts_on"), data.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error(
                "ends_on",
                gettext("The last day comes before the first day (%(first)s).") % {"first": starts_on.isoformat()},
            )
        return data


# -- adjustments (調整) ---------------------------------------------------------------------------------


class PointsField(forms.CharField):
    """A signed number of points with at most one decimal, read as integer tenths."""

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "inputmode": "decimal", "autocomplete": "off", "maxlength": "20"}

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        tenths = parse_points(value)
        if tenths == 0:
            raise ValidationError(_("An adjustment of zero points changes nothing."), code="zero")
        return tenths


class AdjustmentForm(forms.ModelForm):
    """A signed manual entry of points for a member, with its reason (調整)."""

    points = PointsField(label=_("Points"), help_text=_("Plus or minus, at most one decimal: 10, ▲2.5 or -3."))
    member = MemberChoiceField(queryset=Member.objects.none(), label=_("Member"))

    class Meta:
        model = Adjustment
        fields = ["date", "rule_set", "member", "points", "reason"]
        widgets = {"date": DATE_WIDGET}
        error_messages = {"reason": {"required": _("Say why the points are adjusted.")}}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club)
        self.fields["rule_set"].empty_label = None
        self.fields["member"].queryset = Member.objects.filter(club=club).members_first()
        if not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())


# -- the club's settings -------------------------------------------------------------------------------


class ClubSettingsForm(forms.ModelForm):
    """What the owner decides for the whole club: its name, description, usual venue and venue fee (a new meeting
    starts with them), public or not, scores in hundreds, guests ranked or not, players reporting their drawn
    table's result, the season titles (表彰) it gives and the games a rate title needs.

    The address name (slug) is not here: it is in every link to the club, so changing it would break them all.
    """

    usual_venue_fee = YenField(
        label=_("Usual venue fee (場代), yen"),
        required=False,
        help_text=_("What the venue usually costs a day (0 if nothing); a new meeting starts with it."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    award_titles = forms.MultipleChoiceField(
        label=_("Season titles"),
        required=False,
        choices=AwardTitle.choices,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("The titles the awards page shows; none hides them all."),
    )

    class Meta:
        model = Club
        fields = [
            "name",
            "description",
            "venue",
            "usual_venue_fee",
            "is_public",
            "scores_in_hundreds",
            "rank_guests",
            "players_report_results",
            "award_titles",
            "award_min_games",
        ]
        widgets = {
            "award_min_games": forms.NumberInput(attrs={"inputmode": "numeric"}),
            "description": forms.Textarea(attrs={"rows": 4, "maxlength": str(DESCRIPTION_LENGTH)}),
        }
        error_messages = {"name": {"required": _("Type the club's name.")}}

    def clean_name(self):
        name = normalised(self.cleaned_data["name"])
        if not name:  # only spaces, or only invisible marks
            raise ValidationError(_("Type the club's name."), code="required")
        return name

    def clean_description(self):
        description = without_bidi(self.cleaned_data["description"]).strip()
        if len(description) > DESCRIPTION_LENGTH:
            raise ValidationError(
                _("Keep the description under %(most)s characters (it has %(length)s)."),
                code="too_long",
                params={"most": DESCRIPTION_LENGTH, "length": len(description)},
            )
        return description

    def clean_venue(self):
        return normalised(self.cleaned_data["venue"])

    def clean_award_titles(self):
        """Kept in the awards page's order, whatever order the boxes were ticked in."""
        chosen = set(self.cleaned_data["award_titles"])
        return [key for key in AwardTitle.values if key in chosen]
