"""The seasons app: it uses the match framework through its hooks (see ``seasons/receivers.py``)."""

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        """Listen to the framework's hooks."""
        from seasons.receivers import connect

        connect()
