"""The Django app of Exodia, Obliterate: registers the engine and its form."""

from django.apps import AppConfig


class ExodiaConfig(AppConfig):
    """Registers :class:`games.exodia.engine.ExodiaEngine` with the game registry."""

    name = "games.exodia"
    label = "game_exodia"
    verbose_name = "Exodia, Obliterate"

    def ready(self) -> None:
        from games.exodia.engine import ExodiaEngine
        from games.exodia.forms import MoveForm
        from games.registry import register

        register(ExodiaEngine(), form_class=MoveForm)
