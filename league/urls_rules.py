"""Rule sets, rule versions and recomputing the games a version governs."""

urlpatterns = []
