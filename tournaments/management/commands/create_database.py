"""``manage.py create_database``: create the PostgreSQL database ``DATABASE_URL`` names when it
does not exist yet (``make up`` runs it before ``migrate``). SQLite needs nothing."""

from __future__ import annotations

from typing import Any

import psycopg
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from psycopg import sql


class Command(BaseCommand):
    help = "Create the configured PostgreSQL database if it is missing."

    def handle(self, *args: Any, **options: Any) -> None:
        database = settings.DATABASES["default"]
        if database["ENGINE"] != "django.db.backends.postgresql":
            self.stdout.write(f"{database['ENGINE']}: nothing to create")
            return
        params = {"dbname": "postgres", "user": database.get("USER") or None,
                  "password": database.get("PASSWORD") or None, "host": database.get("HOST") or None,
                  "port": database.get("PORT") or None}
        try:
            with psycopg.connect(**{k: v for k, v in params.items() if v}, autocommit=True, connect_timeout=10) as db:
                if db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database["NAME"]]).fetchone():
                    self.stdout.write(f"database {database['NAME']} exists")
                    return
                db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database["NAME"])))
        except psycopg.Error as error:
            raise CommandError(f"cannot create the database {database['NAME']}: {error}") from None
        self.stdout.write(f"created database {database['NAME']}")
