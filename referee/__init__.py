"""Referee: an event-sourced referee and score keeper for card games played at a real table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from referee.config import from_environment, trust_proxies
from referee.edge import DATABASE, database
from referee.store.db import Database

__all__ = ["ROOT", "create_app", "database"]

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder="web/static")
    app.config.from_mapping(from_environment(app.instance_path))
    if test_config:
        app.config.update(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    from referee import logs, metrics

    logs.init_app(app)  # inside the proxy fix: it logs the client, not the proxy
    trust_proxies(app)
    app.extensions[DATABASE] = Database(app.config["DATABASE_URL"],
                                            snapshot_every=app.config["SNAPSHOT_EVERY"],
                                            replica_url=app.config["DATABASE_REPLICA_URL"])

    from referee import api, web
    from referee.edge import health, i18n, readpath, unavailable, validation
    from referee.web import headers, security

    headers.init_app(app)  # first registered, last to run: it sees every answer as sent
    i18n.init_app(app)
    validation.init_app(app)
    api.init_app(app)
    web.init_app(app)
    readpath.init_app(app)
    security.init_app(app)
    health.init_app(app)
    unavailable.init_app(app)
    metrics.init_app(app)
    return app
