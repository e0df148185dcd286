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


def test_an_order_places_every_player_exactly_once() -> None:
    """The ``order`` kind (ABC's X order): a permutation of the match's players, in JSON, text or the form."""
    spec = get_engine("abc").options_schema
    five = NINE[:5]
    assert options_clean(spec, {"x_order": list(reversed(five))}, players=five)["x_order"] == list(reversed(five))
    assert options_clean(spec, {"x_order": "p4 p3 p2 p1 p0"}, players=five)["x_order"] == list(reversed(five))
    with pytest.raises(RuleError, match="^X order: names p1 more than once"):
        options_clean(spec, {"x_order": ["p0", "p1", "p1", "p3", "p4"]}, players=five)
    with pytest.raises(RuleError, match="^X order: must place every player of the match exactly once; missing: p2"):
        options_clean(spec, {"x_order": ["p0", "p1", "p3", "p4"]}, players=five)
    assert "x_order" not in options_clean(spec, {}, players=five)  # left out: setup draws it from the seed
    entry = options_json_schema(spec)["properties"]["x_order"]
    assert entry["type"] == "array" and entry["x-every-player-once"] is True


def test_the_form_offers_a_way_and_one_select_per_place() -> None:
    from games.web.option_forms import OptionsForm

    abc = get_engine("abc")
    five = NINE[:5]
    form = OptionsForm(None, engine=abc, players=NINE)
    assert [f"x_order__{i}" for i in range(1, 6)] == form.orders["x_order"]
    chosen = {f"abc-x_order__{i}": p for i, p in enumerate(reversed(five), 1)}
    form = OptionsForm({"abc-x_order": "chosen", **chosen}, engine=abc, players=NINE)
    assert form.is_valid() and form.raw_options(roster=five) == {"x_order": list(reversed(five))}
    form = OptionsForm({"abc-x_order": "roster"}, engine=abc, players=NINE)
    assert form.is_valid() and form.raw_options(roster=five) == {"x_order": five}
    form = OptionsForm({"abc-x_order": ""}, engine=abc, players=NINE)
    assert form.is_valid() and form.raw_options(roster=five) == {}
    form = OptionsForm({"abc-x_order": "chosen", **chosen, "abc-x_order__2": "p4"}, engine=abc, players=NINE)
    assert not form.is_valid() and "names p4 more than once" in str(form.errors)
