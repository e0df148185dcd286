"""Density Deck (``samples/density.yaml``) against ``games/density`` through the differential harness (issue 43).

The coded engine is given the definition's deal (the same hands, Center row and deck order, the dealer where the
sample's button was drawn) and, at each new hand or new deck made of the discard piles, the definition's order
(``_align``), so the two play the same cards. Drawing from the deck or from another player's discard pile, a draw
that awaits the same player's discard, discarding onto one's own discard pile round the table, a missing turn, a
fight only from Round 2, a fight or the last surrender that ends the hand and scores every hand, the first mover
moving with the dealer button from hand to hand, the new deck when the deck runs out, the winner's pick of the
Elimination Candidate and the whole candidate order agree."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    player whose discard pile is drawn from, the discard names a card of the hand or ``"drawn"``; the winner's
    pick of the Elimination Candidate is the same ``{"ec": <player>}`` (``last_tie: winners_pick``)."""
    if "ec" in move:
        return {"ec": move["ec"]}
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


def _house_deck(house: Any) -> list[str]:
    """The definition's deck, top first, as card names."""
    data = HOUSE.dump(house)
    return [data["cards"][i]["label"].lower() for i in data["deck"]["density"]]


def _deal(house: Any) -> dict[str, Any]:
    """The coded engine is dealt the definition's hands, its Center row and its deck in the same order, and the
    dealer button where the definition drew it."""
    seen = dealer_view(house)
    piles = seen["dealer"]["piles"]
    hands = {p: [c["label"].lower() for c in piles[p]["hand"]] for p in PLAYERS}
    deck = _house_deck(house)
    center = [c["label"].lower() for c in seen["dealer"]["rows"]["center"]]
    deal = {"hands": hands, "deck": deck, "center": center}
    return {"dealer": seen["public"]["hand"]["button"], "deals": [deal]}


def _new_hand(coded: Any) -> bool:
    """Whether the coded engine has just dealt a hand (nobody has moved in it yet)."""
    return coded.round == 1 and coded.turn_index == 0 and coded.drawn is None and not any(coded.discards.values())


def _align(coded: Any, house: Any, player: str) -> Any:
    """At a new hand the coded engine dealt its own shuffle: it is given the definition's new deal instead (the
    same hands, Center row and deck order), through its own ``dump`` and ``load``. Likewise when both shuffled
    the discard piles into a new deck (the same cards, in their own orders: ruling 13, ``refill``, house-140)."""
    if not _new_hand(coded):
        return _same_new_deck(coded, house)
    data = DENSITY_ENGINE.dump(coded)
    deal = _deal(house)["deals"][0]
    data["hands"] = {p: deal["hands"][p] for p in data["hands"]}
    data["deck"], data["center"] = deal["deck"], deal["center"]
    return DENSITY_ENGINE.load(data)


def _same_new_deck(coded: Any, house: Any) -> Any:
    """The coded state with the definition's deck order, when both decks hold the same cards in other orders (only
    a shuffle makes that: a new deck made of the discard piles); else as it is."""
    if len(coded.deck) < 2:
        return coded
    deck = _house_deck(house)
    if deck == coded.deck or sorted(deck) != sorted(coded.deck):
        return coded
    data = DENSITY_ENGINE.dump(coded)
    data["deck"] = deck
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
    """As :func:`_draws`, but a fight (once the engine allows it) or a surrender now and then; the winner's pick of
    the Elimination Candidate at random among the tied."""
    if state.phase == "ec":
        return {"ec": rng.choice(state.ec_choices)}
    roll = rng.random()
    if roll < 0.1 and DENSITY_ENGINE.view(state, None)["public"]["fight_allowed"]:
        return {"action": "fight"}
    return {"action": "surrender"} if roll > 0.97 else _draws(state, player, rng)


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    if state.phase != "play":
        return {}  # the winner's pick: no draw, no fight to probe
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
    if viewer is not None and public["phase"] not in ("over", "ec") and viewer not in public["out"]:
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
DENSITY_ANY_SILENT = Seed(**{**DENSITY_ANY.__dict__, "absent": (0.3,)})


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


@dataclass
class Watched:
    """What whole games ran into besides the harness's aspects: the decks made of the discard piles, the winner's
    picks of the Elimination Candidate sent (``picks``) and the games that reached one, sent or missed
    (``pick_turns``), and every turn the two decks held a different number of cards."""

    found: dict[str, list[str]] = field(default_factory=dict)
    reshuffles: int = 0
    picks: int = 0
    pick_turns: int = 0
    deck_sizes: list[str] = field(default_factory=list)


def watch(seed: Seed, numbers: range, max_turns: int) -> Watched:
    """``play_many`` of ``seed``, counting the new decks made of the discard piles (a deck that grows inside a hand)
    and the winner's picks, and comparing the decks' sizes whenever the deal is aligned."""
    seen = Watched()
    last = [0]  # the coded deck's size when last aligned: a deck that grows inside a hand was made anew
    was_picking = [False]

    def align(coded: Any, house: Any, player: str) -> Any:
        coded = _align(coded, house, player)
        picking = coded.phase == "ec"
        seen.reshuffles += not picking and not _new_hand(coded) and len(coded.deck) > last[0]
        seen.pick_turns += picking and not was_picking[0]  # once a game: the pick is aligned before and after
        last[0], was_picking[0] = len(coded.deck), picking
        if len(coded.deck) != len(deck := _house_deck(house)):
            seen.deck_sizes.append(f"match {coded.match} round {coded.round}: {len(coded.deck)} / {len(deck)}")
        return coded

    def moves(coded: Any, player: str, rng: Random) -> dict[str, Any]:
        seen.picks += coded.phase == "ec"
        return (seed.moves or DENSITY_ENGINE.random_move)(coded, player, rng)

    seen.found = play_many(Seed(**{**seed.__dict__, "align": align, "moves": moves}), numbers, max_turns=max_turns)
    return seen


@pytest.fixture(scope="module")
def whole_games() -> Watched:
    """20 whole games with fights and surrenders, until one player has lives left (at most 400 turns)."""
    return watch(DENSITY_ANY, range(20), 400)


def test_the_last_player_with_lives_wins(whole_games: Watched) -> None:
    """The text: "If two or more players have more than 0 life left, the next match begins again at round 1, until
    only 1 player remains with at least 1 life left" and "The last player standing with at least 1 life remaining
    wins the game" (``hands.out: "score <= 0"``, ``end.last_standing``, house-114): 20 whole games, every player's
    lives, hand and top discard after every turn in every view, who is awaited, the winner, their 2 Tokens, the
    final lives and the whole candidate order agree."""
    for aspect in ("view:lives", "view:hand", "view:tops", "awaited", "refusals", "end"):
        assert whole_games.found.get(aspect) is None, aspect
    for aspect in ("outcome:winners", "outcome:tokens", "outcome:scores", "outcome:candidates"):
        assert whole_games.found.get(aspect) is None, aspect


def test_the_candidates_follow_the_match_each_ran_out_of_lives_in(whole_games: Watched) -> None:
    """``games/density``'s ruling 22: "``Outcome.candidates`` is the whole order by the game's own rule: the EC
    first, then the other non-winners by the match in which they ran out of lives (the earliest first), then the
    lowest life total, then the season's gamewide tiebreak order (...; outside a season, seat order)". The sample:
    the holding ``out_round`` (the match's round a player ran out of lives in, set by a hand effect) and
    ``candidate_order: [out_round, score]`` (house-72, house-141): the order agrees over the 20 whole games."""
    assert whole_games.found.get("outcome:candidates") is None
    assert whole_games.found.get("end") is None


def test_the_winner_picks_the_ec_among_players_out_at_the_same_total(whole_games: Watched) -> None:
    """``games/density``'s ruling 15: "EC ties are settled at the end of the season, in a final turn awaiting the
    winner with ``{"ec": "<player>"}``; the choices are only the players tied for the lowest total", and its
    ruling 16: "A missing EC pick takes the first tied player in seating order". The sample: ``last_tie:
    winners_pick`` with the default ``silent_pick: garnets`` (the fewest garnets, none here: the earlier seat;
    house-78, house-142): the same winner is awaited for the pick, and the EC they pick leads the same order."""
    assert whole_games.picks >= 2  # two of the 20 games end with players out at the same total
    assert whole_games.found.get("awaited") is None
    assert whole_games.found.get("outcome:candidates") is None
    silent = watch(DENSITY_ANY_SILENT, range(20), 400)  # 30 % of turns missing, the pick's included
    assert silent.pick_turns >= 1
    for aspect in ("outcome:candidates", "awaited", "end"):
        assert silent.found.get(aspect) is None, aspect


def test_the_discard_piles_are_shuffled_into_a_new_deck_when_the_deck_runs_out(whole_games: Watched) -> None:
    """``games/density``'s ruling 13: "At the end of the turn in which the last card of the deck is drawn, every
    discard pile except its top card is shuffled (with the match's random generator) into a new deck; the top
    cards stay where they are. The match goes on." The sample: the discard pile's ``refill: true`` (house-140).
    Where the two shuffles differ the coded engine is given the definition's order (``_same_new_deck``); when the
    deck is made, its cards, its size after every turn, every hand and top discard after it agree: over 20 hands
    of draws alone run past the deck's 35 cards (and the whole games, where one hand runs the deck out)."""
    long_hands = watch(DENSITY_DRAWS, range(20), 60)  # 35 cards after the deal: the deck runs out in round 9
    assert long_hands.reshuffles == 20 and whole_games.reshuffles >= 1
    assert long_hands.deck_sizes == [] and whole_games.deck_sizes == []
    for aspect in ("view:hand", "view:tops", "refusals", "awaited"):
        assert long_hands.found.get(aspect) is None, aspect
