from games import apps as base


class ExodusConfig(base.GameAppConfig):
    name = "games.exodus"
    verbose_name = "The Exodus Game"
