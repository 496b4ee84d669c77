"""Neurotrio's match options and moves, each move declared once: its payload (a frozen dataclass
whose fields carry the marshmallow fields that read and document them) and who may log it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import MissplayReport
from referee.engines.moves import (
    ANYONE,
    HOST_ONLY,
    OTHERS_CARDS,
    OWN_CARDS,
    SEAT_OR_HOST,
    Checks,
    Moves,
    move,
    schema_of,
    wire,
)
from referee.engines.neurotrio.cards import (
    BASES,
    DEFAULT_COLOURS,
    TOKENS,
    NeuroCardField,
)


class NeurotrioOptionsSchema(Schema):
    dealer = fields.Integer(
        load_default=1,
        validate=validate.Range(min=0),
        metadata={
            "description": "The dealer's seat (seats are numbered clockwise). « le premier joueur "
            "est à la droite du donneur »: the first player is the seat before it, so with the "
            "default dealer 1, seat 0 plays first."
        },
    )
    colours = fields.List(
        fields.String(validate=validate.Length(min=1, max=20)),
        load_default=DEFAULT_COLOURS,
        validate=validate.Length(equal=3),
        metadata={
            "description": "The three background colours (« couleur de fond ») as the table "
            "names them; default noir, vert, bleu."
        },
    )
    max_rows = fields.Integer(
        load_default=6,
        validate=validate.Range(min=1, max=40),
        metadata={
            "description": "« au début, le nombre de lignes ouvertes doit être inférieur "
            "ou égal à six »: open rows at first."
        },
    )
    max_cols = fields.Integer(
        load_default=11,
        validate=validate.Range(min=1, max=40),
        metadata={
            "description": "« … et le nombre de colonnes ouvertes … inférieur ou égal à "
            "onze »: open columns at first."
        },
    )
    duty_starts = fields.String(
        load_default="two_cards",
        validate=validate.OneOf(["two_cards", "announcement"]),
        metadata={
            "description": "« Quand un joueur n'a plus que deux cartes dans sa main, il annonce "
            "« deux cartes » ; à partir de ce moment-là, chaque joueur est obligé de poser une "
            "carte s'il le peut »: 'two_cards' (the text: the duty starts as soon as a hand is "
            "down to two cards, announced or not) or 'announcement' (only once a player has "
            "said « deux cartes »)."
        },
    )
    duty_penalty = fields.String(
        load_default="per_player",
        validate=validate.OneOf(["per_player", "per_pass"]),
        metadata={
            "description": "« Si on peut prouver qu'il n'a pas respecté cette règle … il perd "
            "dix points de victoire »: 'per_player' (the text: ten points once for each player "
            "proven to have broken the duty) or 'per_pass' (ten points for each pass proven)."
        },
    )
    open_more_after_passes = fields.Boolean(
        load_default=True,
        metadata={
            "description": "« quand plusieurs joueurs ont encore des cartes … mais sont tous "
            "bloqués, on ouvre une ligne et une colonne de plus »: accept open_more only after "
            "every seat still holding cards has passed since the domain last changed."
        },
    )


@dataclass(frozen=True, slots=True)
class Pass:
    """« passer »: the active seat lays nothing; −1 victory point with cards in hand."""


@dataclass(frozen=True, slots=True)
class DeuxCartes:
    """« deux cartes »: the seat is down to two cards; from now on nobody may pass if able."""


@dataclass(frozen=True, slots=True)
class OpenMore:
    """Every seat still holding cards is blocked: one more row and one more column open."""


@dataclass(frozen=True, slots=True)
class Neuro:
    """« neuro »: the seat opens a bidding round, bidding first."""


@dataclass(frozen=True, slots=True)
class Decline:
    """The seat makes no bid in this bidding round."""


@dataclass(frozen=True, slots=True)
class StartDomain:
    card: str = wire(NeuroCardField(
        required=True,
        metadata={"description": "« On choisit au hasard une carte et on la pose, face "
                  "visible »: the starting card of the domain, laid at (0, 0)."}))


@dataclass(frozen=True, slots=True)
class PlaceCard:
    card: str = wire(NeuroCardField(required=True,
                                    metadata={"description": "The card laid on the domain."}))
    row: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=-60, max=60),
        metadata={"description": "Row relative to the starting card (0); rows grow "
                  "downward."}))
    col: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=-60, max=60),
        metadata={"description": "Column relative to the starting card (0); columns grow to "
                  "the right."}))


@dataclass(frozen=True, slots=True)
class LayBid:
    base: int = wire(fields.Integer(
        required=True, validate=validate.OneOf(BASES),
        metadata={"description": "The base card (« carton de base ») 1 to 10 laid on the "
                  "domain card; each is used once in the game."}))
    row: int = wire(fields.Integer(required=True,
                                   metadata={"description": "Row of the domain card bid on."}))
    col: int = wire(fields.Integer(
        required=True, metadata={"description": "Column of the domain card bid on."}))
    # None: face down at the table until ``reveal_bids``
    token: str | None = wire(fields.String(
        load_default=None, allow_none=True, validate=validate.OneOf(TOKENS),
        metadata={"description": "The bidder's token laid face down: 0, 1, 2, nature, colour "
                  "or force. Give it only from the bidder's own device: it stays sealed (shown "
                  "to that seat and the host) until the treasure is known. Leave it out when "
                  "the table reveals it at the end (reveal_bids)."}))


@dataclass(frozen=True, slots=True)
class Reveal:
    cards: Sequence[str] = wire(fields.List(
        NeuroCardField(), required=True,
        metadata={"description": "The cards the last player still holds when the game "
                  "stops."}))


class NeurotrioTokenSchema(Schema):
    base = fields.Integer(
        required=True,
        validate=validate.OneOf(BASES),
        metadata={"description": "The base card the token lies on."},
    )
    token = fields.String(
        required=True,
        validate=validate.OneOf(TOKENS),
        metadata={"description": "The token turned face up: 0, 1, 2, nature, colour or force."},
    )


@dataclass(frozen=True, slots=True)
class RevealBids:
    tokens: Sequence[Mapping[str, Any]] = wire(fields.List(  # {"base": 1…10, "token": …}, each
        fields.Nested(NeurotrioTokenSchema), required=True,
        validate=validate.Length(min=1, max=len(BASES)),
        metadata={"description": "The tokens turned face up at the end, each by its base "
                  "card."}))


# the payloads' schemas, under the names the API has always documented them by
NeurotrioPassSchema = schema_of(Pass, "NeurotrioPassSchema")
NeurotrioDeuxCartesSchema = schema_of(DeuxCartes, "NeurotrioDeuxCartesSchema")
NeurotrioOpenMoreSchema = schema_of(OpenMore, "NeurotrioOpenMoreSchema")
NeurotrioNeuroSchema = schema_of(Neuro, "NeurotrioNeuroSchema")
NeurotrioDeclineSchema = schema_of(Decline, "NeurotrioDeclineSchema")
NeurotrioStartDomainSchema = schema_of(StartDomain, "NeurotrioStartDomainSchema")
NeurotrioPlaceSchema = schema_of(PlaceCard, "NeurotrioPlaceSchema")
NeurotrioBidSchema = schema_of(LayBid, "NeurotrioBidSchema")
NeurotrioRevealSchema = schema_of(Reveal, "NeurotrioRevealSchema")
NeurotrioRevealBidsSchema = schema_of(RevealBids, "NeurotrioRevealBidsSchema")

MOVES = Moves(
    Checks(log="NT-TURN-1", turn="NT-TURN-1", over="NT-END-1", seat="NT-SEAT-1",
           no_seat="NT-SEAT-1", host="NT-DUTY-2"),
    # a card laid face up from the stock, by any seat or the host (NT-DECK-3)
    move("start_domain", StartDomain, who=ANYONE),
    move("place", PlaceCard, states_cards=OWN_CARDS),
    # NT-PASS-1: a pass costs a victory point
    move("pass", Pass, costly=True),
    move("deux_cartes", DeuxCartes, call=True),
    # NT-GRID-3: any seat, or the host, opens the grid once every holder has passed
    move("open_more", OpenMore, who=ANYONE, costly=True),
    move("neuro", Neuro, call=True),
    # the bidder's own token, sealed until the treasure is known
    move("bid", LayBid, states_cards=OWN_CARDS),
    move("decline", Decline, costly=True),
    # the last player shows its own hand, or the host logs it for that player (NT-TRES-1)
    move("reveal", Reveal, who=SEAT_OR_HOST, states_cards=OWN_CARDS, costly=True),
    # every bidder's face-down token: stated by the host, or by the table for the host
    move("reveal_bids", RevealBids, who=ANYONE, states_cards=OTHERS_CARDS, costly=True),
    # NT-DUTY-2: judged by its own clause once the hands are known
    move("missplay", MissplayReport, who=HOST_ONLY, after_end=True),
)
