"""The declared options: one validation for the console, the API schema, setup and the playtest lab."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.options import options_clean, options_for_setup, options_json_schema
from games.registry import engines, get_engine

pytestmark = pytest.mark.django_db(transaction=False)

NINE = [f"p{i}" for i in range(9)]


def test_every_engine_declares_options_whose_defaults_set_up_a_match() -> None:
    """Each of the five engines declares its options; the defaults alone pass the shared validation."""
    assert {e.slug for e in engines() if e.options_schema} >= {"abc", "exodus", "warriors", "exodia", "density"}
    for engine in engines():
        low = engine.players_allowed(options_clean(engine.options_schema, {}))[0]
        players = NINE[:low]
        options_for_setup(engine, {}, players)


def test_form_strings_are_coerced_and_a_bad_value_names_the_options_label() -> None:
    warriors = get_engine("warriors")
    assert options_clean(warriors.options_schema, {"turn_seconds": "90", "variant": "Extended"})["turn_seconds"] == 90
    with pytest.raises(RuleError, match=r"^Round length \(seconds\): must be at least 10"):
        options_clean(warriors.options_schema, {"turn_seconds": 3})
    with pytest.raises(RuleError, match="^Variant: must be one of: classic, extended"):
        options_clean(warriors.options_schema, {"variant": "modern"})
    abc = get_engine("abc")
    assert options_clean(abc.options_schema, {"garnets": "p0=3, p1:2"}, players=NINE) == {"garnets": {"p0": 3, "p1": 2}}
    with pytest.raises(RuleError, match='X order: "zed" is not a player'):
        options_clean(abc.options_schema, {"x_order": "p0, zed"}, players=NINE)


def test_exodus_player_count_follows_the_variant() -> None:
    """RULES.md: "players (published) | 9 | 8": other counts only as the named house variant."""
    exodus = get_engine("exodus")
    options_for_setup(exodus, {"variant": "gems"}, NINE[:8])
    with pytest.raises(RuleError, match="takes 9 players, not 8"):
        options_for_setup(exodus, {"variant": "cubes"}, NINE[:8])
    with pytest.raises(RuleError, match="takes 8 players, not 9"):
        options_for_setup(exodus, {"variant": "gems"}, NINE)
    assert options_for_setup(exodus, {"variant": "cubes", "house_count": "on"}, NINE[:6])["house_count"] is True


def test_the_api_documents_the_options_from_the_same_declaration(client) -> None:  # type: ignore[no-untyped-def]
    schema = options_json_schema(get_engine("warriors").options_schema)
    assert schema["properties"]["variant"]["enum"] == ["classic", "extended"]
    assert schema["properties"]["advantage"]["x-filled-by-season"] is True
    games = {g["slug"]: g for g in client.get("/api/games/").json()}
    assert games["exodus"]["options"]["properties"]["variant"]["default"] == "cubes"
