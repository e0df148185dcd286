"""Dealers' own games: one pure engine that plays any game a dealer defines as data (FORMAT.md)."""
