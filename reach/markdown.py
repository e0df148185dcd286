"""Text that others typed, made inert for Discord's Markdown before Garnet posts it under its own name.

A revealed free-text answer such as ``[Official result](https://phish.example)`` would otherwise be a
working masked link in Garnet's embed; ``<@123>`` a mention pill, ``# big`` a heading. Every character
Discord's Markdown (simple-markdown) gives a meaning is escaped with a backslash, which Discord hides:
the reader sees exactly what was typed, and ``https\\://`` no longer auto-links.
"""

from __future__ import annotations

import re

_SYNTAX = re.compile(r"([\\*_~`|<>\[\]()#:@-])")


def markdown_escape(text: str) -> str:
    """``text`` with every Discord Markdown character escaped, so it shows as typed and links nowhere."""
    return _SYNTAX.sub(r"\\\1", text)
