"""The page an owner's one-time password link opens (services/accounts.py): Django's, checked when used.

Django checks the link's token (used, expired) on each request: opening the link, the form it leads to, and
sending that form.  Each time, the owner who made the link is checked too: a link whose maker no longer
owns every club of the login (or one for a login that now runs the site) sets nothing, and says why.
"""

from typing import Any

from django.contrib.auth import views as auth_views

from ..services import accounts


class SetPasswordByLink(auth_views.PasswordResetConfirmView):
    refusal: str | None = None

    def get_user(self, uidb64: str):
        user = super().get_user(uidb64)
        if user is None:
            return None
        self.refusal = accounts.password_link_use_refusal(user, self.kwargs.get("maker", ""))
        return None if self.refusal else user

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "refusal": self.refusal}
