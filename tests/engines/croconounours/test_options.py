"""CrocoNounours: the options and payloads describe themselves (docs/rules/croconounours.md,
CN-SETUP-1)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE


def test_cn_setup_1_options_and_payloads_describe_themselves() -> None:
    """CN-SETUP-1: every option has a default and a description; every payload field a
    description (the web page shows them)."""
    for name, fld in ENGINE.options_schema().fields.items():
        assert fld.load_default is not None or fld.allow_none, name
        assert fld.metadata.get("description"), name
    for type_, schema in ENGINE.event_types.items():
        if type_ == "missplay":
            continue
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{type_}.{name}"
