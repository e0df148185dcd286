"""Exodia, Obliterate (``samples/exodia.yaml``) against ``games/exodia`` through the differential harness (issue 43).

The sample is a dealer's honest version: the format deals the hands (one of each card, marked as the player's:
``owner: each``, ``own: true``), takes the cards played to the Discard Pile, refuses a round with no card played
while the hand holds one, ends the match on an Exodia (``<pile>_owners``, ``end.when_any``, house-121, house-150),
lets a single winner pick the candidate (``single_pick``, house-153), gives the Strike for holding a Bomb and playing
none, the garnets for Meta cards played and "not the same type two rounds running" (``played``, house-155..157),
and each Bomb's guess, read from each card's target field (``player``, ``aimed_by``, house-158, house-170..172);
it leaves the cards' effects on the hands and the Retrieval Phase to the dealer's tally. The harness cannot play
the dealer, so it compares what the format itself says (the starting hands, the cards played, the first round's
refusals and Strikes) and each clause left to the dealer is a strict xfail named after it; the end, the pick, the
Bomb Strikes, the garnets and the type rule are compared from fixed positions, where both engines hold the same
hands. The coded engine plays with no group twist (the sample has none)."""

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
    # each card's target or guess beside it (house-158); the cards a Steal or a Gift names, in words
    out |= {f"target{i}": p["target"] for i, p in enumerate(plays, start=1) if p.get("target") is not None}
    named = "; ".join(
        f"{p['card']}: {p.get('target_card') or p.get('gift')}" for p in plays if p.get("target_card") or p.get("gift")
    )
    if named:
        out["named"] = named[:500]
    ranking = move.get("ranking") or {}
    if ranking.get("order"):
        out["ranking"] = f"by {ranking.get('by')}: {', '.join(ranking['order'])}"[:500]
    return out


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if public["phase"] != "round":
        return {}
    # the Strikes after the first round, when both engines held the same hands; later ones apart (see the xfails)
    key = "strikes" if public["round"] == 2 else "strikes_later"
    facts: dict[str, Any] = {key: dict(public["strikes"])} if public["round"] > 1 else {}
    if viewer is not None:
        key = "hand" if public["round"] == 1 else "hand_later"
        facts[key] = sorted(view["you"]["hand"])
    return facts


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    """Each round's hands as it opens and, from the second round, the Strikes (the harness compares the views once
    the dealer's tally and the round's effects are done)."""
    public = view["public"]
    if public["phase"] != "play":
        return {}
    facts: dict[str, Any] = {}
    if public["round"] > 1:
        facts["strikes" if public["round"] == 2 else "strikes_later"] = dict(public["scores"])
    if viewer is not None:
        cards = view["you"].get("piles", {}).get(viewer, {}).get("hand", [])
        key = "hand" if public["round"] == 1 else "hand_later"
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
    reason="the cards' effects on the hands and the Retrieval Phase: a card moves from hand to hand only by a give "
    "field or a deal, never by what others played (Steal's card, Gift and its backfire, a Bomb guessed right or kept, "
    "Force's discard next round, a missing submission's discard), and no rule ranks the players and takes their "
    "preferred cards from the discard (Priority, Retrieval); the dealer's tally, which the harness cannot play. The "
    "later Strikes follow these hands (a Bomb held)",
)
def test_steal_force_gift_and_the_retrieval_phase_change_the_hands(found: dict[str, list[str]]) -> None:
    """Steal ("you take that card"), Gift ("receive another card you hold"), Force (a discard next round) and the
    Retrieval Phase ("Each player will take their most preferred card that is still in the Discard Pile"): every
    hand after the first round agrees, and so the Strikes that follow them (a Bomb held, a Bomb guessed right)."""
    assert found.get("view:hand_later") is None and found.get("view:strikes_later") is None


def test_you_must_play_at_least_one_card_per_round_if_you_are_able(found: dict[str, list[str]]) -> None:
    """The text: "You must always play at least one card per round, if you are able": a round with no card played is
    refused while the player holds a card (as by the coded engine), and accepted once their hand is empty; a missing
    submission still plays nothing (house-2)."""
    assert found.get("refusals:nothing") is None
    house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodia")}, Random("0:0"))
    with pytest.raises(RuleError, match="A card you play: is required"):
        HOUSE.validate(house, "p1", {})
    cards = HOUSE.view(house, "p1")["you"]["piles"]["p1"]["hand"]
    aimed = {f"target{i}": "p2" for i, c in enumerate(cards, start=1) if c["label"] in ("Steal", "Force")}
    everything = HOUSE.validate(house, "p1", dict(zip(FIELDS, [c["id"] for c in cards], strict=True)) | aimed)
    house, _ = HOUSE.resolve(house, {"p1": everything}, Random(1))
    house, _ = HOUSE.resolve(house, {}, Random(2))  # the dealer's tally: nothing
    assert HOUSE.view(house, "p1")["you"]["piles"]["p1"]["hand"] == []
    assert HOUSE.validate(house, "p1", {}) == {}
    with pytest.raises(RuleError, match="A card you play: is required"):
        HOUSE.validate(house, "p2", {})


def test_a_bomb_gives_strikes_as_the_text_says(found: dict[str, list[str]]) -> None:
    """Bomb: "if they do not target you, you receive a Strike"; "If you do not play any Bomb, while you hold at
    least one, you receive a Strike"; "If you do not submit, you will receive a Strike": every player's Strikes agree
    after the first round of 30 random matches, played with the same hands (each card's target or guess in its
    ``player`` field, house-158, house-170..172). Later Strikes follow hands the format cannot move yet (the xfail
    above)."""
    assert found.get("view:strikes") is None


EFFECTS = ("steal", "force", "priority", "gift", "immune", "meta", "bomb")


def _row(effect: str) -> list[str]:
    """One card of ``effect`` of every initial owner: an Exodia."""
    return [f"{effect}/{o}" for o in PLAYERS]


def _own(player: str, *effects: str) -> list[str]:
    return [f"{e}/{player}" for e in effects]


def _from_position(hands: Mapping[str, list[str]], strikes: Mapping[str, int], start_round: int = 1) -> tuple[Any, Any]:
    """Both engines at the same position (``games/exodia``'s fixed-position options; the house's state set alike),
    the Retrieval Tiebreak in seat order, the house's as the sample reads it (house-122)."""
    options = {"group_twist": 0, "retrieval_order": list(PLAYERS), "hands": hands, "strikes": strikes}
    coded = ExodiaEngine().setup(PLAYERS, {**options, "start_round": start_round}, Random(0))
    house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodia")}, Random(0))
    held = {p: [_card_id(house, p, c) for c in hands.get(p, [])] for p in PLAYERS}
    taken = {i for ids in held.values() for i in ids}
    house["piles"]["hand"] = held
    house["deck"]["cards"] = [i for i in house["deck"]["cards"] if i not in taken]
    house["scores"] = {p: strikes.get(p, 0) for p in PLAYERS}
    house["round"] = start_round
    return coded, house


def _one_round(coded: Any, house: Any, plays: Mapping[str, str]) -> tuple[Any, Any]:
    """Each player plays one card without a target (Immune: no effect on any hand), then the dealer's tally."""
    moves_c = {p: ExodiaEngine().validate(coded, p, {"play": [{"card": c}], "discard": []}) for p, c in plays.items()}
    moves_h = {p: HOUSE.validate(house, p, {"card1": _card_id(house, p, c)}) for p, c in plays.items()}
    coded, _ = ExodiaEngine().resolve(coded, moves_c, Random(1))
    house, _ = HOUSE.resolve(house, moves_h, Random(1))
    house, _ = HOUSE.resolve(house, {}, Random(2))  # the dealer's tally: nothing
    return coded, house


# Every player holds one Bomb and plays none: both engines give each the same Strike (house-155), which leaves the
# candidates' order as it was.
_OTHERS = {p: _own(p, "immune", "meta", "bomb") for p in PLAYERS}
ENDS = {
    "one Exodia": ({**_OTHERS, "p1": [*_row("steal"), *_own("p1", "immune", "bomb")]}, {"p3": 2, "p5": 2}, 1),
    "two Exodias, as many Meta cards: a joint win": (
        {
            **_OTHERS,
            "p2": [*_row("steal"), *_own("p2", "immune", "bomb")],
            "p6": [*_row("force"), *_own("p6", "immune", "bomb")],
        },
        {"p1": 1, "p4": 3},
        1,
    ),
    "four Exodias, as many Meta cards: the highest on the tiebreak alone": (
        {**_OTHERS, **{p: [*_row(e), *_own(p, "immune", "bomb")] for p, e in zip(PLAYERS[3:], EFFECTS, strict=False)}},
        {"p2": 4},
        1,
    ),
    "no Exodia by the round cap: nobody wins": (_OTHERS, {"p2": 1, "p7": 1, "p4": -1}, 30),
}


@pytest.mark.parametrize("position", list(ENDS))
def test_the_match_ends_when_a_player_holds_a_card_of_every_initial_owner(position: str) -> None:
    """The text: "When any player possesses at least one card from every initial owner, the game ends"; "If
    multiple players have achieved this on the same turn, then first, the tie is broken by number of Meta cards
    possessed"; "Up to three players can joint win; if more than three players are tied even after considering
    Metas, then the player highest on the Retrieval Tiebreak wins"; "The EC is the player with the most Strikes
    (who did not win). If this is a tie, then the player with the fewest Meta cards is the loser": from the same
    position both matches end on the same turn, with the same winners, Tokens and candidates (the round cap as the
    coded engine's ruling 20)."""
    hands, strikes, start = ENDS[position]
    coded, house = _from_position(hands, strikes, start)
    coded, house = _one_round(coded, house, {p: f"immune/{p}" for p in PLAYERS})
    mine, theirs = ExodiaEngine().outcome(coded), HOUSE.outcome(house)
    assert mine is not None and theirs is not None
    assert set(mine.winners) == set(theirs.winners)
    assert {p: n for p, n in mine.tokens.items() if n} == {p: n for p, n in theirs.tokens.items() if n}
    assert tuple(mine.candidates) == tuple(theirs.candidates)
    assert HOUSE.view(house, "p1")["public"]["phase"] == "over"


def test_no_exodia_plays_on() -> None:
    """Without an Exodia the match goes on, in both, and nothing shows who is near one (``end.when_any`` reads the
    hidden hands and shows nothing: house-150)."""
    coded, house = _from_position(_OTHERS, {})
    coded, house = _one_round(coded, house, {p: f"meta/{p}" for p in PLAYERS})
    assert ExodiaEngine().outcome(coded) is None and HOUSE.outcome(house) is None
    for viewer in (*PLAYERS, None):
        seen = HOUSE.view(house, viewer)
        assert "exodia" not in str(seen.get("you", {}).get("holdings", {})) and "exodia" not in str(
            seen["public"].get("holdings", {})
        )
        assert seen["public"]["phase"] == "play" and "ec" not in seen["public"]


def _single_winner() -> tuple[Any, Any]:
    """p1's Exodia with one Meta card held; p2 holds none, the others one each: p2 alone holds strictly fewer."""
    hands = {
        **_OTHERS,
        "p1": [*_row("steal"), *_own("p1", "immune", "meta", "bomb")],
        "p2": [*_row("force"), *_own("p2", "immune", "bomb")],
    }
    coded, house = _from_position(hands, {"p7": 5})
    return _one_round(coded, house, {p: f"immune/{p}" for p in PLAYERS})


def test_a_single_winner_picks_the_candidate_among_players_with_fewer_metas() -> None:
    """The text: "That player is able to select an EC out of any player holding strictly fewer Meta cards than
    them": both await the winner's pick among the same players, and the winner's pick is the candidate in both
    (``single_pick``, house-153)."""
    coded, house = _single_winner()
    assert ExodiaEngine().awaiting(coded) == HOUSE.awaiting(house) == ("p1",)
    assert HOUSE.view(house, "p1")["public"]["ec"]["tied"] == ["p2"] == list(coded.ec_choices)
    for viewer in (*PLAYERS, None):  # the pick's list is public; the hands stay their holders' until it is made
        piles = HOUSE.view(house, viewer).get("you", {}).get("piles", {})
        assert set(piles) <= {viewer} and "p2" not in HOUSE.view(house, viewer)["public"].get("piles", {})
    with pytest.raises(RuleError):
        HOUSE.validate(house, "p1", {"ec": "p7"})  # p7 holds as many Meta cards as p1
    coded, _ = ExodiaEngine().resolve(coded, {"p1": {"ec": "p2"}}, Random(3))
    house, _ = HOUSE.resolve(house, {"p1": HOUSE.validate(house, "p1", {"ec": "p2"})}, Random(3))
    mine, theirs = ExodiaEngine().outcome(coded), HOUSE.outcome(house)
    assert mine is not None and theirs is not None
    assert set(mine.winners) == set(theirs.winners) == {"p1"}
    assert {p: n for p, n in mine.tokens.items() if n} == {p: n for p, n in theirs.tokens.items() if n} == {"p1": 2}
    assert tuple(mine.candidates) == tuple(theirs.candidates)
    assert theirs.candidates[0] == "p2"


def test_a_silent_winner_s_pick_is_the_first_of_the_candidate_order_among_them() -> None:
    """A winner who sends no pick: the coded engine's standard EC among the eligible (its ruling 19), the sample's
    ``silent_pick: order`` (house-154): the same candidate in both."""
    coded, house = _single_winner()
    coded, _ = ExodiaEngine().resolve(coded, {}, Random(3))
    house, _ = HOUSE.resolve(house, {}, Random(3))
    mine, theirs = ExodiaEngine().outcome(coded), HOUSE.outcome(house)
    assert mine is not None and theirs is not None
    assert tuple(mine.candidates) == tuple(theirs.candidates)


def test_with_nobody_holding_fewer_metas_the_standard_ec_stands() -> None:
    """The text: "If no such player exists, the above EC selection system is used": the single winner holds no
    Meta card, so nobody is awaited and the candidate order names the EC (house-153)."""
    hands = {**_OTHERS, "p1": [*_row("steal"), *_own("p1", "immune", "bomb")]}
    coded, house = _from_position(hands, {"p3": 2})
    coded, house = _one_round(coded, house, {p: f"immune/{p}" for p in PLAYERS})
    assert HOUSE.awaiting(house) == () and HOUSE.view(house, None)["public"]["phase"] == "over"
    mine, theirs = ExodiaEngine().outcome(coded), HOUSE.outcome(house)
    assert mine is not None and theirs is not None
    assert tuple(mine.candidates) == tuple(theirs.candidates)
    assert theirs.candidates[0] == "p3"


def test_holding_a_bomb_and_playing_none_gives_a_strike() -> None:
    """The text: "If you do not play any Bomb, while you hold at least one, you receive a Strike": from the same
    position, a player who holds a Bomb and plays another card takes a Strike in both, one without a Bomb none
    (the sample's effect reads ``played``, the labels of the cards played, house-155)."""
    hands = {
        **_OTHERS,
        "p2": _own("p2", "immune", "meta"),
        "p5": [*_own("p5", "immune", "bomb"), "bomb/p6"],  # two Bombs: still one Strike
        "p6": _own("p6", "immune", "meta"),
    }
    coded, house = _from_position(hands, {"p3": 2})
    coded, house = _one_round(coded, house, {p: f"immune/{p}" for p in PLAYERS})
    mine = ExodiaEngine().view(coded, None)["public"]["strikes"]
    theirs = HOUSE.view(house, None)["public"]["scores"]
    assert mine == theirs
    assert theirs["p2"] == theirs["p6"] == 0 and theirs["p3"] == 3 and theirs["p5"] == 1


def test_garnets_are_half_the_meta_cards_played_rounded_down() -> None:
    """The text: "Players earn Garnets equal to the number of times they played a Meta card, divided by two,
    rounded down": p1 plays three Meta cards in the round of its Exodia, p2 one; the outcome's garnets agree (one
    garnet paid as each second Meta card is played, house-156)."""
    hands = {
        **_OTHERS,
        "p1": [*_row("steal"), "meta/p1", "meta/p3", "meta/p4"],
        "p2": _own("p2", "immune", "meta"),
        "p3": _own("p3", "immune", "bomb"),
        "p4": _own("p4", "immune", "bomb"),
    }
    coded, house = _from_position(hands, {})
    cards = {p: [f"immune/{p}"] for p in PLAYERS} | {"p1": ["meta/p1", "meta/p3", "meta/p4"], "p2": ["meta/p2"]}
    moves_c = {
        p: ExodiaEngine().validate(coded, p, {"play": [{"card": c} for c in cs], "discard": []})
        for p, cs in cards.items()
    }
    moves_h = {
        p: HOUSE.validate(house, p, {f: _card_id(house, p, c) for f, c in zip(FIELDS, cs, strict=False)})
        for p, cs in cards.items()
    }
    coded, _ = ExodiaEngine().resolve(coded, moves_c, Random(1))
    house, _ = HOUSE.resolve(house, moves_h, Random(1))
    house, _ = HOUSE.resolve(house, {}, Random(2))  # the dealer's tally: nothing
    assert HOUSE.view(house, None)["public"]["holdings"]["p1"]["metas"] == 3
    mine, theirs = ExodiaEngine().outcome(coded), HOUSE.outcome(house)
    assert mine is not None and theirs is not None and set(mine.winners) == set(theirs.winners) == {"p1"}
    assert {p: n for p, n in mine.garnets.items() if n} == {p: n for p, n in theirs.garnets.items() if n} == {"p1": 1}


def _refused_by(coded: Any, house: Any, player: str, cards: list[str]) -> tuple[bool, bool]:
    """Whether each engine refuses ``player`` playing ``cards`` (the house's fields filled in order)."""
    coded_refused = house_refused = False
    try:
        ExodiaEngine().validate(coded, player, {"play": [{"card": c} for c in cards], "discard": []})
    except RuleError:
        coded_refused = True
    try:
        HOUSE.validate(house, player, {f: _card_id(house, player, c) for f, c in zip(FIELDS, cards, strict=False)})
    except RuleError:
        house_refused = True
    return coded_refused, house_refused


def test_not_the_same_type_of_card_two_rounds_running_if_you_can_avoid_it() -> None:
    """The text: "You may not play the same type of card in two consecutive rounds, if you are able to avoid it",
    and "This restriction does not include Bombs": after a round of Metas, a second Meta is refused while the
    player holds another card, a single one accepted when every card held is a Meta (two refused), and a Bomb may
    follow a Bomb; both engines agree on each (the sample's ``allowed``, house-157)."""
    hands = {
        "p1": ["meta/p1", "meta/p2", "immune/p1"],
        "p2": ["meta/p3", "meta/p4"],
        "p3": ["meta/p5", "meta/p6", "meta/p7"],
        "p4": ["bomb/p4", "bomb/p5", "immune/p4"],
        "p5": ["immune/p5", "gift/p5"],
        "p6": ["immune/p6", "gift/p6"],
        "p7": ["immune/p7", "gift/p7"],
    }
    coded, house = _from_position(hands, {})
    first = {"p1": "meta/p1", "p2": "meta/p3", "p3": "meta/p5", "p4": "bomb/p4"} | {
        p: f"immune/{p}" for p in ("p5", "p6", "p7")
    }
    coded, house = _one_round(coded, house, first)
    cases = {
        ("p1", ("meta/p2",)): True,  # holds an Immune: a Meta again is avoidable
        ("p1", ("immune/p1",)): False,
        ("p2", ("meta/p4",)): False,  # only Metas left: one may be played
        ("p3", ("meta/p6", "meta/p7")): True,  # ...but just the one
        ("p3", ("meta/p6",)): False,
        ("p4", ("bomb/p5",)): False,  # Bombs are excepted
    }
    for (player, cards), refused in cases.items():
        assert _refused_by(coded, house, player, list(cards)) == (refused, refused), (player, cards)
    with pytest.raises(RuleError, match="not a type of card you played last round"):
        HOUSE.validate(house, "p1", {"card1": _card_id(house, "p1", "meta/p2")})
    for p in PLAYERS:  # a random move follows the rule
        for n in range(5):
            HOUSE.validate(house, p, HOUSE.random_move(house, p, Random(f"{p}{n}")))


def test_each_bomb_s_guess_gives_or_takes_a_strike() -> None:
    """The text: "If you choose someone that you think will target you and are right, they receive this Bomb. However,
    if they do not target you, you receive a Strike and keep your Bomb. If you decided nobody would target you, and
    are incorrect, you receive a Strike; if you are correct, you lose a Strike instead": from the same position,
    each guess, right or wrong, gives the same Strikes in both (each card's ``player`` field, ``aimed_by``,
    ``aimed_labels``: house-158, house-170, house-171); a Steal or Force without its target is refused."""
    hands = {p: _own(p, "steal", "force", "immune", "bomb") for p in PLAYERS}
    coded, house = _from_position(hands, {"p7": 1})
    plays: dict[str, list[tuple[str, str | None, str | None]]] = {
        "p1": [("bomb/p1", "p2", None)],  # p2 Forces p1: right
        "p2": [("force/p2", "p1", None), ("bomb/p2", "p3", None)],  # p3 targets p4, not p2: wrong
        "p3": [("steal/p3", "p4", "immune/p4"), ("bomb/p3", None, None)],  # nobody targets p3: right, a Strike less
        "p4": [("bomb/p4", None, None)],  # p3 Steals from p4 (Immune or not): wrong
        "p5": [("immune/p5", None, None)],  # holds a Bomb and plays none
        "p6": [("bomb/p6", "p7", None)],  # p7 Forces p6: right
        "p7": [("force/p7", "p6", None), ("immune/p7", None, None)],
    }
    moves_c, moves_h = {}, {}
    for p, cards in plays.items():
        raw = [{"card": c, "target": t} | ({"target_card": k} if k else {}) for c, t, k in cards]
        moves_c[p] = ExodiaEngine().validate(coded, p, {"play": raw, "discard": []})
        move = {f: _card_id(house, p, c) for f, (c, _, _) in zip(FIELDS, cards, strict=False)}
        moves_h[p] = HOUSE.validate(house, p, move | {f"target{i}": t for i, (_, t, _) in enumerate(cards, 1) if t})
    with pytest.raises(RuleError, match="is required"):
        HOUSE.validate(house, "p2", {"card1": _card_id(house, "p2", "force/p2")})
    coded, _ = ExodiaEngine().resolve(coded, moves_c, Random(1))
    house, _ = HOUSE.resolve(house, moves_h, Random(1))
    house, _ = HOUSE.resolve(house, {}, Random(2))  # the dealer's tally: nothing
    mine = ExodiaEngine().view(coded, None)["public"]["strikes"]
    theirs = HOUSE.view(house, None)["public"]["scores"]
    assert mine == theirs
    assert theirs == {"p1": 0, "p2": 1, "p3": -1, "p4": 1, "p5": 1, "p6": 0, "p7": 2}
