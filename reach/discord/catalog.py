"""The command set Discord shows (``/garnet …``), as the JSON ``manage.py discord_commands`` registers."""

from __future__ import annotations

from typing import Any

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5


def _match(required: bool = False) -> dict[str, Any]:
    return {
        "type": INTEGER,
        "name": "match",
        "description": "The match (start typing and pick it)" + ("" if required else "; left out: your one open match"),
        "required": required,
        "autocomplete": True,
        "min_value": 1,
    }


SEASON = {"type": STRING, "name": "season", "description": "The season; left out: your latest", "autocomplete": True}
REASON = {
    "type": STRING,
    "name": "reason",
    "description": "Why, if you like (logged in the match and the season)",
    "required": False,
    "max_length": 500,
}


def _host(name: str, description: str, *extra: dict[str, Any]) -> dict[str, Any]:
    return {"type": SUB_COMMAND, "name": name, "description": description, "options": [_match(True), *extra, REASON]}


GARNET_COMMAND: dict[str, Any] = {
    "name": "garnet",
    "type": 1,
    "description": "Play your Garnet matches and follow your seasons",
    "dm_permission": True,
    "options": [
        {"type": SUB_COMMAND, "name": "matches", "description": "My open matches: what each awaits, and when"},
        {
            "type": SUB_COMMAND,
            "name": "view",
            "description": "My view of a match (only you see it)",
            "options": [_match()],
        },
        {"type": SUB_COMMAND, "name": "move", "description": "Make my move (only you see it)", "options": [_match()]},
        {"type": SUB_COMMAND, "name": "standings", "description": "A season's standings", "options": [SEASON]},
        {"type": SUB_COMMAND, "name": "season", "description": "Where a season stands", "options": [SEASON]},
        {
            "type": SUB_COMMAND,
            "name": "ask",
            "description": "Ask the dealer privately",
            "options": [
                {
                    "type": STRING,
                    "name": "question",
                    "description": "Your question",
                    "required": True,
                    "max_length": 4000,
                },
                _match(),
                SEASON,
            ],
        },
        {
            "type": SUB_COMMAND,
            "name": "reminders",
            "description": "A DM before a deadline I haven't locked in",
            "options": [{"type": BOOLEAN, "name": "on", "description": "On or off", "required": True}],
        },
        {
            "type": SUB_COMMAND_GROUP,
            "name": "host",
            "description": "A season host's match controls",
            "options": [
                _host("close", "Close the open turn now (missing moves become defaults)"),
                _host(
                    "extend",
                    "Extend the open turn",
                    {"type": INTEGER, "name": "hours", "description": "Hours to add", "min_value": 0, "max_value": 336},
                    {
                        "type": INTEGER,
                        "name": "minutes",
                        "description": "Minutes to add",
                        "min_value": 0,
                        "max_value": 59,
                    },
                ),
                _host("pause", "Pause the match (the clock stops)"),
                _host("resume", "Resume the match with the time it had left"),
            ],
        },
    ],
}

COMMANDS: list[dict[str, Any]] = [GARNET_COMMAND]
