"""The Celery app: workers close turns, beat sweeps due turns every few seconds."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("garnet")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _tune_gc(**kwargs: object) -> None:
    """Each worker process closes turns by the hundred: collect less often (see config.gc_tuning)."""
    from config.gc_tuning import gc_tune

    gc_tune()
