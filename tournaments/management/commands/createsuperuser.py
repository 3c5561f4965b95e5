"""Django's ``createsuperuser``, with usernames under the names' rule and unique whatever
their case (the same check as the API and the admin site)."""

from __future__ import annotations

from django.contrib.auth.management.commands import createsuperuser

from tournaments.errors import ServiceError
from tournaments.services import accounts as account_services


class Command(createsuperuser.Command):
    def _validate_username(self, username: str, verbose_field_name: str, database: str) -> str | None:
        try:
            account_services.clean_username(username or "")
        except ServiceError as error:
            return f"Error: {error.message}"
        return super()._validate_username(username, verbose_field_name, database)
