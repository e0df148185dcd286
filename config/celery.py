"""The Celery app: workers close turns, beat sweeps due turns every few seconds."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("garnet")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
