"""``GET /healthz``: is this process up and does its database answer? For load balancers and
orchestrators: it judges nothing and writes nothing (one ``SELECT 1`` on a pooled connection)."""

from __future__ import annotations

from flask import Flask, Response, jsonify

from referee.store.db import Database


def database_answers(db: Database) -> bool:
    """One round trip on the raw pooled connection, outside any transaction (on SQLite a
    transaction would take the write lock)."""
    try:
        connection = db.engine.raw_connection()
    except Exception:  # noqa: BLE001 — SQLAlchemy's and the driver's own errors alike
        return False
    try:
        cursor = connection.cursor()
        cursor.execute("SELECT 1")
        cursor.fetchall()
        cursor.close()
        return True
    except Exception:  # noqa: BLE001 — any driver error means "not healthy", never a 500
        connection.invalidate()
        return False
    finally:
        connection.close()


def init_app(app: Flask) -> None:
    @app.get("/healthz")
    def healthz() -> tuple[Response, int]:
        healthy = database_answers(app.extensions["referee.db"])
        response = jsonify({"status": "ok" if healthy else "unavailable",
                            "database": "ok" if healthy else "not answering"})
        response.headers["Cache-Control"] = "no-store"
        return response, 200 if healthy else 503
