"""Alembic environment: migrates the database the app is configured with."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from referee.store.db import make_engine, normalise_url
from referee.store.models import Base

config = context.config  # built in code: referee.cli.alembic_config
target_metadata = Base.metadata


def number_new_files() -> None:
    """A new migration's file gets its place in the chain (NN in the file_template that
    referee.cli.alembic_config sets), so that the files sort in chain order."""
    script = context.script
    place = len(list(script.walk_revisions())) + 1
    script.file_template = script.file_template.replace("NN", f"{place:02d}", 1)


def database_url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    import os

    from referee import create_app

    return os.environ.get("DATABASE_URL") or create_app().config["DATABASE_URL"]


def run_migrations_offline() -> None:
    context.configure(url=normalise_url(database_url()), target_metadata=target_metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connectable = config.attributes.get("connection")
    if connectable is not None:
        _run(connectable)
        return
    engine = make_engine(database_url())
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


def _run(connection: Connection) -> None:
    if connection.dialect.name == "sqlite" and not connection.in_transaction():
        # Batch mode rebuilds a table (copy, drop, rename): the seats and events that point at
        # its rows must not stop the drop. SQLite ignores this pragma inside a transaction, so
        # it goes to the driver before one begins (the app's connections keep the check on).
        driver = connection.connection.driver_connection
        assert driver is not None  # a connection just checked out of the pool
        driver.execute("PRAGMA foreign_keys=OFF")
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


number_new_files()
if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
