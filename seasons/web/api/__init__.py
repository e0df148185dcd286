"""The season API (issue 27): what a community bot needs to follow a season and to run one.

Reads (``reads``) and writes (``writes``) are thin: each view translates its input and calls one
selector or service; refusals are ``GameError``s answered as ``{"code", "detail", "rule"}`` by the
API's exception handler. The threads with the dealer live in ``reach.web.api`` and the timeline in
``story.web.api`` (the apps above seasons), under the same ``/api/seasons/<slug>/`` prefix.
"""
