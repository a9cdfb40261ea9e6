"""Every page of the site, saved, so that a refactor can be shown to change none of them.

    python -m tests.crawl save DIR             # build a fresh site, save every page into DIR (about 3 minutes)
    python -m tests.crawl compare DIR_A DIR_B  # exit 1 listing each page that differs, with a diff excerpt

``save`` (save.py) builds a new SQLite database in a temporary folder: the migrations, ``load_seed_clubs``, then
``demo`` as of DEMO_TODAY (pinning.py).  It plays a short club day on it through the site's own forms
(day.py: a meeting started, people marked here, a guest, a draw, games entered, a player's report waiting, an
adjustment, an invite, a corrected and a voided game, an import saved, a club made private, the season workbook
as a background job), logs the visitors in, leaves an import waiting in the owner's and the secretary's
sessions and has the owner make a password link.  Then it reads every GET page with Django's test client,
in-process, in Japanese (no prefix) and English (``/en/``), as each visitor: the demo logins ``owner``,
``secretary`` and ``member`` (of every seed club; the member plays in 爆風の会), an ``outsider`` (a login of no
club, made by signing up), ``anonymous``, and ``site_admin`` (a superuser) for the admin.

The pages (pages.py) are every named URL of the resolver: a club page missing from PAGES in
tests/league/test_roles.py, or one whose address this crawl cannot fill, stops the save.  爆風の会 (CLUB) is
read whole: every page with each kind of object (the day's meeting, its draw and report, games corrected,
voided, with a yakuman, a bust, chips …), and every one of its meetings and members (those past the first
three in Japanese, as owner, member and anonymous only).  The other seed clubs are read as owner, member and
anonymous: every page with their last two meetings, a member, a few games, every rule set and season.  For
爆風の会 and touten (five rule sets) also the query strings of QUERIES (seasons, rule sets, dates, the export's
choices), and from each page's first address the links back to itself that download a table (CSV, xlsx), show
its next page (page 2, the activity's earlier entries) or sort it (the first three).  The season workbook is
read as the owner (it is the same for all who may have it) and refused to those who may not have it.

Each answer is one file, ``DIR/<language>/<visitor>/<club, site or admin>/<page>[.<argument>=<id>][~<query>].txt``
(answers.py): the address, the status, a few headers, then the body; an xlsx (a table's download, the season
workbook, the import template) as the value and number format of every cell of every sheet as openpyxl reads
them, never the zip's bytes; a JSON indented, with the SHA-256 of its bytes; other binary files by size and
SHA-256.  ``DIR/pages.tsv`` lists every answer with its status; ``DIR/setup.txt`` what the demo made and how the
site answered each form of the day.

What changes from one run to the next is pinned before Django loads (pinning.py), not hidden, so that a
difference is always the site's: the clock (``django.utils.timezone.now``, ``time.time`` and ``{% now %}`` read
a fixed moment, stepped a minute for each form of the day: dates shown, ``created_at``, history, "today's
meeting" and the workbook's own dates are the same every run); the tokens the site draws from ``secrets``
(invites, draw seeds, job ids, waiting imports: a generator seeded afresh for each form sent and each page read,
so one page more or less moves no other page's tokens); password salts; the request id (sent as
``X-Request-ID``); ``random``; and string hashing (``save`` starts itself again with PYTHONHASHSEED=0).

Normalised in the saved text (answers.normalise), because they are new in every answer whatever the site does:
the CSRF token of each form (Django masks it afresh for every response), CSP nonces (the site uses none today;
they would be new for every response) and the temporary folder's path.  One order is sorted: the admin's list
of the kinds of objects a superuser may not delete with an object (Django renders a set there, so its order is
the hash's and the order the models were loaded in, which moving a model to another module changes).  Nothing
else is touched.  The password link's token holds the real time (Django's token generator reads
``datetime.now``), so the link's address is shown with ``[token]`` and its answer is the redirect Django makes to
a tokenless address, then the form found there.
"""
