"""CPU of drawing one seat's live part as a close does, in one process, against the view as JSON in the same run.

    python bench/draw_live.py [--pages 40] [--rounds 5]

An ABC match of 5 just after its first close (round 1: four paired players, each with a move form, and the X
without one). Each round draws every seat's live part (``games.web.live.live_root_render``, as
``close_page_events`` does for each seat, times in UTC) and, as the baseline, encodes every seat's engine view as
JSON (what a page would be sent if it drew itself). Then the same pages without the game's form, without its view,
and without both, so the split of a page's CPU is printed: the root, the game's view, the move form. CPU is
``time.process_time``, robust to a busy machine; figures are medians over the rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC
from typing import Any

from _setup import django_setup, machine


def _cpu_per_page(fn: Callable[[], Any], count: int, pages: int) -> float:
    start = time.process_time()
    for _ in range(count):
        fn()
    return (time.process_time() - start) / (count * pages)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=40, help="draws of every seat's page per round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    django_setup()
    from django.contrib.auth import get_user_model
    from django.template import engines
    from django.utils import timezone

    from games.match.services.submissions import submission_submit
    from games.match.viewing import match_for_viewer
    from games.models import Match, Turn
    from games.registry import get_engine
    from games.web import live
    from tests.factories import abc_match

    roster = ["ann", "bob", "cat", "dan", "eve"]
    match = abc_match(roster, seed="draw-live")
    engine = get_engine("abc")
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    move = engine.random_move(engine.load(turn.state_before), "ann", random.Random(1))
    submission_submit(match_id=match.pk, player="ann", move=dict(move), lock=True)  # the close: round 1 opens
    match = Match.objects.get(pk=match.pk)
    users = {u.username: u for u in get_user_model().objects.filter(username__in=roster)}
    viewers = [match_for_viewer(match, users[p]) for p in roster]
    for v in viewers:
        assert v.view and v.log is not None and v.turn is not None  # the reads a close makes once for all
    empty = engines["jinja2"].env.from_string("")  # what the live part includes in the part's place
    context = live.live_context

    def without(*parts: str) -> Callable[..., dict[str, Any]]:
        def drawn(viewer: Any, **kwargs: Any) -> dict[str, Any]:
            return {**context(viewer, **kwargs), **dict.fromkeys(parts, empty)}

        return drawn

    kinds: dict[str, Callable[..., dict[str, Any]]] = {
        "page": context,
        "without the form": without("form_template"),
        "without the view": without("view_template"),
        "root alone": without("form_template", "view_template"),
    }
    cpu: dict[str, list[float]] = {name: [] for name in ["view as JSON", *kinds]}
    with timezone.override(UTC):
        for _ in range(2):  # warm: templates compiled, statements prepared
            for v in viewers:
                live.live_root_render(v)
        for _ in range(args.rounds):
            cpu["view as JSON"].append(
                _cpu_per_page(lambda: [json.dumps(v.view) for v in viewers], args.pages, len(viewers))
            )
            for name, drawn in kinds.items():
                live.live_context = drawn
                try:
                    cpu[name].append(
                        _cpu_per_page(lambda: [live.live_root_render(v) for v in viewers], args.pages, len(viewers))
                    )
                finally:
                    live.live_context = context
    sizes = [len(live.live_root_render(v)) for v in viewers]
    print(machine())
    base = statistics.median(cpu["view as JSON"])
    for name, values in cpu.items():
        each = " / ".join(f"{x * 1000:.3f}" for x in values)
        median = statistics.median(values)
        print(f"{name}: {median * 1000:.3f} ms CPU per page ({median / base:.1f}x the view as JSON); rounds {each}")
    page = statistics.median(cpu["page"])
    form = page - statistics.median(cpu["without the form"])
    view = page - statistics.median(cpu["without the view"])
    print(
        f"split of a page: the move form {form * 1000:.3f} ms (4 of 5 seats have one), the game's view "
        f"{view * 1000:.3f} ms, the root and the rest {(page - form - view) * 1000:.3f} ms; pages {sizes} bytes"
    )


if __name__ == "__main__":
    main()
