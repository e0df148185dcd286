"""Registers The Exodus Game with the match framework."""

from __future__ import annotations

from django.apps import AppConfig


class ExodusConfig(AppConfig):
    """The Exodus Game app: its engine, form and templates."""

    name = "games.exodus"
    label = "game_exodus"

    def ready(self) -> None:
        """Register the engine and its submission form."""
        from games.exodus.engine import ExodusEngine
        from games.exodus.forms import MoveForm
        from games.registry import register

        register(ExodusEngine(), form_class=MoveForm)
