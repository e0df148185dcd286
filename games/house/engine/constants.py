"""The dealer's format's names and bounds, defined once for the engine, the loader and the pages.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

SCHEMA = "garnet-house/2"
"""The schema the engine plays; every definition is read as one (FORMAT.md)."""
SCHEMA1 = "garnet-house/1"
"""The first schema: its files load as before, upgraded to :data:`SCHEMA` when they are read."""
MAX_ROUNDS = 99
"""No match goes past this round (RULES.md house-6); ``rounds`` is at most this."""
LIMIT = 1_000_000
"""The bound of a number a definition or a move gives (a field's min and max, a holding, points)."""
