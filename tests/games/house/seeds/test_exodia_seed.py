"""Exodia, Obliterate (``samples/exodia.yaml``) against ``games/exodia`` through the differential harness (issue 43).

The sample is a dealer's honest version: the format deals the hands (one of each card, marked as the player's:
``owner: each``, ``own: true``), takes the cards played to the Discard Pile and leaves every effect, the Retrieval
Phase, the Strikes and the end to the dealer's tally. The harness cannot play the dealer, so it compares what the
format itself says (the starting hands, the cards played) and each clause left to the dealer is a strict xfail
named after it. The coded engine plays with no group twist (the sample has none)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest

from games.engine import DEALER, RuleError
from games.exodia.engine import ExodiaEngine
from games.house.engine.samples import sample_definition
from tests.games.house.seeds.harness import HOUSE, Seed, play, play_many

PLAYERS = tuple(f"p{i}" for i in range(1, 8))
MATCHES = range(30)
FIELDS = tuple(f"card{i}" for i in range(1, 8))


def _card_id(house: Any, player: str, card: str) -> int:
    """The house's id of a coded card ``effect/owner``: the one in the player's hand, else any such card."""
    effect, _, owner = card.partition("/")
    found = [
        i for i, c in enumerate(house["cards"]) if c["label"].lower() == effect and c.get("owner") == owner
    ]  # one copy per owner: exactly one id
    return found[0]


def _to_house(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    plays = move.get("play", [])[: len(FIELDS)]
    out: dict[str, Any] = {name: _card_id(house, player, p["card"]) for name, p in zip(FIELDS, plays, strict=False)}
    targets = "; ".join(f"{p['card']}: {p.get('target') or 'nobody'}" for p in plays if p.get("target") is not None)
    if targets:
        out["targets"] = targets[:500]
    ranking = move.get("ranking") or {}
    if ranking.get("order"):
        out["ranking"] = f"by {ranking.get('by')}: {', '.join(ranking['order'])}"[:500]
    return out


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if public["phase"] != "round":
        return {}
    facts: dict[str, Any] = {"strikes": dict(public["strikes"])} if public["round"] > 1 else {}
    if viewer is not None:
        key = "hand" if public["round"] == 1 else "hand_later"
        facts[key] = sorted(view["you"]["hand"])
    return facts


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    """The first round's hands as it opens; after each round (the dealer's tally, where the harness compares the
    coded engine's next round) the hands and the Strikes."""
    public = view["public"]
    if public["phase"] not in ("play", "tally") or (public["phase"] == "play" and public["round"] != 1):
        return {}
    facts: dict[str, Any] = {"strikes": dict(public["scores"])} if public["phase"] == "tally" else {}
    if viewer is not None:
        cards = view["you"].get("piles", {}).get(viewer, {}).get("hand", [])
        key = "hand" if public["phase"] == "play" else "hand_later"
        facts[key] = sorted(f"{c['label'].lower()}/{c['owner']}" for c in cards)
    return facts


def _house_alone(house: Any) -> dict[str, Any] | None:
    """The dealer's tally after each round: the harness cannot play the dealer, so the tally publishes nothing."""
    return {} if house["phase"] == "tally" else None


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """A round with no card played while the player holds cards: the text says they must play one. Probed in the
    first round, where both engines hold the same hands; later the coded engine's hands have changed by the
    effects the format cannot say yet (the xfail below), so "able" would be judged on different hands."""
    if state.phase != "round" or state.round != 1 or not state.hands[player]:
        return {}
    return {"nothing": ({"play": [], "discard": [], "ranking": None}, {})}


EXODIA = Seed(
    sample="exodia",
    coded=ExodiaEngine(),
    players=PLAYERS,
    to_house=_to_house,
    coded_facts=_coded_facts,
    house_facts=_house_facts,
    options=lambda rng: {"group_twist": 0},
    probes=_probes,
    house_alone=_house_alone,
)


@pytest.fixture(scope="module")
def found() -> dict[str, list[str]]:
    """Every mismatch of 30 random matches, by aspect (played once for the module)."""
    return play_many(EXODIA, MATCHES, max_turns=40)


def test_one_exodia_match_compares_the_hands_and_the_plays() -> None:
    """The harness really compares the starting hands, the Strikes, the refusals and who is awaited."""
    report = play(EXODIA, 0, max_turns=10)
    assert {"awaited", "refusals", "view:hand", "view:hand_later", "view:strikes"} <= report.compared


def test_each_player_starts_with_one_of_each_card_marked_as_theirs(found: dict[str, list[str]]) -> None:
    """The text: "This game has 7 copies of each of 7 different cards. Each card is marked with its initial owner",
    and its clarification: "Players initially start with one copy of each of the cards": every player's hand as
    the first round opens is the same in both engines, seven cards marked as theirs."""
    assert found.get("view:hand") is None
    house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodia")}, Random("0:0"))
    hand = HOUSE.view(house, "p3")["you"]["piles"]["p3"]["hand"]
    assert sorted(c["label"] for c in hand) == sorted(["Steal", "Force", "Priority", "Gift", "Immune", "Meta", "Bomb"])
    assert {c["owner"] for c in hand} == {"p3"}
    assert "p3" not in HOUSE.view(house, "p4")["you"].get("piles", {})
    assert "piles" not in HOUSE.view(house, None)["public"] or "p3" not in HOUSE.view(house, None)["public"]["piles"]
    assert HOUSE.view(house, DEALER)["dealer"]["piles"]["p3"]["hand"] == hand


def test_a_card_the_coded_engine_accepts_is_accepted_in_the_first_round(found: dict[str, list[str]]) -> None:
    """ "Every turn, you may play as many cards as you'd like": in the first round (same hands in both), every
    play the coded engine accepts is accepted by the definition's card fields."""
    firsts = [m for m in found.get("refusals", []) if " turn 1:" in m]
    assert firsts == []


@pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="the cards' effects and the Retrieval Phase: the dealer's tally, which the harness cannot play",
)
def test_steal_force_gift_and_the_retrieval_phase_change_the_hands(found: dict[str, list[str]]) -> None:
    """Steal ("you take that card"), Gift ("receive another card you hold"), Force (a discard next round) and the
    Retrieval Phase ("Each player will take their most preferred card that is still in the Discard Pile"): every
    hand after the first round agrees."""
    assert found.get("view:hand_later") is None


def test_you_must_play_at_least_one_card_per_round_if_you_are_able(found: dict[str, list[str]]) -> None:
    """The text: "You must always play at least one card per round, if you are able": a round with no card played is
    refused while the player holds a card (as by the coded engine), and accepted once their hand is empty; a missing
    submission still plays nothing (house-2)."""
    assert found.get("refusals:nothing") is None
    house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodia")}, Random("0:0"))
    with pytest.raises(RuleError, match="A card you play: is required"):
        HOUSE.validate(house, "p1", {})
    ids = [c["id"] for c in HOUSE.view(house, "p1")["you"]["piles"]["p1"]["hand"]]
    everything = HOUSE.validate(house, "p1", dict(zip(FIELDS, ids, strict=True)))
    house, _ = HOUSE.resolve(house, {"p1": everything}, Random(1))
    house, _ = HOUSE.resolve(house, {}, Random(2))  # the dealer's tally: nothing
    assert HOUSE.view(house, "p1")["you"]["piles"]["p1"]["hand"] == []
    assert HOUSE.validate(house, "p1", {}) == {}
    with pytest.raises(RuleError, match="A card you play: is required"):
        HOUSE.validate(house, "p2", {})


@pytest.mark.xfail(
    strict=True, raises=AssertionError, reason="Bomb's Strikes: the dealer's tally, which the harness cannot play"
)
def test_a_bomb_gives_strikes_as_the_text_says(found: dict[str, list[str]]) -> None:
    """Bomb: "if they do not target you, you receive a Strike"; "If you do not play any Bomb, while you hold at
    least one, you receive a Strike": every player's Strikes agree after every round."""
    assert found.get("view:strikes") is None


@pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="the end by an Exodia: a formula over the owners of a pile's cards (the dealer ends it here)",
)
def test_the_match_ends_when_a_player_holds_a_card_of_every_initial_owner(found: dict[str, list[str]]) -> None:
    """The text: "When any player possesses at least one card from every initial owner, the game ends": both
    matches end on the same turn, with the same winners and candidates."""
    assert {k: v for k, v in found.items() if k in ("end", "outcome:winners", "outcome:candidates")} == {}
