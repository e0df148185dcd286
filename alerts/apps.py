"""Turn alerts (issue 38): the live "your turn" push, Web Push to a player's devices, and their alert settings."""

from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "alerts"
    verbose_name = "Turn alerts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Listen to the framework's ``turn_opened`` hook."""
        from alerts.receivers import connect

        connect()
