"""Members, logins, seasons and adjustments of a club."""

urlpatterns = []
