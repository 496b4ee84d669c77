"""Neurotrio, in English: what the engine says (ids ``neurotrio.…``).

Cells are written ``(row, col)`` relative to the starting card; cards as the table types them
(``coeur-noir-2``); attributes and tokens by their code words (``nature``, ``colour``, ``force``,
``0``, ``1``, ``2``), which read the same in English.
"""

MESSAGES: dict[str, str] = {
    # set-up
    "neurotrio.setup.seats": "The treasure hunt is for 3 to 8 players, not {count}",
    "neurotrio.setup.dealer": "The dealer must be one of seats 0 to {highest}",
    "neurotrio.setup.colours": "Give three different colour names, each a word without hyphens",
    "neurotrio.seat.needed": "This move needs a seat from 0 to {highest}",
    "neurotrio.deck.colour": "{card} is not in this deck: its colours are {colours}",
    # the starting card
    "neurotrio.start.already": "The domain has already been started",
    "neurotrio.start.laid": "The domain starts with {card} at (0, 0)",
    # whose turn
    "neurotrio.turn.start_first": "Lay the starting card of the domain first",
    "neurotrio.turn.stopped": "The game has stopped: no more plays",
    "neurotrio.place.while_bidding": "{seat} cannot place a card: the domain waits for the "
    "bidding round to end",
    "neurotrio.pass.while_bidding": "{seat} cannot pass: the domain waits for the bidding round "
    "to end",
    "neurotrio.place.not_your_turn": "{seat} cannot place a card: it is {turn_seat}'s turn",
    "neurotrio.pass.not_your_turn": "{seat} cannot pass: it is {turn_seat}'s turn",
    # laying a card
    "neurotrio.place.refused": "{seat} cannot place: {why}",
    "neurotrio.place.occupied": "({row}, {col}) already holds {card}",
    "neurotrio.place.apart": "({row}, {col}) shares no edge with a card of the domain",
    "neurotrio.place.grid_closed": "({row}, {col}) would make {rows} row(s) and {cols} "
    "column(s); only {open_rows} row(s) and {open_cols} column(s) are open",
    "neurotrio.place.grid_shape": "({row}, {col}) would make {rows} row(s) and {cols} "
    "column(s); neither may exceed twice the other",
    "neurotrio.place.incompatible": "{card} at ({row}, {col}) touches only {other} at "
    "({other_row}, {other_col}), {shares}; compatible cards share at least two attributes",
    "neurotrio.place.too_few_compatible": "{card} at ({row}, {col}) touches {count} cards and "
    "must be compatible with at least two, but {why}",
    "neurotrio.place.fails": "{other} at ({other_row}, {other_col}) {shares}",
    "neurotrio.place.fails_and": "{other} at ({other_row}, {other_col}) {shares}; {more}",
    "neurotrio.shares.only": "shares only {attribute}",
    "neurotrio.shares.nothing": "shares nothing",
    "neurotrio.place.no_third": "Both copies of {card} are already in the domain: there is no "
    "third",
    "neurotrio.place.placed": "{seat} placed {card} at ({row}, {col}), compatible with "
    "{compatible} of its {count} neighbour(s)",
    "neurotrio.place.scores": "{seat} placed {card} at ({row}, {col}), compatible with "
    "{compatible} of its {count} neighbours: +{points} victory point(s)",
    # passing
    "neurotrio.pass.passes": "{seat} passes with {count} card(s) in hand",
    # « deux cartes »
    "neurotrio.duty.not_building": "« Deux cartes » is said while the domain is being built",
    "neurotrio.duty.not_two": "{seat} holds {count} card(s): « deux cartes » is said with two",
    "neurotrio.duty.already_said": "{seat} has already said « deux cartes »",
    "neurotrio.duty.says": "{seat} says « deux cartes »",
    # one more row and column
    "neurotrio.open.not_building": "Rows and columns are opened while the domain is being built",
    "neurotrio.open.not_blocked": "Every seat still holding cards must be blocked; "
    "{waiting_seats} have not passed since the domain last changed",
    "neurotrio.open.opens": "{holder_seats} are all blocked: one more row and one more column "
    "open",
    # « neuro » and the bids
    "neurotrio.neuro.round_on": "A bidding round is already under way",
    "neurotrio.neuro.no_more": "No more bidding: a single player still holds cards",
    "neurotrio.neuro.no_play_since": "« Neuro » is said just after a play (a pass or a card "
    "laid), and there has been none since the last bidding round",
    "neurotrio.neuro.no_bases": "All ten base cards are on the domain",
    "neurotrio.neuro.no_tokens": "{seat} has used their six tokens and must bid when they call",
    "neurotrio.neuro.says": "{seat} says « neuro »: bidding round {round} runs clockwise from "
    "them",
    "neurotrio.bid.no_round": "No bidding round is under way",
    "neurotrio.bid.not_your_turn": "{seat} cannot bid now: it is {turn_seat}'s turn to bid",
    "neurotrio.bid.base_used": "Base card {base} is already on the domain",
    "neurotrio.bid.no_card": "There is no domain card at ({row}, {col}) to bid on",
    "neurotrio.bid.token_used": "{seat} has already used their {token} token",
    "neurotrio.bid.sealed": "{seat} lays base card {base} on {card} at ({row}, {col}) with a "
    "token (sealed)",
    "neurotrio.bid.face_down": "{seat} lays base card {base} on {card} at ({row}, {col}) with a "
    "token (face down, revealed at the end)",
    "neurotrio.decline.caller": "{seat} said « neuro » and must bid",
    "neurotrio.decline.declines": "{seat} does not bid",
    # the end: the last hand, the tokens
    "neurotrio.reveal.not_yet": "The last hand is shown once a single player holds cards",
    "neurotrio.reveal.not_last": "{seat} is the last player: they show their hand",
    "neurotrio.reveal.already": "{seat} has already shown their hand",
    "neurotrio.reveal.count": "{seat} holds {held} card(s), not {count}",
    "neurotrio.reveal.too_many": "{card} would appear {count} times; the deck holds it twice",
    "neurotrio.reveal.shows": "{seat} shows {count} card(s): every hand is known and the "
    "treasure is {card}",
    "neurotrio.tokens.not_yet": "Tokens are turned face up at the end of the game",
    "neurotrio.tokens.no_bid": "No bid lies on base card {base}",
    "neurotrio.tokens.known": "The token on base card {base} is already known",
    "neurotrio.tokens.only_one": "{seat} has only one {token} token",
    "neurotrio.tokens.turned": "{count} token(s) turned face up",
    # the « deux cartes » duty reported by the host
    "neurotrio.missplay.not_reportable": "{rule} is not a fault the host reports; only "
    "NT-DUTY-2 is",
    "neurotrio.missplay.nobody_announced": "Nobody has said « deux cartes »: passing is still "
    "allowed",
    "neurotrio.missplay.no_two_cards": "No hand is down to two cards yet: passing is still "
    "allowed",
    "neurotrio.missplay.hands_known": "Every hand is known: the engine has settled the « deux "
    "cartes » duty from them",
    "neurotrio.missplay.no_pass": "{seat} has not passed since the « deux cartes » duty began: "
    "they have broken no duty",
    "neurotrio.missplay.already_lost": "{seat} has already lost their ten points for the "
    "« deux cartes » duty: « il perd dix points de victoire » once",
    "neurotrio.missplay.all_reported": "{seat} has passed {count} time(s) under the duty, and "
    "each is already reported",
    "neurotrio.missplay.passed_able": "{seat} passed under the « deux cartes » duty although "
    "they could place a card",
    # findings the end proves
    "neurotrio.flag.duty": "{seat} passed under the « deux cartes » duty although they could "
    "place {card} at ({row}, {col})",
    "neurotrio.flag.not_blocked": "{seat} was not blocked: they could place {card} at "
    "({row}, {col})",
    # penalties
    "neurotrio.penalty.points": "−{points} victory points",
    "neurotrio.penalty.already_charged": "none more: already charged",
    "neurotrio.penalty.once": "none more: the player loses their ten points once",
    # effects
    "neurotrio.effect.plays_first": "{seat} plays first",
    "neurotrio.effect.holds": "{seat} holds {count} card(s)",
    "neurotrio.effect.two_cards_duty": "a hand is down to two cards: nobody may pass while able "
    "to place",
    "neurotrio.effect.duty_from_now": "from now on nobody may pass while able to place a card",
    "neurotrio.effect.pass_costs": "−1 victory point",
    "neurotrio.effect.pass_checked": "checked against their hand at the end (« deux cartes » "
    "duty)",
    "neurotrio.effect.open_limits": "up to {rows} rows and {cols} columns",
    "neurotrio.effect.open_checked": "checked against the hands at the end",
    "neurotrio.effect.finished_first": "{seat} has emptied their hand, finishing first: "
    "+{points} victory points",
    "neurotrio.effect.finished_second": "{seat} has emptied their hand, finishing second: "
    "+{points} victory points",
    "neurotrio.effect.finished_third": "{seat} has emptied their hand, finishing third: "
    "+{points} victory point(s)",
    "neurotrio.effect.finished_later": "{seat} has emptied their hand, finishing {rank}th: no "
    "bonus",
    "neurotrio.effect.game_stops": "only {seat} still holds cards: the game stops and they lose "
    "{points} victory point(s) for {count} card(s); they show their hand",
    "neurotrio.effect.bids_first": "{seat} must bid first",
    "neurotrio.effect.may_bid": "{seat} may bid",
    "neurotrio.effect.round_ends": "the bidding round ends: {seat} resumes building the domain",
    "neurotrio.effect.treasure_in_domain": "the treasure is {card} (in the domain at ({row}, "
    "{col}))",
    "neurotrio.effect.treasure_in_hand": "the treasure is {card} (in {seat}'s hand)",
    "neurotrio.effect.duty_broken_per_pass": "{count} pass(es) broke the « deux cartes » duty: "
    "−{points} each",
    "neurotrio.effect.duty_broken_per_player": "{offender_seats} broke the « deux cartes » "
    "duty: −{points} each player, once",
    "neurotrio.effect.tokens_pending": "{count} token(s) still to be turned face up",
    "neurotrio.effect.still_face_down": "{count} still face down",
    # rounds only: the game logged at its end
    "neurotrio.rounds.logged": "This game is over: its end is already logged.",
    "neurotrio.rounds.no_seat": "There is no seat {seat_number}.",
    "neurotrio.rounds.finish_bonuses": "The first players out gain {bonuses} victory points, "
    "once each.",
    "neurotrio.rounds.no_bonus_for_last": "{seat} still held cards: no finish bonus.",
    "neurotrio.rounds.last_loses": "The last player ({seat}) loses at least {points} victory "
    "point for the cards still held.",
    # the outcome
    "neurotrio.outcome.wins": "{winner_seats} wins with {points} victory points",
    "neurotrio.outcome.shared": "{winner_seats} share the win with {points} victory points",
    "neurotrio.outcome.waiting": "The domain is finished; waiting for the hidden cards and "
    "tokens",
}
