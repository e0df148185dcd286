"""What the page tests of the dealers' own games share: a definition with every field type whose rounds the
dealer resolves, matches of it with a host who deals, and signed-in clients."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.test import Client

from games.house.engine.definition import definition_clean, definition_load_text
from games.match.services.matches import match_start
from games.models import Match, Turn
from tests.factories import UserFactory, users

PLAYERS = ["ann", "bob", "cat"]

EVERY_FIELD = """
schema: garnet-house/1
title: Dealer's choice
kind: main
rules: Each round, fill in the form; the dealer tallies it by hand.
players: {min: 3, max: 8}
rounds: 2
scores: {label: Points, start: 0, visibility: public}
secrets:
  - {name: role, label: Your role, values: [Thief, Citizen]}
round_plan:
  - label: Round
    fields:
      - {name: pick, label: Your pick, type: choice, choices: [red, blue]}
      - {name: guess, label: Your guess, type: number, min: 0, max: 100, default: 50}
      - {name: target, label: Your target, type: player, required: false}
      - {name: allies, label: Allies, type: players, count_min: 1, count_max: 2, required: false}
      - {name: rank, label: Ranking, type: order, required: false}
      - {name: note, label: A note, type: text, max_length: 60, required: false}
      - {name: bid, label: Your bid, type: garnets, min: 0, max: 5, pays: bid, required: false}
    resolve: {by: dealer}
"""


def every_field_definition(**changes: Any) -> dict[str, Any]:
    """The definition above, cleaned, with top-level keys replaced by ``changes``."""
    raw = definition_load_text(EVERY_FIELD)
    raw.update(changes)
    return definition_clean(raw)


def house_match(
    definition: dict[str, Any] | None = None,
    *,
    players: Sequence[str] = PLAYERS,
    hosts: Sequence[str] = ("host",),
    secrets: dict[str, dict[str, str]] | None = None,
    seed: str = "house-pages",
) -> Match:
    """A running house match of ``definition`` (the every-field one by default), dealt by ``hosts``."""
    users(players)
    options: dict[str, Any] = {"definition": definition or every_field_definition()}
    if secrets:
        options["secrets"] = secrets
    return match_start(game="house", players=list(players), options=options, hosts=users(list(hosts)), seed=seed)


def client(handle: str) -> Client:
    """A client signed in as ``handle`` (the user is made if missing)."""
    c = Client()
    c.force_login(UserFactory(username=handle))
    return c


def open_turn(match: Match) -> Turn:
    """The match's open turn."""
    return Turn.objects.get(match=match, status=Turn.Status.OPEN)
