"""The season in plots: public facts only, each plot with the table a screen reader reads instead.

- Tokens of Life and garnets per player after each episode (garnets only when the season shows balances).
- Each season match's series, as its engine's ``public_series`` names them from PUBLIC views only
  (ABC's points by round, Density's lives by match, a Death Match's bout points and rounds won bout
  by bout...; story/RULES.md says which and why). Nothing a view hides can reach a plot.

Rendered on the server with matplotlib to SVG and cached per season state: the key names the last
season step, ledger entry and public log line, so any new public fact makes a new plot.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Max

from games.match.selectors import match_name
from games.models import Match, Message, Turn
from games.registry import get_engine
from seasons import selectors as season_selectors
from seasons.models import Entrant, LedgerEntry, Season, SeasonLog


@dataclass(frozen=True)
class Series:
    """One plot's data: columns (x labels) and one row of numbers per player (None: no value then)."""

    key: str
    title: str
    unit: str
    columns: list[str]
    rows: dict[str, list[float | None]]


def balances_by_episode(season: Season) -> list[Series]:
    """Each player's Tokens of Life (and, when balances are public, garnets) after each episode."""
    episodes = list(season_selectors.episodes_of(season))
    handles = [e.handle for e in Entrant.objects.filter(season=season).select_related("user")]
    entries = list(LedgerEntry.objects.filter(season=season).select_related("entrant__user").order_by("pk"))
    cuts = [ep.created_at for ep in episodes[1:]] + [None]
    columns = ["Start"] + [f"Ep {ep.number}" for ep in episodes]
    starts = episodes[0].created_at if episodes else None
    out = []
    currencies = [("token", "Tokens of Life")] + ([("garnet", "Garnets")] if season.garnets_public else [])
    for currency, title in currencies:
        rows: dict[str, list[float | None]] = {h: [] for h in handles}
        for cut in [starts, *cuts] if episodes else [None]:
            totals = dict.fromkeys(handles, 0)
            for e in entries:
                if e.currency == currency and (cut is None or e.created_at < cut):
                    totals[e.entrant.handle] += e.amount
            for h in handles:
                rows[h].append(float(totals[h]))
        out.append(Series(currency, f"{title} per player", title.lower(), columns if episodes else ["Now"], rows))
    return out


def match_plots(match: Match) -> list[Series]:
    """A match's plots: each series its engine's ``public_series`` names, read from the PUBLIC view of
    every turn's state and of the state now; a column seen at several turns keeps its latest numbers,
    and the plots come in the order the engine names them last.
    A match whose game names no series gets its final scores alone, once it is over."""
    engine = get_engine(match.game)
    players = list(match.players)
    states = list(Turn.objects.filter(match=match).order_by("number").values_list("state_before", flat=True))
    if match.state:
        states.append(match.state)
    found: dict[str, dict[str, dict[str, float]]] = {}
    latest: list[str] = []
    for data in states:
        named = engine.public_series(engine.view(engine.load(data), None))
        for name, columns in named.items():
            into = found.setdefault(name, {})
            for label, numbers in columns.items():
                into[label] = dict(numbers)  # re-seen: the latest numbers, in the first-seen place
        latest = list(named) or latest
    found = {name: found[name] for name in dict.fromkeys([*latest, *found])}  # the engine's order
    if not found and match.outcome and match.outcome.get("scores"):
        found["Final scores"] = {"Final": {p: float(v) for p, v in match.outcome["scores"].items()}}
    name_of = match_name(match)
    return [
        Series(
            f"match-{match.pk}-{i}",
            f"{name_of}: {name}",
            name.lower(),
            list(columns),
            {p: [columns[c].get(p) for c in columns] for p in players},
        )
        for i, (name, columns) in enumerate(found.items())
    ]


def season_series(season: Season) -> list[Series]:
    """Every plot of the season: balances by episode, then each match's scores (oldest match first)."""
    out = balances_by_episode(season)
    for match in season_selectors.season_matches(season).order_by("created_at", "pk"):
        out.extend(s for s in match_plots(match) if s.columns)
    return out


def render_svg(series: Series) -> str:
    """The series as an SVG line chart (phone-width friendly), without the XML prolog."""
    import matplotlib

    matplotlib.use("Agg")
    from cycler import cycler
    from matplotlib import colormaps
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    tab10 = colormaps["tab10"]
    fig = Figure(figsize=(6, 4.2), dpi=72)
    ax = fig.add_subplot()
    # Ten distinct colours, then the same ten dashed with other markers: a Death Match's two lines are
    # both strong, and a 16-player season's lines still differ by more than colour alone.
    ax.set_prop_cycle(
        cycler(linestyle=["-", "--"], marker=["o", "s"]) * cycler(color=[tab10(i) for i in range(tab10.N)])
    )
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    xs = list(range(len(series.columns)))
    for player, values in series.rows.items():
        points = [(x, v) for x, v in zip(xs, values, strict=True) if v is not None]
        if points:
            ax.plot([p[0] for p in points], [p[1] for p in points], linewidth=1.5, label=player)
    ax.set_xticks(xs, series.columns, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel(series.unit)
    ax.grid(alpha=0.3)
    if series.rows:
        ax.legend(
            fontsize=8, ncols=min(5, len(series.rows)), loc="upper center", bbox_to_anchor=(0.5, -0.28), frameon=False
        )
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    svg = buf.getvalue()
    return svg[svg.index("<svg") :]


def season_version(season: Season) -> str:
    """What changes whenever a public fact does: the last step, ledger entry and public line."""
    ids = season_selectors.season_matches(season).values_list("pk", flat=True)
    last_log = SeasonLog.objects.filter(season=season).aggregate(m=Max("pk"))["m"]
    last_entry = LedgerEntry.objects.filter(season=season).aggregate(m=Max("pk"))["m"]
    last_line = Message.objects.filter(match_id__in=list(ids), to__isnull=True).aggregate(m=Max("pk"))["m"]
    return f"{season.status}-{season.garnets_public}-{last_log}-{last_entry}-{last_line}"


def season_plots(season: Season) -> list[tuple[Series, str]]:
    """Each plot with its SVG, from the cache when the season's public facts have not changed."""
    key = f"story-plots:{season.pk}:{season_version(season)}"
    found = cache.get(key)
    if found is None:
        found = [(s, render_svg(s)) for s in season_series(season)]
        cache.set(key, found, 60 * 60 * 24)
    return list(found)
