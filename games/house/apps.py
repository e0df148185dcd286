from games import apps as base


class HouseConfig(base.GameAppConfig):
    name = "games.house"
    verbose_name = "Dealers' own games"
