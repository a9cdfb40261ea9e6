"""The site's table declarations (django-tables2): one ``Table`` class per table a page shows.

``base.py`` holds what every table shares (the lean template, the phone pattern's column kinds, paging and
the downloads); each other module declares the tables of one page.  How to add one: docs/architecture.md,
"Tables".
"""
