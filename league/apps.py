from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("League")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import signals  # noqa: F401  (connects the rule-version checks)
        from .jobs import tasks
        from .page_tables import base

        base.long_download = tasks.start_table_download  # a long table download: the worker's (page tables sit below)
