"""Where the data lives: the embedded database and the secret key go to the user's data folder,
REFEREE_DATA_DIR or DATABASE_URL choose another place, and a checkout whose ``instance/`` an
older Referee made (its database and key inside) keeps using it. The home folders here are
temporary ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import create_app
from referee.config import data_folder, from_environment


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user with no Referee settings: HOME and XDG_DATA_HOME in a temporary folder."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    for name in ("REFEREE_DATA_DIR", "DATABASE_URL", "REFEREE_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "home"


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The instance folder of a checkout (not made yet): where an older Referee kept its
    data."""
    (tmp_path / "checkout").mkdir()
    return tmp_path / "checkout" / "instance"


def settings(instance: Path) -> tuple[str, Path]:
    """The database URL and the data folder of an app whose default instance folder is
    ``instance`` (as referee.create_app chooses them)."""
    folder = data_folder(str(instance))
    return from_environment(str(folder))["DATABASE_URL"], folder


def test_a_fresh_user_gets_the_database_and_key_in_the_user_data_folder(
        home: Path, checkout: Path) -> None:
    url, folder = settings(checkout)
    assert folder == home / "data" / "referee"
    assert url == f"sqlite:///{folder / 'referee.sqlite3'}"
    assert (folder / "secret_key").is_file()
    assert not checkout.exists()


def test_referee_data_dir_wins(home: Path, checkout: Path, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    checkout.mkdir()
    (checkout / "referee.sqlite3").touch()
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "chosen"))
    url, folder = settings(checkout)
    assert folder == tmp_path / "chosen"
    assert url == f"sqlite:///{tmp_path / 'chosen' / 'referee.sqlite3'}"
    assert (tmp_path / "chosen" / "secret_key").is_file()


def test_database_url_names_the_database(home: Path, checkout: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:////elsewhere/night.sqlite3")
    url, _ = settings(checkout)
    assert url == "sqlite:////elsewhere/night.sqlite3"


def test_a_checkout_holding_an_older_database_keeps_it_and_its_key(home: Path,
                                                                   checkout: Path) -> None:
    checkout.mkdir()
    (checkout / "referee.sqlite3").touch()
    (checkout / "secret_key").write_text("the key of last season\n")
    folder = data_folder(str(checkout))
    config = from_environment(str(folder))
    assert config["DATABASE_URL"] == f"sqlite:///{checkout / 'referee.sqlite3'}"
    assert config["SECRET_KEY"] == "the key of last season"
    assert not (home / "data" / "referee").exists()


def test_the_app_keeps_its_database_and_key_in_the_data_folder(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "night"))
    app = create_app({"TESTING": True})
    assert app.instance_path == str(tmp_path / "night")
    assert app.config["DATABASE_URL"] == f"sqlite:///{tmp_path / 'night' / 'referee.sqlite3'}"
    assert (tmp_path / "night" / "secret_key").is_file()


def test_an_instance_folder_an_older_referee_made_is_kept_even_empty(home: Path,
                                                                     checkout: Path) -> None:
    """A service's folder made for it (docs/deploy/referee.service), on PostgreSQL with its key
    given, holds nothing yet: it stays the data folder."""
    checkout.mkdir()
    assert data_folder(str(checkout)) == checkout
