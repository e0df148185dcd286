"""Writes on dealers' games: create, save a new version, import a file, export one.

Every definition goes through ``definition_clean`` (games/house/engine/definition.py) before it is kept,
so a stored version is always one the engine plays; its ``DefinitionError`` (whose
``errors`` name each field by its path) reaches the caller untouched, for the page to show next to
the field it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.text import slugify

from core.errors import Forbidden, NotFound
from games.house.access import may_design, may_edit
from games.house.engine.definition import definition_clean, definition_dump_text, definition_load_text
from games.house.models import HouseGame, HouseGameVersion

EXPORT_FORMATS = ("yaml", "json")


def _slug_for(owner: Any, title: str, *, exclude: int | None = None) -> str:
    """A slug of ``title`` unique among ``owner``'s games ("guess", "guess-2", …)."""
    base = (slugify(title) or "game")[:70]
    games = HouseGame.objects.filter(owner=owner)
    if exclude is not None:
        games = games.exclude(pk=exclude)
    taken = set(games.values_list("slug", flat=True))
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def house_game_create(*, owner: Any, definition: Mapping[str, Any]) -> HouseGame:
    """A new game of ``owner`` whose version 1 is ``definition`` (cleaned; DefinitionError if it is not valid)."""
    if not may_design(owner):
        raise Forbidden("Only hosts design games.")
    clean = definition_clean(dict(definition))
    with transaction.atomic():
        game = HouseGame.objects.create(owner=owner, title=clean["title"], slug=_slug_for(owner, clean["title"]))
        HouseGameVersion.objects.create(game=game, number=1, definition=clean, created_by=owner)
    return game


def house_game_update(*, game_id: int, user: Any, definition: Mapping[str, Any]) -> HouseGameVersion:
    """Save an edit of game ``game_id`` as its next version (matches already started keep theirs).

    Saving a definition equal to the latest version adds nothing and returns the latest."""
    clean = definition_clean(dict(definition))
    with transaction.atomic():
        game = HouseGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise NotFound("There is no such game.")
        if not may_edit(user, game):
            raise Forbidden("Only the game's owner may change it.")
        latest = game.latest
        if latest.definition == clean:
            return latest
        version = HouseGameVersion.objects.create(
            game=game, number=latest.number + 1, definition=clean, created_by=user
        )
        if game.title != clean["title"]:
            game.title = clean["title"]
            game.slug = _slug_for(game.owner, clean["title"], exclude=game.pk)
        game.save(update_fields=["title", "slug", "updated_at"])
    return version


def house_game_import(*, owner: Any, text: str, game_id: int | None = None) -> HouseGame:
    """A game from a file's text (YAML or JSON, FORMAT.md): a new game of ``owner``, or, with ``game_id``,
    a new version of that game. Errors name the field (DefinitionError), the file's syntax included."""
    data = definition_load_text(text)
    if game_id is None:
        return house_game_create(owner=owner, definition=data)
    return house_game_update(game_id=game_id, user=owner, definition=data).game


def house_game_export(*, version: HouseGameVersion, fmt: str = "yaml") -> str:
    """The text of ``version``'s definition as a file: ``yaml`` (block style, keys in the format's order) or ``json``."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"export as one of: {', '.join(EXPORT_FORMATS)}")
    return definition_dump_text(version.definition, fmt=fmt)
