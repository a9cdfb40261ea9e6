"""standings pages of a club."""

urlpatterns = []
