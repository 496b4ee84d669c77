"""Carte et Plouc, in English: what the engine says (ids ``plouc.…``)."""

MESSAGES: dict[str, str] = {
    # set-up
    "plouc.setup.seats": "Carte et Plouc takes 2 to 9 players, not {count}",
    "plouc.setup.no_dealer": "There is no seat {seat_number} to deal",
    "plouc.setup.no_first": "There is no seat {seat_number} to start",
    "plouc.setup.deck_short": "{count} hands of {size} cards and a turned-up card need more than "
    "52 cards",
    "plouc.setup.zouzou_or_mega_one": "La Zouzou and la Méga One are two ways to punish the same "
    "thing: choose one",
    # the game's phases
    "plouc.log.no_seat": "The move names no seat",
    "plouc.phase.deal": "The dealer has not turned up the first card yet",
    "plouc.phase.over": "The game is over: {winner_seat} won",
    "plouc.phase.flag": "The game is stopped until the host rules on the flag",
    "plouc.phase.plouc": "{seat} has laid their last card: waiting for 'plouc'",
    # the deal
    "plouc.deal.already_turned_up": "The first card has already been turned up",
    "plouc.deal.dealer_turns_up": "The dealer, {seat}, turns up the first card",
    "plouc.deal.turned_up": "{card} is turned up; the turned-up card has no power",
    # playing
    "plouc.play.twice": "The same card is laid twice in one play",
    "plouc.play.joker": "Carte et Plouc is played without jokers",
    "plouc.play.already_down": "{card} is already on the discard: a card cannot be played twice "
    "in one deck",
    "plouc.play.mixed_values": "Cards laid together must all have the same value",
    "plouc.play.more_than_held": "{seat} holds {held} {held:card|cards}, not {count}",
    "plouc.play.suit_without_ace": "Only an ace names a suit",
    "plouc.play.follows_nothing": "{card} follows neither the suit in play ({suit}) nor the value "
    "of {top}",
    "plouc.play.lays": "{seat} lays {cards}",
    "plouc.ace.on_top": "An ace goes only on a card of its own suit: the {top} on top asks for "
    "{suit}",
    "plouc.ace.in_play": "An ace goes only on a card of its own suit: the suit in play asks for "
    "{suit}",
    "plouc.ace.name_a_suit": "The ace's player must name a new suit",
    "plouc.ace.same_suit": "The ace changes the suit: name another suit than {suit}",
    "plouc.ace.same_as_last": "The ace changes the suit: the {top} is on top, name another suit "
    "than {suit}",
    "plouc.owed.no_answer": "{seat} must draw {count} {count:card|cards}: nothing answers the 7 "
    "of spades laid on the king of spades",
    "plouc.owed.seven_of_spades": "{seat} must draw {count} {count:card|cards} or answer the king "
    "of spades with the 7 of spades",
    "plouc.owed.seven_of_spades_alone": "Only the 7 of spades answers the king of spades: it goes "
    "down alone, and the following player draws {count}",
    "plouc.owed.seven": "{seat} must draw {count} {count:card|cards} or answer with a 7",
    "plouc.finish.three_of_clubs": "{seat} may not finish with the 3 of clubs: they must draw "
    "instead",
    "plouc.finish.special": "{seat} may not finish on a special card ({card}): they must draw "
    "instead",
    # drawing
    "plouc.draw.count": "{seat} draws {count} {count:card|cards} now, not {claimed}",
    "plouc.draw.passes": "{seat} cannot play: draws {count} {count:card|cards} and passes",
    "plouc.draw.draws": "{seat} draws {count} {count:card|cards}",
    # announcements
    "plouc.announce.carte_not_one": "{seat} holds {count} cards: 'carte' is said with one card "
    "left",
    "plouc.announce.carte_late": "{seat} says 'carte' too late: another player has played since "
    "{seat} was left with one card",
    "plouc.announce.carte_late_again": "{seat} has already said 'carte', too late: the "
    "forgotten 'carte' stands, saying it again changes nothing",
    "plouc.announce.carte": "{seat} says 'carte': one card left",
    "plouc.announce.plouc_too_soon": "{seat} has not laid their last card: 'plouc' is said on the "
    "last card",
    "plouc.announce.plouc": "Plouc! {seat} has no card left and wins",
    # contre (la Zouzou, la Méga One)
    "plouc.contre.not_played": "'Contre' is played with la Zouzou or la Méga One only",
    "plouc.contre.on_self": "A player does not say 'contre' on themself",
    "plouc.contre.mega_one_no_card": "{seat} holds {count} {count:card|cards}: under la Méga One "
    "the caller gives a card, and a last card only goes down as a plouc",
    "plouc.contre.wrong": "{seat} owes no announcement now: the 'contre' is wrong",
    "plouc.contre.right": "Contre! {seat} forgot to say '{word}'",
    # David le fou
    "plouc.flag.not_played": "Flags are played with David le fou only",
    "plouc.flag.on_self": "A player does not flag themself",
    "plouc.flag.not_a_rule": "{rule} is not a rule a player can break",
    "plouc.flag.earlier_event": "A flag is on an earlier event",
    "plouc.flag.mega_one_no_card": "{seat} holds {count} {count:card|cards}: the sanction is la "
    "Méga One, so a flagger needs a card to give and keep one",
    "plouc.flag.stops": "{seat} flags {offender_seat} on {rule}: the game stops until the host "
    "rules",
    "plouc.flag.right": "{seat} is right: {offender_seat} broke {rule}",
    "plouc.flag.wrong": "{seat} was wrong to flag {offender_seat} on {rule}: {why}",
    "plouc.flag.why.no_forgotten_carte": "the log shows no forgotten 'carte' by {seat} still to "
    "be caught",
    "plouc.flag.why.no_forgotten_carte_after": "the log shows no forgotten 'carte' by {seat} "
    "after event {about_seq} still to be caught",
    "plouc.flag.why.owes_no_carte": "{seat} owes no 'carte' now",
    "plouc.flag.why.no_such_forgotten": "the log shows no such forgotten announcement",
    "plouc.flag.why.host_says_so": "the host says so",
    "plouc.flag.did_not_say": "{seat} did not say '{word}'",
    "plouc.flag.flagged_by": "flagged by {seat}",
    "plouc.ruling.no_flag": "There is no flag waiting for a ruling",
    "plouc.ruling.no_card_to_give": "{seat} has no card to give and keep: rule the flag wrong or "
    "void it",
    # le zéro
    "plouc.slap.not_played": "Slapping the discard is played with le zéro only",
    "plouc.slap.no_fresh_two": "No fresh 2 is on the discard (or it was already slapped)",
    "plouc.slap.with_self": "The slapper swaps hands with another player",
    "plouc.slap.swaps": "{seat} slapped the 2 first and swaps hands with {with_seat}",
    # le mot doux
    "plouc.missplay.not_reportable": "{rule} is not a fault the host reports in this game",
    "plouc.missplay.no_mot_doux": "Le mot doux is not played in this match",
    "plouc.missplay.swore": "{seat} swore",
    # penalties
    "plouc.penalty.draws": "{seat} draws {count} {count:card|cards}",
    "plouc.penalty.wrong_flag_draws": "{seat} draws {count} {count:card|cards} (a wrong flag)",
    "plouc.penalty.gives_a_card": "{seat} gives {to_seat} one of their cards",
    "plouc.penalty.none_for_contre": "none: the text gives no penalty for a wrong contre ({word})",
    "plouc.penalty.draws_no_play": "{seat} draws {count} cards and does not play for it",
    # effects
    "plouc.effect.plays_first": "{seat} plays first",
    "plouc.effect.slap_open": "a 2 is on the discard: the first to slap it swaps hands",
    "plouc.effect.no_slap_last_card": "no slap: the 2 is a last card and the game waits for "
    "'plouc'",
    "plouc.effect.nothing_to_draw": "no card left to draw: the stock and the discard are spent "
    "({count} drawn)",
    "plouc.effect.stock_renewed": "the stock ran out: the discard except its top card became the "
    "stock",
    "plouc.effect.plays_again": "{seat} plays again",
    "plouc.effect.no_card_to_play_again": "{seat} has no card left to play again",
    "plouc.effect.suit_now": "the suit is now {suit}",
    "plouc.effect.reversals": "{count} {count:reversal|reversals}: play goes {direction}; {then}",
    "plouc.effect.next_draws_unanswerable": "the next player draws {count}: nothing answers the 7 "
    "of spades on the king",
    "plouc.effect.next_draws_unless_seven": "the next player draws {count} unless they answer "
    "with a 7",
    "plouc.effect.next_draws_unless_seven_of_spades": "the next player draws {count} unless they "
    "answer with the 7 of spades",
    "plouc.effect.skipped": "{count} {count:player|players} skipped",
    "plouc.effect.square": "square of {value}s: {then}",
    "plouc.effect.square_drawer": "{drawer_seat} draws {count} and plays after {seat}'s replay",
    "plouc.effect.must_say_plouc": "{seat} laid their last card and must say 'plouc'",
    "plouc.effect.would_owe": "{seat} would owe {count} if play went on",
    "plouc.effect.to_play": "{seat} to play",
    "plouc.effect.must_draw_or_answer": "{seat} must draw {count} or answer",
    "plouc.effect.must_say_carte": "{seat} holds one card and must say 'carte'",
    "plouc.effect.drew_and_plays_again": "{seat} drew more than one card and plays again at once "
    "(PL-TURN-3)",
    "plouc.effect.forgotten_carte_stands": "the forgotten 'carte' stands and can still be caught",
    "plouc.effect.hands_now": "{seat} now holds {count} {count:card|cards}, {with_seat} "
    "{other_count}",
    # the outcome
    "plouc.outcome.plouc": "{seat} wins: plouc!",
    "plouc.outcome.in_play": "In play: fewest cards ({count}) held by {leader_seats}",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "plouc.rounds.logged": "This game is over: its end is already logged.",
    "plouc.rounds.no_seat": "There is no seat {seat_number}.",
    "plouc.rounds.winner_holds": "{seat} can only win by laying their last card: they still "
    "hold {count} {count:card|cards}.",
    "plouc.rounds.first_only": "Only one player goes out: {winner_seat} said plouc first, so "
    "{seat} still holds cards.",
    "plouc.rounds.too_many_cards": "The hands hold {count} {count:card|cards}; with the "
    "discard's top card the deck has only {size}.",
    "plouc.rounds.ends": "{seat} laid their last card first and wins; cards left: {left}.",
    "plouc.report.mot_doux": "Le mot doux: the player swore; they draw two cards from the "
    "stock, without playing (needs the mot doux option)",
}
