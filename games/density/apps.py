from django.apps import AppConfig


class DensityConfig(AppConfig):
    """Registers the Density Deck engine and its submission form."""

    name = "games.density"
    label = "game_density"
    verbose_name = "Density Deck"

    def ready(self) -> None:
        from games.density.engine import DensityEngine
        from games.density.forms import MoveForm
        from games.registry import register

        register(DensityEngine(), form_class=MoveForm)
