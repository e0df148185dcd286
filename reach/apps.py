"""The reach app: the dealer's channel, clarifications, Discord and e-mail (see ``reach/receivers.py``)."""

from django.apps import AppConfig


class ReachConfig(AppConfig):
    name = "reach"
    verbose_name = "Reach"

    def ready(self) -> None:
        """Listen to the framework's and the season's hooks."""
        from reach.receivers import connect

        connect()
