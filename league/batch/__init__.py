"""What work on thousands of rows at once shares, whoever does it: an import's reading, planning and saving
(league/imports/), a recompute's plan and save (league/services/recompute.py).

Plain Python below both, importing nothing of the league app, so that a service never reaches up into the
imports for a helper (tests/league/test_layers.py).  Not to be confused with an import batch
(``ImportBatch``, league/models/imports.py), which is one import's saved rows.
"""
