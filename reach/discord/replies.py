"""What the endpoint answers Discord: interaction responses as plain dicts (Discord's JSON).

Private answers carry the EPHEMERAL flag (only the caller sees them); ``allowed_mentions`` is
always empty, so nothing a player typed can ping a channel.
"""

from __future__ import annotations

from typing import Any

# Interaction types Discord sends.
PING = 1
COMMAND = 2
COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Response types.
PONG = 1
MESSAGE = 4
UPDATE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

EPHEMERAL = 64
CONTENT_LIMIT = 2000
EMBED_LIMIT = 4000
GARNET_COLOUR = 0x9B1C31

Reply = dict[str, Any]


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_middle(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters in its middle, keeping both ends: labels naming two long handles that
    share their start (or their end) stay apart."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return text[:head] + "…" + text[len(text) - (limit - 1 - head) :]


def message(
    text: str,
    *,
    private: bool = True,
    embeds: list[dict[str, Any]] | None = None,
    components: list[dict[str, Any]] | None = None,
    update: bool = False,
) -> Reply:
    """A message answer (``update``: replace the message a component sits on)."""
    data: dict[str, Any] = {"content": clip(text, CONTENT_LIMIT), "allowed_mentions": {"parse": []}}
    if private:
        data["flags"] = EPHEMERAL
    if embeds is not None:
        data["embeds"] = embeds
    if components is not None or update:
        data["components"] = components or []
    return {"type": UPDATE if update else MESSAGE, "data": data}


def embed(title: str, description: str, *, url: str = "") -> dict[str, Any]:
    """One embed in Garnet's colour."""
    out: dict[str, Any] = {
        "title": clip(title, 256),
        "description": clip(description, EMBED_LIMIT),
        "color": GARNET_COLOUR,
    }
    if url:
        out["url"] = url
    return out


def modal(*, custom_id: str, title: str, inputs: list[dict[str, Any]]) -> Reply:
    """A modal of up to five text inputs."""
    rows = [{"type": 1, "components": [i]} for i in inputs[:5]]
    return {"type": MODAL, "data": {"custom_id": custom_id, "title": clip(title, 45), "components": rows}}


def autocomplete(choices: list[tuple[str, Any]]) -> Reply:
    """Suggestions for an option being typed (at most 25)."""
    return {
        "type": AUTOCOMPLETE_RESULT,
        "data": {"choices": [{"name": clip(n, 100), "value": v} for n, v in choices[:25]]},
    }


def button(label: str, custom_id: str, *, style: int = 2, disabled: bool = False) -> dict[str, Any]:
    """A button (styles: 1 primary, 2 secondary, 3 success, 4 danger)."""
    return {"type": 2, "style": style, "label": clip(label, 80), "custom_id": custom_id, "disabled": disabled}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    """An action row."""
    return {"type": 1, "components": list(components)}
