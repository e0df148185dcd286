"""Sessions read from the cache and written through to the database, surviving a cache outage.

Django's ``cached_db`` store already logs a failed cache write, but a cache that is
down still breaks a read (it refills the cache after reading the database) and
``exists``/``delete``. Here every cache failure falls back to the database, which
has the truth, so a Redis outage never signs anyone out or fails a page.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore
from django.contrib.sessions.backends.db import SessionStore as DbStore

log = logging.getLogger(__name__)


class SessionStore(CachedDbStore):
    """``cached_db`` that falls back to the database whenever the cache fails."""

    def load(self) -> dict[str, Any]:
        try:
            return super().load()
        except Exception:
            log.warning("session cache unavailable; reading the database", exc_info=True)
            return DbStore.load(self)

    async def aload(self) -> dict[str, Any]:
        try:
            return await super().aload()
        except Exception:
            log.warning("session cache unavailable; reading the database", exc_info=True)
            return await DbStore.aload(self)

    def exists(self, session_key: str) -> bool:
        try:
            return super().exists(session_key)
        except Exception:
            return DbStore.exists(self, session_key)

    async def aexists(self, session_key: str) -> bool:
        try:
            return await super().aexists(session_key)
        except Exception:
            return await DbStore.aexists(self, session_key)

    def delete(self, session_key: str | None = None) -> None:
        try:
            super().delete(session_key)
        except Exception:
            DbStore.delete(self, session_key)

    async def adelete(self, session_key: str | None = None) -> None:
        try:
            await super().adelete(session_key)
        except Exception:
            await DbStore.adelete(self, session_key)
