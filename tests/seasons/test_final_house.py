"""A game of the Final may be the hosts' own Death Match (issue 26: the dealer's short games carry a season
to its champion): the console lists them for the next game, the leg plays the game's latest version and the
bracket names it by its title."""

from __future__ import annotations

import pytest
from django.test import Client

from games.house.services import house_game_create
from seasons.bracket import final_bracket
from seasons.services import SeasonError
from seasons.services.final import final_leg_start
from seasons.services.host import entrant_eliminate_by_host
from tests.seasons.factories import play_to_end, started_season
from tests.seasons.test_house_games import sample

pytestmark = pytest.mark.django_db


def test_a_final_game_can_be_the_hosts_own_death_match() -> None:
    season = started_season(["ann", "bob", "cat"])
    host = season.hosts.get()
    entrant_eliminate_by_host(season=season, handle="cat", user=host, reason="")
    rps = house_game_create(owner=host, definition=sample("rps_best_of_5"))
    guess = house_game_create(owner=host, definition=sample("two_thirds"))
    client = Client()
    client.force_login(host)
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    final = page.split('id="final"')[1].split("</section>")[0]
    assert f'<option value="house:{rps.pk}">' in final and f"house:{guess.pk}" not in final, final
    with pytest.raises(SeasonError, match="is a Main Match"):
        final_leg_start(season_id=season.pk, game=f"house:{guess.pk}", user=host)
    leg = final_leg_start(season_id=season.pk, game=f"house:{rps.pk}", user=host, seed="f1")
    assert leg.match.game == "house" and leg.match.options["house_game"] == rps.pk
    bracket = final_bracket(season)
    assert bracket is not None and bracket.stages[0].legs[0].game.startswith("Best of 5")
    play_to_end(leg.match, seed="final-play")
    after = final_bracket(season)
    assert after is not None and after.stages[0].legs[0].winner in ("ann", "bob")  # best of 3: one game won
