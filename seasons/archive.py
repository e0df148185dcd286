"""The archive of a season: one JSON document and a readable Markdown page for a wiki (reads only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.models import Match, Message
from seasons import selectors
from seasons import standings as board
from seasons.models import LedgerEntry, Season, SeasonLog

# Other apps add their sections (reach: clarifications, and the dealer threads once the season is over):
# each section function returns {key: value} merged into the JSON; each renderer turns the whole
# archive into Markdown lines appended before the ledger.
ARCHIVE_SECTIONS: list[Callable[[Season], dict[str, Any]]] = []
ARCHIVE_MARKDOWN: list[Callable[[dict[str, Any]], list[str]]] = []


def _public_log(match_id: int) -> list[str]:
    lines = Message.objects.filter(match_id=match_id, to__isnull=True).order_by("pk")
    return list(lines.values_list("text", flat=True))


def _deal(match: Match) -> dict[str, Any]:
    """The deal's commitment always; the seed only once the match is over (it reveals every hidden draw)."""
    return {"seed_sha256": match.seed_sha256, "seed": match.revealed_seed}


def season_archive(season: Season) -> dict[str, Any]:
    """Everything public about the season: settings, standings, episodes with their matches' public logs, the ledger."""
    episodes = []
    for ep in selectors.episodes_of(season):
        mm = ep.mm_match
        episodes.append(
            {
                "number": ep.number,
                "status": ep.status,
                "main_match": None
                if mm is None
                else {
                    "id": mm.pk,
                    "game": mm.game,
                    "title": str(mm),
                    "players": mm.players,
                    **_deal(mm),
                    "outcome": mm.outcome,
                    "log": _public_log(mm.pk),
                },
                "mm_winners": ep.mm_winners,
                "escaped_with_token": ep.escaped,
                "death_matches": [
                    {
                        "ec": d.ec.handle,
                        "dmo": d.dmo.handle if d.dmo else None,
                        "loser": d.loser.handle if d.loser else None,
                        "match": None
                        if d.match is None
                        else {
                            "id": d.match.pk,
                            "game": d.match.game,
                            **_deal(d.match),
                            "outcome": d.match.outcome,
                            "log": _public_log(d.match.pk),
                        },
                    }
                    for d in ep.duels.all()
                ],
                "picks": [
                    {
                        "kind": p.kind,
                        "picker": p.picker.handle,
                        "status": p.status,
                        "choice": p.choice.handle if p.choice else None,
                    }
                    for p in ep.picks.all()
                ],
            }
        )
    data: dict[str, Any] = {
        "season": {
            "name": season.name,
            "slug": season.slug,
            "status": season.status,
            "champion": season.champion.handle if season.champion else None,
            "gamewide_order": season.gamewide_order,
            "settings": {
                "token_mode": season.token_mode,
                "confiscate_garnets": season.confiscate_garnets,
                "mm_turn_seconds": season.mm_turn_seconds,
                "dm_turn_seconds": season.dm_turn_seconds,
                "pick_seconds": season.pick_seconds,
                "ecs_per_episode": season.ecs_per_episode,
                "mm_winners_pick_ec": season.mm_winners_pick_ec,
                "ec_pick_way": season.ec_pick_way,
                "dm_game": season.dm_game,
            },
        },
        "standings": [
            {
                "player": s.handle,
                "status": s.status,
                "tokens": s.tokens,
                "garnets": s.garnets,
                "eliminated_in": s.eliminated_in,
                "place": s.place,
            }
            for s in board.standings(season, show_garnets=True)
        ],
        "episodes": episodes,
        "ledger": [
            {
                "player": e.entrant.handle,
                "currency": e.currency,
                "amount": e.amount,
                "reason": e.reason,
                "source": e.source,
                "match": e.match_id,
                "at": e.created_at.isoformat(),
            }
            for e in LedgerEntry.objects.filter(season=season).select_related("entrant__user").order_by("pk")
        ],
        "host_log": [
            {
                "action": x.action,
                "by": x.user.username if x.user else None,
                "reason": x.reason,
                "details": x.details,
                "at": x.created_at.isoformat(),
            }
            for x in SeasonLog.objects.filter(season=season).select_related("user").order_by("pk")
        ],
    }
    for section in ARCHIVE_SECTIONS:
        data.update(section(season))
    return data


def season_archive_markdown(season: Season) -> str:
    """The archive as a Markdown page."""
    data = season_archive(season)
    s = data["season"]
    order = ", ".join(s["gamewide_order"])
    out = [f"# {s['name']}", ""]
    if s["champion"]:
        out += [f"**Champion: {s['champion']}**", ""]
    out += [
        f"Status: {s['status']}. Gamewide tiebreak order: {order}.",
        "",
        "## Standings",
        "",
        "| Place | Player | Status | Tokens | Garnets | Out in |",
        "|---|---|---|---|---|---|",
    ]
    for r in data["standings"]:
        out.append(
            f"| {r['place'] or ''} | {r['player']} | {r['status']} | {r['tokens']} | {r['garnets']} | "
            f"{'Episode ' + str(r['eliminated_in']) if r['eliminated_in'] else ''} |"
        )
    for ep in data["episodes"]:
        out += ["", f"## Episode {ep['number']}", ""]
        mm = ep["main_match"]
        if mm:
            out.append(f"**Main Match**: {mm['title']} ({mm['game']}) with {', '.join(mm['players'])}.")
            if ep["mm_winners"]:
                out.append(f"Winners: {', '.join(ep['mm_winners'])}.")
            if ep["escaped_with_token"]:
                out.append(f"Escaped the Death Match with a Token of Life: {', '.join(ep['escaped_with_token'])}.")
            out += ["", "<details><summary>Main Match log</summary>", ""]
            out += [f"- {line}" for line in mm["log"]]
            out += ["", "</details>"]
        for dm in ep["death_matches"]:
            out += [
                "",
                f"**Death Match**: {dm['ec']} (EC) vs {dm['dmo'] or '—'} (DMO)"
                + (f"; {dm['loser']} was eliminated." if dm["loser"] else "."),
            ]
            if dm["match"]:
                out += ["", "<details><summary>Death Match log</summary>", ""]
                out += [f"- {line}" for line in dm["match"]["log"]]
                out += ["", "</details>"]
    for render in ARCHIVE_MARKDOWN:
        out += render(data)
    out += ["", "## Ledger", "", "| Player | Change | Reason |", "|---|---|---|"]
    for e in data["ledger"]:
        unit = "token" if e["currency"] == "token" else "garnet"
        out.append(f"| {e['player']} | {e['amount']:+d} {unit}{'s' if abs(e['amount']) != 1 else ''} | {e['reason']} |")
    return "\n".join(out) + "\n"
