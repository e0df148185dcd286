"""docker-compose.yml is valid Compose and really scales out; the image is lean, locked and non-root.

No Docker engine runs in CI, so the file is checked against the Compose specification's JSON
schema (the copy check-jsonschema ships) and its scaling constraints are asserted directly.
"""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
APP_SERVICES = ["web", "worker", "push-worker", "beat"]  # long-running processes of the Garnet image


def test_compose_file_matches_the_compose_specification_schema() -> None:
    schema_file = resources.files("check_jsonschema.builtin_schemas.vendor") / "compose-spec.json"
    schema = json.loads(schema_file.read_text())
    jsonschema.validate(COMPOSE, schema, cls=jsonschema.Draft7Validator)


def test_web_publishes_no_host_port_so_replicas_can_start() -> None:
    assert "ports" not in SERVICES["web"], "a fixed host port lets only one web replica start"
    assert "8000" in [str(p) for p in SERVICES["web"].get("expose", [])]


def test_one_reverse_proxy_is_the_public_entry_point() -> None:
    published = [name for name, svc in SERVICES.items() if svc.get("ports")]
    assert published == ["proxy"]
    assert SERVICES["proxy"]["depends_on"]["web"]["condition"] == "service_healthy"
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    assert re.search(r"dynamic a\s*\{[^}]*name web", caddyfile), "the proxy must re-resolve every web replica"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_services_wait_for_the_one_shot_migration(name: str) -> None:
    deps = SERVICES[name]["depends_on"]
    assert deps["migrate"]["condition"] == "service_completed_successfully"
    assert deps["postgres"]["condition"] == "service_healthy"
    assert "migrate" not in " ".join(map(str, SERVICES[name]["command"])), "only the migrate service migrates"


def test_migrate_runs_once_after_the_database_is_healthy() -> None:
    migrate = SERVICES["migrate"]
    # It migrates, then prints the first-run setup link on a fresh install (issue 26; accounts/RULES.md).
    assert "manage.py migrate --noinput && python manage.py first_run_link" in " ".join(migrate["command"])
    assert migrate["restart"] == "no"
    assert migrate["depends_on"] == {"postgres": {"condition": "service_healthy"}}


@pytest.mark.parametrize("name", sorted(set(SERVICES) - {"migrate"}))
def test_every_long_running_service_has_a_health_check(name: str) -> None:
    check = SERVICES[name].get("healthcheck")
    assert check and check.get("test"), f"{name} has no health check"


def test_production_secret_has_no_published_default() -> None:
    for name in ["migrate", *APP_SERVICES]:
        secret = SERVICES[name]["environment"]["DJANGO_SECRET_KEY"]
        assert re.fullmatch(r"\$\{DJANGO_SECRET_KEY:\?[^}]+\}", secret), secret


def test_image_is_multi_stage_non_root_locked_and_collects_static_at_build() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert len(re.findall(r"^FROM ", dockerfile, flags=re.M)) >= 2
    final_stage = dockerfile.rsplit("\nFROM ", 1)[1]
    user = re.findall(r"^USER (\S+)", final_stage, flags=re.M)
    assert user and user[-1] not in {"root", "0"}
    assert "--require-hashes" in dockerfile and "requirements.lock" in dockerfile
    assert "collectstatic" in dockerfile
    assert 'ENTRYPOINT ["/app/deploy/entrypoint.sh"]' in final_stage


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_lock_file_pins_every_runtime_dependency_with_hashes() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lock = (ROOT / "requirements.lock").read_text()
    pinned = {m.group(1).lower() for m in re.finditer(r"^([A-Za-z0-9_.\-]+)==", lock, flags=re.M)}
    missing = {_name(r) for r in project["dependencies"]} - pinned
    assert not missing, f"regenerate requirements.lock (see Dockerfile): {sorted(missing)}"
    assert lock.count("--hash=sha256:") >= len(pinned)


OPERATIONS = (ROOT / "docs" / "operations.md").read_text()


@pytest.mark.parametrize("name", APP_SERVICES)
def test_garnet_starts_and_runs_without_waiting_for_redis_health(name: str) -> None:
    """docs/operations.md: Garnet runs while Redis is away (it heals itself), so Redis's health never holds an
    app service back; PostgreSQL's does (nothing works without it), and a process that exits comes back."""
    deps = SERVICES[name]["depends_on"]
    assert deps["redis"]["condition"] == "service_started"
    assert deps["postgres"]["condition"] == "service_healthy"
    assert SERVICES[name]["restart"] == "unless-stopped"


def test_the_operations_page_says_what_each_health_check_checks_and_is_linked() -> None:
    """Each health check of the compose file is the one docs/operations.md describes."""
    checks = {
        name: " ".join(map(str, svc["healthcheck"]["test"])) for name, svc in SERVICES.items() if "healthcheck" in svc
    }
    assert "pg_isready" in checks["postgres"] and "`pg_isready`" in OPERATIONS
    assert "redis-cli ping" in checks["redis"] and "`redis-cli ping`" in OPERATIONS
    assert "inspect ping" in checks["worker"] and "`celery inspect ping`" in OPERATIONS
    assert "deploy/healthcheck.py web" in checks["web"] and "`deploy/healthcheck.py web`" in OPERATIONS
    assert "deploy/healthcheck.py beat" in checks["beat"] and "`deploy/healthcheck.py beat`" in OPERATIONS
    for section in ("## Redis", "## PostgreSQL", "## A worker or beat"):
        assert section in OPERATIONS
    assert "docs/operations.md" in (ROOT / "README.md").read_text()
    assert "docs/operations.md" in (ROOT / "docs" / "architecture.md").read_text()


def _queues(command: list[str]) -> set[str] | None:
    """The queues a ``celery worker`` command consumes (None: every queue the settings declare)."""
    if "-Q" not in command:
        return None
    return set(command[command.index("-Q") + 1].split(","))


def test_every_celery_queue_has_a_worker_and_pushes_have_their_own() -> None:
    """Issue 47, finding 2: pushes go on the "push" queue (``CELERY_TASK_ROUTES``); compose runs a worker that
    consumes it and none other, and the main worker's turn closes, picks and mails never wait behind a push."""
    from config.settings.base import CELERY_TASK_QUEUES, CELERY_TASK_ROUTES

    assert CELERY_TASK_ROUTES["alerts.push_deliver"]["queue"] == "push"
    workers = {name: svc["command"] for name, svc in SERVICES.items() if "worker" in svc.get("command", [])}
    consumed = {name: _queues(command) or set(CELERY_TASK_QUEUES) for name, command in workers.items()}
    assert set().union(*consumed.values()) == set(CELERY_TASK_QUEUES), consumed
    assert consumed["push-worker"] == {"push"} and "push" not in consumed["worker"]
