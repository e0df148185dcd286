from games import apps as base


class WarriorsConfig(base.GameAppConfig):
    name = "games.warriors"
    verbose_name = "Warriors' Death"
