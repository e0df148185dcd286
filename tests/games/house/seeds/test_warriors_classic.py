"""A Warrior's Death (``samples/warriors_classic.yaml``) against ``games/warriors`` (classic) through the differential
harness (issue 43).

Agreeing: who is awaited (the timed break after each bout, which awaits nobody, included), every legal move accepted
and each move the text forbids refused (a dead unit, a Blue Mage disguised as itself, an Astrologian without its
prediction), each bout's points and winner, the rounds each player is announced to win (the Blue Mage's fake
included), both units as they look (a Blue Mage as its disguise), each player's living units and their strengths
(altered strengths kept), and the outcome (the extra bout, the Death Match Opponent on a level extra bout)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest

from games.warriors.engine import WarriorsEngine
from games.warriors.units import table
from tests.games.house.seeds.harness import Seed, play, play_many

PLAYERS = ("ann", "bob")
MATCHES = range(100)
BASE = {name: unit.base for name, unit in table("classic").items()}
NAME = {base: name for name, base in BASE.items()}


def _options(rng: Random) -> dict[str, Any]:
    return {"advantage": rng.choice(PLAYERS)}


def _to_house(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    """A unit by its strength, as the text allows; the Astrologian's prediction and the Blue Mage's disguise too."""
    out = {"unit": BASE[move["unit"]]}
    for key in ("guess", "disguise"):
        if key in move:
            out[key] = BASE[move[key]]
    return out


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """A dead unit (not a Dark Knight that may come back this round), a Blue Mage disguised as a Blue Mage, and
    an Astrologian without its prediction."""
    playable = WARRIORS.playable(state, player)
    probes = {}
    if "blue mage" in playable:
        probes["disguise_self"] = ({"unit": "blue mage", "disguise": "blue mage"}, {"unit": 2, "disguise": 2})
    if "astrologian" in playable:
        probes["no_prediction"] = ({"unit": "astrologian"}, {"unit": 1})
    dead = [n for n in state["sides"][player]["units"] if n not in playable]
    if dead:
        name = rng.choice(dead)
        probes["dead_unit"] = ({"unit": name}, {"unit": BASE[name]})
    return probes


def _announced(public: Mapping[str, Any]) -> dict[str, int]:
    """The rounds each player was announced to win in the bout of the last round played."""
    log = public["log"]
    bout = log[-1]["bout"] if log else None
    return {p: sum(1 for e in log if e["bout"] == bout and e["winner"] == p) for p in public["players"]}


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    bouts = public["bouts"]
    facts: dict[str, Any] = {
        "bout_wins": dict(public["bout_wins"]),
        "bout_points": dict(bouts[-1]["points"]) if bouts else dict.fromkeys(PLAYERS, 0),
        "announced": _announced(public),
    }
    if viewer is not None and public["phase"] != "over":
        alive = {BASE[u["name"]]: u["strength"] for u in view["you"]["units"] if u["alive"] and u["name"] != "chocobo"}
        facts["alive"] = alive
    return facts


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    held = public["holdings"]
    facts: dict[str, Any] = {
        "bout_wins": dict(public["scores"]),
        "bout_points": {p: held[p]["bout_points"] for p in PLAYERS},
        "announced": {p: held[p]["announced"] for p in PLAYERS},
    }
    if viewer is not None and public["phase"] != "over":
        mine = view["you"]["holdings"]
        kept = {4: mine["s4"], 5: mine["s5"], 7: mine["s7"]}
        facts["alive"] = {n: kept.get(n, n) for n in range(1, 10) if not mine["dead"] // 2**n % 2}
    return facts


def _coded_looks(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    log = view["public"]["log"]
    return {"looks": dict(log[-1]["units"]) if log else None}


def _house_looks(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    """The units the last round played showed (a break shows nothing: the round before it)."""
    shown = [h["moves"] for h in view["public"]["history"] if h.get("moves")]
    return {"looks": {p: NAME[m["unit"]] for p, m in shown[-1].items()} if shown else None}


WARRIORS = WarriorsEngine()
WARRIORS_SEED = Seed(
    sample="warriors_classic",
    coded=WARRIORS,
    players=PLAYERS,
    options=_options,
    to_house=_to_house,
    coded_facts=_coded_facts,
    house_facts=_house_facts,
    probes=_probes,
)
LOOKS_SEED = Seed(**{**WARRIORS_SEED.__dict__, "coded_facts": _coded_looks, "house_facts": _house_looks})
SILENT_SEED = Seed(**{**WARRIORS_SEED.__dict__, "absent": (1.0,)})
BREAK_SEED = WARRIORS_SEED


@pytest.fixture(scope="module")
def probed() -> dict[str, list[str]]:
    """Every mismatch of 3 whole random matches, by aspect: what the refusal probes read."""
    return play_many(WARRIORS_SEED, range(3))


def test_one_warriors_match_compares_every_aspect() -> None:
    """The harness really compares who is awaited, refusals, costs, the bouts, the units and the outcome."""
    report = play(WARRIORS_SEED, 0)
    assert {"awaited", "refusals", "cost", "spent", "view:bout_points", "view:alive", "outcome:winners"} <= (
        report.compared
    )
    assert report.turns >= 50


@pytest.mark.parametrize("block", range(4))
def test_a_warriors_death_agrees_with_the_warriors_engine_after_every_round(block: int) -> None:
    """Over 100 random matches (25 per block; missing submissions included): both players awaited every round,
    every legal unit accepted, no cost, each bout's points and bouts won, the rounds announced won (a Blue Mage
    repeating the last real winner), each player's living units with their strengths, and the outcome (the extra
    bout when level after 5)."""
    found = play_many(WARRIORS_SEED, range(block * 25, block * 25 + 25))
    assert {k: v for k, v in found.items() if not k.startswith("refusals:")} == {}


def test_level_bouts_bring_an_extra_bout_then_the_death_match_opponent_wins() -> None:
    """Two players who never send a unit send Chocobos: every bout is level (0 points each), so a sixth bout is
    played, and when it is level too the Death Match Opponent wins, in both engines."""
    for number in range(2):
        report = play(SILENT_SEED, number)
        assert {k: v for k, v in report.mismatches.items() if not k.startswith("refusals:")} == {}
        assert report.turns == 65  # six bouts of 10 rounds and the 5 breaks between them
        advantage = _options(Random(f"warriors_classic:{number}"))["advantage"]  # as the harness draws it
        assert tuple(report.coded_outcome.winners) == tuple(report.house_outcome.winners) == (advantage,)


def test_a_dead_unit_is_refused(probed: dict[str, list[str]]) -> None:
    """The text: "You cannot play a unit that's dead (with the exception of Dark Knight's ability)"; the unit
    field's ``allowed`` reads the dead units and the unit Living Dead may bring back."""
    assert probed.get("refusals:dead_unit") is None


def test_a_blue_mage_is_disguised_as_another_unit(probed: dict[str, list[str]]) -> None:
    """The text: the Blue Mage "can be disguised as another unit": the disguise field's ``allowed`` reads
    the unit field and refuses the Blue Mage."""
    assert probed.get("refusals:disguise_self") is None


def test_an_astrologian_without_a_prediction_is_refused(probed: dict[str, list[str]]) -> None:
    """The text: "For [1] Astrologian and [2] Blue Mage, submit the name of another unit as part of your
    submission": the prediction field is ``required_if`` the unit is the Astrologian."""
    assert probed.get("refusals:no_prediction") is None


def test_both_units_are_revealed_as_they_look() -> None:
    """The text: "both units are revealed" (a Blue Mage as its disguise) and "nothing else is revealed":
    the round ``shows`` the unit as a formula computes it, not ``reveal: all`` (the true unit, the prediction)."""
    assert play_many(LOOKS_SEED, range(2)).get("view:looks") is None


def test_there_is_a_break_between_bouts() -> None:
    """The text: "There will be a break between bouts": ``games/warriors`` plays it as a turn awaiting nobody;
    the definition as a round that ``awaits: nobody``."""
    assert play_many(BREAK_SEED, range(2)).get("awaited") is None
