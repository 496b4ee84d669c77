"""The request screen reads a JSON body once and leaves what it let pass for the views."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, request

from referee import create_app
from referee.edge.validation import NOT_SCREENED, screen_request, screened_body


@pytest.fixture
def screen_app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite3"})


def test_a_json_body_let_pass_is_left_for_the_view(screen_app: Flask) -> None:
    with screen_app.test_request_context("/", method="POST",
                                         json={"type": "draw", "payload": {"n": 1.5}}):
        assert screen_request() is None
        assert screened_body(request) == {"type": "draw", "payload": {"n": 1.5}}


def test_a_refused_body_is_left_for_nobody(screen_app: Flask) -> None:
    """A NUL in a string is refused (422) before any view reads the body."""
    with screen_app.test_request_context("/", method="POST", json={"type": "dr\x00aw"}):
        assert screen_request() is not None
        assert screened_body(request) is NOT_SCREENED


def test_a_form_or_an_empty_body_leaves_no_json(screen_app: Flask) -> None:
    with screen_app.test_request_context("/", method="POST", data={"type": "draw"}):
        assert screen_request() is None and screened_body(request) is NOT_SCREENED
    with screen_app.test_request_context("/", method="POST", data=b" ",
                                         content_type="application/json"):
        assert screen_request() is None and screened_body(request) is NOT_SCREENED
