"""Celery tasks: thin wrappers that call one service each."""

from __future__ import annotations

from celery import shared_task

from seasons.services.duels import duels_ready_call_due, duels_start_due
from seasons.services.picks import picks_close_due
from seasons.services.reminders import deadline_reminders_send


@shared_task(name="seasons.tasks.picks_close_due", ignore_result=True)
def picks_close_due_task() -> int:
    """Every few seconds: time out overdue DMO / EC picks, call the players of scheduled Death Matches whose
    Ready is now awaited, and start the ones that are due."""
    return picks_close_due() + duels_ready_call_due() + duels_start_due()


@shared_task(name="seasons.tasks.deadline_reminders_send", ignore_result=True)
def deadline_reminders_send_task() -> int:
    """Every few minutes: remind players of near deadlines."""
    return deadline_reminders_send()
