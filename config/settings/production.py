"""Production: PostgreSQL, Redis, Celery workers + beat, hardened HTTP."""

from django.core.exceptions import ImproperlyConfigured

from config.settings.base import *  # noqa: F403
from config.settings.base import DEV_SECRET_KEY, env, env_bool

DEBUG = False
# No default: a production process refuses to start without its own key (and never runs on the published one).
SECRET_KEY = env.str("DJANGO_SECRET_KEY")
if SECRET_KEY == DEV_SECRET_KEY or len(SECRET_KEY) < 32:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY to a secret of 32 or more characters (not the development key).")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = True
# Behind the TLS proxy, forms post from https://<host>: trust exactly the served hosts unless told otherwise.
if not CSRF_TRUSTED_ORIGINS:  # type: ignore[used-before-def]  # noqa: F405
    CSRF_TRUSTED_ORIGINS = [f"https://{h.lstrip('.')}" for h in ALLOWED_HOSTS if h not in {"*", "testserver"}]  # noqa: F405
