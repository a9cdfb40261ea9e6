"""members pages of a club."""

urlpatterns = []
