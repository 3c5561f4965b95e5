from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments import cache
        from tournaments.services import live_events, play_views
        from tournaments.services import tokens  # noqa: F401  (a new password ends the tokens)
        # The play service queues the bots' turns by name; without a broker the task runs in
        # this process, so every process knows it (a worker finds it through tasks.py too).
        from tournaments.services import bot_turns  # noqa: F401

        cache._connect()
        # Live events hear of tournaments' progress (a signal) and carry the board's state.
        live_events.provide_play_view(play_views.play_view)
