"""The admin's playtest page: a host proposes options, a job plays bot matches, the page shows progress,
then the report."""

from __future__ import annotations

from typing import Any

from csp.decorators import csp_replace
from django import forms
from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.decorators import method_decorator
from django.views.decorators.clickjacking import xframe_options_sameorigin

from games.match.playtest import strategies
from games.match.services.playtest import PlaytestError, playtest_run_create
from games.models import PlaytestRun
from games.registry import get_engine, slugs
from games.web.option_forms import OptionsForm


class PlaytestForm(forms.Form):
    game = forms.ChoiceField(choices=())
    bots = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text="The strategies to seat (those of the chosen game); none: random.",
    )
    players = forms.IntegerField(
        required=False, min_value=2, max_value=16, help_text="Leave blank for the fewest the options allow."
    )
    matches = forms.IntegerField(initial=500, min_value=1, max_value=20_000)
    seed = forms.CharField(initial="playtest", max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_engine(s).title) for s in slugs()]  # type: ignore[attr-defined]
        self.fields["bots"].choices = [  # type: ignore[attr-defined]
            (f"{s}:{n}", f"{get_engine(s).title} · {n}") for s in slugs() for n in strategies.names(s)
        ]

    def chosen_bots(self) -> list[str]:
        game = self.cleaned_data["game"]
        picked = [b.split(":", 1)[1] for b in self.cleaned_data.get("bots", []) if b.split(":", 1)[0] == game]
        return picked or ["random"]


def option_forms(data: Any) -> dict[str, OptionsForm]:
    """Each game's declared options as form fields (prefixed by its slug): a host never types JSON.

    The bots sit as p1, p2, ...: an option that names players offers those handles.
    """
    forms_by_game = {}
    for slug in slugs():
        engine = get_engine(slug)
        seats = [f"p{i + 1}" for i in range(min(engine.max_players, 16))]
        forms_by_game[slug] = OptionsForm(data, engine=engine, players=seats)
    return forms_by_game


@admin.register(PlaytestRun)
class PlaytestRunAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "percent", "created_by", "created_at")
    list_filter = ("game", "status")

    def get_urls(self) -> list[Any]:
        wrap = self.admin_site.admin_view
        return [
            path("<int:pk>/progress/", wrap(self.progress_view), name="games_playtestrun_progress"),
            path("<int:pk>/report/", wrap(self.report_view), name="games_playtestrun_report"),
            *super().get_urls(),
        ]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        """The proposal form; on submit the run is queued and the host lands on its page."""
        form = PlaytestForm(request.POST or None)
        per_game = option_forms(request.POST or None)
        # Only the chosen game's options are checked; the other games' fieldsets are ignored.
        if request.method == "POST" and form.is_valid() and per_game[form.cleaned_data["game"]].is_valid():
            data = form.cleaned_data
            try:
                run = playtest_run_create(
                    game=data["game"],
                    options=per_game[data["game"]].raw_options(
                        roster=[f"p{i + 1}" for i in range(data["players"])] if data["players"] else None
                    ),
                    players=data["players"],
                    bots=form.chosen_bots(),
                    matches=data["matches"],
                    seed=data["seed"],
                    user=request.user,
                )
            except PlaytestError as exc:
                form.add_error(None, str(exc))
            else:
                return HttpResponseRedirect(reverse("admin:games_playtestrun_change", args=[run.pk]))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "option_forms": per_game,
            "title": "Playtest a game",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/games/playtestrun/add.html", context)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        """The run's page: live progress (htmx polling), then the report."""
        run = get_object_or_404(PlaytestRun, pk=object_id)
        context = {**self.admin_site.each_context(request), "run": run, "title": str(run), "opts": self.model._meta}
        return TemplateResponse(request, "admin/games/playtestrun/detail.html", context)

    def progress_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The progress fragment the run's page polls; it stops polling once the run is finished."""
        run = get_object_or_404(PlaytestRun, pk=pk)
        return TemplateResponse(request, "admin/games/playtestrun/_progress.html", {"run": run})

    # The report is script-free; its SVG plots carry style attributes, and the run's page frames it.
    @method_decorator(xframe_options_sameorigin)
    @method_decorator(
        csp_replace(
            {"style-src": ["'self'", "'unsafe-inline'"], "frame-ancestors": ["'self'"], "script-src": ["'none'"]}
        )
    )
    def report_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The finished run's self-contained report page."""
        run = get_object_or_404(PlaytestRun, pk=pk, status=PlaytestRun.Status.DONE)
        return HttpResponse(run.html)
