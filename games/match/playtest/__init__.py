"""The playtest lab: thousands of seeded bot matches of one game and a balance report.

``strategies`` finds each game's bots (``games/<slug>/bots.py``), ``runner`` plays matches in a
process pool (or as Celery chunks), ``report`` turns the results into ``report.json`` and a
self-contained ``report.html``. Nothing here touches the database; ``games.match.services.playtest``
drives a host's run from the admin.
"""
