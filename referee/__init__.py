"""Referee: an event-sourced referee and score keeper for card games played at a real table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from referee.config import data_folder, from_environment, trust_proxies
from referee.edge import DATABASE, database
from referee.store.db import Database

__all__ = ["PACKAGE", "ROOT", "create_app", "database"]

#: The package's folder: its templates, migrations, static files and catalogues ride in it.
PACKAGE = Path(__file__).resolve().parent
#: The folder above the package: a checkout's root when run from one (tests and scripts read
#: the checkout's files through it); an installed Referee needs nothing there.
ROOT = PACKAGE.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True, static_folder="web/static")
    # The instance folder is the data folder: the embedded database, the key, and catalogues
    # compiled when the package's own folder cannot be written.
    app.instance_path = str(data_folder(app.instance_path))
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
