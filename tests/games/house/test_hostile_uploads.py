"""A hostile file posted to the import page gets the page back with an error naming `file`, never a
500 (issue 40 item 9): deep nesting, a YAML alias bomb, a title with a line break."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.house.models import HouseGame
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


BOMB = "\n".join(
    ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("title: " + "[" * 5_000 + "]" * 5_000, "file: is nested more than 32 levels deep"),
        ("{" + '"a": ' + "[" * 8_000 + "]" * 8_000 + "}", "file: is nested more than 32 levels deep"),
        (BOMB, "file: holds more than 100000 values"),
    ],
    ids=["yaml", "json", "alias bomb"],
)
def test_a_hostile_file_gets_the_import_page_with_an_error(browser: Client, text: str, error: str) -> None:
    for answer in (
        browser.post("/games/house/import/", {"text": text}),
        browser.post("/games/house/import/", {"file": SimpleUploadedFile("game.yaml", text.encode())}),
    ):
        assert answer.status_code == 200
        assert error in answer.content.decode()
    assert not HouseGame.objects.exists()


def test_a_title_with_a_line_break_is_refused_on_import(browser: Client) -> None:
    text = 'schema: garnet-house/1\ntitle: "Two\\nlines"\nkind: main\nplayers: {min: 2, max: 4}\nround_plan:\n  - fields: [{name: g, type: number}]\n'
    answer: Any = browser.post("/games/house/import/", {"text": text})
    assert answer.status_code == 200
    assert "title: must be one line (it holds a line break)" in answer.content.decode()
    assert not HouseGame.objects.exists()
