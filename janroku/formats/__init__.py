"""The one date style of each language (settings.FORMAT_MODULE_PATH points here); see docs/architecture.md.

Every date a page, the chat text or a message shows is written with ``DATE_FORMAT`` (``|date``,
``date_format``), a moment with ``DATETIME_FORMAT``, and a column heading of the running standings
with ``MONTH_DAY_FORMAT`` (the same style without the year).  The short formats are the same as the
long ones, so a page cannot mix two styles.
"""
