"""Every environment read goes through the settings' one django-environ reader (config.settings.base.env),
typed and with its default there; the values it reads are the ones the settings had before it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The project's own code: the packages pyproject installs, and manage.py (tests/ and bench/ set up processes).
PACKAGES = ("config", "accounts", "games", "seasons", "reach", "story")
READER = ROOT / "config" / "settings" / "base.py"
# Pointing Django at its settings before they load is the one thing done to os.environ directly.
BOOTSTRAP = "DJANGO_SETTINGS_MODULE"


def _sources() -> list[Path]:
    files = [ROOT / "manage.py"]
    for package in PACKAGES:
        files += [p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    return files


def _direct_reads(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line code`` of each use of the process environment that is not the settings bootstrap, in order."""
    tree = ast.parse(path.read_text(), filename=str(path))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        # os.environ.setdefault("DJANGO_SETTINGS_MODULE", ...): the bootstrap, its value attribute allowed.
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) == "os.environ.setdefault"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == BOOTSTRAP
        ):
            allowed.add(id(node.func.value))  # type: ignore[attr-defined]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        text = ""
        if isinstance(node, ast.Attribute) and ast.unparse(node) in {"os.environ", "os.environb", "os.getenv"}:
            if id(node) not in allowed:
                text = ast.unparse(node)
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            names = {a.name for a in node.names} & {"environ", "environb", "getenv"}
            text = f"from os import {', '.join(sorted(names))}" if names else ""
        elif isinstance(node, ast.Import | ast.ImportFrom) and path != READER:
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            text = "import environ (a second reader)" if "environ" in modules else ""
        if text:
            found.append((node.lineno, f"{path.relative_to(root)}:{node.lineno} {text}"))
    return [hit for _, hit in sorted(found)]


def test_nothing_reads_the_environment_but_the_settings_reader() -> None:
    sources = _sources()
    assert READER in sources and len(sources) > 100
    found = [hit for path in sources for hit in _direct_reads(path)]
    assert not found, "read it in config/settings through env (typed, with a default):\n" + "\n".join(found)


def test_the_scan_sees_each_way_of_reading(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nfrom os import getenv\nimport environ\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings.local')\n"
        "a = os.environ['A']\nb = os.getenv('B')\nc = 'C' in os.environ\nos.environ.setdefault('D', '1')\n"
    )
    assert [hit.split(" ", 1)[1] for hit in _direct_reads(sample, tmp_path)] == [
        "from os import getenv",
        "import environ (a second reader)",
        "os.environ",
        "os.getenv",
        "os.environ",
        "os.environ",
    ]


def _settings(module: str, **env: str) -> dict[str, Any]:
    """The named settings as a fresh process loads them from exactly ``env`` (plus PATH and the like)."""
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GARNET_", "DATABASE_", "REDIS_", "EMAIL_", "DISCORD_", "CELERY_"))
    }
    code = (
        "import json, django; from django.conf import settings; "
        "print(json.dumps({k: getattr(settings, k) for k in ('DATABASES', 'SECRET_KEY', 'EMAIL_PORT', "
        "'GARNET_WEBHOOK_TIMEOUT', 'GARNET_SITE_URL', 'SOCIALACCOUNT_PROVIDERS', 'DISCORD_APPLICATION_ID')}, default=str))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**keep, "DJANGO_SETTINGS_MODULE": module, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return dict(json.loads(proc.stdout))


def test_without_a_database_url_the_embedded_default_is_sqlite() -> None:
    found = _settings("config.settings.local")
    db = found["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3" and db["NAME"] == str(ROOT / "garnet.sqlite3")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert (found["EMAIL_PORT"], found["GARNET_WEBHOOK_TIMEOUT"]) == (25, 5.0)
    assert found["SOCIALACCOUNT_PROVIDERS"]["discord"]["APPS"] == [] and found["DISCORD_APPLICATION_ID"] == ""


def test_a_database_url_is_postgresql_with_the_pool() -> None:
    found = _settings(
        "config.settings.local",
        DATABASE_URL="postgres://garnet:p%40ss@db.example:6543/garnet?sslmode=require",
        GARNET_DB_POOL_SIZE="4",
        EMAIL_PORT="587",
        GARNET_WEBHOOK_TIMEOUT="2.5",
        GARNET_SITE_URL="https://garnet.example/",
        DISCORD_CLIENT_ID="1234",
    )
    db = found["DATABASES"]["default"]
    assert {k: db[k] for k in ("ENGINE", "NAME", "USER", "PASSWORD", "HOST", "PORT", "CONN_MAX_AGE")} == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "garnet",
        "USER": "garnet",
        "PASSWORD": "p@ss",
        "HOST": "db.example",
        "PORT": 6543,
        "CONN_MAX_AGE": 0,
    }
    assert db["OPTIONS"] == {"sslmode": "require", "pool": {"min_size": 1, "max_size": 4, "timeout": 10}}
    assert (found["EMAIL_PORT"], found["GARNET_WEBHOOK_TIMEOUT"]) == (587, 2.5)
    assert found["GARNET_SITE_URL"] == "https://garnet.example"
    assert found["SOCIALACCOUNT_PROVIDERS"]["discord"]["APPS"][0]["client_id"] == "1234"
    assert found["DISCORD_APPLICATION_ID"] == "1234"


@pytest.mark.parametrize("secret", ["$" + "k" * 40, "$DJANGO_DEBUG-and-more-than-32-characters-long"])
def test_a_value_beginning_with_a_dollar_is_itself(secret: str) -> None:
    """django-environ would read ``$NAME`` as NAME's value (or refuse: no such variable); Django's generated
    secret keys may begin with ``$``."""
    found = _settings("config.settings.production", DJANGO_SECRET_KEY=secret, DJANGO_DEBUG="1")
    assert found["SECRET_KEY"] == secret


def test_a_sqlite_database_url_starts_without_the_postgresql_pool(tmp_path: Path) -> None:
    """``DATABASE_URL=sqlite:///…`` (the README's variable naming SQLite) starts: it gets the embedded default's
    options, and no ``pool`` (SQLite refuses that option, and every process crashed at its first query)."""
    path = tmp_path / "garnet.sqlite3"
    db = _settings("config.settings.local", DATABASE_URL=f"sqlite:///{path}")["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3" and db["NAME"] == str(path)
    assert "pool" not in db["OPTIONS"] and db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    proc = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GARNET_", "DATABASE_", "REDIS_"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{path}",
        },
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert path.exists()
