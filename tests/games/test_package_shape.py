"""Every game package has the same shape (games/README.md): a new game's author copies one layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps

from games import registry
from games.apps import GameAppConfig

GAME_CONFIGS = [c for c in apps.get_app_configs() if isinstance(c, GameAppConfig)]


@pytest.mark.parametrize("config", GAME_CONFIGS, ids=lambda c: c.name)
def test_game_package_has_the_common_shape(config: GameAppConfig) -> None:
    """engine.py (or an engine/ package, as the dealer's format has), forms.py, rules_text.py, the two Jinja2
    templates in ``jinja2/<slug>/`` (what a close draws is Jinja2 only) and RULES.md; the presenter, if split
    out, is present.py."""
    root = Path(config.path)
    slug = config.slug
    assert (root / "engine.py").exists() or (root / "engine" / "__init__.py").exists(), f"{config.name}: no engine"
    for part in ("apps.py", "forms.py", "rules_text.py", "RULES.md"):
        assert (root / part).exists(), f"{config.name} has no {part}"
    for template in ("view.html", "form.html"):
        assert (root / "jinja2" / slug / template).exists(), f"{config.name} needs jinja2/{slug}/{template}"
        assert not (root / "templates" / slug / template).exists(), f"{config.name}: {template} is drawn by Jinja2"
    assert not (root / "views.py").exists(), "a game's presenter is present.py: views.py names a Django view"
    assert registry.get_entry(slug).form_class is not None


@pytest.mark.parametrize("config", [c for c in GAME_CONFIGS if c.name.startswith("games.")], ids=lambda c: c.name)
def test_the_rules_text_a_game_cites_is_in_the_repository(config: GameAppConfig) -> None:
    """Tests and RULES.md quote ``games/<slug>/rules.txt``, a copy of the published rules, not a path elsewhere."""
    root = Path(config.path)
    assert (root / "rules.txt").stat().st_size > 500
    assert "rules.txt" in (root / "RULES.md").read_text()
