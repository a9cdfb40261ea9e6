from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import path

from .views import home

urlpatterns = i18n_patterns(
    path("", home.club_list, name="home"),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
