"""Neurotrio, la chasse au trésor: building the domain and bidding on where the treasure lies.

Rule ids (``NT-…``) lead to ``docs/rules/neurotrio.md``. The engine never sees a hand while the
game runs: it knows how many cards each seat holds and every card laid on the domain. The hands
become known at the end (each seat's hand was what it placed plus what it still held), and only
then can it prove the "deux cartes" duty, name the treasure (the one card of the 53 without a
twin) and score the bids.

A card is written ``nature-colour-force``: ``coeur-noir-2``, ``etoile-vert-1``, ``rose-bleu-3``
(accents and case are ignored: ``Cœur-Noir-2`` is the same card; the natures may be abbreviated
``c``, ``e``, ``r``). The colours are a match option (default noir, vert, bleu).

The domain is a grid whose coordinates are relative to the starting card, at ``(0, 0)``: rows
grow downward, columns to the right, as the scorekeeper looks at the table; both may go negative.
Seats are numbered clockwise: seat ``s + 1`` sits on seat ``s``'s left and plays after it.

Variants: the text says the treasure hunt mixes with "Conquêtes", whose rule we do not have.
A variant would subclass ``NeurotrioEngine`` (as python-chess variants subclass ``Board``), add
its own events to ``event_types``, and its own source of points to ``SOURCES`` and
``score_sources``; nothing else here needs to change.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, validate

from referee.engines.base import (
    HOST,
    NO_CARDS,
    OTHERS_CARDS,
    OWN_CARDS,
    Engine,
    Event,
    Flag,
    Impossible,
    InvalidOptions,
    Line,
    MissplayReportSchema,
    Standings,
    Verdict,
    Viewer,
    register,
)

# --- the deck ---------------------------------------------------------------------------------

NATURES: tuple[str, ...] = ("coeur", "etoile", "rose")
NATURE_ALIASES: Mapping[str, str] = {"c": "coeur", "e": "etoile", "r": "rose"}
FORCES: tuple[int, ...] = (1, 2, 3)
DEFAULT_COLOURS: list[str] = ["noir", "vert", "bleu"]
ATTRIBUTES: tuple[str, ...] = ("nature", "colour", "force")
COPIES = 2  # NT-DECK-1: 27 different cards, each twice
DEALT = 52  # NT-DEAL-1: 54 − the card removed unseen − the starting card

START_POINTS = 5  # NT-PRE-2
PLACEMENT_POINTS: Mapping[int, int] = {2: 1, 3: 5, 4: 20}  # NT-DOM-5, by compatible neighbours
FINISH_BONUSES: tuple[int, ...] = (5, 3, 1)  # NT-FIN-1
DUTY_PENALTY = 10  # NT-DUTY-2

BASES: tuple[int, ...] = tuple(range(1, 11))  # NT-BID-1: the base cards 1 to 10
NUMBER_TOKENS: tuple[str, ...] = ("0", "1", "2")
ATTRIBUTE_TOKENS: tuple[str, ...] = ATTRIBUTES
TOKENS: tuple[str, ...] = NUMBER_TOKENS + ATTRIBUTE_TOKENS  # NT-BID-1: each seat's six tokens
NUMBER_FACTOR: Mapping[int, int] = {3: 3, 2: 1, 1: -1, 0: -2}  # NT-BID-7, by attributes shared

SOURCES: tuple[str, ...] = (
    "start",
    "passes",
    "placements",
    "finish",
    "last_player",
    "deux_cartes",
    "bids",
)

Cell = tuple[int, int]  # (row, col)


def fold(text: str) -> str:
    """Lower case without accents, so a scorekeeper may type ``Étoile`` or ``cœur``."""
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip().lower()


@dataclass(frozen=True, slots=True, order=True)
class NeuroCard:
    """A Neurotrio card: three attributes, no rank or suit."""

    nature: str
    colour: str
    force: int

    @classmethod
    def parse(cls, text: str) -> NeuroCard:
        parts = [p.strip() for p in fold(text).split("-")]
        if len(parts) != 3:
            raise ValueError(
                f"{text!r} is not a card: write nature-colour-force, like coeur-noir-2"
            )
        nature = NATURE_ALIASES.get(parts[0], parts[0])
        if nature not in NATURES:
            raise ValueError(f"{text!r}: the nature is one of coeur, etoile, rose")
        if not parts[1] or not parts[1].replace(" ", "").isalpha():
            raise ValueError(f"{text!r}: the colour is a word, like noir")
        if parts[2] not in ("1", "2", "3"):
            raise ValueError(f"{text!r}: the force is 1, 2 or 3")
        return cls(nature, parts[1], int(parts[2]))

    def __str__(self) -> str:
        return f"{self.nature}-{self.colour}-{self.force}"

    def attribute(self, name: str) -> str | int:
        return getattr(self, name)  # type: ignore[no-any-return]

    def common(self, other: NeuroCard) -> tuple[str, ...]:
        """The attributes the two cards share (NT-DOM-2, NT-BID-7)."""
        return tuple(a for a in ATTRIBUTES if self.attribute(a) == other.attribute(a))

    def compatible(self, other: NeuroCard) -> bool:
        """NT-DOM-2: at least two attributes in common."""
        return len(self.common(other)) >= 2


def full_deck(colours: Iterable[str]) -> list[NeuroCard]:
    """One of each of the 27 different cards (the deck holds each twice)."""
    return [NeuroCard(n, c, f) for n in NATURES for c in colours for f in FORCES]


class NeuroCardField(fields.String):
    """A card written ``nature-colour-force`` (``coeur-noir-2``); loads to that canonical text.

    The schema checks the shape, the nature and the force; the colour is checked by the engine
    against the match's colours.
    """

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "description": "A card: nature-colour-force, e.g. coeur-noir-2, etoile-vert-1, "
            "rose-bleu-3 (natures coeur, etoile, rose; the match's three colours; force 1-3)",
            "example": "coeur-noir-2",
        }
        metadata.update(kwargs.pop("metadata", {}) or {})
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return str(NeuroCard.parse(text))
        except ValueError as err:
            raise ValidationError(str(err)) from err


# --- the state --------------------------------------------------------------------------------


@dataclass
class Placed:
    """A card of the domain; ``order`` lets the end rebuild the domain as any pass saw it."""

    card: str
    seat: int | None  # None for the starting card
    order: int  # 0 for the starting card, then 1, 2, … in the order they were laid
    points: int


@dataclass
class SeatState:
    """One seat: its hand size (never its cards, until the end) and the counts its points come
    from."""

    dealt: int
    hand: int  # cards still in hand (the engine knows how many, not which)
    start: int
    passes: int = 0  # passes made with cards in hand, −1 each (NT-PASS-1)
    placement_points: int = 0
    finish_rank: int | None = None
    finish_bonus: int = 0
    last_penalty: int = 0
    announced: bool = False  # said "deux cartes"
    bids: int = 0  # tokens used (known or not)
    tokens: list[str] = field(default_factory=list)  # the tokens used whose face is known
    proven_violations: int = 0  # deux-cartes duty, proven at the end
    reported_violations: int = 0  # deux-cartes duty, reported by the host during play
    remaining: list[str] | None = None  # the cards still held, once shown at the end


@dataclass
class Bid:
    """A base card laid on a domain card with a token; scored once the treasure is known."""

    base: int
    seat: int
    row: int
    col: int
    token: str | None  # None: face down at the table until ``reveal_bids``
    sealed: bool  # the token was logged with the bid (shown to its seat and the host)
    round: int
    points: int | None = None  # once the treasure and the token are known


@dataclass
class BiddingRound:
    """A round opened by « neuro »: each seat once, clockwise from the caller."""

    number: int
    caller: int
    order: list[int]  # seats in clockwise order from the caller
    index: int = 0  # position in ``order`` of the seat to bid or decline

    @property
    def to_bid(self) -> int:
        return self.order[self.index]


@dataclass(frozen=True)
class DutyPass:
    """A pass made while the deux-cartes duty held: proven or cleared when the hands are known."""

    seq: int
    seat: int
    domain_size: int  # the domain then: the cards with ``order`` below this
    opens: int


@dataclass(frozen=True)
class Opening:
    """An ``open_more``: every holder should have been blocked; checked when hands are known."""

    seq: int
    domain_size: int
    opens_before: int
    holders: tuple[int, ...]


@dataclass
class NeurotrioState:
    """The table as the engine knows it. Bounded by the game (53 cards, 10 bids), except the
    passes under the duty and the openings, kept one small record each until the end proves
    them."""

    seats: list[SeatState]
    colours: list[str]
    dealer: int
    first: int
    max_rows: int
    max_cols: int
    duty_starts: str
    open_after_passes: bool
    duty_penalty: str = "per_player"
    phase: str = "start"  # start | play | bidding | reveal | bids | over
    turn: int | None = None
    domain: dict[Cell, Placed] = field(default_factory=dict)
    opens: int = 0  # times one more row and column were opened (NT-GRID-3)
    duty_since: int | None = None  # seq from which nobody may pass while able to place
    played_since_round: bool = False  # NT-BID-2: a neuro follows a play
    passed_since_change: list[int] = field(default_factory=list)
    round: BiddingRound | None = None
    rounds_held: int = 0
    bids: list[Bid] = field(default_factory=list)
    duty_passes: list[DutyPass] = field(default_factory=list)
    openings: list[Opening] = field(default_factory=list)
    finishers: list[int] = field(default_factory=list)
    last_player: int | None = None
    treasure: str | None = None
    laps: list[dict[str, int]] = field(default_factory=list)  # totals after each lap, for charts


# --- the domain: legality, separate from laying the card ----------------------------------------


@dataclass(frozen=True, slots=True)
class Limits:
    """How many rows and columns may hold cards (NT-GRID-1, NT-GRID-2, NT-GRID-3)."""

    rows: int
    cols: int


@dataclass(frozen=True, slots=True)
class Fault:
    """Why a card cannot go in a cell: the rule and a sentence."""

    rule: str
    reason: str
    where: str


def neighbours(at: Cell) -> tuple[Cell, ...]:
    """The four cells sharing an edge with ``at`` (up, down, left, right)."""
    r, c = at
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def placement_fault(
    domain: Mapping[Cell, str], card: NeuroCard, at: Cell, limits: Limits
) -> Fault | None:
    """Whether ``card`` may be laid at ``at``; None when it may, else which rule fails and why."""
    r, c = at
    if at in domain:
        return Fault("NT-DOM-1", f"({r}, {c}) already holds {domain[at]}", "payload.row")
    touching = [(n, NeuroCard.parse(domain[n])) for n in neighbours(at) if n in domain]
    if not touching:
        return Fault(
            "NT-DOM-1",
            f"({r}, {c}) shares no edge with a card of the domain",
            "payload.row",
        )
    rows = len({row for row, _ in domain} | {r})
    cols = len({col for _, col in domain} | {c})
    if rows > limits.rows or cols > limits.cols:
        return Fault(
            "NT-GRID-2",
            f"({r}, {c}) would make {_many(rows, 'row')} and {_many(cols, 'column')}; only "
            f"{_many(limits.rows, 'row')} and {_many(limits.cols, 'column')} are open",
            "payload.row" if rows > limits.rows else "payload.col",
        )
    if cols > 2 * rows or rows > 2 * cols:
        return Fault(
            "NT-GRID-1",
            f"({r}, {c}) would make {_many(rows, 'row')} and {_many(cols, 'column')}; neither "
            "may exceed twice the other",
            "payload.col" if cols > 2 * rows else "payload.row",
        )
    failing = [(n, other) for n, other in touching if not card.compatible(other)]
    if len(touching) == 1 and failing:
        ((n, other),) = failing
        return Fault(
            "NT-DOM-3",
            f"{card} at ({r}, {c}) touches only {other} at {n}, {_shares(card, other)}; "
            "compatible cards share at least two attributes",
            "payload.card",
        )
    if len(touching) > 1 and len(touching) - len(failing) < 2:
        why = "; ".join(f"{other} at {n} {_shares(card, other)}" for n, other in failing)
        return Fault(
            "NT-DOM-4",
            f"{card} at ({r}, {c}) touches {len(touching)} cards and must be compatible with at "
            f"least two, but {why}",
            "payload.card",
        )
    return None


def _many(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _shares(card: NeuroCard, other: NeuroCard) -> str:
    common = card.common(other)
    return f"shares only {common[0]}" if common else "shares nothing"


def placement_points(domain: Mapping[Cell, str], card: NeuroCard, at: Cell) -> int:
    """NT-DOM-5: +1, +5, +20 for two, three, four compatible neighbours; one gives nothing."""
    compatible = sum(
        1 for n in neighbours(at) if n in domain and card.compatible(NeuroCard.parse(domain[n]))
    )
    return PLACEMENT_POINTS.get(compatible, 0)


def frontier(domain: Mapping[Cell, str], limits: Limits) -> list[Cell]:
    """The empty cells sharing an edge with the domain and inside the open rows and columns."""
    rows = {r for r, _ in domain}
    cols = {c for _, c in domain}
    found: set[Cell] = set()
    for at in domain:
        for n in neighbours(at):
            if n in domain:
                continue
            nr = len(rows | {n[0]})
            nc = len(cols | {n[1]})
            if nr <= limits.rows and nc <= limits.cols and nc <= 2 * nr and nr <= 2 * nc:
                found.add(n)
    return sorted(found)


def first_legal(
    domain: Mapping[Cell, str], hand: Iterable[str], limits: Limits
) -> tuple[str, Cell] | None:
    """A card of ``hand`` and a cell where it may go, or None when the hand is blocked."""
    cells = frontier(domain, limits)
    for text in sorted(set(hand)):
        card = NeuroCard.parse(text)
        for at in cells:
            if placement_fault(domain, card, at, limits) is None:
                return text, at
    return None


def legal_placements(state: NeurotrioState, card: str) -> list[tuple[int, int, int]]:
    """Every (row, col, points) where ``card`` may be laid now: for a seat's own device."""
    domain = _domain_cards(state)
    limits = _limits(state)
    parsed = NeuroCard.parse(card)
    return [
        (r, c, placement_points(domain, parsed, (r, c)))
        for r, c in frontier(domain, limits)
        if placement_fault(domain, parsed, (r, c), limits) is None
    ]


def _domain_cards(state: NeurotrioState, size: int | None = None) -> dict[Cell, str]:
    """The domain's cards, or the domain as it was when it held ``size`` cards."""
    return {at: p.card for at, p in state.domain.items() if size is None or p.order < size}


def _limits(state: NeurotrioState, opens: int | None = None) -> Limits:
    extra = state.opens if opens is None else opens
    return Limits(state.max_rows + extra, state.max_cols + extra)


# --- bids -------------------------------------------------------------------------------------


def bid_points(base: int, token: str, card: NeuroCard, treasure: NeuroCard) -> int:
    """NT-BID-7 and NT-BID-8: what a base card and its token on ``card`` are worth."""
    if token in NUMBER_TOKENS:
        return base * int(token) * NUMBER_FACTOR[len(card.common(treasure))]
    return base if card.attribute(token) == treasure.attribute(token) else -base


# --- schemas ----------------------------------------------------------------------------------


def _seats_text(seats: Iterable[int]) -> str:
    return ", ".join(str(s) for s in seats) or "none"


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


class NeurotrioPassSchema(Schema):
    """« passer »: the active seat lays nothing; −1 victory point with cards in hand."""


class NeurotrioDeuxCartesSchema(Schema):
    """« deux cartes »: the seat is down to two cards; from now on nobody may pass if able."""


class NeurotrioOpenMoreSchema(Schema):
    """Every seat still holding cards is blocked: one more row and one more column open."""


class NeurotrioNeuroSchema(Schema):
    """« neuro »: the seat opens a bidding round, bidding first."""


class NeurotrioDeclineSchema(Schema):
    """The seat makes no bid in this bidding round."""


class NeurotrioStartDomainSchema(Schema):
    card = NeuroCardField(
        required=True,
        metadata={
            "description": "« On choisit au hasard une carte et on la pose, face "
            "visible »: the starting card of the domain, laid at (0, 0)."
        },
    )


class NeurotrioPlaceSchema(Schema):
    card = NeuroCardField(required=True, metadata={"description": "The card laid on the domain."})
    row = fields.Integer(
        required=True,
        validate=validate.Range(min=-60, max=60),
        metadata={"description": "Row relative to the starting card (0); rows grow downward."},
    )
    col = fields.Integer(
        required=True,
        validate=validate.Range(min=-60, max=60),
        metadata={
            "description": "Column relative to the starting card (0); columns grow to the right."
        },
    )


class NeurotrioBidSchema(Schema):
    base = fields.Integer(
        required=True,
        validate=validate.OneOf(BASES),
        metadata={
            "description": "The base card (« carton de base ») 1 to 10 laid on the "
            "domain card; each is used once in the game."
        },
    )
    row = fields.Integer(required=True, metadata={"description": "Row of the domain card bid on."})
    col = fields.Integer(
        required=True, metadata={"description": "Column of the domain card bid on."}
    )
    token = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(TOKENS),
        metadata={
            "description": "The bidder's token laid face down: 0, 1, 2, nature, colour or "
            "force. Give it only from the bidder's own device: it stays sealed (shown to that "
            "seat and the host) until the treasure is known. Leave it out when the table "
            "reveals it at the end (reveal_bids)."
        },
    )


class NeurotrioRevealSchema(Schema):
    cards = fields.List(
        NeuroCardField(),
        required=True,
        metadata={"description": "The cards the last player still holds when the game stops."},
    )


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


class NeurotrioRevealBidsSchema(Schema):
    tokens = fields.List(
        fields.Nested(NeurotrioTokenSchema),
        required=True,
        validate=validate.Length(min=1, max=len(BASES)),
        metadata={"description": "The tokens turned face up at the end, each by its base card."},
    )


# --- the engine -------------------------------------------------------------------------------


class NeurotrioEngine(Engine[NeurotrioState]):
    """The treasure hunt: build the domain, bid on the treasure, most victory points wins."""

    id = "neurotrio"
    title = "Neurotrio : la chasse au trésor"
    rules_file = "neurotrio-treasure-hunt.fr.txt"
    catalogue = "docs/rules/neurotrio.md"
    min_seats = 3
    max_seats = 8
    options_schema = NeurotrioOptionsSchema
    event_types: ClassVar[Mapping[str, type[Schema]]] = {
        "start_domain": NeurotrioStartDomainSchema,
        "place": NeurotrioPlaceSchema,
        "pass": NeurotrioPassSchema,
        "deux_cartes": NeurotrioDeuxCartesSchema,
        "open_more": NeurotrioOpenMoreSchema,
        "neuro": NeurotrioNeuroSchema,
        "bid": NeurotrioBidSchema,
        "decline": NeurotrioDeclineSchema,
        "reveal": NeurotrioRevealSchema,
        "reveal_bids": NeurotrioRevealBidsSchema,
        "missplay": MissplayReportSchema,
    }
    host_only = frozenset({"missplay"})
    # NT-PASS-1 (a pass costs a victory point), NT-GRID-3, the reveals that score the round,
    # and a bidding round given up.
    costly_moves: ClassVar[frozenset[str]] = frozenset({"pass", "open_more", "reveal",
                                                        "reveal_bids", "decline"})
    states_cards: ClassVar[Mapping[str, str]] = {
        "start_domain": NO_CARDS,  # a card laid face up from the stock
        "place": OWN_CARDS,
        "pass": NO_CARDS,
        "deux_cartes": NO_CARDS,
        "open_more": NO_CARDS,
        "neuro": NO_CARDS,
        "bid": OWN_CARDS,  # the bidder's own token (sealed)
        "decline": NO_CARDS,
        "reveal": OWN_CARDS,  # the last player shows its own hand (NT-TRES-1)
        "reveal_bids": OTHERS_CARDS,  # every bidder's face-down token: the host's to log
        "missplay": NO_CARDS,
    }
    calls: ClassVar[frozenset[str]] = frozenset({"deux_cartes", "neuro"})
    reportable_missplays: ClassVar[Mapping[str, str]] = {
        "NT-DUTY-2": "Under the « deux cartes » duty, the seat passed although it could place a "
        "card, and the table proved it during play: −10 victory points (not charged again if "
        "the engine proves the same fault at the end). The seat must have passed under the "
        "duty, and the hands must not be known yet.",
    }
    state_version = 2

    # --- set-up ---

    def setup(self, options: Mapping[str, Any], seats: int) -> NeurotrioState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions(
                "NT-SEAT-1", f"The treasure hunt is for 3 to 8 players, not {seats}", "seats"
            )
        dealer = int(options.get("dealer", 1))
        if dealer >= seats:
            raise InvalidOptions(
                "NT-SEAT-1", f"The dealer must be one of seats 0 to {seats - 1}", "options.dealer"
            )
        colours = [fold(c) for c in options.get("colours", DEFAULT_COLOURS)]
        if len(set(colours)) != 3 or any(
            not c or "-" in c or not c.replace(" ", "").isalpha() for c in colours
        ):
            raise InvalidOptions(
                "NT-DECK-1",
                "Give three different colour names, each a word without hyphens",
                "options.colours",
            )
        first = (dealer - 1) % seats  # NT-SEAT-1: the seat on the dealer's right
        sizes = deal_sizes(seats, dealer)
        fewest = min(sizes)  # NT-DEAL-1: one more card, one more victory point
        seat_states = [SeatState(n, n, START_POINTS + (n > fewest)) for n in sizes]
        return NeurotrioState(
            seats=seat_states,
            colours=colours,
            dealer=dealer,
            first=first,
            max_rows=int(options.get("max_rows", 6)),
            max_cols=int(options.get("max_cols", 11)),
            duty_starts=str(options.get("duty_starts", "two_cards")),
            open_after_passes=bool(options.get("open_more_after_passes", True)),
            duty_penalty=str(options.get("duty_penalty", "per_player")),
        )

    # --- judging ---

    def apply(self, state: NeurotrioState, event: Event) -> Verdict:
        handler = self._handlers().get(event.type)
        if handler is None:
            raise Impossible("NT-TURN-1", f"{event.type!r} is not a Neurotrio move", "type")
        return handler(state, event)

    def _handlers(self) -> dict[str, Callable[[NeurotrioState, Event], Verdict]]:
        return {
            "start_domain": self._start_domain,
            "place": self._place,
            "pass": self._pass,
            "deux_cartes": self._deux_cartes,
            "open_more": self._open_more,
            "neuro": self._neuro,
            "bid": self._bid,
            "decline": self._decline,
            "reveal": self._reveal,
            "reveal_bids": self._reveal_bids,
            "missplay": self._missplay,
        }

    def _start_domain(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase != "start":
            raise Impossible("NT-DECK-3", "The domain has already been started", "type")
        card = self._card(state, event.payload["card"], "payload.card")
        state.domain[(0, 0)] = Placed(str(card), None, 0, 0)
        state.phase = "play"
        state.turn = state.first
        return Verdict.ok(
            "NT-DECK-3",
            f"The domain starts with {card} at (0, 0)",
            f"seat {state.first} plays first",
        )

    def _place(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._active(state, event, "place a card")
        card = self._card(state, event.payload["card"], "payload.card")
        at = (int(event.payload["row"]), int(event.payload["col"]))
        domain = _domain_cards(state)
        fault = placement_fault(domain, card, at, _limits(state))
        if fault is not None:
            raise Impossible(fault.rule, f"Seat {seat} cannot place: {fault.reason}", fault.where)
        if sum(1 for text in domain.values() if text == str(card)) >= COPIES:
            raise Impossible(
                "NT-DECK-2",
                f"Both copies of {card} are already in the domain: there is no third",
                "payload.card",
            )
        points = placement_points(domain, card, at)
        # the move is possible: lay the card
        me = state.seats[seat]
        state.domain[at] = Placed(str(card), seat, len(state.domain), points)
        me.hand -= 1
        me.placement_points += points
        state.played_since_round = True
        state.passed_since_change = []
        effects = [f"seat {seat} holds {me.hand} card{'s' if me.hand != 1 else ''}"]
        if state.duty_starts == "two_cards" and state.duty_since is None and me.hand <= 2:
            state.duty_since = event.seq
            effects.append("a hand is down to two cards: nobody may pass while able to place")
        if me.hand == 0:
            effects.append(self._finish(state, seat))
        holders = self._holders(state)
        if len(holders) == 1:
            effects.append(self._stop(state, holders[0]))
        else:
            self._advance(state, seat)
        rule = "NT-DOM-5" if points else "NT-DOM-3"
        gain = f": +{points} victory point{'s' if points != 1 else ''}" if points else ""
        return Verdict.ok(
            rule,
            f"Seat {seat} placed {card} at {at}, compatible with "
            f"{_compatible_count(domain, card, at)} of its {_touching(domain, at)} "
            f"neighbour{'s' if _touching(domain, at) != 1 else ''}{gain}",
            *effects,
        )

    def _pass(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._active(state, event, "pass")
        me = state.seats[seat]
        me.passes += 1  # the active seat always holds cards: empty hands are skipped
        state.played_since_round = True
        if seat not in state.passed_since_change:
            state.passed_since_change.append(seat)
        effects = ["−1 victory point"]
        if state.duty_since is not None:
            state.duty_passes.append(DutyPass(event.seq, seat, len(state.domain), state.opens))
            effects.append("checked against its hand at the end (« deux cartes » duty)")
        self._advance(state, seat)
        return Verdict.ok("NT-PASS-1", f"Seat {seat} passes with {me.hand} cards in hand", *effects)

    def _deux_cartes(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._seat(state, event)
        if state.phase not in ("play", "bidding"):
            raise Impossible(
                "NT-DUTY-1", "« Deux cartes » is said while the domain is being built", "type"
            )
        me = state.seats[seat]
        if me.hand != 2:
            raise Impossible(
                "NT-DUTY-1",
                f"Seat {seat} holds {me.hand} cards: « deux cartes » is said with two",
                "seat",
            )
        if me.announced:
            raise Impossible("NT-DUTY-1", f"Seat {seat} has already said « deux cartes »", "seat")
        me.announced = True
        effects = []
        if state.duty_since is None:
            state.duty_since = event.seq
            effects.append("from now on nobody may pass while able to place a card")
        return Verdict.ok("NT-DUTY-1", f"Seat {seat} says « deux cartes »", *effects)

    def _open_more(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase != "play":
            raise Impossible(
                "NT-GRID-3", "Rows and columns are opened while the domain is being built", "type"
            )
        holders = self._holders(state)
        waiting = [s for s in holders if s not in state.passed_since_change]
        if state.open_after_passes and waiting:
            raise Impossible(
                "NT-GRID-3",
                "Every seat still holding cards must be blocked; seat(s) "
                f"{_seats_text(waiting)} have not passed since the domain last changed",
                "type",
            )
        state.openings.append(Opening(event.seq, len(state.domain), state.opens, tuple(holders)))
        state.opens += 1
        state.passed_since_change = []
        limits = _limits(state)
        return Verdict.ok(
            "NT-GRID-3",
            f"Seats {_seats_text(holders)} are all blocked: one more row and one more column open",
            f"up to {limits.rows} rows and {limits.cols} columns",
            "checked against the hands at the end",
        )

    def _neuro(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._seat(state, event)
        if state.phase == "bidding":
            raise Impossible("NT-BID-2", "A bidding round is already under way", "type")
        if state.phase != "play":
            raise Impossible(
                "NT-BID-4",
                "No more bidding: a single player still holds cards",
                "type",
            )
        if not state.played_since_round:
            raise Impossible(
                "NT-BID-2",
                "« Neuro » is said just after a play (a pass or a card laid), and there has "
                "been none since the last bidding round",
                "type",
            )
        if not self._bases_left(state):
            raise Impossible("NT-BID-5", "All ten base cards are on the domain", "type")
        if state.seats[seat].bids >= len(TOKENS):
            raise Impossible(
                "NT-BID-5",
                f"Seat {seat} has used its six tokens and must bid when it calls",
                "seat",
            )
        n = len(state.seats)
        state.rounds_held += 1
        state.round = BiddingRound(state.rounds_held, seat, [(seat + k) % n for k in range(n)])
        state.phase = "bidding"
        state.played_since_round = False
        return Verdict.ok(
            "NT-BID-2",
            f"Seat {seat} says « neuro »: bidding round {state.rounds_held} runs clockwise from it",
            f"seat {seat} must bid first",
        )

    def _bidder(self, state: NeurotrioState, event: Event) -> tuple[int, BiddingRound]:
        seat = self._seat(state, event)
        if state.phase != "bidding" or state.round is None:
            raise Impossible("NT-BID-2", "No bidding round is under way", "type")
        if seat != state.round.to_bid:
            raise Impossible(
                "NT-BID-2",
                f"Seat {seat} cannot bid now: it is seat {state.round.to_bid}'s turn to bid",
                "seat",
            )
        return seat, state.round

    def _bid(self, state: NeurotrioState, event: Event) -> Verdict:
        seat, rnd = self._bidder(state, event)
        base = int(event.payload["base"])
        at = (int(event.payload["row"]), int(event.payload["col"]))
        token = event.payload.get("token")
        if base not in self._bases_left(state):
            raise Impossible(
                "NT-BID-5", f"Base card {base} is already on the domain", "payload.base"
            )
        if at not in state.domain:
            raise Impossible(
                "NT-BID-5", f"There is no domain card at {at} to bid on", "payload.row"
            )
        me = state.seats[seat]
        if token is not None and token in me.tokens:
            raise Impossible(
                "NT-BID-5", f"Seat {seat} has already used its {token} token", "payload.token"
            )
        # the bid is possible: lay the base card and the token
        state.bids.append(Bid(base, seat, at[0], at[1], token, token is not None, rnd.number))
        me.bids += 1
        if token is not None:
            me.tokens.append(token)
        card = state.domain[at].card
        effects = [self._next_bidder(state)]
        sealed = "sealed" if token is not None else "face down, revealed at the end"
        return Verdict.ok(
            "NT-BID-5",
            f"Seat {seat} lays base card {base} on {card} at {at} with a token ({sealed})",
            *effects,
        )

    def _decline(self, state: NeurotrioState, event: Event) -> Verdict:
        seat, rnd = self._bidder(state, event)
        if seat == rnd.caller:
            raise Impossible("NT-BID-2", f"Seat {seat} said « neuro » and must bid", "type")
        return Verdict.ok("NT-BID-2", f"Seat {seat} does not bid", self._next_bidder(state))

    def _reveal(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase not in ("reveal", "bids") or state.last_player is None:
            raise Impossible(
                "NT-TRES-1", "The last hand is shown once a single player holds cards", "type"
            )
        last = state.last_player
        if event.seat is not None and event.seat != last:
            raise Impossible(
                "NT-TRES-1", f"Seat {last} is the last player: it shows its hand", "seat"
            )
        if state.seats[last].remaining is not None:
            raise Impossible("NT-TRES-1", f"Seat {last} has already shown its hand", "type")
        shown = [self._card(state, c, "payload.cards") for c in event.payload["cards"]]
        if len(shown) != state.seats[last].hand:
            raise Impossible(
                "NT-TRES-1",
                f"Seat {last} holds {state.seats[last].hand} cards, not {len(shown)}",
                "payload.cards",
            )
        seen = Counter(p.card for p in state.domain.values()) + Counter(str(c) for c in shown)
        over = sorted(text for text, n in seen.items() if n > COPIES)
        if over:
            raise Impossible(
                "NT-DECK-2",
                f"{over[0]} would appear {seen[over[0]]} times; the deck holds it twice",
                "payload.cards",
            )
        # the hand is possible: every card is now known
        state.seats[last].remaining = [str(c) for c in shown]
        (treasure,) = [text for text, n in seen.items() if n == 1]  # NT-DECK-2: 53 = 26×2 + 1
        state.treasure = treasure
        flags = self._check_duty(state) + self._check_openings(state)
        self._score_bids(state)
        self._close_if_done(state)
        where = self._treasure_place(state)
        proven = [f for f in flags if f.rule == "NT-DUTY-2"]
        effects = [f"the treasure is {treasure} ({where})"]
        if proven and state.duty_penalty == "per_pass":
            effects.append(f"{len(proven)} pass(es) broke the « deux cartes » duty: −10 each")
        elif proven:
            offenders = sorted({s for s, seat in enumerate(state.seats) if seat.proven_violations})
            effects.append(
                f"seat(s) {_seats_text(offenders)} broke the « deux cartes » duty: −10 each "
                "player, once"
            )
        pending = sum(1 for b in state.bids if b.token is None)
        if pending:
            effects.append(f"{pending} token(s) still to be turned face up")
        return Verdict.ok(
            "NT-TRES-1",
            f"Seat {last} shows {len(shown)} card(s): every hand is known and the treasure is "
            f"{treasure}",
            *effects,
            flags=tuple(flags),
        )

    def _reveal_bids(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase not in ("reveal", "bids"):
            raise Impossible("NT-BID-6", "Tokens are turned face up at the end of the game", "type")
        by_base = {b.base: b for b in state.bids}
        used = {i: list(s.tokens) for i, s in enumerate(state.seats)}
        turned: list[tuple[Bid, str]] = []
        for i, item in enumerate(event.payload["tokens"]):
            base, token = int(item["base"]), str(item["token"])
            bid = by_base.get(base)
            where = f"payload.tokens.{i}"
            if bid is None:
                raise Impossible("NT-BID-6", f"No bid lies on base card {base}", where)
            if bid.token is not None or any(b is bid for b, _ in turned):
                raise Impossible(
                    "NT-BID-6", f"The token on base card {base} is already known", where
                )
            if token in used[bid.seat]:
                raise Impossible("NT-BID-5", f"Seat {bid.seat} has only one {token} token", where)
            used[bid.seat].append(token)
            turned.append((bid, token))
        for bid, token in turned:
            bid.token = token
            state.seats[bid.seat].tokens.append(token)
        self._score_bids(state)
        self._close_if_done(state)
        pending = sum(1 for b in state.bids if b.token is None)
        return Verdict.ok(
            "NT-BID-6",
            f"{len(turned)} token(s) turned face up",
            *([f"{pending} still face down"] if pending else []),
        )

    def _missplay(self, state: NeurotrioState, event: Event) -> Verdict:
        if not event.by_host:
            raise Impossible("NT-DUTY-2", "Only the host reports a missplay", "type")
        rule = str(event.payload["rule"])
        if rule not in self.reportable_missplays:
            raise Impossible(
                "NT-DUTY-2",
                f"{rule} is not a fault the host reports; only NT-DUTY-2 is",
                "payload.rule",
            )
        seat = self._seat(state, event)
        if state.duty_since is None:
            why = (
                "nobody has said « deux cartes »"
                if state.duty_starts == "announcement"
                else "no hand is down to two cards yet"
            )
            raise Impossible("NT-DUTY-2", f"{why.capitalize()}: passing is still allowed", "type")
        if state.treasure is not None:
            raise Impossible(
                "NT-DUTY-2",
                "Every hand is known: the engine has settled the « deux cartes » duty from them",
                "type",
            )
        me = state.seats[seat]
        passes = sum(1 for p in state.duty_passes if p.seat == seat)
        if not passes:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has not passed since the « deux cartes » duty began: it has broken "
                "no duty",
                "seat",
            )
        if state.duty_penalty == "per_player" and me.reported_violations:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has already lost its ten points for the « deux cartes » duty: "
                "« il perd dix points de victoire » once",
                "seat",
            )
        if me.reported_violations >= passes:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has passed {passes} time(s) under the duty, and each is already "
                "reported",
                "seat",
            )
        before = self._duty_charge(state, me)
        me.reported_violations += 1
        charged = self._duty_charge(state, me) - before
        return Verdict.missplay(
            "NT-DUTY-2",
            f"Seat {seat} passed under the « deux cartes » duty although it could place a card",
            f"−{charged} victory points" if charged else "none more: already charged",
        )

    # --- what a move does to the table ---

    def _finish(self, state: NeurotrioState, seat: int) -> str:
        state.finishers.append(seat)
        rank = len(state.finishers)
        me = state.seats[seat]
        me.finish_rank = rank
        me.finish_bonus = FINISH_BONUSES[rank - 1] if rank <= len(FINISH_BONUSES) else 0
        return f"seat {seat} has emptied its hand, finishing {_ordinal(rank)}: " + (
            f"+{me.finish_bonus} victory points" if me.finish_bonus else "no bonus"
        )

    def _stop(self, state: NeurotrioState, last: int) -> str:
        """NT-END-1 and NT-END-2: a single player still holds cards: the game stops."""
        me = state.seats[last]
        me.last_penalty = -last_player_penalty(me.hand)
        state.last_player = last
        state.phase = "reveal"
        state.turn = None
        state.laps.append(self._totals(state))
        return (
            f"only seat {last} still holds cards: the game stops and it loses "
            f"{-me.last_penalty} victory point(s) for {me.hand} card(s); it shows its hand"
        )

    def _advance(self, state: NeurotrioState, seat: int) -> None:
        """The next seat clockwise that still holds cards; a lap ends when it wraps past the
        first player."""
        n = len(state.seats)
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if state.seats[nxt].hand > 0:
                if (nxt - state.first) % n <= (seat - state.first) % n:
                    state.laps.append(self._totals(state))
                state.turn = nxt
                return

    def _next_bidder(self, state: NeurotrioState) -> str:
        rnd = state.round
        assert rnd is not None
        bases = self._bases_left(state)
        rnd.index += 1
        while bases and rnd.index < len(rnd.order) and state.seats[rnd.to_bid].bids >= len(TOKENS):
            rnd.index += 1  # a seat with no token left has no bid to make
        if not bases or rnd.index >= len(rnd.order):
            state.round = None
            state.phase = "play"
            return f"the bidding round ends: seat {state.turn} resumes building the domain"
        return f"seat {rnd.to_bid} may bid"

    def _check_duty(self, state: NeurotrioState) -> list[Flag]:
        """NT-DUTY-2: each pass made under the duty, against the hand the seat then held.

        Every proven pass is flagged; what it costs follows the option ``duty_penalty``: ten
        points for the player once (``per_player``, the text) or for each pass (``per_pass``).
        """
        flags = []
        for p in state.duty_passes:
            hand = self._hand_at(state, p.seat, p.domain_size)
            found = first_legal(_domain_cards(state, p.domain_size), hand, _limits(state, p.opens))
            if found is None:
                continue
            me = state.seats[p.seat]
            before = self._duty_charge(state, me)
            me.proven_violations += 1
            charged = self._duty_charge(state, me) - before
            card, at = found
            flags.append(
                Flag(
                    p.seq,
                    "NT-DUTY-2",
                    f"Seat {p.seat} passed under the « deux cartes » duty although it could "
                    f"place {card} at {at}",
                    f"−{charged} victory points"
                    if charged
                    else "none more: the player loses its ten points once",
                )
            )
        return flags

    def _duty_charge(self, state: NeurotrioState, me: SeatState) -> int:
        """NT-DUTY-2: the points a seat loses for the duty, proven and reported faults counted
        once (ten times the larger count per pass; ten at most per player)."""
        faults = max(me.proven_violations, me.reported_violations)
        if state.duty_penalty == "per_player":
            faults = min(faults, 1)
        return DUTY_PENALTY * faults

    def _check_openings(self, state: NeurotrioState) -> list[Flag]:
        """NT-GRID-3: every holder should have been blocked when the grid grew."""
        flags = []
        for o in state.openings:
            domain = _domain_cards(state, o.domain_size)
            limits = _limits(state, o.opens_before)
            for seat in o.holders:
                found = first_legal(domain, self._hand_at(state, seat, o.domain_size), limits)
                if found is not None:
                    card, at = found
                    flags.append(
                        Flag(
                            o.seq,
                            "NT-GRID-3",
                            f"Seat {seat} was not blocked: it could place {card} at {at}",
                        )
                    )
                    break
        return flags

    def _hand_at(self, state: NeurotrioState, seat: int, domain_size: int) -> list[str]:
        """A seat's hand when the domain held ``domain_size`` cards: what it laid afterwards
        plus what it held at the end."""
        later = [p.card for p in state.domain.values() if p.seat == seat and p.order >= domain_size]
        return later + list(state.seats[seat].remaining or [])

    def _score_bids(self, state: NeurotrioState) -> None:
        if state.treasure is None:
            return
        treasure = NeuroCard.parse(state.treasure)
        for bid in state.bids:
            if bid.token is not None and bid.points is None:
                card = NeuroCard.parse(state.domain[(bid.row, bid.col)].card)
                bid.points = bid_points(bid.base, bid.token, card, treasure)

    def _close_if_done(self, state: NeurotrioState) -> None:
        if state.treasure is None:
            return
        state.phase = "bids" if any(b.token is None for b in state.bids) else "over"

    def _treasure_place(self, state: NeurotrioState) -> str:
        for at, p in state.domain.items():
            if p.card == state.treasure:
                return f"in the domain at {at}"
        return f"in seat {state.last_player}'s hand"

    # --- small judgements shared by the moves ---

    def _seat(self, state: NeurotrioState, event: Event) -> int:
        if event.seat is None or not 0 <= event.seat < len(state.seats):
            raise Impossible(
                "NT-SEAT-1", f"This move needs a seat from 0 to {len(state.seats) - 1}", "seat"
            )
        return event.seat

    def _active(self, state: NeurotrioState, event: Event, doing: str) -> int:
        seat = self._seat(state, event)
        if state.phase == "start":
            raise Impossible("NT-DECK-3", "Lay the starting card of the domain first", "type")
        if state.phase == "bidding":
            raise Impossible(
                "NT-BID-3",
                f"Seat {seat} cannot {doing}: the domain waits for the bidding round to end",
                "type",
            )
        if state.phase != "play":
            raise Impossible("NT-END-1", "The game has stopped: no more plays", "type")
        if seat != state.turn:
            raise Impossible(
                "NT-TURN-1", f"Seat {seat} cannot {doing}: it is seat {state.turn}'s turn", "seat"
            )
        return seat

    def _card(self, state: NeurotrioState, text: str, where: str) -> NeuroCard:
        card = NeuroCard.parse(text)
        if card.colour not in state.colours:
            raise Impossible(
                "NT-DECK-1",
                f"{card} is not in this deck: its colours are {', '.join(state.colours)}",
                where,
            )
        return card

    def _holders(self, state: NeurotrioState) -> list[int]:
        return [i for i, s in enumerate(state.seats) if s.hand > 0]

    def _bases_left(self, state: NeurotrioState) -> list[int]:
        used = {b.base for b in state.bids}
        return [b for b in BASES if b not in used]

    # --- the score ---

    def score_sources(self, state: NeurotrioState, seat: int) -> dict[str, int]:
        """Where a seat's victory points come from; the total is their sum (a variant adds its
        own sources here)."""
        me = state.seats[seat]
        bids = sum(b.points or 0 for b in state.bids if b.seat == seat)
        return {
            "start": me.start,
            "passes": -me.passes,
            "placements": me.placement_points,
            "finish": me.finish_bonus,
            "last_player": me.last_penalty,
            "deux_cartes": -self._duty_charge(state, me),
            "bids": bids,
        }

    def _totals(self, state: NeurotrioState) -> dict[str, int]:
        return {str(i): sum(self.score_sources(state, i).values()) for i in range(len(state.seats))}

    def standings(self, state: NeurotrioState) -> Standings:
        lines = tuple(
            Line(str(i), (i,), sum(src.values()), src)
            for i in range(len(state.seats))
            for src in [self.score_sources(state, i)]
        )
        finished = state.phase == "over"
        winners: tuple[int, ...] = ()
        outcome = ""
        if finished:
            best = max(ln.total for ln in lines)
            winners = tuple(ln.seats[0] for ln in lines if ln.total == best)
            names = " and ".join(f"seat {s}" for s in winners)
            verb = "wins" if len(winners) == 1 else "share the win"
            outcome = f"{names.capitalize()} {verb} with {best} victory points"
        elif state.phase in ("reveal", "bids"):
            outcome = "The domain is finished; waiting for the hidden cards and tokens"
        rounds = tuple(state.laps) + ((self._totals(state),) if finished else ())
        return Standings(
            unit="victory points",
            lower_is_better=False,
            lines=lines,
            finished=finished,
            winners=winners,
            outcome=outcome,
            target=None,
            rounds=rounds,
        )

    def turn(self, state: NeurotrioState) -> int | None:
        if state.phase == "bidding" and state.round is not None:
            return state.round.to_bid
        return state.turn if state.phase == "play" else None

    # --- what each viewer sees ---

    def public_payload(
        self, state: NeurotrioState, event: Event, viewer: Viewer
    ) -> Mapping[str, Any]:
        """NT-BID-6: a token logged with its bid stays sealed in the log too, shown only to the
        bidder and the host until the treasure is known."""
        if (
            event.type == "bid"
            and event.payload.get("token") is not None
            and state.treasure is None
            and viewer not in (HOST, event.seat)
        ):
            return {**event.payload, "token": "sealed"}
        return event.payload

    def view(self, state: NeurotrioState, viewer: Viewer) -> dict[str, Any]:
        totals = self._totals(state)
        return {
            "game": self.id,
            "phase": state.phase,
            "turn": self.turn(state),
            "dealer": state.dealer,
            "first_player": state.first,
            "colours": list(state.colours),
            "seats": [self._seat_view(state, i, totals[str(i)]) for i in range(len(state.seats))],
            "domain": self._domain_view(state),
            "bidding": self._round_view(state),
            "bases_left": self._bases_left(state),
            "bids": [self._bid_view(state, b, viewer) for b in state.bids],
            "deux_cartes": {
                "announced": [i for i, s in enumerate(state.seats) if s.announced],
                "duty": state.duty_since is not None,
            },
            "treasure": state.treasure,
            "moves": self.moves(state),
        }

    def moves(self, state: NeurotrioState) -> list[dict[str, Any]]:
        """The move types the log may take now, and by which seats (None: any seat or the host),
        so a page can offer the right buttons. Cards and cells are still judged on arrival."""
        found: list[dict[str, Any]] = []

        def offer(type_: str, seats: list[int] | None) -> None:
            if seats is None or seats:
                found.append({"type": type_, "seats": seats})

        n = len(state.seats)
        if state.phase == "start":
            offer("start_domain", None)
        if state.phase in ("play", "bidding"):
            two = [i for i, s in enumerate(state.seats) if s.hand == 2 and not s.announced]
            offer("deux_cartes", two)
        if state.phase == "play" and state.turn is not None:
            offer("place", [state.turn])
            offer("pass", [state.turn])
            if state.played_since_round and self._bases_left(state):
                offer("neuro", [i for i in range(n) if state.seats[i].bids < len(TOKENS)])
            holders = self._holders(state)
            if not state.open_after_passes or set(holders) <= set(state.passed_since_change):
                offer("open_more", None)
        if state.phase == "bidding" and state.round is not None:
            offer("bid", [state.round.to_bid])
            if state.round.to_bid != state.round.caller:
                offer("decline", [state.round.to_bid])
        if state.phase == "reveal" and state.last_player is not None:
            offer("reveal", [state.last_player])
        if state.phase in ("reveal", "bids") and any(b.token is None for b in state.bids):
            offer("reveal_bids", None)
        return found

    def _seat_view(self, state: NeurotrioState, seat: int, total: int) -> dict[str, Any]:
        me = state.seats[seat]
        hand: list[str | None] = (
            list(me.remaining) if me.remaining is not None else [None] * me.hand
        )
        return {
            "seat": seat,
            "hand_size": me.hand,
            "hand": hand,
            "dealt": me.dealt,
            "points": total,
            "finish_rank": me.finish_rank,
            "last_player": state.last_player == seat,
            "announced_deux_cartes": me.announced,
            "tokens_left": len(TOKENS) - me.bids,
            "passed_since_change": seat in state.passed_since_change,
        }

    def _domain_view(self, state: NeurotrioState) -> dict[str, Any]:
        limits = _limits(state)
        if not state.domain:
            return {
                "rows": [],
                "row_range": None,
                "col_range": None,
                "open_rows": 0,
                "open_cols": 0,
                "row_limit": limits.rows,
                "col_limit": limits.cols,
                "openings": state.opens,
                "frontier": [],
            }
        rows = [r for r, _ in state.domain]
        cols = [c for _, c in state.domain]
        r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
        bases: dict[Cell, list[int]] = {}
        for b in state.bids:
            bases.setdefault((b.row, b.col), []).append(b.base)
        grid = [
            [self._cell_view(state, (r, c), bases) for c in range(c0, c1 + 1)]
            for r in range(r0, r1 + 1)
        ]
        return {
            "rows": grid,
            "row_range": [r0, r1],
            "col_range": [c0, c1],
            "open_rows": r1 - r0 + 1,
            "open_cols": c1 - c0 + 1,
            "row_limit": limits.rows,
            "col_limit": limits.cols,
            "openings": state.opens,
            "frontier": [[r, c] for r, c in frontier(_domain_cards(state), limits)],
        }

    def _cell_view(
        self, state: NeurotrioState, at: Cell, bases: Mapping[Cell, list[int]]
    ) -> dict[str, Any] | None:
        placed = state.domain.get(at)
        if placed is None:
            return None
        card = NeuroCard.parse(placed.card)
        return {
            "row": at[0],
            "col": at[1],
            "card": placed.card,
            "nature": card.nature,
            "colour": card.colour,
            "force": card.force,
            "seat": placed.seat,
            "points": placed.points,
            "order": placed.order,
            "bases": sorted(bases.get(at, [])),
            "treasure": placed.card == state.treasure,
        }

    def _round_view(self, state: NeurotrioState) -> dict[str, Any] | None:
        rnd = state.round
        if rnd is None:
            return None
        return {
            "round": rnd.number,
            "caller": rnd.caller,
            "order": list(rnd.order),
            "to_bid": rnd.to_bid,
            "done": list(rnd.order[: rnd.index]),
        }

    def _bid_view(self, state: NeurotrioState, bid: Bid, viewer: Viewer) -> dict[str, Any]:
        shown = bid.token is not None and (
            not bid.sealed or state.treasure is not None or viewer == HOST or viewer == bid.seat
        )
        return {
            "base": bid.base,
            "seat": bid.seat,
            "row": bid.row,
            "col": bid.col,
            "card": state.domain[(bid.row, bid.col)].card,
            "round": bid.round,
            "token": bid.token if shown else None,
            "sealed": bid.sealed,
            "points": bid.points,
        }


def last_player_penalty(cards: int) -> int:
    """NT-END-2: 1, 2, 5 or 20 points for 1, 2, 3, or 4 and more cards left."""
    return {1: 1, 2: 2, 3: 5}.get(cards, 20 if cards >= 4 else 0)


def _touching(domain: Mapping[Cell, str], at: Cell) -> int:
    return sum(1 for n in neighbours(at) if n in domain)


def _compatible_count(domain: Mapping[Cell, str], card: NeuroCard, at: Cell) -> int:
    return sum(
        1 for n in neighbours(at) if n in domain and card.compatible(NeuroCard.parse(domain[n]))
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def deal_sizes(seats: int, dealer: int = 1) -> list[int]:
    """NT-DEAL-1: how many cards each seat is dealt."""
    first = (dealer - 1) % seats
    share, extra = divmod(DEALT, seats)
    return [share + ((s - first) % seats < extra) for s in range(seats)]


ENGINE = register(NeurotrioEngine())
