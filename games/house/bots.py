"""The playtest lab's bots for dealers' games: ``random`` (every game's) and ``greedy``, a planner that looks one
round ahead through the pure engine (``games/house/engine/bots.py``); and what each closed turn used, for the
balance report (``games/house/engine/usage.py``)."""

from __future__ import annotations

from games.house.engine.bots import greedy_move
from games.house.engine.usage import turn_usage
from games.match.playtest.strategies import Planner, Strategy, Usage

STRATEGIES: dict[str, Strategy] = {}
PLANNERS: dict[str, Planner] = {"greedy": greedy_move}
USAGE: Usage = turn_usage
