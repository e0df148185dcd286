"""Placeholder; replaced below."""
from games.forms import JsonMoveForm as MoveForm  # noqa: F401
