from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Matches"

    def ready(self) -> None:
        from games import signals  # noqa: F401  (connects the in-process sweeper)
