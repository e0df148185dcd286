from games import apps as base


class DensityConfig(base.GameAppConfig):
    name = "games.density"
    verbose_name = "Density Deck"
