"""The Exodia submission form, built from real views; its moves must pass the engine (no database)."""

from __future__ import annotations

from random import Random

from django.template.loader import render_to_string

from games.exodia.forms import MoveForm
from tests.games.exodia.helpers import ENGINE, P, c, make, run


def form_for(state, player: str, data: dict | None = None, initial: dict | None = None) -> MoveForm:
    return MoveForm(data, view=ENGINE.view(state, player), player=player, initial_move=initial)


def test_round_form_builds_plays_discards_and_ranking_the_engine_accepts() -> None:
    state = make({"ann": [c("steal", "ann"), c("gift", "ann"), c("meta", "ann"), c("bomb", "ann"), c("force", "ann")]})
    state.owed["ann"] = 1
    form = form_for(
        state,
        "ann",
        {
            "discard": ["force/ann"],
            "play_0_card": "steal/ann",
            "play_0_target": "bob",
            "play_0_extra": "gift/cat",
            "play_1_card": "gift/ann",
            "play_1_target": "dan",
            "play_1_extra": "meta/ann",
            "play_2_card": "bomb/ann",
            "play_2_target": "nobody",
            "rank_by": "effect",
            "rank_0": "meta",
            "rank_1": "gift",
        },
    )
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move["play"] == [
        {"card": "steal/ann", "target": "bob", "target_card": "gift/cat"},
        {"card": "gift/ann", "target": "dan", "gift": "meta/ann"},
        {"card": "bomb/ann", "target": None},
    ]
    normal = ENGINE.validate(state, "ann", move)
    assert normal["discard"] == ["force/ann"] and normal["ranking"]["order"][:2] == ["meta", "gift"]


def test_round_form_offers_only_the_viewers_cards_and_legal_steal_targets() -> None:
    state = make()
    form = form_for(state, "ann")
    cards = [v for v, _ in form.fields["play_0_card"].choices if v]
    assert cards == state.hands["ann"]
    steal_group = dict(form.fields["play_0_extra"].choices)["Steal: name a card"]
    named = [v for v, _ in steal_group]
    assert not [x for x in named if x.split("/")[0] in ("steal", "bomb") or x in state.hands["ann"]]
    assert "discard" not in form.fields  # nothing owed


def test_ranking_of_the_wrong_kind_is_refused() -> None:
    state = make()
    form = form_for(state, "ann", {"play_0_card": "meta/ann", "rank_by": "owner", "rank_0": "meta"})
    assert not form.is_valid()


def test_twist_form_for_each_role() -> None:
    state = ENGINE.setup(P, {"gamewide_order": P, "mm_winners": ["ann"], "dm_winner": "ann"}, Random("f"))
    order = P[::-1]
    data = {"twist_vote": "2", "mm_effect": "meta", "mm_copies": "2"} | {f"dm_{i}": p for i, p in enumerate(order)}
    form = form_for(state, "ann", data)
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"twist_vote": 2, "mm_twist": {"effect": "meta", "copies": 2}, "dm_twist": order}
    ENGINE.validate(state, "ann", move)
    bob = form_for(state, "bob", {"twist_vote": "1"})
    assert set(bob.fields) == {"twist_vote"} and bob.is_valid()
    ENGINE.validate(state, "bob", bob.to_move())


def test_ec_form_offers_the_players_with_fewer_metas() -> None:
    hand = [c("meta", o) for o in P] + [c("immune", "ann")]
    state = make({"ann": hand})
    state, _ = run(state, {"ann": {"play": [{"card": "immune/ann"}]}})
    form = form_for(state, "ann", {"ec": "cat"})
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {"ec": "cat"}


def test_templates_render_view_and_form() -> None:
    state = make()
    view = ENGINE.view(state, "ann")
    page = render_to_string("exodia/view.html", {"view": view, "me": "ann"})
    assert "Your hand" in page and "Discard Pile" in page
    form = form_for(state, "ann", initial={"play": [{"card": "meta/ann"}]})
    html = render_to_string("exodia/form.html", {"form": form})
    assert "play_0_card" in html and "rank_0" in html
    assert "<script" not in html, "Exodia's rules are checked on the server (games:match_check), not in the page"
    public = render_to_string("exodia/view.html", {"view": ENGINE.view(state, None), "me": None})
    assert "Your hand" not in public
