from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from .views import club, entry, games, home, meetings, money

club_patterns = [
    path("", club.club_page, name="club"),
    path("enter/", entry.choose_meeting, name="choose_meeting"),
    path("meetings/start/", entry.start_meeting, name="start_meeting"),
    path("meetings/<int:meeting_id>/", meetings.meeting_detail, name="meeting_detail"),
    path("meetings/<int:meeting_id>/enter/", entry.enter_game, name="enter_game"),
    path("meetings/<int:meeting_id>/preview/", entry.preview_game, name="preview_game"),
    path("meetings/<int:meeting_id>/accounts/", meetings.meeting_accounts, name="meeting_accounts"),
    path("meetings/<int:meeting_id>/sheet/", meetings.meeting_sheet, name="meeting_sheet"),
    path("meetings/<int:meeting_id>/summary.txt", meetings.meeting_summary, name="meeting_summary"),
    path("meetings/<int:meeting_id>/close/", meetings.close_meeting, name="close_meeting"),
    path("meetings/<int:meeting_id>/reopen/", meetings.reopen_meeting, name="reopen_meeting"),
    path("money/", money.season_money_page, name="season_money"),
    path("games/<int:game_id>/", games.game_detail, name="game_detail"),
    path("games/<int:game_id>/edit/", games.edit_game, name="edit_game"),
    path("games/<int:game_id>/void/", games.void_game, name="void_game"),
    path("games/<int:game_id>/restore/", games.restore_game, name="restore_game"),
    path("games/<int:game_id>/history/", games.game_history_page, name="game_history"),
    path("manage/", include("league.urls_manage")),
    path("", include("league.urls_standings")),
    path("", include("league.urls_members")),
    path("", include("league.urls_running")),
    path("", include("league.urls_imports")),
    path("", include("league.urls_exchange")),
]

urlpatterns = i18n_patterns(
    path("", home.club_list, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("c/<slug:slug>/", include(club_patterns)),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
