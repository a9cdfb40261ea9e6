"""members pages of a club."""

from django.urls import path

from .views import members

urlpatterns = [
    path("members/", members.member_list, name="member_list"),
    path("members/<int:member_id>/", members.member_page, name="member_page"),
    path("api/members/<int:member_id>.json", members.member_json, name="api_member"),
]
