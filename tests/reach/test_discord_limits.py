"""Every component answer of the move form keeps to Discord's limits over long and colliding handles (issue 40,
item 15): option values unique and at most 100 characters, custom_ids unique and at most 100, a select holds
1..25 options, and the message text at most 2,000 characters with its page line and "Saved" note kept."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms
from django.contrib.auth import get_user_model

from games.match.services import match_start, turn_close
from games.models import Match, Message, Submission, Turn
from reach.discord import forms as dforms
from reach.discord.moves import fit_content
from tests.factories import users
from tests.games.house.pages import every_field_definition, house_match
from tests.reach.discord_helpers import FakeApp, command, component, components_of, find, link, modal_submit

pytestmark = pytest.mark.django_db(transaction=True)

# Two handles sharing their first 100 characters (and longer than 100), one of 92, and two named like values.
SHARED_A = "p" * 100 + "_alpha_one"
SHARED_B = "p" * 100 + "_beta_two"
H92 = "q" * 92


def _content(reply: dict[str, Any]) -> str:
    return str(reply["data"].get("content", ""))


def check_limits(reply: dict[str, Any]) -> None:
    """What Discord accepts in a component answer (a message, an update or a modal)."""
    data = reply["data"]
    assert len(data.get("content", "")) <= 2000
    ids: list[str] = []
    if "custom_id" in data:
        ids.append(data["custom_id"])
        assert len(data["title"]) <= 45
    rows = data.get("components") or []
    assert len(rows) <= 5
    for row in rows:
        kinds = [c["type"] for c in row["components"]]
        assert kinds in ([3], [4]) or (kinds and set(kinds) == {2} and len(kinds) <= 5), kinds
        for c in row["components"]:
            ids.append(c["custom_id"])
            assert 1 <= len(c["custom_id"]) <= 100, c["custom_id"]
            if c["type"] == 3:
                values = [o["value"] for o in c["options"]]
                assert 1 <= len(values) <= 25
                assert len(values) == len(set(values)), values
                assert all(1 <= len(v) <= 100 for v in values)
                assert all(1 <= len(o["label"]) <= 100 for o in c["options"])
                assert len(c["placeholder"]) <= 150
                if c.get("max_values", 1) == 1:
                    assert sum(bool(o.get("default")) for o in c["options"]) <= 1
            if c["type"] == 4:
                assert 1 <= len(c["label"]) <= 45
            if c["type"] == 2:
                assert 1 <= len(c["label"]) <= 80
    assert len(ids) == len(set(ids)), ids


def walk(app: FakeApp, handle: str, match: Match) -> dict[str, Any]:
    """Open the form, check every page and every modal, pick something in each select; return the last page."""
    reply = app.send(command(handle, "move", match=match.pk))
    check_limits(reply)
    for _ in range(20):
        for c in components_of(reply):
            if c["type"] == 3:
                reply = app.send(component(handle, c["custom_id"], [c["options"][-1]["value"]]))
                check_limits(reply)
        fill = [c for c in components_of(reply) if c["type"] == 2 and c["label"].startswith("Fill in")]
        if fill:
            modal = app.send(component(handle, fill[0]["custom_id"]))
            check_limits(modal)
        more = [c for c in components_of(reply) if c["type"] == 2 and c["label"].startswith("More")]
        if not more:
            return reply
        reply = app.send(component(handle, more[0]["custom_id"]))
        check_limits(reply)
    raise AssertionError("more than 20 pages")


def test_exodia_with_players_named_nobody_and_bomb_and_long_handles_keeps_to_discord_s_limits(app: FakeApp) -> None:
    """A player named ``nobody`` beside the Bomb's "nobody" target, ``bomb`` beside the Bomb effect in the
    Retrieval ranking, and handles sharing their first 100 characters: every value stays unique."""
    players = ["nobody", "bomb", SHARED_A, SHARED_B, H92, "ann", "bob"]
    for u in users(players):
        link(u)
    match = match_start(game="exodia", players=players, seed="discord-limits")
    seen = 0
    for _ in range(4):
        turn = Turn.objects.get(match=match, status="open")
        for handle in turn.awaiting:
            walk(app, handle, match)
            seen += 1
        turn_close(turn_id=turn.pk, force=True)
        if match.refresh_from_db() or match.status != Match.Status.RUNNING:
            break
    assert seen


def test_a_round_picker_reads_back_the_colliding_choice_the_player_picked(app: FakeApp) -> None:
    """Picking the player ``nobody`` or the "nobody (Bomb)" choice both mean the form's value "nobody"; picking
    one of two handles that share their first 100 characters saves that one, not the other."""
    control = dforms.Control(
        "target",
        "Target",
        "select",
        (("", "—"), ("nobody", "nobody (Bomb)"), ("nobody", "nobody"), (SHARED_A, SHARED_A), (SHARED_B, SHARED_B)),
    )
    values = dforms.option_values(control)
    assert len(set(values)) == len(values) and all(len(v) <= 100 for v in values)
    assert dforms.picked(control, [values[3]]) == SHARED_A
    assert dforms.picked(control, [values[4]]) == SHARED_B
    assert dforms.picked(control, [values[2]]) == "nobody"
    assert dforms.picked(control, [values[0]]) == ""
    drawn = dforms.select_component(control, {"target": "nobody"}, "mv:1:1:f:0")
    assert [o["default"] for o in drawn["options"]] == [False, True, False, False, False]
    labels = [o["label"] for o in drawn["options"]]
    assert labels[3] != labels[4]  # cut in the middle: the ends that tell them apart stay


def test_a_dealer_s_choice_named_none_and_a_92_character_handle_play_and_tally_through_discord(app: FakeApp) -> None:
    definition = every_field_definition()
    pick = definition["round_plan"][0]["fields"][0]
    # Enough choices for a drop-down, whose blank choice stands beside the dealer's "(none)".
    pick.update(choices=["red", "blue", "green", "white", "black", "grey", "pink", "(none)"], required=False)
    players = [H92, SHARED_A, SHARED_B]
    match = house_match(definition, players=players)
    for handle in [*players, "host"]:
        link(get_user_model().objects.get(username=handle))
    for handle in players:
        form = app.send(command(handle, "move", match=match.pk))
        check_limits(form)
        picker = find(form, placeholder="Your pick")
        none = next(o for o in picker["options"] if o["label"] == "(none)")
        assert picker["options"][0]["label"] == "—" and picker["options"][0]["value"] != none["value"]
        form = app.send(component(handle, picker["custom_id"], [none["value"]]))
        check_limits(form)
        assert "Your pick: **(none)**" in _content(form)
        target = find(form, placeholder="Your target")
        other = next(p for p in players if p != handle)
        choice = next(o for o in target["options"] if o["label"].endswith(other[-20:]))
        form = app.send(component(handle, target["custom_id"], [choice["value"]]))
        modal = app.send(component(handle, find(form, label="Fill in")["custom_id"]))
        form = app.send(modal_submit(handle, modal["data"]["custom_id"], {"guess": "40"}))
        done = app.send(component(handle, find(form, label="Lock in")["custom_id"]))
        assert "locked in" in _content(done), _content(done)
        move = Submission.objects.get(turn__match=match, player=handle).move
        assert move["pick"] == "(none)" and move["target"] == other
    tally = Turn.objects.get(match=match, status="open")
    assert tally.awaiting == ["~dealer"]
    form = app.send(command("host", "move", match=match.pk))
    check_limits(form)
    # Every page's modal: the private line to each player, typed by the label's end (the handle's end).
    for _ in range(10):
        for c in components_of(form):
            if c["type"] == 2 and c["label"].startswith("Fill in"):
                modal = app.send(component("host", c["custom_id"]))
                check_limits(modal)
                typed = {}
                for row in modal["data"]["components"]:
                    item = row["components"][0]
                    for handle in players:
                        if item["label"].startswith("Private line to") and item["label"].endswith(handle[-10:]):
                            typed[item["custom_id"]] = f"just for {handle[-9:]}"
                form = app.send(modal_submit("host", modal["data"]["custom_id"], typed))
                check_limits(form)
        more = [c for c in components_of(form) if c["type"] == 2 and c["label"].startswith("More")]
        if not more:
            break
        form = app.send(component("host", more[0]["custom_id"]))
    done = app.send(component("host", find(form, label="Lock in")["custom_id"]))
    assert "locked in" in _content(done), _content(done)
    for handle in players:
        assert Message.objects.filter(match=match, to=handle, text__contains=f"just for {handle[-9:]}").exists()


def test_a_pick_players_field_with_no_eligible_player_draws_no_empty_select() -> None:
    class Form(forms.Form):
        allies = forms.MultipleChoiceField(choices=[], required=False, label="Allies")
        pick = forms.ChoiceField(choices=[("a", "A")], label="Pick")

    controls = dforms.controls_of(Form())
    assert [c.kind for c in controls] == ["empty", "select"]
    assert dforms.shown_value(controls[0], {}) == "(nothing to choose)"
    assert dforms.initial_data(Form()) == {}


def test_the_message_cut_keeps_the_page_line_and_the_saved_note() -> None:
    body = [f"• Private line to {SHARED_A}{i}: **{'x' * 200}**" for i in range(30)]
    tail = ["Page 2 of 3.", "✅ Saved. You can change it until the deadline, or Lock in."]
    text = fit_content(["**Match** · Round 1 · deadline soon"], body, tail)
    assert len(text) <= 2000
    assert text.endswith("Page 2 of 3.\n✅ Saved. You can change it until the deadline, or Lock in.")
    assert text.startswith("**Match** · Round 1")
    assert "more fields: see the match page." in text


def test_a_saved_form_with_long_handles_keeps_its_note_within_2000_characters(app: FakeApp) -> None:
    players = [f"{'r' * 140}{i:02d}" for i in range(8)]
    match = house_match(players=players)
    for handle in [*players, "host"]:
        link(get_user_model().objects.get(username=handle))
    for handle in players:
        form = app.send(command(handle, "move", match=match.pk))
        picker = find(form, placeholder="Your pick")
        form = app.send(component(handle, picker["custom_id"], [picker["options"][0]["value"]]))
        modal = app.send(component(handle, find(form, label="Fill in")["custom_id"]))
        form = app.send(modal_submit(handle, modal["data"]["custom_id"], {"guess": "40"}))
        done = app.send(component(handle, find(form, label="Lock in")["custom_id"]))
        assert "locked in" in _content(done)
    form = app.send(command("host", "move", match=match.pk))
    saved = app.send(component("host", find(form, label="Save")["custom_id"]))
    check_limits(saved)
    text = _content(saved)
    assert "Page 1 of" in text and text.rstrip().endswith("or Lock in."), text[-300:]
