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
A variant would be a ``variant.py`` beside these modules (as python-chess's variants are small
subclasses of ``Board``): a subclass of ``NeurotrioEngine`` with its own moves bound to their
rules, and its own source of points beside ``SOURCES`` and ``scoring.score_sources``.


The package: ``cards`` (the deck), ``state``, ``domain`` (where a card may go, what it scores),
``moves`` (options, payloads, the move registry), ``scoring`` (victory points by source, the
standings), ``table`` (what moves change, the small judgements they share), ``rules`` (each move
judged and applied, the registry binding them, the deal), ``legal`` (what may be logged now),
``view`` (each viewer's view), ``engine`` (the contract's face). Functions over the state: no
helper takes the engine.
"""

from __future__ import annotations

from referee.engines.neurotrio.cards import (  # noqa: F401  (the package's public names)
    ATTRIBUTE_TOKENS,
    ATTRIBUTES,
    BASES,
    COPIES,
    DEALT,
    DEFAULT_COLOURS,
    DUTY_PENALTY,
    FINISH_BONUSES,
    FORCES,
    NATURE_ALIASES,
    NATURES,
    NUMBER_FACTOR,
    NUMBER_TOKENS,
    PLACEMENT_POINTS,
    SOURCES,
    START_POINTS,
    TOKENS,
    Cell,
    NeuroCard,
    NeuroCardField,
    fold,
    full_deck,
)
from referee.engines.neurotrio.domain import (  # noqa: F401  (the package's public names)
    Fault,
    Limits,
    bid_points,
    compatible_count,
    deal_sizes,
    domain_cards,
    first_legal,
    frontier,
    last_player_penalty,
    legal_placements,
    limits_of,
    neighbours,
    placement_fault,
    placement_points,
    shares,
    touching,
)
from referee.engines.neurotrio.engine import (  # noqa: F401  (the package's public names)
    ENGINE,
    NeurotrioEngine,
)
from referee.engines.neurotrio.moves import (  # noqa: F401  (the package's public names)
    NeurotrioBidSchema,
    NeurotrioDeclineSchema,
    NeurotrioDeuxCartesSchema,
    NeurotrioNeuroSchema,
    NeurotrioOpenMoreSchema,
    NeurotrioOptionsSchema,
    NeurotrioPassSchema,
    NeurotrioPlaceSchema,
    NeurotrioRevealBidsSchema,
    NeurotrioRevealSchema,
    NeurotrioStartDomainSchema,
    NeurotrioTokenSchema,
)
from referee.engines.neurotrio.state import (  # noqa: F401  (the package's public names)
    Bid,
    BiddingRound,
    DutyPass,
    NeurotrioState,
    Opening,
    Placed,
    SeatState,
)

