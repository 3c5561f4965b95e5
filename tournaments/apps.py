from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments import cache
        from tournaments.services import tokens  # noqa: F401  (a new password ends the tokens)

        cache._connect()
