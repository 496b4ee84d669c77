"""The pages' pure parts: forms from schemas and back, the chart, the table renderer."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from referee import create_app
from referee.web.chart import nice_step, rounds_chart
from referee.web.filters import as_grid, cell_items, payload_text
from referee.web.forms import FormError, fields_of, read_fields

SCHEMA = {
    "type": "object",
    "required": ["slot", "source"],
    "properties": {
        "slot": {"type": "integer", "minimum": 1, "description": "Position"},
        "source": {"type": "string", "enum": ["stock", "discard"]},
        "suit": {"type": "string", "enum": ["S", "H", None], "nullable": True},
        "base": {"type": "integer", "enum": [1, 2, 3]},
        "cards": {"type": "array", "items": {"type": "string"}},
        "hands": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "deck": {"type": "object", "additionalProperties": {"type": "integer"}},
        "sum": {"type": "boolean", "default": False},
        "note": {"type": "string", "default": ""},
    },
}


def test_fields_take_their_kind_from_the_schema() -> None:
    kinds = {f.name: f.kind for f in fields_of(SCHEMA)}
    assert kinds == {"slot": "integer", "source": "choice", "suit": "choice", "base": "choice",
                     "cards": "list", "hands": "lines", "deck": "json", "sum": "boolean",
                     "note": "text"}
    slot = fields_of(SCHEMA)[0]
    assert slot.required and slot.minimum == 1 and slot.label == "Slot"


def test_posted_text_becomes_the_json_the_schema_expects() -> None:
    form = MultiDict({"p.slot": "3", "p.source": "stock", "p.suit": "", "p.base": "2",
                      "p.cards": "7S, 7H 7D", "p.hands": "1 2 3\n-\n4 5",
                      "p.deck": '{"1": 4}', "p.sum.present": "1", "p.note": ""})
    assert read_fields(fields_of(SCHEMA), form, "p.") == {
        "slot": 3, "source": "stock", "base": 2, "cards": ["7S", "7H", "7D"],
        "hands": [[1, 2, 3], [], [4, 5]], "deck": {"1": 4}, "sum": False}


@pytest.mark.parametrize(("name", "text", "message"), [
    ("p.slot", "three", "not a whole number"),
    ("p.source", "table", "choose one of stock, discard"),
    ("p.deck", "{", "this is not JSON"),
    ("p.hands", "1 x", "not a whole number"),
])
def test_unreadable_text_is_explained(name: str, text: str, message: str) -> None:
    with pytest.raises(FormError, match=message):
        read_fields(fields_of(SCHEMA), MultiDict({name: text}), "p.")


def test_chart_draws_each_side_toward_the_target() -> None:
    standings = {"unit": "coconuts", "target": 200, "lower_is_better": True,
                 "lines": [{"side": "0", "seats": [0], "total": 40},
                           {"side": "1", "seats": [1], "total": 90}],
                 "rounds": [{"0": 10, "1": 50}, {"0": 40, "1": 90}]}
    svg = str(rounds_chart(standings, {"0": "Alice", "1": "Bob <b>"}, "Totals"))
    assert svg.startswith('<svg class="chart"') and svg.count('<polyline class="series') == 2
    assert 'class="target"' in svg and "target 200" in svg
    assert "Bob &lt;b&gt;" in svg  # names are escaped
    assert "After 2 rounds: Alice 40; Bob &lt;b&gt; 90 coconuts" in svg  # plural by ngettext
    assert nice_step(200) == 50 and nice_step(3) == 1
    empty = str(rounds_chart({"lines": [], "rounds": []}, {}, "Nothing"))
    assert "No round has been scored yet" in empty


def test_grids_lay_squares_at_their_row_and_column() -> None:
    rows = [[{"row": -1, "col": 1, "card": "rose-bleu-1", "nature": "rose", "seat": 0}],
            [{"row": 0, "col": 0, "card": "coeur-noir-2", "seat": None, "treasure": True}]]
    grid = as_grid(rows)
    assert [[c and c["card"] for c in row] for row in grid] == [
        [None, "rose-bleu-1"], ["coeur-noir-2", None]]
    assert cell_items(rows[0][0]) == ["rose-bleu-1"]  # the seat's number is not a word
    assert cell_items({**rows[0][0], "player": "Alice"}) == ["rose-bleu-1", "Alice"]
    assert cell_items(rows[1][0]) == ["coeur-noir-2", "treasure"]
    board = [[{"square": "a2", "warrior": None, "obstacle": True, "colour": "red"}]]
    assert as_grid(board) is board and cell_items(board[0][0]) == ["obstacle", "colour: red"]
    assert payload_text({"source": "stock", "slot": None, "cards": ["7S", "7H"]}) == (
        "source: stock · cards: 7♠, 7♥")  # cards as the table writes them, not codes


def test_a_payload_names_its_players() -> None:
    """A quick score's seat and per-seat list read with the players' names, not numbers."""
    assert payload_text({"winner": 1, "cards": [3, 0, 5]}, ["Alice", "Bob", "Chloé"]) == (
        "winner: Bob · cards: Alice 3, Bob 0, Chloé 5")
    assert payload_text({"target_seat": 2, "slot": 1}, ["Alice", "Bob", "Chloé"]) == (
        "target seat: Chloé · slot: 1")


def test_table_view_renders_hands_grids_and_records() -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    view = {"turn": 1, "phase": "play", "seats": [
        {"seat": 0, "hand": [{"slot": 1, "value": 7, "face_up": True}, {"slot": 2, "value": None}]},
        {"seat": 1, "hand": [None, "7S"], "warriors": [{"id": "1-red", "square": "b2"}]}],
        "discard": {"top": 5, "size": 3},
        "board": [[{"square": "a1", "warrior": "0-red"}, None]],
        "frontier": [[-1, 0], [0, 1]]}
    with app.test_request_context():
        template = app.jinja_env.from_string(
            '{% from "_table.html" import table_view %}{{ table_view(view, names) }}')
        html = template.render(view=view, names=["Alice", "Bob"])
    text = re.sub(r"\s+", " ", html)
    assert "seat 2 (Bob)" in text and "to play" in text
    assert 'class="card face-up"' in text and 'class="card unknown"' in text
    assert '<table class="grid">' in text and "Alice&#39;s red warrior" in text
    assert "cell empty" in text and "0-red" not in text  # warriors by their owners, in words
    assert "(-1, 0), (0, 1)" in text and "Bob&#39;s red warrior" in text and "7♠" in text
