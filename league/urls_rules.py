"""Rule sets, rule versions and recomputing the games a version governs (under /c/<slug>/manage/rules/)."""

from django.urls import path

from .views import manage_rules

urlpatterns = [
    path("", manage_rules.rules, name="manage_rules"),
    path("<int:rule_set_id>/new/", manage_rules.new_rule_version, name="new_rule_version"),
    path("<int:rule_set_id>/recompute/", manage_rules.recompute_rules, name="recompute_rules"),
]
