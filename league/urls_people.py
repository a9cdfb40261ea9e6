"""Members, logins, seasons and adjustments of a club (under /c/<slug>/manage/)."""

from django.urls import path

from .views import manage_adjustments, manage_people

urlpatterns = [
    path("members/", manage_people.manage_members, name="manage_members"),
    path("members/add/", manage_people.add_member, name="add_member"),
    path("members/<int:member_id>/", manage_people.edit_member, name="edit_member"),
    path("logins/", manage_people.manage_logins, name="manage_logins"),
    path("logins/add/", manage_people.add_login, name="add_login"),
    path("logins/<int:membership_id>/", manage_people.edit_login, name="edit_login"),
    path("logins/<int:membership_id>/remove/", manage_people.remove_login, name="remove_login"),
    path("seasons/", manage_people.manage_seasons, name="manage_seasons"),
    path("seasons/add/", manage_people.add_season, name="add_season"),
    path("seasons/<int:season_id>/", manage_people.edit_season, name="edit_season"),
    path("adjustments/", manage_adjustments.adjustments, name="adjustments"),
    path("adjustments/add/", manage_adjustments.add_adjustment, name="add_adjustment"),
    path("adjustments/<int:adjustment_id>/delete/", manage_adjustments.delete_adjustment, name="delete_adjustment"),
]
