"""Long work off the request (docs/hosting.md, "The worker"): a large import's reading and saving, a recompute's
plan and its saving, the season workbook and the results CSV, a page table's long download.

The page that starts such work makes a ``Job`` (league/jobs/store.py: a folder in the site's state folder with
what the work needs, its progress and its result), queues the task that does it (league/jobs/tasks.py, run by
``manage.py db_worker``), and sends the visitor to the job's page, which refreshes itself until the result is
there: the import's preview, the recompute's plan, the recompute's outcome, the file's download.  Work
smaller than the limits below stays in the request, and so does an import's preview, whatever its size (1.7 s
for 20,000 games: docs/performance.md, "Work off the request").
"""

# A file or pasted text larger than this is read by the worker (about 2,000 games of the import template).
IMPORT_BYTES_IN_REQUEST = 100_000
# An import of more rows than this is saved by the worker.
IMPORT_ROWS_IN_REQUEST = 2_000
# A recompute of a rule set with more counted games than this is planned and saved by the worker.
RECOMPUTE_GAMES_IN_REQUEST = 1_000
# A season workbook or results CSV of more games than this is written by the worker.
EXPORT_GAMES_IN_REQUEST = 2_000
# A page table's download (CSV, xlsx) of more rows than ``page_tables.base.TABLE_ROWS_IN_REQUEST`` (1,000) is written
# by the worker: the limit is kept by the page tables, which never import the jobs.
