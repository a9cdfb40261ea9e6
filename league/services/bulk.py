"""Inserting and updating many rows at once, for imports and recomputation: a query per table per chunk,
and little Python per row.

``QuerySet.bulk_create`` compiles every value of every row through the ORM's
insert compiler (a few function calls per value); for the 100,000 values of
5,000 imported games that was 40 % of the import's time (docs/performance.md).
``insert_rows`` writes the same rows with one INSERT per chunk: values of
integer, text and boolean columns go to the driver as they are, every other
column through its field's own conversion (``get_db_prep_save``, after
``pre_save`` fills ``auto_now_add``), and a foreign key given as an object
saved meanwhile takes its id, as ``bulk_create`` would.  No model signal is
sent, as with ``bulk_create``; history is written by ``insert_history``.
``update_rows`` writes chosen columns of saved rows by their primary key: on
SQLite one UPDATE executed for every row, on PostgreSQL one
``UPDATE … FROM unnest(…)`` with an array per column, where ``bulk_update`` would build a
CASE of every row's value for every column.
"""

from operator import attrgetter, itemgetter

from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

# Where ``insert_values`` keeps, in a dict it completed, the values it sent for the converted columns (a JSON
# text, a date): ``insert_history`` sends them again rather than converting each one twice.
SENT = "_sent"
ARRAY_ROWS = 5000  # rows a PostgreSQL insert sends at a time, as one array per column
# Columns whose Python value is what the database stores (ints, texts, booleans); the rest are converted.
PLAIN_TYPES = {
    "AutoField",
    "BigAutoField",
    "SmallAutoField",
    "IntegerField",
    "BigIntegerField",
    "SmallIntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "PositiveBigIntegerField",
    "BooleanField",
    "CharField",
    "TextField",
    "SlugField",
}


def insert_rows(model, objects, returning=False):
    """Insert ``objects`` (unsaved instances of ``model``); with ``returning``, set each one's new primary key."""
    if not objects:
        return
    connection = _connection()
    fields = [
        field
        for field in model._meta.concrete_fields
        if not (field.primary_key and getattr(objects[0], field.attname) is None)
    ]
    _take_related_ids(fields, objects)
    # Plain columns first, read in one go per row; the others converted one by one.
    plain = [field for field in fields if _is_plain(field)]
    converted = [field for field in fields if not _is_plain(field)]
    plain_values = attrgetter(*[field.attname for field in plain]) if len(plain) > 1 else None
    rows = []
    for instance in objects:
        row = plain_values(instance) if plain_values else tuple(getattr(instance, f.attname) for f in plain)
        if converted:
            row += tuple(field.get_db_prep_save(field.pre_save(instance, True), connection) for field in converted)
        rows.append(row)
    ids = _insert(connection, model, plain + converted, rows, returning=returning)
    if returning:
        for instance, new_id in zip(objects, ids, strict=True):
            setattr(instance, model._meta.pk.attname, new_id)
            instance._state.adding = False
            instance._state.db = connection.alias


def insert_values(model, rows, returning=False):
    """Insert ``rows`` of ``model`` given as dicts, without a model instance per row (the importer's games and
    seats): each dict maps field names or attnames to values, all with the same keys, a related object given
    under its field's name standing for its id.  A field not given takes its default (``auto_now`` and
    ``auto_now_add`` ones the time now, once for all the rows), as an instance would.

    With ``returning``, each dict is completed as the saved instance would be, under the attnames: its
    defaults and its new primary key (what ``insert_history`` then reads), and keeps what was sent for the
    columns converted on their way to the database (under ``SENT``).
    """
    if not rows:
        return
    connection = _connection()
    meta = model._meta
    keys = list(rows[0])
    given = [meta.get_field(key) for key in keys]
    now = timezone.now()
    defaults = {
        field.attname: now
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
        # A callable default (dict, list) made once: every row is written with the same value.
        else field.get_default()
        for field in meta.concrete_fields
        if field not in given and not field.primary_key
    }
    plain, related, converted = [], [], []  # the keys of values as they are, of related objects, and the others
    for key, field in zip(keys, given, strict=True):
        if field.is_relation and key == field.name:
            related.append((key, field, attrgetter(field.target_field.attname)))
        elif _is_plain(field):
            plain.append((key, field))
        else:
            converted.append((key, field))
    constant = {
        attname: meta.get_field(attname).get_db_prep_save(value, connection) for attname, value in defaults.items()
    }
    plain_values = itemgetter(*[key for key, _field in plain]) if len(plain) > 1 else None
    constant_values = tuple(constant.values())
    converted_names = [field.attname for _key, field in converted]
    values = []
    for row in rows:
        sent = tuple(field.get_db_prep_save(row[key], connection) for key, field in converted)
        values.append(
            (plain_values(row) if plain_values else tuple(row[key] for key, _field in plain))
            + tuple(_related_id(connection, field, row[key], target) for key, field, target in related)
            + sent
            + constant_values
        )
        if returning:
            row[SENT] = {**constant, **dict(zip(converted_names, sent, strict=True))}
    fields = [field for _key, field, *_target in plain + related + converted] + [
        meta.get_field(name) for name in defaults
    ]
    ids = _insert(connection, model, fields, values, returning=returning)
    if returning:
        for row, new_id in zip(rows, ids, strict=True):
            for key, field, target in related:  # a related object given by name: its id under the attname
                row[field.attname] = None if row[key] is None else target(row[key])
            row.update(defaults)
            row[meta.pk.attname] = new_id


def update_rows(model, objects, field_names):
    """Write the fields ``field_names`` of ``objects`` (saved instances of ``model``), one row per object.

    ``auto_now`` fields among them take the time now (``pre_save``), as ``save`` would.
    """
    if not objects:
        return
    connection = _connection()
    fields = [model._meta.get_field(name) for name in field_names]
    plain = [field for field in fields if _is_plain(field)]
    converted = [field for field in fields if not _is_plain(field)]
    pk = model._meta.pk
    names = [field.attname for field in plain] + [pk.attname]
    plain_values = attrgetter(*names) if len(names) > 1 else (lambda instance: (getattr(instance, pk.attname),))
    rows = [
        tuple(field.get_db_prep_save(field.pre_save(instance, False), connection) for field in converted)
        + plain_values(instance)
        for instance in objects
    ]
    if connection.vendor == "postgresql":
        _update_from_arrays(connection, model, converted + plain + [pk], rows)
        return
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in converted + plain)
    with connection.cursor() as cursor:
        # SQLite runs the one statement for every row without Python per row.
        cursor.executemany(
            f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(pk.column)} = %s", rows
        )


def _update_from_arrays(connection, model, fields, rows):
    """PostgreSQL: one ``UPDATE … FROM unnest(…)`` a chunk, with a parameter per column (an array of its
    values), cast to the column's type; the last field is the key.  A statement per row, even pipelined,
    took 0.4 s for 4,000 seats, and one placeholder per value about as long to prepare."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = [f"v{index}" for index in range(len(fields))]
    arrays = ", ".join(f"%s::{field.cast_db_type(connection)}[]" for field in fields)
    assignments = ", ".join(
        f"{quote(field.column)} = v.{name}" for field, name in zip(fields[:-1], names, strict=False)
    )
    sql = (
        f"UPDATE {table} SET {assignments} FROM unnest({arrays}) AS v ({', '.join(names)}) "
        f"WHERE {table}.{quote(fields[-1].column)} = v.{names[-1]}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [list(column) for column in zip(*rows, strict=True)])


def insert_history(model, objects, user, reason, history_type="+", when=None):
    """The history rows of ``objects`` (saved instances of a model with HistoricalRecords, or the dicts
    ``insert_values`` completed), in one insert.

    The same rows as django-simple-history's ``bulk_history_create`` (every tracked field, with the
    author, the reason and ``history_type``: "+" created, "-" deleted), written as values without a
    historical model instance per row.
    """
    history = model.history.model
    when = when or timezone.now()
    tracked = {field.attname: field for field in history.tracked_fields}
    extra = {
        "history_date": when,
        "history_user_id": getattr(user, "pk", None),
        "history_change_reason": reason,
        "history_type": history_type,
    }
    fields = [field for field in history._meta.concrete_fields if not field.primary_key]
    plain = [field for field in fields if field.attname in tracked and _is_plain(field)]
    converted = [field for field in fields if field.attname in tracked and not _is_plain(field)]
    fixed = [field for field in fields if field.attname not in tracked]
    connection = _connection()
    as_dicts = bool(objects) and isinstance(objects[0], dict)
    plain_values = (itemgetter if as_dicts else attrgetter)(*[field.attname for field in plain])
    value_of = dict.__getitem__ if as_dicts else getattr
    constant = tuple(field.get_db_prep_save(extra[field.attname], connection) for field in fixed)
    rows = []
    for instance in objects:
        sent = instance.get(SENT, {}) if as_dicts else {}  # what insert_values sent for the same columns
        rows.append(
            plain_values(instance)
            + tuple(
                sent[field.attname]
                if field.attname in sent
                else field.get_db_prep_save(value_of(instance, field.attname), connection)
                for field in converted
            )
            + constant
        )
    _insert(connection, history, plain + converted + fixed, rows)


def _insert(connection, model, fields, rows, returning=False):
    """Insert ``rows`` (tuples in the order of ``fields``); with ``returning``, the new primary keys in order."""
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    one_row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    if connection.vendor == "postgresql":
        return _insert_from_arrays(connection, model, fields, rows, returning)
    with connection.cursor() as cursor:
        if not returning:
            # One statement, executed by SQLite for every row without Python per row.
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES {one_row}", rows)
            return None
        ids = []
        size = max(1, connection.ops.bulk_batch_size(fields, rows))
        for start in range(0, len(rows), size):
            chunk = rows[start : start + size]
            # RETURNING gives the ids in the order of the VALUES rows (as bulk_create relies on, SQLite ≥ 3.35,
            # PostgreSQL).
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES {', '.join([one_row] * len(chunk))} "
                f"RETURNING {connection.ops.quote_name(model._meta.pk.column)}",
                [value for row in chunk for value in row],
            )
            ids += [new_id for (new_id,) in cursor.fetchall()]
        return ids


def _insert_from_arrays(connection, model, fields, rows, returning):
    """PostgreSQL: one ``INSERT … SELECT * FROM unnest(…)`` a chunk, an array per column cast to the column's type
    (as ``bulk_create`` does since Django 5.2; RETURNING gives the ids in the arrays' order).  ``executemany``
    ran the insert once per row on the server: 2.1 s for the 20,000 seats of 5,000 games, loaded."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(field.column) for field in fields)
    arrays = ", ".join(f"%s::{field.cast_db_type(connection)}[]" for field in fields)
    returned = f" RETURNING {quote(model._meta.pk.column)}" if returning else ""
    ids = []
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ARRAY_ROWS):
            chunk = rows[start : start + ARRAY_ROWS]
            cursor.execute(
                f"INSERT INTO {table} ({columns}) SELECT * FROM unnest({arrays}){returned}",
                [list(column) for column in zip(*chunk, strict=True)],
            )
            if returning:
                ids += [new_id for (new_id,) in cursor.fetchall()]
    return ids if returning else None


def _related_id(connection, field, related, target):
    """What a foreign key column stores for a related object (or None); ``target`` reads its key."""
    if related is None:
        return None
    key = target(related)
    return key if _is_plain(field) else field.get_db_prep_save(key, connection)


def _connection():
    """The database connection itself: every value converted through ``django.db.connection`` (a proxy) looked the
    connection up again, a tenth of saving an import."""
    return connections[DEFAULT_DB_ALIAS]


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


def _is_plain(field):
    if field.is_relation:
        return _is_plain(field.target_field)
    return field.get_internal_type() in PLAIN_TYPES
