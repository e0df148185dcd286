"""Write a playtest's ``report.json`` and its self-contained ``report.html`` (plots inlined as SVG)."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path
from typing import Any

from django.template.loader import render_to_string


def report_prepare() -> None:
    """Import and set up matplotlib (most of a report's cost on a cold process); idempotent."""
    import matplotlib

    matplotlib.use("Agg")
    # Text stays text in the SVG (smaller, and much faster than glyph paths); fixed margins
    # instead of a layout engine keep a plot to a fraction of a second.
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.figure  # noqa: F401


def report_prepare_in_background() -> threading.Thread:
    """Start :func:`report_prepare` in a thread: the caller waits on its workers meanwhile, so the
    report after the last match costs only the drawing. Join the thread before writing."""
    thread = threading.Thread(target=report_prepare, name="playtest-report-prepare", daemon=True)
    thread.start()
    return thread


def _figure(width: float = 6.4, height: float = 3.0, left: float = 0.1) -> Any:
    report_prepare()
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    fig.subplots_adjust(left=left, right=0.97, top=0.88, bottom=0.17)
    return fig


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _rates_plot(rows: list[dict[str, Any]], label: str, title: str) -> str:
    names = [str(r[label]) for r in rows]
    fig = _figure(6.4, 0.9 + 0.45 * max(2, len(rows)), left=min(0.35, 0.04 + 0.016 * max(map(len, names))))
    ax = fig.subplots()
    for offset, key, colour in ((-0.2, "win", "#2e7d32"), (0.2, "ec", "#c62828")):
        mids = [r[key]["rate"] for r in rows]
        errs = [
            [max(0.0, m - r[key]["low"]) for m, r in zip(mids, rows, strict=True)],
            [max(0.0, r[key]["high"] - m) for m, r in zip(mids, rows, strict=True)],
        ]
        ax.barh(
            [i + offset for i in range(len(rows))],
            mids,
            height=0.38,
            xerr=errs,
            color=colour,
            label="win rate" if key == "win" else "EC rate",
            capsize=3,
        )
    ax.set_yticks(range(len(rows)), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")
    return _svg(fig)


def _histogram_plot(series: dict[str, dict[str, int]], title: str, xlabel: str) -> str:
    fig = _figure()
    ax = fig.subplots()
    for name, hist in series.items():
        xs = [float(v) for v in hist]
        total = sum(hist.values()) or 1
        ax.plot(xs, [k / total for k in hist.values()], marker=".", label=name)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    if len(series) > 1:
        ax.legend(fontsize="small")
    return _svg(fig)


def plots(summary: dict[str, Any]) -> dict[str, str]:
    """The report's plots as inline SVG, by name; no garnets plot when no match moved a garnet."""
    out = {
        "seats": _rates_plot(summary["by_seat"], "handle", "By seat (95 % Wilson intervals)"),
        "strategies": _rates_plot(summary["by_strategy"], "strategy", "By strategy (95 % Wilson intervals)"),
        "scores": _histogram_plot(summary["scores"], "Final score by strategy", "score"),
        "length": _histogram_plot(
            {"matches": {str(k): v for k, v in summary["length"]["histogram"].items()}}, "Match length", "turns"
        ),
    }
    if any(value != "0" for hist in summary["garnets"].values() for value in hist):
        out["garnets"] = _histogram_plot(summary["garnets"], "Garnets earned by strategy", "garnets")
    return out


def _pct(value: dict[str, Any]) -> str:
    return f"{100 * value['rate']:.1f} % ({100 * value['low']:.1f}–{100 * value['high']:.1f})"


def report_html(summary: dict[str, Any]) -> str:
    """The report as one self-contained HTML page."""
    rows = {
        "seats": [{**s, "win_text": _pct(s["win"]), "ec_text": _pct(s["ec"])} for s in summary["by_seat"]],
        "strategies": [{**s, "win_text": _pct(s["win"]), "ec_text": _pct(s["ec"])} for s in summary["by_strategy"]],
        "rulings": [{**r, "share_text": f"{100 * r['share']:.1f} %"} for r in summary["rulings"]],
        "degenerate": [
            {"name": k, **v, "share_text": f"{100 * v['share']:.1f} %"} for k, v in summary["degenerate"].items()
        ],
    }
    return render_to_string("games/playtest/report.html", {"r": summary, "rows": rows, "plots": plots(summary)})


def report_write(summary: dict[str, Any], out: Path) -> Path:
    """Write ``out/report.json`` and ``out/report.html``; the HTML's path."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(summary, indent=1, sort_keys=True))
    page = out / "report.html"
    page.write_text(report_html(summary))
    return page
