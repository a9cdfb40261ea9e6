"""The site's addresses: the clubs, sign-up, login and passwords, where a login lands, a new club, an invite's
link, the admin, each club's pages.

Unprefixed addresses are Japanese (the default language), ``/en/…`` the same pages in English.
The club pages themselves are listed in league/urls.py.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from janroku import web_app
from league.views import accounts, home, invites, set_password

urlpatterns = i18n_patterns(
    path("", home.club_list, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("welcome/", home.landing, name="landing"),
    path("manifest.webmanifest", web_app.manifest, name="web_app_manifest"),  # favicon.ico: WHITENOISE_ROOT
    # A person makes their own login, then creates a club or uses an invite link from their club's owner.
    path("signup/", accounts.signup, name="signup"),
    path("signup/welcome/", accounts.signup_welcome, name="signup_welcome"),
    path("clubs/new/", accounts.create_club, name="create_club"),
    path("invite/<str:token>/", invites.use_invite, name="use_invite"),
    # A member changes their own password; a link an owner made (league/services/accounts.py) sets a new one.
    path("account/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("account/password/changed/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    # The link carries who made it, checked again whenever it is used (league/views/set_password.py).
    path(
        "account/set-password/<uidb64>/<maker>/<token>/",
        set_password.SetPasswordByLink.as_view(),
        name="password_reset_confirm",
    ),
    # A link made before links carried their maker (at most PASSWORD_RESET_TIMEOUT old): the page says it no
    # longer works.
    path(
        "account/set-password/<uidb64>/<token>/",
        set_password.SetPasswordByLink.as_view(),
        name="password_reset_confirm_unsigned",
    ),
    path("account/set-password/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("c/<slug:slug>/", include("league.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)

handler500 = "janroku.error_pages.server_error"
