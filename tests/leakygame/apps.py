from games import apps as base


class SecretConfig(base.GameAppConfig):
    name = "tests.leakygame"
    verbose_name = "Secret Numbers"
