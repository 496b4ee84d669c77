"""CitronCoco (each for themself), in English: what the engine says (ids ``citroncoco.…``)."""

MESSAGES: dict[str, str] = {
    # set-up
    "citroncoco.setup.seats": "{game} is played by {low} to {high} seats, not {count}.",
    "citroncoco.setup.deck_short": "A deck of {cards} cards cannot deal {size} cards to {count} "
    "seats and leave a stock.",
    "citroncoco.setup.no_first": "Seat {seat_number} is not at a table of {count}.",
    # drawing
    "citroncoco.draw.stock": "{seat} draws from the stock.",
    "citroncoco.draw.discard": "{seat} draws the {value} from the discard.",
    "citroncoco.draw.holding": "{seat} holds a drawn card: they must discard it or replace one of "
    "their cards first.",
    "citroncoco.draw.not_your_turn": "{seat} cannot draw: it is {turn_seat}'s turn.",
    "citroncoco.draw.plays_again": "{seat} cannot draw: {turn_seat} plays again (11 Supply).",
    "citroncoco.draw.discard_empty": "The discard is empty: draw from the stock.",
    "citroncoco.draw.own_discard": "{seat} cannot draw back the card they discarded themself.",
    "citroncoco.draw.nothing_left": "The stock is empty and the discard has no card to turn over.",
    "citroncoco.stock.remade": "the stock ran out: {count} cards of the discard become the new "
    "stock",
    "citroncoco.stock.empty": "no card is left to draw",
    "citroncoco.stock.unseen_card": "{seat} takes a card from the stock unseen",
    # playing the drawn card
    "citroncoco.play.nothing_drawn": "{seat} has no drawn card to play: a turn starts with a draw.",
    "citroncoco.play.not_your_turn": "{seat} cannot play: it is {turn_seat}'s turn.",
    "citroncoco.play.not_the_drawn": "{seat} drew the {drawn} from the discard, not a {value}.",
    "citroncoco.play.discard": "{seat} discards the drawn {value}.",
    "citroncoco.play.replace": "{seat} puts the drawn card at position {slot} and discards the "
    "{value} it replaces.",
    # cards and the deck
    "citroncoco.card.needs_slot": "Name the card's position.",
    "citroncoco.card.no_slot": "{seat} has {count} cards: there is no position {slot}.",
    "citroncoco.card.known_other": "{seat}'s card at position {slot} is known to be a {known}, "
    "not a {value}.",
    "citroncoco.deck.no_such_value": "The deck has no card of value {value}.",
    "citroncoco.deck.all_known": "The deck has {total} cards of value {value} and {known} are "
    "already known: this {value} cannot be.",
    # powers
    "citroncoco.power.may_use": "{seat} may use the {value}'s power ({power})",
    "citroncoco.power.unused": "{seat} did not use the {value}'s power",
    "citroncoco.power.automatic": "The {value}'s power needs no move: it applies by itself.",
    "citroncoco.power.none_owed": "{seat} has no power to use: their last discard has none, or "
    "the next turn has begun.",
    "citroncoco.power.not_owed": "{seat} has no {value}'s power to use (they may use: {owed}).",
    "citroncoco.power.needs_target": "The {value} ({power}) needs a target seat.",
    "citroncoco.power.no_such_seat": "There is no seat {seat_number} at this table.",
    "citroncoco.power.no_card_to_give": "There is no card left to give.",
    "citroncoco.power.assault": "{seat} makes {target_seat} take the stock's top card unseen (1 "
    "Assault).",
    "citroncoco.power.fellow": "{seat} looks at {target_seat}'s card at position {slot} (2 "
    "Fellow).",
    "citroncoco.power.fellow_no_teammate": "The 2 (Fellow) has no power: there is no teammate.",
    "citroncoco.power.fellow_wrong_seat": "Wrong power: {seat}'s 2 (Fellow) looks at a card of "
    "{allowed_seats}, not of {target_seat}.",
    "citroncoco.power.seadog": "{seat} looks at {target_seat}'s card at position {slot} (7 "
    "Seadog).",
    "citroncoco.power.witch": "{seat} gives the coin to {target_seat} (9 Witch).",
    "citroncoco.power.spy": "{seat} turns {target_seat}'s card at position {slot} face up (10 "
    "Spy).",
    "citroncoco.power.queen": "{seat} swaps {target_seat}'s card at position {slot} with "
    "{other_seat}'s at position {other_slot} (12 Queen).",
    "citroncoco.power.captain": "{seat} looks at the stock's next card (-1 Captain).",
    "citroncoco.spy.needs_value": "Give the value of the card turned face up.",
    "citroncoco.spy.already_face_up": "{seat}'s card at position {slot} is already face up.",
    "citroncoco.spy.face_up": "{seat}'s card at position {slot} stays face up: a {value}",
    "citroncoco.supply.plays_again": "{seat} will play again (11 Supply)",
    "citroncoco.captain.skips_next": "{seat}'s next turn is skipped (13 Captain)",
    "citroncoco.captain.skips": "{seat} skips its turn (13 Captain)",
    "citroncoco.queen.needs_other_seat": "The 12 (Queen) swaps two cards: name the second card's "
    "seat.",
    "citroncoco.queen.same_card": "A swap needs two different cards.",
    "citroncoco.queen.repeated": "{seat} repeats the last swap ({target_seat} position {slot} "
    "with {other_seat} position {other_slot}): the same swap cannot be made twice in a row; the "
    "cards go back.",
    # the coin
    "citroncoco.coin.held": "{seat} holds the coin",
    "citroncoco.coin.kept": "{seat} keeps the coin",
    "citroncoco.coin.blocks": "{seat} holds the coin: the {value}'s power is not activated and "
    "the coin returns to the centre",
    "citroncoco.coin.used_anyway": "{seat} holds the coin and used the {value}'s power anyway.",
    # penalties
    "citroncoco.penalty.card": "a penalty card from the stock",
    "citroncoco.penalty.unseen": "a penalty card from the stock, unseen",
    "citroncoco.penalty.card_and_coin": "a penalty card from the stock, and the seat keeps the "
    "coin",
    "citroncoco.penalty.cards_back": "the cards go back and {seat} takes a penalty card from the "
    "stock",
    # quick plays
    "citroncoco.quick.played": "{seat} quick-plays {value} on the {top}.",
    "citroncoco.quick.played_sum": "{seat} quick-plays {value} + {other_value} on the {top}.",
    "citroncoco.quick.wrong_value": "Wrong quick play by {seat}: {value} on a {top}.",
    "citroncoco.quick.wrong_sum": "Wrong quick play by {seat}: {value} + {other_value} on a {top}.",
    "citroncoco.quick.wrong": "Wrong quick play by {seat}: {why}.",
    "citroncoco.quick.on_quick": "Wrong quick play by {seat}: the {top} on the discard was itself "
    "quick-played during this turn.",
    "citroncoco.quick.sum_not_own": "a sum may only use {seat}'s own cards, not {other_seat}'s",
    "citroncoco.quick.no_sum": "This match is played without the sum-of-two quick play.",
    "citroncoco.quick.sum_incomplete": "A sum quick play names the second card's seat, position "
    "and value.",
    "citroncoco.quick.no_such_seat": "There is no seat {seat_number}.",
    "citroncoco.quick.same_card": "A sum needs two different cards.",
    "citroncoco.quick.round_over": "The round is over: no more quick plays.",
    "citroncoco.quick.last_turns_played": "Every player has played their last turn: the round is "
    "over.",
    "citroncoco.quick.discard_empty": "The discard is empty: there is no card to quick play on.",
    # the call and the end of a round
    "citroncoco.call.called": "{seat} calls Citron Coco: every other seat plays one last turn.",
    "citroncoco.call.already": "{seat} has already called Citron Coco this round.",
    "citroncoco.call.not_now": "{seat} can call Citron Coco only at the end of their own turn, "
    "before the next seat draws.",
    "citroncoco.call.gives_up_power": "{seat} gives up their unused power",
    "citroncoco.call.last_turns_played": "Every player has played their last turn after the "
    "Citron Coco: log the reveal of the hands.",
    "citroncoco.round.reveal_due": "The round is over: log the reveal of the hands.",
    "citroncoco.round.hand_empty": "{seat} has no card left: the round ends",
    "citroncoco.round.held_back": "the drawn card not yet played goes back on the stock",
    "citroncoco.reveal.not_over": "The round is not over: the hands are revealed after a Citron "
    "Coco's last turns or when a seat has no card left.",
    "citroncoco.reveal.all_seats": "Give the hands of all {count} seats.",
    "citroncoco.reveal.count": "{seat} has {count} cards, not {given}.",
    "citroncoco.reveal.power_owed": "The last card discarded, {seat}'s {value} ({power}), has "
    "its power still to use: the round ends once it is used or given up.",
    "citroncoco.reveal.may": "the hands may be revealed",
    "citroncoco.power.given_up": "{seat} gives up the {value}'s power ({power}).",
    "citroncoco.round.scored": "Round {round}: {scored}.",
    "citroncoco.round.last": "Round {round}: {scored}. {outcome}",
    "citroncoco.round.dealt": "round {round} is dealt; {seat} starts",
    # scoring and the outcome
    "citroncoco.score.hands": "every player scores the coconuts in their hand",
    "citroncoco.score.call_succeeds": "{seat}'s Citron Coco succeeds: the others score their "
    "hands, {seat} takes off {coconuts}",
    "citroncoco.score.call_fails": "{seat}'s Citron Coco fails: {seat} scores {coconuts}, the "
    "others nothing",
    "citroncoco.outcome.won": "{winner_seats} wins with {coconuts} coconuts; sunk: {sunk_seats} "
    "({sunk_totals}).",
    "citroncoco.outcome.won_shared": "{winner_seats} win with {coconuts} coconuts; sunk: "
    "{sunk_seats} ({sunk_totals}).",
    # faults the host reports
    "citroncoco.missplay.unknown": "'{rule}' is not a fault the table reports; one of: {rules}.",
    "citroncoco.missplay.reported": "{seat}: {fault}",
    "citroncoco.missplay.reported_note": "{seat}: {fault} ({note})",
    "citroncoco.missplay.no_coin": "{seat} cannot have made this fault: this player does not hold "
    "the coin and the coin blocked none of their powers since the last draw (« Lorsqu'un joueur "
    "qui possède le jeton défausse une carte spéciale et effectue tout de même le pouvoir »).",
    "citroncoco.missplay.no_power": "{seat} cannot have made this fault: no special card they "
    "discarded this round gave them a power to use (none, or the coin blocked it).",
    "citroncoco.missplay.no_penalty": "{seat} cannot have made this fault: they have taken no "
    "penalty card this round, so they had none to look at.",
    "citroncoco.fault.looked": "A player looked at a card without permission.",
    "citroncoco.fault.wrong_power": "A player who discarded a special card did not use its power "
    "correctly.",
    "citroncoco.fault.coin_power": "The coin's holder discarded a special card and used its power "
    "anyway (penalty card, and the holder keeps the coin).",
    "citroncoco.fault.looked_at_penalty": "A player looked at a penalty card.",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "citroncoco.rounds.over": "The match is over: a ship has sunk.",
    "citroncoco.rounds.no_seat": "There is no seat {seat_number}.",
    "citroncoco.rounds.no_empty_hand": "A round with no Citron Coco ends on an emptied hand: "
    "one player's hand is empty.",
    "citroncoco.rounds.too_many_of_value": "The hands show {count} {count:card|cards} of value "
    "{value}; the deck holds {held}.",
    "citroncoco.rounds.too_few": "Together the hands cannot count fewer than {lowest} coconuts "
    "with this deck.",
    "citroncoco.forfeit.power": "{seat} gives up the {value}'s power ({power})",
    "citroncoco.rounds.hands_or_totals": "Give either the hands or the totals.",
    "citroncoco.setup.empty_deck": "The deck must hold at least one card.",
}
