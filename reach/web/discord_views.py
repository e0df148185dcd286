"""Discord's HTTP interactions endpoint: verify the signature, then answer through ``reach.discord``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from reach.discord.interactions import interaction_answer
from reach.discord.shape import Malformed, body_read
from reach.discord.signature import Refused, interaction_verify, refusal_log


@csrf_exempt  # Discord signs its requests (Ed25519) instead; there is no session or form here
@require_POST
def interactions(request: HttpRequest) -> HttpResponse:
    """Answer one interaction; 401 for anything unsigned, wrongly signed, stale or replayed, 400 for a
    signed body that is not the shape of an interaction."""
    body = request.body
    try:
        interaction_verify(
            signature=request.headers.get("X-Signature-Ed25519", ""),
            timestamp=request.headers.get("X-Signature-Timestamp", ""),
            body=body,
        )
    except Refused as exc:
        refusal_log(reason=str(exc), address=request.META.get("REMOTE_ADDR", ""))
        return JsonResponse({"error": "invalid request signature"}, status=401)
    try:
        payload = body_read(body)
    except Malformed as exc:
        return JsonResponse({"error": f"malformed interaction: {exc}"}, status=400)
    return JsonResponse(interaction_answer(payload=payload))
