"""The pages' words for what the engines and the referee give as codes: the referee's own
rulings, which card of a two-card quick play lies on top, where in a file a fault is, a
Carte et Plouc suit."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from referee import create_app
from referee.web import vocabulary
from referee.web.filters import payload_text
from referee.web.pads.cards import suit_word

NAMES = ["Alice", "Bob", "Chloé"]


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})


@pytest.fixture
def french(app: Flask) -> Iterator[None]:
    with app.test_request_context("/?lang=fr"):
        yield


@pytest.mark.usefixtures("french")
def test_the_referees_own_rulings_read_as_words() -> None:
    """« annulé par la table », never « PLATFORM-VOID »; the rule texts' clauses keep their
    ids (CC-QP-4)."""
    assert vocabulary.rule_text("PLATFORM-VOID") == "annulé par la table"
    assert vocabulary.rule_text("PLATFORM-CHALLENGE") == "contestation"
    assert vocabulary.rule_text("CC-QP-4") == "CC-QP-4"


@pytest.mark.usefixtures("french")
def test_the_card_on_top_of_a_two_card_quick_play_is_named_by_its_owner() -> None:
    """CC-QP-7: « carte du dessus : la carte de Chloé », never « l'autre »."""
    text = payload_text({"slot": 2, "value": 3, "other_seat": 2, "other_slot": 1,
                         "other_value": 5, "on_top": "other"}, NAMES)
    assert text.endswith("carte du dessus : la carte de Chloé") and "l'autre" not in text
    assert payload_text({"other_value": 4, "on_top": "own"}, NAMES).endswith(": la sienne")
    assert "dessus" not in payload_text({"slot": 2, "value": 3, "on_top": "other"}, NAMES)


@pytest.mark.usefixtures("french")
def test_where_in_an_exported_file_a_fault_is_reads_as_words() -> None:
    """An import refused « Dans le fichier : l'identité de la partie », not « À uuid »."""
    assert vocabulary.where_text("uuid") == "l'identité de la partie"
    assert vocabulary.where_text("events.3.payload") == "les coups, n° 4"
    assert vocabulary.where_text("unknown.path") == "unknown.path"


@pytest.mark.usefixtures("french")
def test_a_suit_asked_reads_as_its_sign_and_name() -> None:
    """PL-ACE-2: « couleur demandée : ♥ cœur », never « H »."""
    assert suit_word("H") == "♥ cœur" and suit_word(None) == ""


@pytest.mark.usefixtures("french")
def test_an_option_changed_reads_as_its_name() -> None:
    """The what-if page names « Jeu rapide sur jeu rapide », never quick_play_on_quick_play."""
    label = vocabulary.option_label("citroncoco", "quick_play_on_quick_play")
    assert label and "_" not in label
