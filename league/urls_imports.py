"""Importing results (under /c/<slug>/): include it in league/urls.py's club_patterns with
``path("", include("league.urls_imports"))``."""

from django.urls import path

from .views import imports

urlpatterns = [
    path("import/", imports.start_import, name="import_results"),
    path("import/template.xlsx", imports.template_xlsx, name="import_template_xlsx"),
    path("import/template.csv", imports.template_csv_file, name="import_template_csv"),
    path("import/<slug:token>/", imports.preview_import, name="import_preview"),
]
