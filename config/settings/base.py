"""Settings shared by every environment.

With no environment variables the project runs on the embedded default: SQLite
(WAL, busy timeout), the in-memory channel layer and an in-process sweeper.
``DATABASE_URL`` switches to PostgreSQL (psycopg 3 with a connection pool) and
``REDIS_URL`` to channels_redis plus Celery workers and beat.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


class Env(environ.Env):
    """django-environ's reader, except that a value is what it says: django-environ reads ``$NAME`` as
    the value of ``NAME``, and a password or a Django-generated secret key may begin with ``$``."""

    def get_value(
        self, var: str, cast: Any = None, default: Any = environ.Env.NOTSET, parse_default: bool = False
    ) -> Any:
        raw = self.ENVIRON.get(f"{self.prefix}{var}")
        if isinstance(raw, str) and raw.startswith("$"):
            return self.parse_value(raw, cast if cast is not None else str)
        return super().get_value(var, cast=cast, default=default, parse_default=parse_default)


# Every setting read from the environment goes through this one reader (tests/config/test_environment.py
# checks that nothing else reads os.environ): typed, with its default here.
env = Env()


def env_bool(name: str, default: bool = False) -> bool:
    """An environment flag: 1/true/yes/on (and y/ok) are true."""
    return bool(env.bool(name, default=default))


# The embedded default's key; production refuses it (config/settings/production.py).
DEV_SECRET_KEY = "garnet-dev-key-not-for-production-0123456789abcdefghijklmnop"  # noqa: S105
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default=DEV_SECRET_KEY)
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

GAME_APPS = [
    "games.abc",
    "games.exodus",
    "games.warriors",
    "games.exodia",
    "games.density",
    "games.house",
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "accounts",
    "games",
    *GAME_APPS,
    "seasons",
    "alerts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "accounts.middleware.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "accounts.middleware.TimezoneMiddleware",
    "axes.middleware.AxesMiddleware",
    "core.middleware.GameErrorMiddleware",
]

# Sessions read from the cache, written through to the database (no query per request;
# a cache outage falls back to the database).
SESSION_ENGINE = "accounts.sessions"

# The slots the framework's pages leave for the apps above them (games' ``{% slot %}`` tag): each names the
# templates that fill it, in order. The framework names no template of seasons, reach or the story itself.
GARNET_TEMPLATE_SLOTS: dict[str, list[str]] = {
    # A match page: a tab beside Table, Log and Rules ("Ask the dealer"), what the dealer pinned, below the live part.
    "match_tabs": ["reach/_match_slots.html"],
    "match_pinned": ["reach/_clarifications.html"],
    "match_after": ["alerts/_invite_slot.html", "seasons/_match_controls_slot.html"],
    # What a finished match's losing side is called (the framework's word: Elimination Candidate).
    "match_loser_label": ["seasons/_loser_label_slot.html"],
    # The dashboard's notices; a season page's sections of the dealer's channel and the story.
    "dashboard_notices": ["seasons/_notices_slot.html"],
    # The "your turn" list's link to the turn alerts (browser notifications, sound, confirmations).
    "dashboard_alerts": ["alerts/_settings_link.html"],
    "season_sections": ["reach/_season_slots.html", "story/_season_story_slot.html"],
    # A dealer's game page: the host's seasons and how the game can be used in each (issue 38).
    "house_game_use": ["seasons/_use_house_game.html"],
}

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.garnet",
                "games.web.context_processors.turn_signal",
                "alerts.context_processors.alert_prefs",
            ],
        },
    },
    {
        # The live part of a match page and the games' views and forms (``<app>/jinja2/``): drawn once per seat on
        # every close, they are compiled to Python (games/web/jinja.py). Names never clash with the Django templates.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "games.web.jinja.environment",
            "libraries": [
                "games.templatetags.garnet",
                "games.house.templatetags.house_play",
                "reach.templatetags.reach_tags",
                "seasons.templatetags.seasons_tags",
            ],
        },
    },
]

# SQLite: WAL lets readers run beside the one writer; the busy timeout makes writers queue instead of
# failing with "database is locked".
SQLITE_OPTIONS: dict[str, Any] = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
}
DATABASE_URL = env.str("DATABASE_URL", default="")
if DATABASE_URL:
    _db = env.db_url_config(DATABASE_URL)
    _db.setdefault("OPTIONS", {})
    if _db["ENGINE"] == "django.db.backends.sqlite3":
        # ``sqlite:///path`` (the README's variable may name SQLite too): the embedded default's options, never
        # PostgreSQL's pool, which SQLite refuses at start.
        _db["OPTIONS"] = {**SQLITE_OPTIONS, **_db["OPTIONS"]}
    else:
        # psycopg 3's pool replaces persistent connections; CONN_MAX_AGE must be 0 with it.
        _db["CONN_MAX_AGE"] = 0
        if env_bool("GARNET_DB_POOL", True) and _db["ENGINE"] == "django.db.backends.postgresql":
            _db["OPTIONS"]["pool"] = {
                "min_size": 1,
                "max_size": env.int("GARNET_DB_POOL_SIZE", default=10),
                "timeout": 10,
            }
    DATABASES: dict[str, Any] = {"default": _db}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env.str("GARNET_SQLITE_PATH", default=str(BASE_DIR / "garnet.sqlite3")),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "alerts:next"  # the match awaiting your move soonest, else My matches (issue 38)
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve from the app folders too, so the embedded default needs no collectstatic step.
WHITENOISE_USE_FINDERS = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Refuse oversize bodies before they reach a view.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
# The designer posts a whole game: a few rounds of effects with lines and per-trade runs pass 400 inputs; the
# 64 KB body cap above bounds what a request costs either way.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    # channels_redis's pub/sub layer: a group push is one PUBLISH that each process receives once and hands to
    # its own sockets, where the list layer (channels_redis.core) queued one Redis entry per socket and popped
    # each with its own round trip. Measured with bench/load.py (100 players, 2 processes), server CPU per
    # submission 25.7 ms against 33.6 ms, push p99 0.6-0.8 s against 1.6-2.7 s (bench/README.md, "Issue 29").
    # Pushes are notifications either way: what is published while a process's Redis connection is down is lost
    # (the list layer lost its queues on a Redis restart too), and a page heals by itself (a gap in its seq, a
    # lock-in on a newer turn, a shown turn past its deadline: static/garnet.js fetches).
    # Sized for thousands of sockets per process: redis-py's asyncio pool refuses a 101st concurrent command by
    # default (MaxConnectionsError under a burst of connects), so allow many, keep them alive, and check idle
    # ones before reuse; reads get a timeout well above the receiver's polls (a dead connection is still noticed).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "max_connections": env.int("GARNET_REDIS_MAX_CONNECTIONS", default=2000),
                        "socket_keepalive": True,
                        "socket_connect_timeout": 5,
                        "socket_timeout": 30,
                        "health_check_interval": 30,
                        "retry_on_timeout": True,
                    }
                ],
            },
        }
    }
    # Short socket timeouts: a hung Redis must not hang pages (sessions and cached reads fall back to the database).
    CACHES = {
        "default": {
            "BACKEND": "core.cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: with a broker the beat schedule sweeps due turns; without one the
# in-process sweeper (games.match.sweeper) does the same inside the web process.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
# Only tasks that return something (the playtest lab's chunks) keep a result, for an hour.
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL or "") or None
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
GARNET_SWEEP_SECONDS = env.float("GARNET_SWEEP_SECONDS", default=2.0)
CELERY_BEAT_SCHEDULE = {
    "turns-close-due": {"task": "games.tasks.turns_close_due", "schedule": timedelta(seconds=GARNET_SWEEP_SECONDS)},
    "picks-close-due": {"task": "seasons.tasks.picks_close_due", "schedule": timedelta(seconds=GARNET_SWEEP_SECONDS)},
    # A turn everyone locked in whose web process died before closing it (games.match.services.recovery).
    "turns-close-complete": {
        "task": "games.tasks.turns_close_complete",
        "schedule": timedelta(seconds=GARNET_SWEEP_SECONDS),
    },
    "deadline-reminders": {"task": "seasons.tasks.deadline_reminders_send", "schedule": timedelta(minutes=5)},
}
# The in-process sweeper runs only where there is no Celery broker.
GARNET_INPROCESS_SWEEPER = env_bool("GARNET_INPROCESS_SWEEPER", not REDIS_URL)
GARNET_CELERY_ENABLED = bool(REDIS_URL) and not GARNET_INPROCESS_SWEEPER
# With Celery, each web process watches the workers' sweep heartbeat (in the database) and closes due turns
# itself when no worker has swept for GARNET_SWEEP_STALE_SECONDS: Redis down, workers gone or deaf, beat down.
GARNET_SWEEP_STANDBY = env_bool("GARNET_SWEEP_STANDBY", True)
GARNET_SWEEP_STALE_SECONDS = env.float("GARNET_SWEEP_STALE_SECONDS", default=max(15.0, 5 * GARNET_SWEEP_SECONDS))
# A worker outlives a Redis outage: it retries the broker forever (Celery's default gives up after 100 tries
# and the process exits), every socket has a timeout (kombu: without one a publish on a half-open connection
# waits forever), and the BRPOP connection is checked every 5 s (kombu 5.7: a consumer on a dead connection
# reconnects within ~11 s instead of ~51 s). A task cut off by the outage is redelivered (acks_late); closing
# a turn twice is a no-op.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_timeout": 5,
    "socket_connect_timeout": 3,
    "socket_keepalive": True,
    "health_check_interval": 5,
    "retry_on_timeout": True,
}
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 3
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = 5
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "games.web.api.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every JSON body goes through core.jsoninput (size, depth, storable values).
    "DEFAULT_PARSER_CLASSES": [
        "games.web.api.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "submit": "60/min",
        "login": "10/min",
        "token": env.str("GARNET_TOKEN_RATE", default="10/min"),
    },
    "EXCEPTION_HANDLER": "games.web.api.errors.exception_handler",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "games.web.api.negotiation.QuickNegotiation",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Garnet API",
    "DESCRIPTION": "Matches, turns and submissions, and the seasons around them: standings, the ledger, picks, "
    "the schedule, the timeline, threads with the dealer, a player's season moves and a host's steps.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The browsable docs page loads Swagger UI from our own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# A strict Content-Security-Policy: scripts and styles only from our own static files (no inline
# script anywhere: page helpers read data attributes), websockets and fetches to ourselves.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

AXES_FAILURE_LIMIT = 8
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True

# One shared limiter (core.ratelimit) for pages and API: one Redis round trip per check.
GARNET_SUBMIT_RATE = env.str("GARNET_SUBMIT_RATE", default="60/m")
GARNET_LOGIN_RATE = env.str("GARNET_LOGIN_RATE", default="20/m")
# Sign-up and password reset per address, reset mails per e-mail address, the designer's bot trials per
# user (issue 47: 40 accounts from one address in 14 s, 20 reset mails to one address in 1 s, unbounded trials).
GARNET_SIGNUP_RATE = env.str("GARNET_SIGNUP_RATE", default="10/h")
GARNET_RESET_RATE = env.str("GARNET_RESET_RATE", default="10/h")
GARNET_RESET_MAIL_RATE = env.str("GARNET_RESET_MAIL_RATE", default="3/h")
GARNET_TRIAL_RATE = env.str("GARNET_TRIAL_RATE", default="30/h")
GARNET_TRIALS_AT_ONCE = env.int("GARNET_TRIALS_AT_ONCE", default=2)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("GARNET_LOG_LEVEL", default="WARNING")},
}

# Turns this short or shorter get a close task scheduled for their deadline (live Death Matches).
# A push is a notification: it never holds a player's answer longer than this (a hung Redis), and after one
# that timed out, pushes are skipped for GARNET_PUSH_PAUSE seconds (pages catch up by themselves).
GARNET_PUSH_TIMEOUT = env.float("GARNET_PUSH_TIMEOUT", default=1.0)
GARNET_PUSH_PAUSE = env.float("GARNET_PUSH_PAUSE", default=10.0)
# After a cache call found Redis unreachable or hung, cache calls fail at once (a miss) for this long.
GARNET_CACHE_PAUSE = env.float("GARNET_CACHE_PAUSE", default=10.0)
GARNET_SCHEDULE_MAX_SECONDS = env.int("GARNET_SCHEDULE_MAX_SECONDS", default=3600)

# --- Reach (issue 13): the dealer's channel, Discord, e-mail, log in with Discord -------------
INSTALLED_APPS += [  # noqa: F405 (kept in this block so the settings move can take it whole)
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.discord",
    "reach",
    "story",  # confessionals, the season's timeline and plots (above reach and seasons)
]
MIDDLEWARE += ["allauth.account.middleware.AccountMiddleware"]
AUTHENTICATION_BACKENDS += ["allauth.account.auth_backends.AuthenticationBackend"]


def site_url_clean(raw: str) -> str:
    """``GARNET_SITE_URL`` as links are built from it, or ImproperlyConfigured: an address without its scheme
    (``garnet.example.org``) makes every link in mails relative and every Discord embed invalid (Discord
    refuses an embed whose ``url`` is not absolute), so a process refuses to start with it (issue 47)."""
    value = raw.strip().rstrip("/")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ImproperlyConfigured(
            f"GARNET_SITE_URL={raw!r} is not the site's full address: write it with its scheme and host, "
            "e.g. https://garnet.example.org (links in e-mails and Discord embeds are built from it)."
        )
    return value


# The site's own address, for links in e-mails and Discord embeds (they leave the site).
GARNET_SITE_URL = site_url_clean(env.str("GARNET_SITE_URL", default="http://127.0.0.1:8000"))
# E-mail: the embedded default prints to the console; EMAIL_HOST switches to SMTP.
EMAIL_HOST = env.str("EMAIL_HOST", default="")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Garnet <garnet@localhost>")
GARNET_DIGEST_HOUR = env.int("GARNET_DIGEST_HOUR", default=8)  # local hour of the daily digest
GARNET_WEBHOOK_TIMEOUT = env.float("GARNET_WEBHOOK_TIMEOUT", default=5.0)
CELERY_BEAT_SCHEDULE["mail-digests"] = {"task": "reach.tasks.mail_digests_send", "schedule": timedelta(minutes=15)}
# django-allauth: only the Discord provider; Garnet's own log-in and sign-up pages stay.
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_USER_MODEL_USERNAME_FIELD = "username"
SOCIALACCOUNT_ADAPTER = "reach.web.discord_login.GarnetSocialAccountAdapter"
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION = True  # a verified Discord e-mail signs in the account that has it
SOCIALACCOUNT_EMAIL_AUTHENTICATION_AUTO_CONNECT = True
SOCIALACCOUNT_LOGIN_ON_GET = False
SOCIALACCOUNT_STORE_TOKENS = False
# Log in with Discord is offered only when the site has a Discord application.
DISCORD_CLIENT_ID = env.str("DISCORD_CLIENT_ID", default="")
SOCIALACCOUNT_PROVIDERS = {
    "discord": {
        "APPS": [
            {
                "client_id": DISCORD_CLIENT_ID,
                "secret": env.str("DISCORD_CLIENT_SECRET", default=""),
                "key": "",
            }
        ]
        if DISCORD_CLIENT_ID
        else [],
        "SCOPE": ["identify", "email"],
        "VERIFIED_EMAIL": False,  # trust Discord's own "verified" flag, nothing more
    }
}
# Log in with Discord posts to our own URL, which redirects to Discord: browsers check form-action on that redirect.
CONTENT_SECURITY_POLICY["DIRECTIVES"]["form-action"] = [
    *CONTENT_SECURITY_POLICY["DIRECTIVES"]["form-action"],
    "https://discord.com",
]

# --- Play from Discord (issue 27): the HTTP interactions endpoint and the command registration ---------------
# The application's public key (Developer Portal > General Information) verifies every interaction.
DISCORD_PUBLIC_KEY = env.str("DISCORD_PUBLIC_KEY", default="")
# The application id (usually the same as DISCORD_CLIENT_ID) and the bot token register commands and send DMs.
DISCORD_APPLICATION_ID = env.str("DISCORD_APPLICATION_ID", default=DISCORD_CLIENT_ID)
DISCORD_BOT_TOKEN = env.str("DISCORD_BOT_TOKEN", default="")
DISCORD_API_URL = env.str("DISCORD_API_URL", default="https://discord.com/api/v10").rstrip("/")
# An interaction older (or newer) than this many seconds is refused, and its signature remembered this long.
DISCORD_INTERACTION_WINDOW = env.int("DISCORD_INTERACTION_WINDOW", default=300)
# The season API's per-user throttles (DRF rates: "<n>/<sec|min|hour|day>").
GARNET_API_READ_RATE = env.str("GARNET_API_READ_RATE", default="600/min")
GARNET_API_WRITE_RATE = env.str("GARNET_API_WRITE_RATE", default="60/min")

# --- Turn alerts (issue 38): Web Push to players' browsers with the site's VAPID keys ---------------------------
# Web Push is on out of the box (issue 46): without these variables the site makes a pair on first use and keeps it
# in its database (alerts.vapid), so it lives as long as the site's data. Set them to use a pair of your own
# (``./manage.py vapid_keys`` prints one): the public key is the base64url of the raw P-256 point (the browser's
# applicationServerKey; derived from the private key when unset), the private key the base64url of the raw private
# number (or a PEM). GARNET_WEB_PUSH=0 turns Web Push off (the pages then notify while they are open).
GARNET_WEB_PUSH = env_bool("GARNET_WEB_PUSH", True)
GARNET_VAPID_PUBLIC_KEY = env.str("GARNET_VAPID_PUBLIC_KEY", default="")
GARNET_VAPID_PRIVATE_KEY = env.str("GARNET_VAPID_PRIVATE_KEY", default="")
# Who the push services may contact about this site's pushes (RFC 8292's "sub" claim).
GARNET_VAPID_SUBJECT = env.str("GARNET_VAPID_SUBJECT", default="mailto:admin@localhost")
# Issue 47: a delivery waits at most this many seconds to connect and for each read (the task's time limit bounds
# the whole); a user keeps at most this many browsers subscribed (the oldest goes); the embedded default delivers
# from this many threads. Endpoints must be https at a public address, except these origins (scheme://host:port),
# for a push service of your own on a private network; empty by default.
GARNET_WEBPUSH_TIMEOUT = env.float("GARNET_WEBPUSH_TIMEOUT", default=4.0)
GARNET_WEBPUSH_MAX_SUBSCRIPTIONS = env.int("GARNET_WEBPUSH_MAX_SUBSCRIPTIONS", default=5)
GARNET_WEBPUSH_THREADS = env.int("GARNET_WEBPUSH_THREADS", default=4)
GARNET_WEBPUSH_ALLOWED_ORIGINS = env.list("GARNET_WEBPUSH_ALLOWED_ORIGINS", default=[])
# Pushes have a queue of their own, so no player's browsers hold picks, mails or Discord messages. A worker started
# without -Q consumes both queues (the embedded and test setups, a single worker); docker-compose.yml runs a worker
# for each.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES: dict[str, dict[str, Any]] = {"celery": {}, "push": {}}
CELERY_TASK_ROUTES = {"alerts.push_fanout": {"queue": "push"}, "alerts.push_deliver": {"queue": "push"}}
