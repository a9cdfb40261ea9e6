"""The owner's pages: members, logins, seasons, adjustments (urls_people) and rules (urls_rules)."""

from django.urls import include, path

from .views import manage

urlpatterns = [
    path("", manage.overview, name="manage"),
    path("", include("league.urls_people")),
    path("rules/", include("league.urls_rules")),
]
