"""A replaced player loses the seat at once, over every edge: the page, the API and the websocket.

The old user becomes a spectator of the match (no private view, no private lines, no submit);
the new user gets all of it. A socket the old user had open is closed by the replacement.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client

from games.match import broadcast
from games.match.services import match_player_replace
from games.models import Match, Message
from tests.factories import UserFactory, abc_match
from tests.trust.wsutil import communicator, drain

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
SECRET = "only the seat ann may read this"

pytestmark = pytest.mark.usefixtures("memory_layer")


def _client(handle: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=handle))
    return client


def _replaced_match() -> Match:
    match = abc_match()
    Message.objects.create(match=match, seq=1, to="ann", text=SECRET)
    match_player_replace(
        match_id=match.pk, seat="ann", user=UserFactory(username="zed"), by=UserFactory(username="host"), reason="r"
    )
    return match


@pytest.mark.django_db
def test_the_page_and_the_api_move_with_the_seat() -> None:
    match = _replaced_match()
    ann, zed = _client("ann"), _client("zed")
    page_ann = ann.get(f"/matches/{match.pk}/").content.decode()
    page_zed = zed.get(f"/matches/{match.pk}/").content.decode()
    assert SECRET not in page_ann and "Watching" in page_ann
    assert SECRET in page_zed and "You play <strong>ann</strong>'s seat" in page_zed
    assert SECRET not in ann.get(f"/matches/{match.pk}/log/").content.decode()
    assert ann.get(f"/api/matches/{match.pk}/").json()["me"] is None
    assert zed.get(f"/api/matches/{match.pk}/").json()["me"] == "ann"
    assert SECRET not in str(ann.get(f"/api/matches/{match.pk}/messages/").json())
    assert SECRET in str(zed.get(f"/api/matches/{match.pk}/messages/").json())
    refused = ann.post(f"/api/matches/{match.pk}/submit/", {"move": PAIRS}, content_type="application/json")
    assert refused.status_code == 403
    page_post = ann.post(f"/matches/{match.pk}/submit/", {"move_json": '{"pairs": [], "double": false}'})
    assert page_post.status_code == 302 and not match.turns.get(number=1).submissions.exists()
    check = ann.post(f"/matches/{match.pk}/check/", {"move_json": "{}"})
    assert check.status_code == 403
    taken = zed.post(f"/api/matches/{match.pk}/submit/", {"move": PAIRS}, content_type="application/json")
    assert taken.status_code == 201
    assert match.turns.get(number=1).submissions.get().player == "ann"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_old_players_socket_is_closed_and_private_pushes_reach_the_new_one() -> None:
    match = await sync_to_async(abc_match)()
    await sync_to_async(UserFactory)(username="zed")
    host = await sync_to_async(UserFactory)(username="host")
    _c1, ann_cookie = await sync_to_async(_session)("ann")
    old = communicator(f"/ws/matches/{match.pk}/", ann_cookie)
    assert (await old.connect())[0]
    assert (await old.receive_json_from())["player"] == "ann"
    zed_user = await sync_to_async(get_user_model().objects.get)(username="zed")
    await sync_to_async(match_player_replace)(match_id=match.pk, seat="ann", user=zed_user, by=host, reason="r")
    frames = []
    closed = None
    while closed is None:
        out = await old.receive_output(timeout=2)
        if out["type"] == "websocket.close":
            closed = out
        else:
            frames.append(out)
    assert closed.get("code") == 4009
    # Reconnecting, the old user is a spectator; the new user joins the seat's private pushes.
    again = communicator(f"/ws/matches/{match.pk}/", ann_cookie)
    assert (await again.connect())[0]
    hello = await again.receive_json_from()
    assert hello["player"] is None and "private_seq" not in hello
    _c2, zed_cookie = await sync_to_async(_session)("zed")
    new = communicator(f"/ws/matches/{match.pk}/", zed_cookie)
    assert (await new.connect())[0]
    assert (await new.receive_json_from())["player"] == "ann"
    line = await sync_to_async(Message.objects.create)(match=match, seq=1, to="ann", text=SECRET)
    await sync_to_async(broadcast.send)(broadcast.turn_events(match=match, closed=None, messages=[line], opened=None))
    assert SECRET in str(await drain(new)) and SECRET not in str(await drain(again))
    await again.disconnect()
    await new.disconnect()


def _session(handle: str) -> tuple[Client, str]:
    client = _client(handle)
    return client, f"sessionid={client.cookies['sessionid'].value}"
