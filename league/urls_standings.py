"""standings pages of a club: the season standings (成績表) and the same figures as JSON."""

from django.urls import path

from .views import standings

urlpatterns = [
    path("standings/", standings.standings_page, name="standings"),
    path("api/standings.json", standings.standings_json, name="api_standings"),
]
