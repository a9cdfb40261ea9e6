"""Statistics read from the stored per-seat parts with SQL aggregates: standings, members, meetings."""
