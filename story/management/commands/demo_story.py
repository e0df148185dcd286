"""``manage.py demo_story``: confessionals in the demo season (run after demo_season), so a spectator sees
the story: ann's and bob's stay sealed (hosts read them), and max, who withdraws from the season before
Episode 1's Death Match, has his published on the season page.

Idempotent: a second run adds nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from seasons.management.demo import DemoSeasonCommand
from seasons.models import Entrant
from seasons.services.host import entrant_eliminate_by_host
from story.models import Confessional
from story.services import confessional_write

SEALED = {
    "ann": "I'm X first. If I pair bob with cat they'll both think I'm on their side. Nobody gets my double yet.",
    "bob": "ann smiled too much in the lobby. Ally with her once, then we'll see.",
}
MAX = [
    "Day one. Thirteen of us and no Main Match for me yet: I'll watch the ABC table and learn who lies.",
    "Work caught up with me. I'll ask the dealer to let me go before the first Death Match — better than "
    "dragging someone's EC pick down with me.",
]
LAST_WORDS = "Out, by choice. cat is the one to watch: she hasn't said a word and she's counting everything."


class Command(DemoSeasonCommand):
    help = "Add confessionals to the demo season: two sealed, and a withdrawn player's published ones."

    def handle(self, *args: Any, **options: Any) -> None:
        season = self.demo_season(options)
        if Confessional.objects.filter(season=season).exists():
            self.stdout.write("The demo season already has its confessionals.")
            return
        users = get_user_model().objects
        episode = season.episodes.order_by("number").first()
        match_id = episode.mm_match_id if episode else None
        for handle, text in SEALED.items():
            confessional_write(
                season=season, user=users.get(username=handle), text=text, match_id=match_id, turn_number=1
            )
        max_user = users.get(username="max")
        for text in MAX:
            confessional_write(season=season, user=max_user, text=text)
        if Entrant.objects.filter(season=season, user=max_user, status=Entrant.Status.ALIVE).exists():
            entrant_eliminate_by_host(
                season=season, handle="max", user=users.get(username="host"), reason="withdrew from the season"
            )
        confessional_write(season=season, user=max_user, text=LAST_WORDS)
        self.stdout.write(
            self.style.SUCCESS(
                f"Confessionals in /seasons/{season.slug}/: ann's and bob's sealed (host reads them at "
                f"/seasons/{season.slug}/confessionals/), max withdrew and his are on the timeline."
            )
        )
