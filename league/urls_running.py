"""running pages of a club."""

urlpatterns = []
