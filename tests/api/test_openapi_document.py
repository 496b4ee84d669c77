"""The OpenAPI document is written once per process and set of API settings: an app made after
another serves the very document a fresh app writes, and other settings get their own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee import create_app, database
from referee.api import Api


def made(tmp_path: Path, name: str, **settings: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / name}.sqlite3",
                       **settings})


def document(app: Flask) -> bytes:
    answer = app.test_client().get("/api/openapi.json")
    assert answer.status_code == 200
    database(app).engine.dispose()
    return answer.get_data()


def test_an_app_made_after_another_serves_the_document_a_fresh_one_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Api, "written", {})  # as in a process that has made no app yet
    first = made(tmp_path, "first")
    second = made(tmp_path, "second")
    assert not first.extensions["referee.api"].reused
    assert second.extensions["referee.api"].reused
    written = document(first)
    assert document(second) == written
    assert document(second) == written  # serving it changes nothing
    printed = second.test_cli_runner().invoke(args=["openapi", "print"])
    assert printed.exit_code == 0 and json.loads(printed.output) == json.loads(written)
    assert second.test_client().get("/api/docs").status_code == 200


def test_other_api_settings_get_a_document_of_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Api, "written", {})
    usual = made(tmp_path, "usual")
    other = made(tmp_path, "other", API_VERSION="2")
    assert not other.extensions["referee.api"].reused
    assert json.loads(document(usual))["info"]["version"] == "1"
    assert json.loads(document(other))["info"]["version"] == "2"
