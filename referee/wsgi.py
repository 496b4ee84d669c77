"""The WSGI entry point for production servers: ``gunicorn referee.wsgi:app``."""

from referee import create_app

app = create_app()
