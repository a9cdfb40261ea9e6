"""Inserting many rows at once, for imports: a query per table per chunk, and little Python per row.

``QuerySet.bulk_create`` compiles every value of every row through the ORM's
insert compiler (a few function calls per value); for the 100,000 values of
5,000 imported games that was most of the import's time (docs/performance.md).
``insert_rows`` writes the same rows with one INSERT per chunk: values of
integer, text and boolean columns go to the driver as they are, every other
column through its field's own conversion (``get_db_prep_save``, after
``pre_save`` fills ``auto_now_add``), and a foreign key given as an object
saved meanwhile takes its id, as ``bulk_create`` would.  No model signal is
sent, as with ``bulk_create``; history is written by ``insert_history``.
"""

from operator import attrgetter

from django.db import connection
from django.utils import timezone

# Columns whose Python value is what the database stores (ints, texts, booleans); the rest are converted.
PLAIN_TYPES = {"AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField", "SmallIntegerField",
               "PositiveIntegerField", "PositiveSmallIntegerField", "PositiveBigIntegerField", "BooleanField",
               "CharField", "TextField", "SlugField"}


def insert_rows(model, objects, returning=False):
    """Insert ``objects`` (unsaved instances of ``model``); with ``returning``, set each one's new primary key."""
    if not objects:
        return
    fields = [field for field in model._meta.concrete_fields
              if not (field.primary_key and getattr(objects[0], field.attname) is None)]
    _take_related_ids(fields, objects)
    rows = _values(fields, objects)
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    one_row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    with connection.cursor() as cursor:
        if not returning:
            # One statement, executed by the driver for every row (SQLite and psycopg do it without Python per row).
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES {one_row}", rows)
            return
        pk = model._meta.pk
        size = max(1, connection.ops.bulk_batch_size(fields, objects))
        for start in range(0, len(rows), size):
            chunk = rows[start:start + size]
            # RETURNING gives the ids in the order of the VALUES rows (as bulk_create relies on, SQLite ≥ 3.35,
            # PostgreSQL).
            cursor.execute(f"INSERT INTO {table} ({columns}) VALUES {', '.join([one_row] * len(chunk))} "
                           f"RETURNING {connection.ops.quote_name(pk.column)}",
                           [value for row in chunk for value in row])
            for instance, (new_id,) in zip(objects[start:start + size], cursor.fetchall(), strict=True):
                setattr(instance, pk.attname, new_id)
                instance._state.adding = False
                instance._state.db = connection.alias


def insert_history(model, objects, user, reason, history_type="+", when=None):
    """The history rows of ``objects`` (saved instances of a model with HistoricalRecords), in one insert.

    The same rows as django-simple-history's ``bulk_history_create``: every tracked field, with the
    author, the reason and ``history_type`` ("+" created, "-" deleted).
    """
    history = model.history.model
    when = when or timezone.now()
    tracked = [field.attname for field in history.tracked_fields]
    values = attrgetter(*tracked)
    rows = [history(history_date=when, history_user=user, history_change_reason=reason, history_type=history_type,
                    **dict(zip(tracked, values(instance), strict=True)))
            for instance in objects]
    insert_rows(history, rows)
    return rows


def _take_related_ids(fields, objects):
    """A foreign key set to an object that was saved after being assigned takes its id (as bulk_create does)."""
    for field in fields:
        if not field.is_relation:
            continue
        for instance in objects:
            if getattr(instance, field.attname) is None and field.is_cached(instance):
                related = field.get_cached_value(instance)
                if related is not None:
                    setattr(instance, field.attname, related.pk)


def _values(fields, objects):
    plain = [field for field in fields if _is_plain(field)]
    if len(plain) == len(fields):
        values = attrgetter(*[field.attname for field in fields])
        return [values(instance) if len(fields) > 1 else (values(instance),) for instance in objects]
    converted = [(field.attname, None if field in plain else field) for field in fields]
    return [tuple(getattr(instance, attname) if field is None
                  else field.get_db_prep_save(field.pre_save(instance, True), connection)
                  for attname, field in converted)
            for instance in objects]


def _is_plain(field):
    if field.is_relation:
        return _is_plain(field.target_field)
    return field.get_internal_type() in PLAIN_TYPES
