"""The submission form of a dealer's game, built from the viewer's view (FORMAT.md).

- A player awaited in a round: one field per declared field of the round (``player_fields``).
- The dealer (the view has ``dealer``): the tally or review form with every submission of the closed
  round in a table, or the opening form naming the round's players (``dealer_fields``).

Nobody types JSON or a handle; the engine's ``validate`` still judges the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from games.forms import MoveFormBase
from games.house.engine import happened
from games.house.engine import tally_summary as summing
from games.house.play import dealer_fields as tally
from games.house.play import player_fields as fields


class MoveForm(MoveFormBase):
    """One move of a dealer's game in FORMAT.md's notation."""

    mode = "none"

    def setup_fields(self) -> None:
        """The fields for what the viewer may do now (none when not awaited)."""
        public = self.public
        self.specs: list[dict[str, Any]] = [dict(f) for f in public.get("form") or []]
        self.players: list[str] = [str(p) for p in public.get("players") or []]
        self.phase = str(public.get("phase") or "")
        dealer = self.view.get("dealer")
        if isinstance(dealer, dict):
            self._dealer_setup(dealer)
        elif self.you.get("awaited") and self.phase == "ec":
            self.mode = "player"  # a /2 game's winners pick the Elimination Candidate among the tied for last
            tied = list((public.get("ec") or {}).get("tied") or [])
            self.specs = [
                {
                    "name": "ec",
                    "label": "Elimination Candidate",
                    "type": "player",
                    "not_self": False,
                    "players": tied,
                    "required": True,
                    "default": None,
                }
            ]
            self.fields.update(fields.field_for(self.specs[0], self.player, self.initial_move.get("ec")))
        elif self.you.get("awaited") and self.phase == "play":
            self.mode = "player"
            self.specs = [s for s in self.specs if self._asks(s)]
            for spec in self.specs:
                self._own_facts(spec)
                self.fields.update(fields.field_for(spec, self.player, self.initial_move.get(str(spec["name"]))))

    def _asks(self, spec: dict[str, Any]) -> bool:
        """Whether the viewer's form asks this field (/2's ``for``: a role's holder, or everyone else)."""
        who = str(spec.get("for") or "all")
        if who == "all":
            return True
        kind, _, role = who.partition(":")
        return (self.player == (self.public.get("roles") or {}).get(role)) == (kind == "role")

    def _own_facts(self, spec: dict[str, Any]) -> None:
        """A /2 field's facts only the viewer knows: their cards of a card field, what a flag costs them now, the
        values a ruled field offers them now."""
        if spec.get("type") == "card" or (spec.get("type") == "give" and spec.get("pile")):
            spec["cards"] = ((self.you.get("piles") or {}).get(self.player) or {}).get(str(spec.get("pile")), [])
        allowed = (self.you.get("allowed") or {}).get(str(spec.get("name")))
        if isinstance(allowed, list):
            spec["offered"] = allowed  # only what the viewer's own state allows now (RULES.md house-82)
        if str(spec.get("name")) in (self.you.get("required") or []):
            spec["required"] = True  # its required_if holds now: not "(optional)" (RULES.md house-173)
        cost = spec.get("cost")
        if spec.get("type") == "flag" and isinstance(cost, dict):
            held = {**(self.public.get("holdings") or {}).get(self.player, {}), **(self.you.get("holdings") or {})}
            uses = int(held.get(str(cost.get("counter")), 0)) if cost.get("counter") else 0
            spec["cost_now"] = int(cost.get("start", 0)) + int(cost.get("step", 0)) * uses

    def _dealer_setup(self, dealer: dict[str, Any]) -> None:
        self.dealer = dealer
        self.alive: list[str] = [str(p) for p in dealer.get("alive") or self.players]
        self.next_named = bool(dealer.get("next_named"))
        start = tally.start_move(dealer, self.phase, self.initial_move)
        if self.phase == "open":
            self.mode = "open"
            self.fields.update(tally.open_fields(self.alive, start))
        elif self.phase in ("tally", "review"):
            self.mode = "dealer"
            label = str(self.public.get("score_label") or "Points")
            self.fields.update(
                tally.tally_fields(
                    players=self.players,
                    alive=self.alive,
                    score_label=label,
                    next_named=self.next_named,
                    start=start,
                    death=self.public.get("kind") == "death",
                )
            )

    # --- what the template lays out ---

    @property
    def groups(self) -> list[dict[str, Any]]:
        """A player's form as the page lays it out: one group per declared field (an order's places together)."""
        out = []
        for spec in self.specs:
            name = str(spec["name"])
            if spec.get("type") in ("order", "pairing", "give", "trade"):
                bound = [self[n] for n in self.fields if n.startswith(f"{name}__")]
            else:
                bound = [self[name]] if name in self.fields else []
            if bound:
                out.append({"spec": spec, "fields": bound, "order": spec.get("type") == "order"})
        return out

    @property
    def _pending(self) -> dict[str, Any]:
        """The closed round's submissions in reading order (lowest first number first)."""
        pending = dict(getattr(self, "dealer", {}).get("pending") or {})
        return {p: pending[p] for p in summing.reading_order(self.specs, pending)}

    @property
    def table(self) -> dict[str, Any]:
        """Every submission of the round the dealer tallies, as a table in reading order."""
        return tally.tally_table(self.specs, self._pending)

    @property
    def sorted_by(self) -> str:
        """The label of the field the table is sorted by ("" in seat order)."""
        name = summing.sort_field(self.specs)
        return next((str(f.get("label") or name) for f in self.specs if f["name"] == name), "")

    @property
    def summary(self) -> list[str]:
        """A line per number or choice field summing up the submissions, and a mechanic's target."""
        resolve = getattr(self, "dealer", {}).get("resolve")
        return summing.tally_summary(self.specs, self._pending, resolve if isinstance(resolve, dict) else None)

    @property
    def proposal(self) -> dict[str, Any] | None:
        """The mechanic's result the dealer reviews (None in a tally)."""
        found = getattr(self, "dealer", {}).get("proposal")
        return dict(found) if isinstance(found, dict) else None

    @property
    def per_player(self) -> list[dict[str, Any]]:
        """The dealer's per-player fields, one row per player: points, out (players still in), private line."""
        rows = []
        for p in self.players:
            row = {"player": p, "points": self[tally.points_name(p)], "private": self[tally.private_name(p)]}
            row["out"] = self[tally.out_name(p)] if tally.out_name(p) in self.fields else None
            row["gone"] = p not in self.alive
            rows.append(row)
        return rows

    @property
    def outcome_rows(self) -> list[dict[str, Any]]:
        """The outcome's per-player fields: Tokens of Life and garnets."""
        return [
            {"player": p, "tokens": self[tally.tokens_name(p)], "garnets": self[tally.garnets_name(p)]}
            for p in self.players
        ]

    @property
    def candidates(self) -> list[Any]:
        """The Elimination Candidates' places, first in line first."""
        names = [tally.candidate_name(i) for i in range(1, len(self.players) + 1)]
        return [self[n] for n in names if n in self.fields]  # none in a Death Match: the loser is the candidate

    @property
    def default_text(self) -> str:
        """What a missing submission becomes, for the page's "If you submit nothing" line."""
        if self.mode == "player":
            return "; ".join(f"{s.get('label')}: {fields.default_words(s)}" for s in self.specs) + "."
        if self.mode == "open":
            return "every player still in the match plays this round."
        if self.mode == "dealer" and self.phase == "review":
            return "the mechanic's result is published as it stands, and the match goes on."
        if self.mode == "dealer":
            said = str(self.dealer.get("default", {}).get("announcement") or "the dealer published no result.")
            return f"“{said}” is published and the match goes on (or ends by its own rules)."
        return ""

    # --- the move ---

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.mode == "player":
            for spec in self.specs:
                if spec.get("type") == "order":
                    value, problem = fields.order_value(spec, data, self.player)
                    if problem:
                        raise forms.ValidationError(f"{spec.get('label')}: {problem}")
                    if spec.get("required", True) and not value and fields.eligible(spec, self.player):
                        raise forms.ValidationError(f"{spec.get('label')}: place every player.")
                if spec.get("type") == "players" and data.get(str(spec["name"])):
                    count, choosable = len(data[str(spec["name"])]), len(fields.eligible(spec, self.player))
                    low = min(int(spec.get("count_min", 1)), choosable)
                    high = min(int(spec.get("count_max", 1)), choosable)
                    if not low <= count <= high:
                        raise forms.ValidationError(f"{spec.get('label')}: tick {low} to {high} players.")
        elif self.mode == "dealer" and data.get("next") == "end" and data.get("outcome_way") == "named":
            self._check_outcome(data)
        return data

    def _check_outcome(self, data: dict[str, Any]) -> None:
        if problem := tally.candidates_problem(data, self.players):
            raise forms.ValidationError(problem)

    def move_labels(self) -> dict[str, str]:
        """The dealer's label of each field of the player's move ("Your number", not ``n``)."""
        if self.mode != "player":
            return {}
        return {str(spec["name"]): str(spec.get("label") or spec["name"]) for spec in self.specs}

    def move_words(self, move: Mapping[str, Any]) -> dict[str, str]:
        """A trade or a gift of a holding in words, as the match's lines say them: "give 3 chips for 1 gem with
        bob", "1 gem to bob" (issue 44), never "give chips 3, get"."""
        if self.mode != "player":
            return {}
        names = {str(h["name"]): str(h.get("label") or h["name"]) for h in self.public.get("holding_facts") or []}
        words: dict[str, str] = {}
        for spec in self.specs:
            value = move.get(str(spec["name"]))
            if not isinstance(value, dict):
                continue
            if spec.get("type") == "trade":
                words[str(spec["name"])] = happened.trade_words(names, value)
            elif spec.get("type") == "give" and spec.get("holding") and not spec.get("pile"):
                words[str(spec["name"])] = happened.gift_words(names, str(spec["holding"]), value)
        return words

    def to_move(self) -> dict[str, Any]:
        """The move in FORMAT.md's notation; call only after ``is_valid()``."""
        data = self.cleaned_data
        if self.mode == "player":
            return fields.player_move(self.specs, data, self.player)
        if self.mode == "open":
            return {"next_awaits": list(data.get("next_awaits") or [])}
        if self.mode == "dealer":
            return tally.tally_move(data, players=self.players, alive=self.alive, next_named=self.next_named)
        return {}
