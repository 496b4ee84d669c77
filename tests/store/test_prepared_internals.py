"""What ``referee.store.prepared`` reads of SQLAlchemy's insides is there and does what it
counts on, on the SQLAlchemy installed: a compiled statement's SQL, binds and positional order,
the types' bind processors, the engine's cursor listeners, the pool's invalidation, the
driver's error made SQLAlchemy's, a pooled connection's driver. A SQLAlchemy release that moves
any of them fails here (pyproject.toml pins the range these pass with)."""

from __future__ import annotations

import inspect
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import JSON, DateTime, Engine, bindparam, event, exc, text
from sqlalchemy.dialects.postgresql import psycopg
from sqlalchemy.dialects.sqlite import pysqlite
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.pool import Pool

from referee import database

STATEMENT = text("SELECT :b, :a, :b, :at").bindparams(
    bindparam("a", type_=JSON), bindparam("at", type_=DateTime(timezone=True)))
AT = datetime(2026, 11, 24, 15, 4, 5, 123456, tzinfo=UTC)


@pytest.fixture
def engine(app: Flask) -> Engine:
    return database(app).engine


@pytest.mark.parametrize(("dialect", "order"), [
    (pysqlite.dialect(), ("b", "a", "b", "at")),  # qmark: positional, a name once per place
    (psycopg.dialect(), None),  # pyformat: by name
], ids=["sqlite", "postgresql"])
def test_a_compiled_statement_says_its_sql_binds_and_order(dialect: Dialect,
                                                            order: tuple[str, ...] | None) -> None:
    compiled = STATEMENT.compile(dialect=dialect)
    assert isinstance(compiled.string, str) and ":a" not in compiled.string
    assert set(compiled.binds) == {"a", "b", "at"}
    assert compiled.positional == (order is not None)
    assert (tuple(compiled.positiontup or ()) if compiled.positional else None) == order


def test_a_json_bind_processor_writes_what_the_orm_writes() -> None:
    dialect = pysqlite.dialect()
    bind = STATEMENT.compile(dialect=dialect).binds["a"]
    process = bind.type.dialect_impl(dialect).bind_processor(dialect)
    assert process is not None and json.loads(process({"é": [1, None]})) == {"é": [1, None]}


def test_a_time_bind_processor_writes_sqlites_text() -> None:
    dialect = pysqlite.dialect()
    bind = STATEMENT.compile(dialect=dialect).binds["at"]
    process = bind.type.dialect_impl(dialect).bind_processor(dialect)
    assert process is not None and process(AT).startswith("2026-11-24 15:04:05.123456")


def test_the_engines_cursor_listeners_are_its_dispatch(engine: Engine) -> None:
    heard: list[tuple[Any, ...]] = []

    def hear(*args: Any) -> None:
        heard.append(args)

    event.listen(engine, "before_cursor_execute", hear)
    try:
        assert len(list(engine.dispatch.before_cursor_execute)) == 1
        for listen in engine.dispatch.before_cursor_execute:
            listen(None, "cursor", "SELECT 1", (), None, False)
        assert heard == [(None, "cursor", "SELECT 1", (), None, False)]
        assert not engine.dispatch.after_cursor_execute
    finally:
        event.remove(engine, "before_cursor_execute", hear)


def test_a_pooled_connection_lends_its_driver(engine: Engine) -> None:
    lent = engine.raw_connection()
    try:
        assert lent.driver_connection is not None and lent.dbapi_connection is not None
        assert lent.is_valid and lent.cursor() is not None
        for name in ("commit", "rollback", "invalidate", "close"):
            assert callable(getattr(lent, name))
        made = Connection(engine, connection=lent)  # a session on the same transaction
        assert made.connection is lent
    finally:
        lent.close()


def test_the_pool_invalidates_a_connection_and_those_made_before_it() -> None:
    parameters = list(inspect.signature(Pool._invalidate).parameters)
    assert parameters[:3] == ["self", "connection", "exception"]


def test_a_driver_error_becomes_sqlalchemys(engine: Engine) -> None:
    dialect = engine.dialect
    lent = engine.raw_connection()
    try:
        cursor = lent.cursor()
        with pytest.raises(dialect.loaded_dbapi.Error) as raised:
            cursor.execute("SELECT * FROM no_such_table")
        assert dialect.is_disconnect(raised.value, lent.dbapi_connection, cursor) is False
    finally:
        lent.close()
    made = exc.DBAPIError.instance("SELECT", (), raised.value, dialect.loaded_dbapi.Error,
                                   connection_invalidated=True, dialect=dialect)
    assert isinstance(made, exc.DBAPIError) and made.connection_invalidated
    assert isinstance(raised.value, getattr(dialect.loaded_dbapi, type(made).__name__))
    assert made.orig is raised.value
