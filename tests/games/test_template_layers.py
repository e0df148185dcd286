"""Templates keep the apps' layers (pyproject's import contracts): the match framework's templates include,
extend and load nothing of seasons, reach or the story, nor of a game app; a game app's nothing of those
three; seasons' nothing of reach or the story; reach's nothing of the story. A page of a lower app leaves
a slot (games' ``{% slot %}`` tag, ``slot()`` in Jinja2) that the project's settings fill. A Jinja2 template
(``<app>/jinja2/``) sees every library's filters and functions, so it must not call those of an app above it."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.template.loader import get_template

ROOT = Path(__file__).resolve().parents[2]
GAME_APPS = [app.rsplit(".", 1)[1] for app in settings.GAME_APPS if app.startswith("games.")]
# The template folders (and tag libraries) of each app above the framework, highest last.
ABOVE_SEASONS = ["reach", "story"]
HIGHER = {
    "games": ["seasons", *ABOVE_SEASONS, *GAME_APPS],
    "game app": ["seasons", *ABOVE_SEASONS],
    "seasons": ABOVE_SEASONS,
    "reach": ["story"],
}
LIBRARIES = {"seasons_tags": "seasons", "reach_tags": "reach", "story_tags": "story", "house_play": "house"}
REFERENCE = re.compile(r"""\{%-?\s*(include|extends)\s+["']([^"']+)["']""")
LOAD = re.compile(r"\{%-?\s*load\s+([^%]+?)(?:\s+from\s+\S+)?\s*-?%\}")
# What a Jinja2 template can call of each library above the framework: its filters and its functions.
JINJA_NAMES = {
    app: {*module.register.filters, *getattr(module, "JINJA_GLOBALS", {})}
    for lib, app in LIBRARIES.items()
    for module in [import_module(f"{'games.house' if app == 'house' else app}.templatetags.{lib}")]
}


def _templates() -> dict[Path, str]:
    """Every template file of the project, with the layer it belongs to (by the folder it names, e.g. ``games/``)."""
    found: dict[Path, str] = {}
    folders = [ROOT / "templates", *ROOT.glob("*/templates"), *ROOT.glob("games/*/templates")]
    for base in [*folders, *ROOT.glob("*/jinja2"), *ROOT.glob("games/*/jinja2")]:
        for path in base.rglob("*.html"):
            top = path.relative_to(base).parts[0]
            if top in GAME_APPS:
                found[path] = "game app"
            elif top in HIGHER:
                found[path] = top
    return found


def _violations(path: Path, layer: str, root: Path = ROOT) -> list[str]:
    text = path.read_text()
    higher = HIGHER[layer]
    bad = [f"{kind} {name!r}" for kind, name in REFERENCE.findall(text) if name.split("/", 1)[0] in higher]
    for libs in LOAD.findall(text):
        bad += [f"load {lib}" for lib in libs.split() if LIBRARIES.get(lib) in higher]
    if "jinja2" in path.parts:
        for app in higher:
            for name in sorted(JINJA_NAMES.get(app, ())):
                if re.search(rf"(\|\s*{name}\b|\b{name}\s*\()", text):
                    bad.append(f"calls {name} of {app}")
    return [f"{path.relative_to(root)} ({layer}): {b}" for b in bad]


def test_no_template_includes_extends_or_loads_an_app_above_its_own() -> None:
    templates = _templates()
    layers = set(templates.values())
    assert {"games", "game app", "seasons", "reach"} <= layers, layers
    found = [v for path, layer in templates.items() for v in _violations(path, layer)]
    assert not found, "leave a {% slot %} (settings.GARNET_TEMPLATE_SLOTS) instead:\n" + "\n".join(found)


def test_the_scan_catches_a_framework_page_that_includes_reach(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('{% load garnet seasons_tags %}{% include "reach/_nav.html" %}{% include "games/_x.html" %}')
    assert _violations(page, "games", tmp_path) == [
        "page.html (games): include 'reach/_nav.html'",
        "page.html (games): load seasons_tags",
    ]


def test_the_scan_catches_a_jinja2_template_of_the_framework_that_calls_seasons(tmp_path: Path) -> None:
    page = tmp_path / "jinja2" / "page.html"
    page.parent.mkdir()
    page.write_text("{{ loser_label(match) }}{{ view|get('x') }}")
    assert _violations(page, "games", tmp_path) == ["jinja2/page.html (games): calls loser_label of seasons"]


def test_every_slot_names_templates_that_exist() -> None:
    for name, names in settings.GARNET_TEMPLATE_SLOTS.items():
        assert names, name
        for template_name in names:
            get_template(template_name)
