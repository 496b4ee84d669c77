"""The WSGI entry point in a checkout: ``gunicorn wsgi:app`` (installed: ``referee.wsgi:app``)."""

from referee.wsgi import app

__all__ = ["app"]
