"""'One name per game variant everywhere' (issue 26): a variant's published name comes from its engine's
``title_for(options)`` and the rules text, match page, match lists and season pages all read it."""

from __future__ import annotations

import pytest
from django.test import Client

from games.match.services import match_start
from games.registry import get_engine
from games.rules_text import rules_for, variants
from tests.factories import users

WARRIORS = {"classic": "A Warrior's Death", "extended": "Warriors' Death"}
EXODUS = {"cubes": "The Exodus Game", "gems": "The Exodus Game (Elephantine)"}


@pytest.mark.parametrize(("slug", "names"), [("warriors", WARRIORS), ("exodus", EXODUS)])
def test_each_variant_has_one_name_in_the_engine_and_the_rules_text(slug: str, names: dict[str, str]) -> None:
    """The engine's ``title_for`` and the rules text name each variant alike; no variant means the default."""
    engine = get_engine(slug)
    for variant in variants(slug):
        assert engine.title_for({"variant": variant}) == rules_for(slug, variant).name == names[variant]
    assert engine.title_for({}) == names[variants(slug)[0]]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["classic", "extended"])
def test_a_warriors_match_page_names_its_variant(variant: str) -> None:
    """A classic match reads "A Warrior's Death", an extended one "Warriors' Death", in the heading, the
    rules link and the match lists."""
    users(["ann", "bob"])
    match = match_start(game="warriors", players=["ann", "bob"], options={"variant": variant}, title="Friendly")
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    name = WARRIORS[variant].replace("'", "&#x27;")
    assert f"<h1>{name} " in page and f"Full rules of {name}" in page
    other = WARRIORS["extended" if variant == "classic" else "classic"].replace("'", "&#x27;")
    assert f"<h1>{other} " not in page
    listing = Client().get("/matches/").content.decode()
    assert f">{name}</a>" in listing


@pytest.mark.parametrize(
    ("slug", "labels"),
    [
        ("warriors", ["Classic: A Warrior's Death", "Extended: Warriors' Death"]),
        ("exodus", ["Cubes: The Exodus Game", "Gems: The Exodus Game (Elephantine)"]),
    ],
)
def test_the_consoles_variant_select_names_each_version(slug: str, labels: list[str]) -> None:
    """The host's options form names each version by the same name its match will carry."""
    from games.web.option_forms import OptionsForm

    form = OptionsForm(engine=get_engine(slug), players=["ann", "bob"])
    assert [label for _value, label in form.fields["variant"].choices] == labels


def test_a_count_that_does_not_fit_names_the_version_refused() -> None:
    """The refusal names the version the host chose: gems for 9 reads "The Exodus Game (Elephantine) takes 8"."""
    from games.engine import RuleError
    from games.options import options_for_setup

    with pytest.raises(RuleError, match=r"^The Exodus Game \(Elephantine\) takes 8 players, not 9"):
        options_for_setup(get_engine("exodus"), {"variant": "gems"}, [f"p{i}" for i in range(9)])


@pytest.mark.django_db
def test_the_rules_page_heads_each_version_with_its_name_and_the_match_links_to_it() -> None:
    """The rules page's sections carry the versions' names; an extended match's rules link lands on its own."""
    page = Client().get("/games/warriors/rules/").content.decode().replace("&#x27;", "'")
    assert "<h2>A Warrior's Death (classic)</h2>" in page and "<h2>Warriors' Death (extended)</h2>" in page
    users(["ann", "bob"])
    match = match_start(game="warriors", players=["ann", "bob"], options={"variant": "extended"}, title="Friendly")
    assert (
        'href="/games/warriors/rules/#extended">Full rules of' in Client().get(f"/matches/{match.pk}/").content.decode()
    )
