"""The season workbook and results CSV of a club (to include under ``c/<slug>/``, beside the other club pages)."""

from django.urls import path

from .views import exports

urlpatterns = [
    path("export/", exports.export_page, name="export"),
    path("export/season.xlsx", exports.season_workbook, name="export_xlsx"),
    path("export/results.csv", exports.results_csv, name="export_csv"),
]
