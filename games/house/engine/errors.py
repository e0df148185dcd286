"""The errors of a dealer's definition: :class:`DefinitionError` lists every problem by its path, and
:class:`ParamError` is one mechanic param's problem, its param and message kept apart so the definition
reader names the param's path without parsing the text back.

Neither is a ``ValueError``: an ``except ValueError`` around a library call must never swallow a
definition's refusal (nor a refusal turn a bug into a message). The pure engine imports nothing of
Garnet's core, so this is the house engine's own root, which the designer and services catch by name.
"""

from __future__ import annotations

from collections.abc import Sequence


class DefinitionError(Exception):
    """A definition that cannot be played; ``errors`` lists every problem, each naming its field path."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(self.errors))


class ParamError(DefinitionError):
    """A mechanic's param that cannot be used: ``param`` names it, ``message`` says why; its text reads
    ``<param>: <message>``."""

    def __init__(self, param: str, message: str) -> None:
        self.param = param
        self.message = message
        super().__init__([f"{param}: {message}"])
