"""The story app: confessionals, the season's timeline and plots, and their archive sections."""

from django.apps import AppConfig


class StoryConfig(AppConfig):
    name = "story"
    verbose_name = "Story"

    def ready(self) -> None:
        """Push timeline updates on public season steps; add the archive sections."""
        from story.receivers import connect

        connect()
