"""Rounds and bouts: who is actually played, the fight's aftermath, scoring and the DM's end.

Pure helpers over the engine's private (already copied) state dict.
"""

from __future__ import annotations

from typing import Any

from games.engine import Message
from games.warriors.abilities import Fight, Fighter, announced_winner, resolve_fight
from games.warriors.units import table


def new_side(pool: list[str]) -> dict[str, Any]:
    """A player's side at the start of a bout: one of each pool unit, alive at base strength."""
    return {
        "units": {n: {"strength": 0, "alive": True} for n in pool},
        "carbuncle": None,
        "fallen": [],  # dead Chocobos and Carbuncles, with their strengths as they died
        "wins": 0,
        "pending": [],
        "forced": None,
        "last_unit": None,
    }


def start_bout(state: dict[str, Any]) -> None:
    """Fresh sides, round 1, the bout's base length (bouts are independent)."""
    units = table(state["variant"])
    state["bout"] += 1
    state["round"] = 1
    state["length"] = state["length_announced"] = state["rounds_base"]
    state["last_winner"] = None
    state["phase"] = "play"
    # Each round's validated moves, both players' (private: ``resample`` replays the bout from them).
    state["played"] = []
    for p in state["players"]:
        side = new_side(state["pool"])
        for name, rec in side["units"].items():
            rec["strength"] = units[name].base
        state["sides"][p] = side


def playable(state: dict[str, Any], player: str) -> list[str]:
    """The units ``player`` may send out this round (alive, Living Dead, Carbuncle, Chocobo)."""
    side = state["sides"][player]
    names = ["chocobo"]
    if side.get("carbuncle"):
        names.append("carbuncle")
    for name, rec in side["units"].items():
        if rec["alive"] or rec.get("revive") == state["round"]:
            names.append(name)
    return names


def appearance_before(state: dict[str, Any], p: str, move: dict[str, Any]) -> str:
    """How ``p``'s submitted unit looks when played (what Holmgang answers)."""
    side = state["sides"][p]
    if any(e["round"] == state["round"] and e["kind"] == "veil" for e in side["pending"]):
        return "chocobo"
    if move["unit"] == "blue mage" and move.get("disguise"):
        return str(move["disguise"])
    return str(move["unit"])


def holmgang_choice(state: dict[str, Any], p: str, seen: str) -> str | None:
    """The unit of ``p`` that Holmgang brings out against a unit looking like ``seen`` (highest base first)."""
    units = table(state["variant"])
    hits = [n for n, rec in state["sides"][p]["units"].items() if rec.get("holmgang") == seen]
    return max(hits, key=lambda n: units[n].base) if hits else None


def field_units(state: dict[str, Any], moves: dict[str, dict[str, Any]]) -> dict[str, Fighter]:
    """The fighters actually played: forced Rescues, Holmgang, Living Dead revivals, Carbuncles."""
    units = table(state["variant"])
    r = state["round"]
    seen = {p: appearance_before(state, p, moves[p]) for p in state["players"]}
    fighters: dict[str, Fighter] = {}
    for p in state["players"]:
        side = state["sides"][p]
        opp = next(q for q in state["players"] if q != p)
        move, auto = dict(moves[p]), False
        forced = side["forced"]
        if forced and forced["round"] == r:
            move = dict(forced["move"])  # Rescue's forced play overrides Holmgang
        else:
            choice = holmgang_choice(state, p, seen[opp])
            if choice:  # decided on the submitted looks, for both sides at once
                move, auto = {"unit": choice}, True
        side["forced"] = None
        name = move["unit"]
        if name == "chocobo":
            record: dict[str, Any] = {"strength": 0, "alive": True}
        elif name == "carbuncle":
            record = side["carbuncle"] or {"strength": 0}
        else:
            record = side["units"][name]
            if not record["alive"]:  # Living Dead or Holmgang revival
                record["alive"] = True
                if not auto:
                    record["ld_used"] = True
        veiled = any(e["round"] == r and e["kind"] == "veil" for e in side["pending"])
        look = "chocobo" if veiled else name
        fighters[p] = Fighter(
            owner=p,
            name=name,
            base=units[name].base,
            strength=record["strength"],
            record=record,
            move={k: v for k, v in move.items() if k != "unit"},
            appearance=look,
            holmgang=auto,
            veiled=veiled,
        )
    return fighters


def _note_text(owner: str, look: str, note: tuple[str, Any]) -> str:
    kind, value = note
    if kind == "select":
        return f"{owner}'s {look.title()} selects {str(value).title()} (Closed Position)."
    return f"{owner}'s {look.title()} {'adds' if int(value) > 0 else 'removes'} a round (Huton)."


def aftermath(state: dict[str, Any], fight: Fight) -> list[Message]:
    """Deaths, the round's points, what is announced, and the bout's end."""
    r = state["round"]
    for f in fight.fighters.values():
        side = fight.side(f)
        rec = f.record
        living_dead = rec.pop("living_dead", False) and not rec.get("ld_used")
        rec["strength"] = f.strength  # an altered strength is kept, alive or in death
        if f.dies():
            rec["alive"] = False
            if f.name in ("chocobo", "carbuncle"):
                side["fallen"].append({"name": f.name, "strength": f.strength})
                if f.name == "carbuncle" and side["carbuncle"] is rec:
                    side["carbuncle"] = None
            else:
                rec["revive"] = r + 1 if living_dead else None
        side["last_unit"] = f.name
        side["pending"] = [e for e in side["pending"] if e["round"] > r]
    forced_msgs: list[Message] = []
    for p in fight.rescuers if len(fight.rescuers) == 1 else []:
        o = fight.opp(fight.fighters[p])
        fight.side(o)["forced"] = {"round": r + 1, "move": {"unit": o.name, **o.move}}
        if r < state["length"]:
            forced_msgs.append(Message(f"Rescue: you must play your {o.name.title()} next round.", to=o.owner))
    if fight.winner:
        state["sides"][fight.winner]["wins"] += 1
    told = announced_winner(fight, r == 1, state["last_winner"])
    state["last_winner"] = fight.winner
    a, b = state["players"]
    looks = {p: fight.fighters[p].appearance for p in state["players"]}
    notes = [
        _note_text(f.owner, f.appearance, n)
        for f in fight.fighters.values()
        if not f.veiled and not f.silenced
        for n in f.notes
    ]
    for f in fight.fighters.values():
        if not f.veiled and not f.silenced:
            for kind, value in f.notes:
                if kind == "rounds":
                    state["length_announced"] += int(value)
    entry = {"bout": state["bout"], "round": r, "units": looks, "winner": told, "notes": notes}
    state["log"].append(entry)
    result = "both units win" if told == "both" else f"{told} wins" if told else "a tie"
    text = (
        f"Bout {state['bout']} · Round {r}: {a} sent out {looks[a].title()}, {b} sent out {looks[b].title()}; {result}."
    )
    msgs = [Message(" ".join([text, *notes])), *forced_msgs]
    if r >= state["length"]:  # also when Huton ended the bout "in the past"
        msgs += end_bout(state)
    else:
        state["round"] = r + 1
    return msgs


def bout_points(state: dict[str, Any], p: str) -> int:
    """3 per round won plus the strengths of the dead units as they died."""
    side = state["sides"][p]
    dead = sum(rec["strength"] for rec in side["units"].values() if not rec["alive"])
    points: int = 3 * side["wins"] + dead + sum(f["strength"] for f in side["fallen"])
    return points


def end_bout(state: dict[str, Any]) -> list[Message]:
    """Reveal the points, score the bout, then a break, one more bout, or the DM's end."""
    a, b = state["players"]
    pts = {p: bout_points(state, p) for p in state["players"]}
    winner = a if pts[a] > pts[b] else b if pts[b] > pts[a] else None
    state["bouts"].append({"bout": state["bout"], "rounds": state["round"], "points": pts, "winner": winner})
    if winner:
        state["bout_wins"][winner] += 1
    said = f"{winner} wins the bout" if winner else "the bout is tied"
    msgs = [
        Message(
            f"Bout {state['bout']} ends after round {state['round']}: {a} {pts[a]} points, {b} {pts[b]} points; {said}."
        )
    ]
    wins = state["bout_wins"]
    played = len(state["bouts"])
    if played < state["bouts_total"] or (played == state["bouts_total"] and wins[a] == wins[b]):
        state["phase"] = "break"
        if abs(wins[a] - wins[b]) > state["bouts_total"] - played:
            msgs.append(Message("", ruling="warriors-4"))  # decided, yet every bout is played (silent)
        if played >= state["bouts_total"]:
            msgs.append(Message("The bouts are tied: one more bout will be played."))
        return msgs
    if wins[a] != wins[b]:
        state["winner"] = a if wins[a] > wins[b] else b
        msgs.append(Message(f"{state['winner']} wins the Death Match, {wins[a]}-{wins[b]} in bouts."))
    else:
        state["winner"] = state["advantage"]
        msgs.append(
            Message(
                f"The extra bout is tied too: {state['winner']} wins the Death Match on the advantage.",
                ruling="warriors-2",
            )
        )
    state["phase"] = "over"
    return msgs


def play_round(state: dict[str, Any], moves: dict[str, dict[str, Any]]) -> list[Message]:
    """Play one round with validated moves for both players (recorded in ``played``)."""
    state.setdefault("played", []).append({p: dict(moves[p]) for p in state["players"]})
    fight = Fight(
        state=state, fighters=field_units(state, moves), round=state["round"], extended=state["variant"] == "extended"
    )
    resolve_fight(fight)
    return aftermath(state, fight)
