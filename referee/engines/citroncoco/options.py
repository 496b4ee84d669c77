"""CitronCoco's options: the schema the host fills in, loaded into one frozen ``Options`` value.

The team game's schema (``teams.py``) drops the two options that make no sense there and adds
the teams and Nano; ``Options`` holds every option of both games (defaults for the other's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from marshmallow import Schema, validate, validates
from marshmallow import fields as mf

from referee.engines.messages import invalid, msg

# DESIGN.md ruling: ace 1, 2-10, jack 11, queen 12, red kings -1, black kings 13.
DEFAULT_DECK: dict[int, int] = {**{v: 4 for v in range(1, 13)}, -1: 2, 13: 2}


@dataclass(frozen=True, slots=True)
class Options:
    """A match's options, read by the engine (the stored match keeps the host's mapping)."""

    first_seat: int = 0
    target: int = 200
    deck: Mapping[str, int] = field(default_factory=dict)  # value (as text) -> cards, sorted
    sum_quick_play: bool = False
    fellow_solo: bool = False
    caller_wins_ties: bool = False
    quick_play_on_quick_play: bool = False
    round_starter: str = "loser"
    teams: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    nano: bool = True
    power_before_reveal: bool = True
    check_reports: bool = True
    check_rounds: bool = True
    # the team game has no such option: a quick play on a quick-played card breaks CCT-QP-3
    value_fault_first: bool = False

    @classmethod
    def load(cls, options: Mapping[str, Any], deck: Mapping[int, int]) -> Options:
        """The loaded options, ``deck`` being the composition the engine keeps."""
        known = {f.name for f in fields(cls)}
        given = {k: v for k, v in options.items() if k in known}
        given["deck"] = {str(v): n for v, n in sorted(deck.items())}
        if "teams" in given:
            given["teams"] = tuple(tuple(t) for t in given["teams"])
        return cls(**given)


class CitronCocoOptions(Schema):
    first_seat = mf.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={
            "description": "Seat that starts the first round: the loser of the last match "
            "begins (« Le perdant de la dernière partie commence »)."
        },
    )
    target = mf.Integer(
        load_default=200,
        validate=validate.Range(min=1),
        metadata={"description": "Coconuts that sink a ship and end the match (200)."},
    )
    deck = mf.Dict(
        keys=mf.Integer(validate=validate.Range(min=-99, max=99)),
        values=mf.Integer(validate=validate.Range(min=0, max=99)),
        load_default=lambda: dict(DEFAULT_DECK),
        metadata={
            "description": "Deck composition, card value -> number of cards. Default: a "
            "52-card deck, ace 1, 2-10, jack 11, queen 12, red kings -1, black kings 13."
        },
    )
    sum_quick_play = mf.Boolean(
        load_default=False,
        metadata={
            "description": "Allow the second quick play: « la somme de deux cartes » of "
            "your own game equal to the top of the discard."
        },
    )
    fellow_solo = mf.Boolean(
        load_default=False,
        metadata={
            "description": "The 2 (Fellow) lets you look at one of your own cards (there "
            "is no teammate each for themself; otherwise the 2 has no power)."
        },
    )
    caller_wins_ties = mf.Boolean(
        load_default=False,
        metadata={
            "description": "A Citron Coco caller tied for the fewest coconuts wins the "
            "round (default: a tie is not « le moins », the call fails)."
        },
    )
    quick_play_on_quick_play = mf.Boolean(
        load_default=False,
        metadata={
            "description": "A quick play may cover a card itself discarded by a quick "
            "play in the current turn. Off (the default): « uniquement le premier « jeu "
            "rapide » est valable »; on: the earlier default, which matches created before "
            "keep."
        },
    )
    value_fault_first = mf.Boolean(
        load_default=True,
        metadata={
            "description": "A quick play of another value than the top of the discard is a "
            "wrong quick play (CC-MISS-2), even on a card quick-played this turn. Off: it "
            "breaks CC-QP-8 instead (how matches were judged before)."
        },
    )
    round_starter = mf.String(
        load_default="loser",
        validate=validate.OneOf(["loser", "left"]),
        metadata={
            "description": "Who starts each later round: 'loser' (the seat that scored "
            "most coconuts in the previous round) or 'left' (the next seat in order)."
        },
    )

    power_before_reveal = mf.Boolean(
        load_default=True,
        metadata={
            "description": "The hands are revealed only once the last discarded card's power "
            "is used or given up (« la manche prend fin après que ce pouvoir ait été "
            "réalisé »). Off: the reveal forfeits it (how matches were judged before)."
        },
    )
    check_reports = mf.Boolean(
        load_default=True,
        metadata={
            "description": "A fault the host reports must fit the table: a coin fault by the "
            "coin's holder or a seat whose power it blocked, a wrong power by a seat that "
            "discarded a special card, a look at a penalty card by a seat that took one. "
            "Off: every report is accepted (how matches were judged before)."
        },
    )

    check_rounds = mf.Boolean(
        load_default=True,
        metadata={
            "description": "Quick scoring (rounds only) judges a round's totals against the deck "
            "as play does: each hand between every negative card and every positive one, "
            "together no more than the deck's positive cards, and a round without a call shows "
            "an emptied hand (a total of 0). Off: the totals are checked against the deck's "
            "floor only (how matches created before were judged)."
        },
    )

    @validates("deck")
    def _deck_has_cards(self, value: dict[int, int], **_: Any) -> None:
        if sum(value.values()) <= 0:
            raise invalid(msg("citroncoco.setup.empty_deck"))
