from games import apps as base


class OddsConfig(base.GameAppConfig):
    name = "tests.toygame"
    verbose_name = "Odds and Evens"
