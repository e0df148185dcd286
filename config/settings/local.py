"""The embedded default for a laptop: debug on, SQLite, in-memory layer, in-process sweeper."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", True)
