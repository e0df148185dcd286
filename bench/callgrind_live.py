"""Instructions (callgrind) of the live path: a count the machine's load does not move, for comparing two trees.

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.%p \
        python bench/callgrind_live.py draw [--pages 20]
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.%p \
        python bench/callgrind_live.py submit

``draw``: an ABC match of 5 just after its first close (bench/draw_live.py's); each of ``--pages`` rounds draws every
seat's live part as a close does (``live_root_render``, times in UTC). ``submit``: ``bench/profile_live.py --socket
--matches 3``, the same 76 submissions every run (seeded moves). Callgrind counts only inside the measured part
(the draws; each submission, through profile_live's ``--profile`` hooks): divide valgrind's "Collected" by the
pages (5 per round) or the 76 submissions. The database and Redis are other processes, not counted. Runs in any
tree whose modules it finds (``games.web`` or, before the split, ``games``), so two trees compare with one script.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import random
import runpy
import subprocess
import sys
from datetime import UTC
from typing import Any

from _setup import ROOT, django_setup


def _instrument(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], capture_output=True)


class _Toggle:
    """Stands in for profile_live's profiler: its enable/disable around each submission turn counting on/off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def enable(self) -> None:
        _instrument(True)

    def disable(self) -> None:
        _instrument(False)

    def dump_stats(self, path: str) -> None:
        pass


def draw(pages: int) -> None:
    django_setup()
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Match, Turn
    from games.registry import get_engine
    from tests.factories import abc_match

    try:
        from games.match.services.submissions import submission_submit
        from games.match.viewing import match_for_viewer
        from games.web import live
    except ImportError:  # a tree from before games/ was split into match/ and web/
        from games.services.submissions import submission_submit
        from games.viewing import match_for_viewer

        from games import live

    roster = ["ann", "bob", "cat", "dan", "eve"]
    match = abc_match(roster, seed="draw-live")
    engine, rnd = get_engine("abc"), random.Random(1)
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    state = engine.load(turn.state_before)
    for p in list(turn.awaiting):
        submission_submit(match_id=match.pk, player=p, move=dict(engine.random_move(state, p, rnd)), lock=True)
    match = Match.objects.get(pk=match.pk)
    users = {u.username: u for u in get_user_model().objects.filter(username__in=roster)}
    viewers = [match_for_viewer(match, users[p]) for p in roster]
    with timezone.override(UTC):
        for _ in range(3):  # warm: templates compiled, drawings remembered
            for v in viewers:
                live.live_root_render(v)
        _instrument(True)
        for _ in range(pages):
            for v in viewers:
                live.live_root_render(v)
        _instrument(False)
    print(f"{pages * len(viewers)} pages drawn")


def submit() -> None:
    cProfile.Profile = _Toggle
    sys.argv = ["bench/profile_live.py", "--socket", "--matches", "3", "--profile", os.devnull]
    runpy.run_path(str(ROOT / "bench" / "profile_live.py"), run_name="__main__")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["draw", "submit"])
    parser.add_argument("--pages", type=int, default=20, help="rounds of every seat's page (draw)")
    args = parser.parse_args()
    draw(args.pages) if args.what == "draw" else submit()


if __name__ == "__main__":
    main()
