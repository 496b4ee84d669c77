"""Carte et Plouc's match options: the eight variants (PL-VAR-…) and the readings a table may
dispute, checked once at set-up and held in one frozen ``PloucOptions``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import InvalidOptions
from referee.engines.messages import msg

DECK_SIZE = 52
VARIANTS = (
    "zouzou",
    "mega_one",
    "david_le_fou",
    "zero",
    "trois_de_trefle",
    "mot_doux",
    "six",
    "maitresse",
)


def _flag_option(text: str) -> fields.Boolean:
    return fields.Boolean(load_default=False, metadata={"description": text})


class PloucOptionsSchema(Schema):
    dealer = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "Seat of the dealer, who turns up the first card of the stock"},
    )
    first_seat = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0),
        metadata={"description": "Seat that plays first; empty: the dealer's left (next seat)"},
    )
    hand_size = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1),
        metadata={
            "description": "Cards dealt to each player; empty: 7 up to 6 players, 5 from 7 to 9"
        },
    )
    zouzou = _flag_option(
        "La Zouzou: a forgotten 'carte' or 'plouc', caught by another's 'contre': "
        "the forgetter draws one card"
    )
    mega_one = _flag_option(
        "La Méga One: as la Zouzou, but the player who said 'contre' gives one of their cards"
    )
    david_le_fou = _flag_option(
        "David le fou: any player may flag any error; a right flag punishes the offender by the "
        "sanction chosen before play, a wrong flag makes the flagger draw one card"
    )
    sanction = fields.String(
        load_default="zouzou",
        validate=validate.OneOf(["zouzou", "mega_one"]),
        metadata={
            "description": "David le fou's sanction for a right flag: zouzou (the offender draws "
            "one) or mega_one (the flagger gives the offender one of their cards)"
        },
    )
    zero = _flag_option(
        "Le zéro: when a 2 lands on the discard, the first to slap it must swap hands with "
        "another player"
    )
    trois_de_trefle = _flag_option("Le 3 de trèfle: nobody may finish with the 3 of clubs")
    mot_doux = _flag_option("Le mot doux: a swear word costs two cards from the stock, no play")
    six = _flag_option("Le 6: the next player misses their turn, one player skipped per 6 played")
    maitresse = _flag_option("La maîtresse: nobody may finish on a special card")
    # Readings a table may dispute: the default is the text's most literal reading (PL-…).
    aces = fields.String(
        load_default="previous_card",
        validate=validate.OneOf(["previous_card", "suit_in_play"]),
        metadata={
            "description": "« On ne peut mettre un as que de la couleur de la carte précédente » "
            "and « on doit changer de couleur »: previous_card (the text: an ace goes only on a "
            "card of its own suit, so never on an ace, and the suit named differs from every "
            "suit the aces leave on top) or suit_in_play (an ace goes on the suit an ace named; "
            "with several aces the suit named need only differ from the suit the first followed)"
        },
    )
    king_of_spades_answer = fields.String(
        load_default="seven_of_spades",
        validate=validate.OneOf(["seven_of_spades", "stack"]),
        metadata={
            "description": "« Sauf si le joueur suivant met le 7 de pique, c'est le joueur "
            "suivant qui pioche 7 cartes »: seven_of_spades (the text: the 7 of spades alone "
            "answers the king, and the following player draws the 7 cards) or stack (other 7s "
            "may go down with it and may answer it in turn, 2 more cards each)"
        },
    )
    square_of_sevens = fields.String(
        load_default="next_player",
        validate=validate.OneOf(["next_player", "after_replay"]),
        metadata={
            "description": "« Si l'on pose les 4 cartes 7 … le joueur suivant doit piocher 8 "
            "cartes »: next_player (the text's example: the player after the square's player "
            "draws the 8 cards and plays after that player's replay) or after_replay (the cards "
            "fall on whoever is next when the replay ends, a 10 or a 6 in it included)"
        },
    )
    late_carte = fields.String(
        load_default="stands",
        validate=validate.OneOf(["stands", "clears"]),
        metadata={
            "description": "« Si un joueur n'a plus qu'une seule carte en main, il doit dire "
            "« carte » »: stands (a « carte » said once the next player has played is too late: "
            "the forgotten « carte » can still be caught) or clears (a late « carte » still "
            "clears it)"
        },
    )
    carte_flag = fields.String(
        load_default="log",
        validate=validate.OneOf(["log", "hand_now"]),
        metadata={
            "description": "David le fou, « dès qu'un joueur fait une erreur … le joueur qui "
            "voit l'erreur la signale »: log (a flag on a forgotten « carte » is right when the "
            "log shows a play that left one card without a « carte » in time, whatever the hand "
            "holds since) or hand_now (only while « carte » is still owed now)"
        },
    )
    contre_when = fields.String(
        load_default="turn_over",
        validate=validate.OneOf(["turn_over", "immediate"]),
        metadata={
            "description": "La Zouzou, « quand on oublie de dire « carte », un autre joueur dit "
            "« contre » »: turn_over (a « carte » is forgotten only once another player has "
            "played or drawn, PL-ANN-3: a contre before that is refused, the player may still "
            "say it) or immediate (a contre is upheld as soon as the hand holds one card and "
            "no « carte » was said: how matches were judged before)"
        },
    )


@dataclass(frozen=True, slots=True)
class PloucOptions:
    """The options of one match, as set up (hand size and first seat settled)."""

    dealer: int = 0
    first_seat: int = 1
    hand_size: int = 7
    zouzou: bool = False
    mega_one: bool = False
    david_le_fou: bool = False
    sanction: str = "zouzou"
    zero: bool = False
    trois_de_trefle: bool = False
    mot_doux: bool = False
    six: bool = False
    maitresse: bool = False
    aces: str = "previous_card"
    king_of_spades_answer: str = "seven_of_spades"
    square_of_sevens: str = "next_player"
    late_carte: str = "stands"
    carte_flag: str = "log"
    contre_when: str = "turn_over"

    @property
    def literal_aces(self) -> bool:
        """PL-ACE-1: the text's reading, an ace follows the card on top."""
        return self.aces == "previous_card"

    @property
    def punishes_forgetting(self) -> bool:
        """PL-ZZ-1 / PL-MO-1: 'contre' is played."""
        return self.zouzou or self.mega_one

    def variants(self) -> list[str]:
        return [v for v in VARIANTS if getattr(self, v)]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def settle(options: Mapping[str, Any], seats: int) -> PloucOptions:
    """PL-SEAT-1 / PL-DEAL-1 / PL-DEAL-2 / PL-MO-1: the options of a match of ``seats`` players,
    defaults filled in; raises InvalidOptions."""
    if not 2 <= seats <= 9:
        raise InvalidOptions("PL-SEAT-1", msg("plouc.setup.seats", count=seats))
    opts = {**PloucOptionsSchema().load({}), **dict(options)}
    dealer = opts["dealer"]
    if not 0 <= dealer < seats:
        raise InvalidOptions("PL-DEAL-2", msg("plouc.setup.no_dealer", seat_number=dealer),
                             "dealer")
    first = opts["first_seat"]
    if first is None:
        first = (dealer + 1) % seats
    elif not 0 <= first < seats:
        raise InvalidOptions("PL-DEAL-2", msg("plouc.setup.no_first", seat_number=first),
                             "first_seat")
    size = opts["hand_size"] or (7 if seats <= 6 else 5)
    if size * seats + 1 > DECK_SIZE:
        raise InvalidOptions("PL-DEAL-1", msg("plouc.setup.deck_short", count=seats, size=size),
                             "hand_size")
    if opts["zouzou"] and opts["mega_one"]:
        raise InvalidOptions("PL-MO-1", msg("plouc.setup.zouzou_or_mega_one"), "mega_one")
    opts["hand_size"], opts["first_seat"] = size, first
    known = PloucOptions.__dataclass_fields__
    return PloucOptions(**{k: v for k, v in opts.items() if k in known})
