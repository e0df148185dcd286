"""Density Deck strategies for the playtest lab and the REST stand-in bot: pure functions over the view.

They read only ``awaiting``'s view (hand, public discard tops, amplification) and answer in the
move notation; whatever the engine refuses (a changed turn shape, a draw-then-discard step)
falls back to the random legal move, so they keep working when the turn is split.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

View = Mapping[str, Any]


def _points(view: View, hand: list[str]) -> float:
    """My hand's points by the game's scoring over what I can see; 0 if the scorer is unavailable."""
    public = view["public"]
    try:
        from games.density.scoring import scorer

        tops = {
            p: c["name"]
            for p, c in (public.get("discards") or {}).items()
            if c and p != (view.get("you") or {}).get("player")
        }
        return float(scorer(public.get("scoring", "sum"))(hand, list(public.get("amplification", [])), tops).points)
    except Exception:  # noqa: BLE001 - a strategy never breaks a run; the fallback plays instead
        return 0.0


def _mine(view: View) -> bool:
    public = view["public"]
    you = view.get("you") or {}
    return public.get("phase") == "play" and public.get("current") == you.get("player") and bool(you.get("hand"))


def _best_draw(view: View) -> dict[str, Any] | None:
    """The draw whose best discard scores most (a visible discard top, or the deck at my hand's current score)."""
    you, public = view["you"], view["public"]
    hand = list(you["hand"])
    best: tuple[float, dict[str, Any]] | None = None
    for source in you.get("draw_from", ["deck"]):
        if source == "deck":
            # Blind: drop the card that costs least and count on an average card (about 4) coming in.
            kept, drop = max((_points(view, [c for c in hand if c != d]), d) for d in hand)
            keep_all = _points(view, hand)
            candidate = (
                max(keep_all, kept + 4),
                {
                    "action": "draw",
                    "from": "deck",
                    "surrender": False,
                    "discard": drop if kept + 4 > keep_all else "drawn",
                },
            )
        else:
            top = (public.get("discards") or {}).get(source)
            if not top:
                continue
            options = [
                (_points(view, [c for c in hand + [top["name"]] if c != drop] if drop != top["name"] else hand), drop)
                for drop in hand
            ]
            points, drop = max(options)
            candidate = (points, {"action": "draw", "from": source, "discard": drop, "surrender": False})
        if best is None or candidate[0] > best[0]:
            best = candidate
    return best[1] if best else None


def maximise_score(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Fight once my hand is strong (over 20 points), else take the draw that scores most."""
    if not _mine(view):
        return None
    if view["you"].get("may_fight") and _points(view, list(view["you"]["hand"])) > 20:
        return {"action": "fight"}
    return _best_draw(view)


def fight_early(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Fight as soon as the rules allow; otherwise draw as well as I can."""
    if not _mine(view):
        return None
    if view["you"].get("may_fight"):
        return {"action": "fight"}
    return _best_draw(view)


STRATEGIES = {"maximise-score": maximise_score, "fight-early": fight_early}
