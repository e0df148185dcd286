"""The ABC game's Django app: registers the pure engine and its form with the framework."""

from django.apps import AppConfig


class AbcConfig(AppConfig):
    """Plugs the ABC game into the match framework's registry."""

    name = "games.abc"
    label = "game_abc"
    verbose_name = "The ABC Game"

    def ready(self) -> None:
        from games.abc.engine import AbcEngine
        from games.abc.forms import MoveForm
        from games.registry import register

        register(AbcEngine(), form_class=MoveForm)
