"""Discord's HTTP interactions endpoint: verify the signature, then answer through ``reach.discord``."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from reach.discord.interactions import interaction_answer
from reach.discord.signature import Refused, interaction_verify, refusal_log


@csrf_exempt  # Discord signs its requests (Ed25519) instead; there is no session or form here
@require_POST
def interactions(request: HttpRequest) -> HttpResponse:
    """Answer one interaction; 401 for anything unsigned, wrongly signed, stale or replayed."""
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
        payload = json.loads(body)
    except ValueError:
        return JsonResponse({"error": "the body is not JSON"}, status=400)
    if not isinstance(payload, dict):
        return JsonResponse({"error": "the body is not a JSON object"}, status=400)
    return JsonResponse(interaction_answer(payload=payload))
