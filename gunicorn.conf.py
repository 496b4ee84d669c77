"""gunicorn's settings for a checkout: ``gunicorn wsgi:app`` reads this file from here. They
live in the package (``referee/gunicorn_settings.py``), so an installed Referee runs the same
way: ``gunicorn -c python:referee.gunicorn_settings referee.wsgi:app``."""

from referee.gunicorn_settings import *  # noqa: F403  (settings and server hooks, as gunicorn reads them)
