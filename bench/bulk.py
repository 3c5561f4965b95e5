"""Bench databases: create or drop one, and store many rows at once with PostgreSQL's COPY.

Shared by the bench scripts that fill a database of their own before measuring: they name
it by URL (``postgres://user@host:port/name``), create it when missing, and write their rows
with :func:`copy_instances`, which is many times faster than ``bulk_create`` for hundreds of
thousands of rows. Django must be set up before :func:`copy_instances` and
:func:`reset_sequences` are called.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import dj_database_url
import psycopg


def _admin(url: str) -> tuple[str, dict[str, Any]]:
    """The database's name, and how to reach the server's ``postgres`` database."""
    params = dj_database_url.parse(url)
    connect = {"user": params["USER"], "host": params["HOST"], "port": params["PORT"] or 5432,
               "password": params["PASSWORD"] or None}
    return params["NAME"], connect


def ensure_database(url: str) -> bool:
    """Create the database ``url`` names when it does not exist yet; answer whether it did."""
    name, connect = _admin(url)
    try:
        psycopg.connect(dbname=name, **connect).close()
        return True
    except psycopg.OperationalError:
        with psycopg.connect(dbname="postgres", autocommit=True, **connect) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return False


def drop_database(url: str) -> None:
    """Drop the database ``url`` names, closing whatever connections it still has."""
    from django.db import connections

    connections.close_all()
    name, connect = _admin(url)
    with psycopg.connect(dbname="postgres", autocommit=True, **connect) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _row(fields: list[Any], instance: Any, now: Any) -> tuple[Any, ...]:
    from django.db import models

    row = []
    for field in fields:
        value = getattr(instance, field.attname)
        if value is None and (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)):
            value = now
        elif isinstance(field, models.JSONField) and value is not None:
            value = json.dumps(value)
        row.append(value)
    return tuple(row)


def copy_instances(model: type, instances: Iterable[Any]) -> int:
    """Write unsaved ``model`` instances, primary keys set by the caller, with one COPY;
    ``auto_now`` fields left empty get the time now. Answer the rows written. No signals,
    no ``save()``: the bench's own data only."""
    from django.db import connection
    from django.utils import timezone

    fields = list(model._meta.concrete_fields)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    now = timezone.now()
    written = 0
    with connection.cursor() as cursor:
        table = connection.ops.quote_name(model._meta.db_table)
        with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for instance in instances:
                copy.write_row(_row(fields, instance, now))
                written += 1
    return written


def reset_sequences(*models: type) -> None:
    """Move the models' id sequences past the largest id, after rows were copied with ids."""
    from django.db import connection

    with connection.cursor() as cursor:
        for model in models:
            table = model._meta.db_table
            column = model._meta.pk.column
            cursor.execute(f"SELECT setval(pg_get_serial_sequence(%s, %s), COALESCE(MAX({column}), 0) + 1, false) "
                           f"FROM {connection.ops.quote_name(table)}", [table, column])
