"""The Warriors' Death Django app: registers the pure engine and its form with the framework."""

from django.apps import AppConfig


class WarriorsConfig(AppConfig):
    """Plugs Warriors' Death into the match framework's registry."""

    name = "games.warriors"
    label = "game_warriors"
    verbose_name = "Warriors' Death"

    def ready(self) -> None:
        from games.registry import register
        from games.warriors.engine import WarriorsEngine
        from games.warriors.forms import MoveForm

        register(WarriorsEngine(), form_class=MoveForm)
