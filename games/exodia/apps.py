from games import apps as base


class ExodiaConfig(base.GameAppConfig):
    name = "games.exodia"
    verbose_name = "Exodia, Obliterate"
