"""The event store and its read models (SQLAlchemy 2, Alembic)."""
