"""A person's own new login (新規登録): login name, password twice, email if they like.

Django's user-creation form does the checking (a name taken in any case, the password validators of
``AUTH_PASSWORD_VALIDATORS``, the two passwords equal), with Django's messages in the page's language;
the login itself is created by ``services.signups.create_login``.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    class Meta:
        model = get_user_model()
        fields = ("username", "email")
        field_classes = {"username": UsernameField}
        help_texts = {
            "email": _("Optional. Only to send you a link when you forget your password; never shown to anyone.")
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.help_text = _("Letters, digits and @ . + - _ only, up to 150. You log in with it.")
        username.widget.attrs.update({"autocomplete": "username", "autocapitalize": "none"})
        self.fields["email"].required = False
        self.fields["email"].widget.attrs.update({"autocomplete": "email"})
        # The invite page shows the form below the invite, where the name box should not grab the focus.
        username.widget.attrs.pop("autofocus", None)

    @property
    def login_data(self) -> dict[str, str]:
        """What ``create_login`` takes, from a valid form."""
        return {
            "username": self.cleaned_data["username"],
            "password": self.cleaned_data["password1"],
            "email": self.cleaned_data.get("email") or "",
        }
