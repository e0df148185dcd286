from games import apps as base


class AbcConfig(base.GameAppConfig):
    name = "games.abc"
    verbose_name = "The ABC Game"
