"""The Exodia, Obliterate submission form, built from the viewer's view.

- Twist turn: only the viewer's roles (group vote, MM Winner Twist, DM Winner Twist list).
- A round: the owed discards (exactly as many as owed), a play builder of rows
  (card, target player, and a third picker that is the Steal's named card or the
  Gift's given card), and the Retrieval ranking as seven ordered pickers. As the
  player edits, the page asks the server (``games:match_check``, the engine's
  ``validate``) which rule the move breaks: no rule is re-written in the browser.
- EC turn: the players the sole winner may pick.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveFormBase

NOBODY = "nobody"


def _blank(label: str) -> list[tuple[str, str]]:
    return [("", label)]


def card_label(card: str) -> str:
    """A card as a player reads it: "force/dan" is "Force (dan's card)" (the value stays the notation)."""
    effect, _, owner = card.partition("/")
    return f"{effect.capitalize()} ({owner}'s card)" if owner else card.capitalize()


def _cards(cards: list[str]) -> list[tuple[str, str]]:
    return [(c, card_label(c)) for c in cards]


class MoveForm(MoveFormBase):
    """One Exodia move in the public notation of DESIGN.md."""

    def setup_fields(self) -> None:
        """The fields for what the viewer may do in the current turn."""
        public: dict[str, Any] = dict(self.view.get("public") or {})
        you: dict[str, Any] = dict(self.view.get("you") or {})
        self.players: list[str] = list(public.get("players", []))
        self.effects: list[str] = list(public.get("effects", []))
        self.phase = public.get("phase")
        self.rows = 0
        if self.phase == "twist":
            self._twist_fields(you)
        elif self.phase == "round":
            self._round_fields(you)
        elif self.phase == "ec" and public.get("winners", [None])[0] == self.player:
            self.fields["ec"] = forms.ChoiceField(
                choices=[(p, p) for p in public.get("ec_choices", [])],
                widget=forms.RadioSelect,
                label="Elimination Candidate (a player holding strictly fewer Metas than you)",
            )
            self.fields["ec"].initial = self.initial_move.get("ec")

    def _twist_fields(self, you: dict[str, Any]) -> None:
        roles = you.get("roles", [])
        init = self.initial_move
        if "twist_vote" in roles:
            self.fields["twist_vote"] = forms.TypedChoiceField(
                coerce=int,
                widget=forms.RadioSelect,
                label="Group twist vote",
                initial=init.get("twist_vote", 0),
                choices=[
                    (0, "0: none"),
                    (1, "1: everyone discards one card before Round 1"),
                    (2, "2: everyone discards one card every third round"),
                ],
            )
        if "mm_twist" in roles:
            req = init.get("mm_twist") or {}
            self.fields["mm_effect"] = forms.ChoiceField(
                required=False,
                label="MM Winner Twist: require copies of",
                initial=req.get("effect", ""),
                choices=_blank("no requirement") + [(e, e) for e in self.effects],
            )
            self.fields["mm_copies"] = forms.TypedChoiceField(
                coerce=int, label="copies", choices=[(1, "1"), (2, "2")], initial=req.get("copies", 1)
            )
        if "dm_twist" in roles:
            order = list(init.get("dm_twist") or self.players)
            for i in range(len(self.players)):
                self.fields[f"dm_{i}"] = forms.ChoiceField(
                    label=f"Retrieval Tiebreak #{i + 1}",
                    choices=[(p, p) for p in self.players],
                    initial=order[i] if i < len(order) else None,
                )

    def _round_fields(self, you: dict[str, Any]) -> None:
        hand: list[str] = list(you.get("hand", []))
        me = self.player
        others = [p for p in self.players if p != me]
        init = self.initial_move
        owed = int(you.get("owed", 0))
        if owed:
            self.fields["discard"] = forms.MultipleChoiceField(
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=_cards(hand),
                label=f"Discard exactly {owed} card(s) (Force / group twist)"
                if owed < len(hand)
                else "You owe as many discards as you hold: your whole hand goes, and you play nothing",
                initial=init.get("discard", []),
            )
        extra = [
            ("Steal: name a card", _cards(list(you.get("steal_targets", [])))),
            ("Gift: give a card", _cards(hand)),
        ]
        plays = list(init.get("play") or [])
        self.rows = min(max(len(hand), 1), 14)
        for i in range(self.rows):
            row = plays[i] if i < len(plays) and isinstance(plays[i], dict) else {}
            self.fields[f"play_{i}_card"] = forms.ChoiceField(
                required=False,
                label=f"Play #{i + 1}",
                choices=_blank("—") + _cards(hand),
                initial=row.get("card", ""),
            )
            target = row.get("target")
            self.fields[f"play_{i}_target"] = forms.ChoiceField(
                required=False,
                label=f"Play #{i + 1}: target",
                choices=_blank("—") + [(NOBODY, "nobody (Bomb)")] + [(p, p) for p in others],
                initial=(NOBODY if target is None and row.get("card", "").startswith("bomb/") else target or ""),
            )
            self.fields[f"play_{i}_extra"] = forms.ChoiceField(
                required=False,
                label=f"Play #{i + 1}: target card / gift",
                choices=[("", "—"), *extra],
                initial=row.get("target_card") or row.get("gift") or "",
            )
        ranking = init.get("ranking") or {}
        self.fields["rank_by"] = forms.ChoiceField(
            label="Retrieval: rank by",
            widget=forms.RadioSelect,
            initial=ranking.get("by", "owner"),
            choices=[("owner", "initial owner"), ("effect", "effect")],
        )
        order = list(ranking.get("order") or [])
        pick = [
            ("", "—"),
            ("Initial owners", [(p, p) for p in self.players]),
            ("Effects", [(e, e) for e in self.effects]),
        ]
        for i in range(7):
            self.fields[f"rank_{i}"] = forms.ChoiceField(
                required=False,
                label=f"Retrieval rank #{i + 1}",
                choices=pick,
                initial=order[i] if i < len(order) else "",
            )

    @property
    def play_rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        """The play builder's rows as (card, target, target card / gift) bound fields."""
        return [(self[f"play_{i}_card"], self[f"play_{i}_target"], self[f"play_{i}_extra"]) for i in range(self.rows)]

    @property
    def rank_fields(self) -> list[forms.BoundField]:
        """The seven ordered Retrieval pickers."""
        return [self[f"rank_{i}"] for i in range(7) if f"rank_{i}" in self.fields]

    def clean(self) -> dict[str, Any]:
        """Rankings hold values of the kind chosen; the DM list names each player once."""
        data = super().clean() or {}
        if self.phase == "round":
            kind = self.players if data.get("rank_by") == "owner" else self.effects
            for i in range(7):
                value = data.get(f"rank_{i}")
                if value and value not in kind:
                    raise forms.ValidationError(
                        f"ranking #{i + 1}: {value} is not an {'initial owner' if kind is self.players else 'effect'}"
                    )
        if self.phase == "twist" and "dm_0" in self.fields:
            order = [data.get(f"dm_{i}") for i in range(len(self.players))]
            if sorted(p for p in order if p) != sorted(self.players):
                raise forms.ValidationError("the Retrieval Tiebreak must list every player once")
        return data

    def to_move(self) -> dict[str, Any]:
        """The move in public notation; call only after ``is_valid()``."""
        data = self.cleaned_data
        if self.phase == "ec":
            return {"ec": data.get("ec")}
        if self.phase == "twist":
            move: dict[str, Any] = {}
            if "twist_vote" in self.fields:
                move["twist_vote"] = data.get("twist_vote")
            if "mm_effect" in self.fields:
                effect = data.get("mm_effect")
                move["mm_twist"] = {"effect": effect, "copies": data.get("mm_copies") or 1} if effect else None
            if "dm_0" in self.fields:
                move["dm_twist"] = [data.get(f"dm_{i}") for i in range(len(self.players))]
            return move
        plays: list[dict[str, Any]] = []
        for i in range(self.rows):
            card = data.get(f"play_{i}_card")
            if not card:
                continue
            effect = card.split("/")[0]
            target = data.get(f"play_{i}_target") or None
            extra = data.get(f"play_{i}_extra") or None
            if effect == "steal":
                plays.append({"card": card, "target": target, "target_card": extra})
            elif effect == "gift":
                plays.append({"card": card, "target": target, "gift": extra})
            elif effect in ("force", "bomb"):
                plays.append({"card": card, "target": None if target == NOBODY else target})
            else:
                plays.append({"card": card})
        order = [data.get(f"rank_{i}") for i in range(7)]
        return {
            "play": plays,
            "discard": list(data.get("discard") or []),
            "ranking": {"by": data.get("rank_by") or "owner", "order": [v for v in order if v]},
        }
