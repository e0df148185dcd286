"""A host spends a Token of Life for an Elimination Candidate, where the season's rules allow it."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons import selectors
from seasons.models import Duel, LedgerEntry, SeasonLog
from seasons.services import SeasonError, ledger_adjust
from seasons.services.tokens import duel_token_escape
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season

pytestmark = pytest.mark.django_db


def _ec_with_a_token(mode: str = "spent", slug: str = "s1") -> tuple[object, object, Duel]:
    season = started_season(slug=slug, token_mode=mode)
    host = season.hosts.get()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve", "dan"])
    duel = Duel.objects.get(episode=episode)
    assert duel.ec.handle == "eve"  # she held no token when she was named
    ledger_adjust(season=season, handle="eve", currency="token", amount=1, reason="won a side game", user=host)
    return season, host, duel


def test_the_host_spends_the_ecs_token_and_the_next_candidate_is_named() -> None:
    season, host, duel = _ec_with_a_token()
    said = duel_token_escape(season=season, duel_id=duel.pk, user=host, reason="eve asked on Discord")
    assert said == "eve spent a Token of Life; dan is the Elimination Candidate"
    eve = selectors.entrant_by_handle(season, "eve")
    assert selectors.balance(eve, "token") == 0
    spent = LedgerEntry.objects.get(entrant=eve, source=LedgerEntry.Source.TOKEN_USE)
    assert spent.amount == -1 and spent.created_by == host
    assert not Duel.objects.filter(pk=duel.pk).exists()
    assert open_pick(duel.episode).picker.handle == "dan"
    step = SeasonLog.objects.get(action="token_spent")
    assert step.user == host and step.reason == "eve asked on Discord"


def test_the_token_cannot_be_spent_where_the_rules_do_not_allow_it() -> None:
    season, host, duel = _ec_with_a_token(mode="shield")
    with pytest.raises(SeasonError, match="shield"):
        duel_token_escape(season=season, duel_id=duel.pk, user=host, reason="x")
    season, host, duel = _ec_with_a_token(slug="s2")
    ledger_adjust(season=season, handle="eve", currency="token", amount=-1, reason="taken back", user=host)
    with pytest.raises(SeasonError, match="eve holds no Token of Life"):
        duel_token_escape(season=season, duel_id=duel.pk, user=host, reason="x")
    with pytest.raises(SeasonError, match="eve holds no Token of Life"):  # reasons are optional (issue 26)
        duel_token_escape(season=season, duel_id=duel.pk, user=host, reason=" ")


def test_nobody_left_to_take_the_place_rolls_the_spend_back() -> None:
    season = started_season(["ann", "bob", "cat", "dan", "eve"], token_mode="spent")
    host = season.hosts.get()
    episode = finish_mm(abc_episode(season), winners=["ann", "bob", "cat", "dan"], candidates=["eve"])
    duel = Duel.objects.get(episode=episode)
    ledger_adjust(season=season, handle="eve", currency="token", amount=1, reason="bonus", user=host)
    with pytest.raises(SeasonError, match="Nobody else can be named EC in place of eve"):
        duel_token_escape(season=season, duel_id=duel.pk, user=host, reason="x")
    assert Duel.objects.filter(pk=duel.pk).exists()
    assert selectors.balance(selectors.entrant_by_handle(season, "eve"), "token") == 1


def test_the_console_offers_the_button_by_name_for_a_holder() -> None:
    season, host, duel = _ec_with_a_token()
    client = Client()
    client.force_login(host)
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    assert "Spend a Token of Life for eve" in page and "Spend a Token of Life for dan" not in page
    data = {"step": "token_escape", "target_id": duel.pk, "reason": "eve asked"}
    done = client.post(f"/seasons/{season.slug}/host/", data, follow=True).content.decode()
    assert "eve spent a Token of Life; dan is the Elimination Candidate" in done
