"""running pages of a club."""

from django.urls import path

from .views import running

urlpatterns = [
    path("standings/running/", running.running_standings, name="running_standings"),
]
