"""Density Deck (``samples/density.yaml``) against ``games/density`` through the differential harness (issue 43).

The coded engine is given the definition's deal (the same hands, Center row and deck order, the dealer where the
sample's button was drawn) and, at each new hand, the definition's new deal (``_align``), so the two play the same
cards. Drawing from the deck or from another player's discard pile, a draw that awaits the same player's discard,
discarding onto one's own discard pile round the table, a missing turn, a fight only from Round 2, a fight or the
last surrender that ends the hand and scores every hand, and the first mover moving with the dealer button from
hand to hand agree."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest

from games.density.engine import DensityEngine
from tests.games.house.seeds.harness import HOUSE, Seed, dealer_view, play, play_many

PLAYERS = ("ann", "bob", "cat", "dan")
MATCHES = range(100)
TURNS = 32  # eight rounds round the table: the deck (35 cards after the deal) lasts that long


def _hand(house: Any, player: str) -> list[dict[str, Any]]:
    return list(HOUSE.view(house, player)["you"]["piles"][player]["hand"])


def _to_house(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    """A coded draw with its discard in one move is the definition's move: the draw field names the deck or the
    player whose discard pile is drawn from, the discard names a card of the hand or ``"drawn"``."""
    if state.drawn is not None:  # the discard step of a two-step turn: the definition awaits the same player again
        card = next((c["id"] for c in _hand(house, player) if c["label"].lower() == move["discard"]), -1)
        return {"discard": card}
    if move.get("action") in ("fight", "surrender"):
        return {"action": move["action"], "draw": None, "discard": None}
    if "discard" not in move:  # a draw alone: the coded engine then awaits the same player's discard
        return {"action": "draw", "draw": move["from"], "discard": None}
    name = move["discard"]
    hand = _hand(house, player)
    card = "drawn" if name == "drawn" else next((c["id"] for c in hand if c["label"].lower() == name), -1)
    return {"action": "draw", "draw": move["from"], "discard": card}  # -1: the hands disagree, refused, reported


def _deal(house: Any) -> dict[str, Any]:
    """The coded engine is dealt the definition's hands, its Center row and its deck in the same order, and the
    dealer button where the definition drew it."""
    seen = dealer_view(house)
    piles = seen["dealer"]["piles"]
    hands = {p: [c["label"].lower() for c in piles[p]["hand"]] for p in PLAYERS}
    data = HOUSE.dump(house)
    deck = [data["cards"][i]["label"].lower() for i in data["deck"]["density"]]
    center = [c["label"].lower() for c in seen["dealer"]["rows"]["center"]]
    deal = {"hands": hands, "deck": deck, "center": center}
    return {"dealer": seen["public"]["hand"]["button"], "deals": [deal]}


def _align(coded: Any, house: Any, player: str) -> Any:
    """At a new hand the coded engine dealt its own shuffle: it is given the definition's new deal instead (the
    same hands, Center row and deck order), through its own ``dump`` and ``load``."""
    if coded.round != 1 or coded.turn_index != 0 or coded.drawn is not None or any(coded.discards.values()):
        return coded
    data = DENSITY_ENGINE.dump(coded)
    deal = _deal(house)["deals"][0]
    data["hands"] = {p: deal["hands"][p] for p in data["hands"]}
    data["deck"], data["center"] = deal["deck"], deal["center"]
    return DENSITY_ENGINE.load(data)


def _draws(state: Any, player: str, rng: Random) -> dict[str, Any]:
    """A draw from the deck and a random one of the four cards discarded, in one move."""
    hand = DENSITY_ENGINE.view(state, player)["you"]["hand"]
    return {"action": "draw", "from": "deck", "discard": rng.choice([*hand, "drawn"]), "surrender": False}


def _two_steps(state: Any, player: str, rng: Random) -> dict[str, Any]:
    """A draw from the deck or another player's discard pile, half the time alone (the discard then a step of its
    own, one of the four cards), else with a random discard in one move; no fight, no surrender."""
    you = DENSITY_ENGINE.view(state, player)["you"]
    if state.drawn is not None:
        return {"discard": rng.choice(you["hand"]), "surrender": False}
    source = rng.choice(you["draw_from"])
    if rng.random() < 0.5:
        return {"action": "draw", "from": source}
    return {"action": "draw", "from": source, "discard": rng.choice([*you["hand"], "drawn"]), "surrender": False}


def _any_move(state: Any, player: str, rng: Random) -> dict[str, Any]:
    """As :func:`_draws`, but a fight (once the engine allows it) or a surrender now and then."""
    roll = rng.random()
    if roll < 0.1 and DENSITY_ENGINE.view(state, None)["public"]["fight_allowed"]:
        return {"action": "fight"}
    return {"action": "surrender"} if roll > 0.97 else _draws(state, player, rng)


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    public = DENSITY_ENGINE.view(state, None)["public"]
    probes = {"fight_round_1": ({"action": "fight"}, {"action": "fight"})} if public["round"] == 1 else {}
    piles = [p for p, top in public["discards"].items() if top and p != player]
    if piles:
        source = rng.choice(piles)
        probes["from_discard"] = (
            {"action": "draw", "from": source, "discard": "drawn", "surrender": False},
            {"action": "draw", "draw": source},
        )
    return probes


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    facts: dict[str, Any] = {"lives": dict(public["lives"])}
    facts["tops"] = {p: top["name"] for p, top in public["discards"].items() if top}
    if viewer is not None and "hand" in view["you"] and public["phase"] == "play":
        facts["hand"] = sorted(view["you"]["hand"])
    return facts


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    facts: dict[str, Any] = {"lives": dict(public["scores"])}
    tops = {p: piles["discards"] for p, piles in public["piles"].items() if piles.get("discards")}
    facts["tops"] = {p: top[-1]["label"].lower() for p, top in tops.items()}
    if viewer is not None and public["phase"] != "over" and viewer not in public["out"]:
        facts["hand"] = sorted(c["label"].lower() for c in view["you"]["piles"][viewer]["hand"])
    return facts


DENSITY_ENGINE = DensityEngine()
DENSITY_DRAWS = Seed(
    sample="density",
    coded=DENSITY_ENGINE,
    players=PLAYERS,
    to_house=_to_house,
    coded_facts=_coded_facts,
    house_facts=_house_facts,
    probes=_probes,
    deal=_deal,
    align=_align,
    moves=_draws,
    absent=(0.0,),
)
DENSITY_ANY = Seed(**{**DENSITY_DRAWS.__dict__, "moves": _any_move})
DENSITY_TWO_STEPS = Seed(**{**DENSITY_DRAWS.__dict__, "moves": _two_steps})
DENSITY_SILENT = Seed(**{**DENSITY_DRAWS.__dict__, "absent": (0.3,)})


@pytest.fixture(scope="module")
def draws() -> dict[str, list[str]]:
    """Every mismatch of 100 matches of draws and discards (eight rounds each), by aspect."""
    return play_many(DENSITY_DRAWS, MATCHES, max_turns=TURNS)


def test_one_density_match_compares_every_aspect() -> None:
    """The harness really compares who moves, the hands, the lives and the refusals."""
    report = play(DENSITY_DRAWS, 0, max_turns=TURNS)
    assert {"awaited", "view:hand", "view:lives", "refusals", "refusals:from_discard"} <= report.compared


def test_draws_and_discards_round_the_table_agree_with_density(draws: dict[str, list[str]]) -> None:
    """Three cards dealt, turns clockwise from the dealer's left, a card drawn from the deck and one discarded so
    the hand is back to 3: over 100 matches of eight rounds the same player moves each turn and every hand and
    every player's lives agree in every view."""
    assert {k: v for k, v in draws.items() if not k.startswith("refusals:")} == {}


def test_a_fight_is_refused_in_round_1(draws: dict[str, list[str]]) -> None:
    """The text: "a player can initiate a fight, but only after the first round is complete"."""
    assert draws.get("refusals:fight_round_1") is None


def test_a_player_may_draw_the_top_of_another_players_discard_pile(draws: dict[str, list[str]]) -> None:
    """The text: "Draw a card from the central pile or another player's discard pile"."""
    assert draws.get("refusals:from_discard") is None


def test_a_draw_awaits_the_same_players_discard() -> None:
    """The text: "if you draw, you must discard": the draw is shown to the drawer, then the same player discards (a
    turn of its own in the coded engine); the definition's `again` awaits the drawer again for the discard."""
    assert play_many(DENSITY_TWO_STEPS, range(20), max_turns=TURNS).get("awaited") is None


@pytest.fixture(scope="module")
def fights() -> dict[str, list[str]]:
    """Every mismatch of 30 matches of eight rounds with fights (once allowed) and surrenders now and then."""
    return play_many(DENSITY_ANY, range(30), max_turns=TURNS)


def test_a_fight_ends_the_match_and_scores_every_hand(fights: dict[str, list[str]]) -> None:
    """The text: "The match is over and each player's score is calculated" (hand, revealed Center Amplification
    cards, others' top discards: ``sum_if`` over ``<pile>_suits``, ``center_suits`` and ``discards_tops_suits``,
    house-110, house-111); "Round 2: 2 damage, Round 3: 3 damage, Round 4 and above: 4 damage", "Surrendering
    reduces damage by 1 but cannot reduce damage below 1", "In the event of a tie, those players take no damage"
    (house-116): the hand's effects (house-112, house-114) leave every player's lives as ``games/density`` does,
    in every view after every turn, and the new hand deals the same cards."""
    assert fights.get("view:lives") is None
    assert fights.get("view:hand") is None
    assert fights.get("view:tops") is None
    assert fights.get("refusals") is None


def test_the_first_mover_moves_with_the_dealer_button_each_match(fights: dict[str, list[str]]) -> None:
    """The text: "The dealer is chosen at random at the start and shifts clockwise after each hand" and "Each round
    starts with the player to the left of the dealer" (``hands.button: random``, house-113); a surrendered player
    takes no more turns that match (``awaits: "surrendered == 0"``, house-115): the same player is awaited every
    turn across hands."""
    assert fights.get("awaited") is None
    compared = play(DENSITY_ANY, 0, max_turns=TURNS)
    assert "awaited" in compared.compared and compared.turns == TURNS


def test_a_missing_turn_discards_the_card_just_drawn() -> None:
    """The coded ruling 16: a player who sends nothing draws from the deck and discards the card drawn, so the hand
    stays at 3; the definition's defaults say the same (`default: deck`, `default: drawn`)."""
    assert play_many(DENSITY_SILENT, range(20), max_turns=TURNS).get("view:hand") is None


def test_the_last_player_with_lives_wins() -> None:
    """The text: "If two or more players have more than 0 life left, the next match begins again at round 1, until
    only 1 player remains with at least 1 life left" and "The last player standing with at least 1 life remaining
    wins the game" (``hands.out: "score <= 0"``, ``end.last_standing``, house-114): 20 whole games, every player's
    lives after every turn, who is awaited, the winner, their 2 Tokens and the final lives agree. Not compared:
    the candidate order, the winner's pick of the EC among players out at the same total and the discard piles
    shuffled into a new deck when the deck runs out (``games/density``'s rulings 22, 15 and 13; one hand of the
    20 runs the deck out), which the sample does not say (RULES.md "Density Deck")."""
    found = play_many(DENSITY_ANY, range(20), max_turns=400)
    for aspect in ("view:lives", "awaited", "outcome:winners", "outcome:tokens", "outcome:scores"):
        assert found.get(aspect) is None, aspect
