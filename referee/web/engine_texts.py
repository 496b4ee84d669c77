"""The texts the engines publish for the pages (their options' descriptions, their faults'
wordings), marked here so the catalogue carries them: the pages show each one translated
(``translated`` filter). tests/test_translations.py fails when an engine publishes a text
this list lacks; add it here and translate it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

ENGINE_TEXTS = (
    _l('Seat that starts the first round: the loser of the last match begins (« Le '
       'perdant de la dernière partie commence »).'),
    _l('Coconuts that sink a ship and end the match (200).'),
    _l('Deck composition, card value -> number of cards. Default: a 52-card deck, ace 1,'
       ' 2-10, jack 11, queen 12, red kings -1, black kings 13.'),
    _l('Allow the second quick play: « la somme de deux cartes » of your own game equal '
       'to the top of the discard.'),
    _l('The 2 (Fellow) lets you look at one of your own cards (there is no teammate each'
       ' for themself; otherwise the 2 has no power).'),
    _l('A Citron Coco caller tied for the fewest coconuts wins the round (default: a tie'
       ' is not « le moins », the call fails).'),
    _l('A quick play may cover a card itself discarded by a quick play in the current turn.'),
    _l("Who starts each later round: 'loser' (the seat that scored most coconuts in the "
       "previous round) or 'left' (the next seat in order)."),
    _l("The hands are revealed only once the last discarded card's power is used or "
       'given up (« la manche prend fin après que ce pouvoir ait été réalisé »). Off: '
       'the reveal forfeits it (how matches were judged before).'),
    _l("A fault the host reports must fit the table: a coin fault by the coin's holder "
       'or a seat whose power it blocked, a wrong power by a seat that discarded a '
       'special card, a look at a penalty card by a seat that took one. Off: every '
       'report is accepted (how matches were judged before).'),
    _l('A player looked at a card without permission.'),
    _l('A player who discarded a special card did not use its power correctly.'),
    _l("The coin's holder discarded a special card and used its power anyway (penalty "
       'card, and the holder keeps the coin).'),
    _l('A player looked at a penalty card.'),
    _l('Allow a quick play on a card discarded by a quick play during the current turn '
       '(the team text forbids it).'),
    _l('The two teams of two seats, partners face to face (default seats 0 and 2 against'
       ' 1 and 3).'),
    _l('« Always more, for the gamblers »: after a CitronCoco call the next player may '
       "answer Nano! (x2) and then the caller's teammate Nano Alpha! (x4) on the losing "
       "team's points."),
    _l('A player gave information to their teammate.'),
    _l('Cards in the pack: 54 (two jokers), 52, or 32 (7 to ace)'),
    _l('Couleur des cases: a warrior on a square of its own colour can only be pushed, '
       'unless its attacker stands on its own colour too; the centre takes its '
       "occupant's colour"),
    _l('Your own board for the coloured squares: 7 rows of 7 letters, top row (rank 7) '
       "first: R red, O orange, G green, Y yellow, * takes its occupant's colour, . "
       "plain. Empty: the project's board (12 squares of each colour)"),
    _l('Décor: each player places obstacles after deployment, not next to enemy '
       'warriors; they can be attacked, never defend, and block passing, attacks and '
       'shots'),
    _l('Obstacles each player places (the text: 3; at most 5)'),
    _l('Each player secretly chooses the colours of their 3 warriors (red, green or '
       'yellow, repeats allowed: event choose_team), revealed at deployment'),
    _l('At 4 players, play in teams (« vous pouvez choisir de jouer par équipe »): seats'
       ' 0 and 2 against seats 1 and 3 (partners never play one after the other). Off: '
       'each for themself'),
    _l("« pioche jusqu'à un maximum de 3 cartes »: a player may draw fewer than 3 (or "
       'none). Off: a player draws 3, or fewer only to stay at 7'),
    _l("A yellow's off-line shot (a1 to c2) is blocked by one obstacle on either square "
       'it passes (b1 or b2). Off: only an obstacle in contact straight ahead, or two '
       'adjacent obstacles the shot passes between, block it'),
    _l('Two diagonal obstacles stop a push between them, as they stop a move. Off: the '
       'ban is on moving (moves and dodges) only'),
    _l("What a campaign's « Warriors en réserve » are: 'packets' (the candies still in "
       "each side's packet: option packets, minus those eaten) or 'survivors' (the "
       'warriors left standing at the end of the match)'),
    _l('Campaign: the candies each seat\'s packet holds as this match starts, e.g. {"0": '
       '12, "1": 9} (3 of them take the field). The standings give each seat\'s reserve: '
       'that count less its warriors eaten'),
    _l('A fault the host reports must fit the table (a seat drew too many only after a '
       'draw, played a card without its action only after playing cards, …). Off: every '
       'report is accepted'),
    _l('Campaign: the warriors each seat has left from the previous match (the "reserve"'
       ' of its standings), e.g. {"0": ["red", "orange"]}. A seat not named brings a '
       'full team'),
    _l('A player drew more cards than allowed (more than 3, or over 7 in hand)'),
    _l('A card was played on a warrior without the action it pays for'),
    _l('A player discarded or drew after acting (phases out of order)'),
    _l("The dealer's seat (seats are numbered clockwise). « le premier joueur est à la "
       'droite du donneur »: the first player is the seat before it, so with the default'
       ' dealer 1, seat 0 plays first.'),
    _l('The three background colours (« couleur de fond ») as the table names them; '
       'default noir, vert, bleu.'),
    _l('« au début, le nombre de lignes ouvertes doit être inférieur ou égal à six »: '
       'open rows at first.'),
    _l('« … et le nombre de colonnes ouvertes … inférieur ou égal à onze »: open columns'
       ' at first.'),
    _l("« Quand un joueur n'a plus que deux cartes dans sa main, il annonce « deux "
       'cartes » ; à partir de ce moment-là, chaque joueur est obligé de poser une carte'
       " s'il le peut »: 'two_cards' (the text: the duty starts as soon as a hand is "
       "down to two cards, announced or not) or 'announcement' (only once a player has "
       'said « deux cartes »).'),
    _l("« Si on peut prouver qu'il n'a pas respecté cette règle … il perd dix points de "
       "victoire »: 'per_player' (the text: ten points once for each player proven to "
       "have broken the duty) or 'per_pass' (ten points for each pass proven)."),
    _l('« quand plusieurs joueurs ont encore des cartes … mais sont tous bloqués, on '
       'ouvre une ligne et une colonne de plus »: accept open_more only after every seat'
       ' still holding cards has passed since the domain last changed.'),
    _l('Under the « deux cartes » duty, the seat passed although it could place a card, '
       'and the table proved it during play: −10 victory points (not charged again if '
       'the engine proves the same fault at the end). The seat must have passed under '
       'the duty, and the hands must not be known yet.'),
    _l('Seat of the dealer, who turns up the first card of the stock'),
    _l("Seat that plays first; empty: the dealer's left (next seat)"),
    _l('Cards dealt to each player; empty: 7 up to 6 players, 5 from 7 to 9'),
    _l("La Zouzou: a forgotten 'carte' or 'plouc', caught by another's 'contre': the "
       'forgetter draws one card'),
    _l("La Méga One: as la Zouzou, but the player who said 'contre' gives one of their cards"),
    _l('David le fou: any player may flag any error; a right flag punishes the offender '
       'by the sanction chosen before play, a wrong flag makes the flagger draw one card'),
    _l("David le fou's sanction for a right flag: zouzou (the offender draws one) or "
       'mega_one (the flagger gives the offender one of their cards)'),
    _l('Le zéro: when a 2 lands on the discard, the first to slap it must swap hands '
       'with another player'),
    _l('Le 3 de trèfle: nobody may finish with the 3 of clubs'),
    _l('Le mot doux: a swear word costs two cards from the stock, no play'),
    _l('Le 6: the next player misses their turn, one player skipped per 6 played'),
    _l('La maîtresse: nobody may finish on a special card'),
    _l('« On ne peut mettre un as que de la couleur de la carte précédente » and « on '
       'doit changer de couleur »: previous_card (the text: an ace goes only on a card '
       'of its own suit, so never on an ace, and the suit named differs from every suit '
       'the aces leave on top) or suit_in_play (an ace goes on the suit an ace named; '
       'with several aces the suit named need only differ from the suit the first '
       'followed)'),
    _l("« Sauf si le joueur suivant met le 7 de pique, c'est le joueur suivant qui "
       'pioche 7 cartes »: seven_of_spades (the text: the 7 of spades alone answers the '
       'king, and the following player draws the 7 cards) or stack (other 7s may go down'
       ' with it and may answer it in turn, 2 more cards each)'),
    _l("« Si l'on pose les 4 cartes 7 … le joueur suivant doit piocher 8 cartes »: "
       "next_player (the text's example: the player after the square's player draws the "
       "8 cards and plays after that player's replay) or after_replay (the cards fall on"
       ' whoever is next when the replay ends, a 10 or a 6 in it included)'),
    _l("« Si un joueur n'a plus qu'une seule carte en main, il doit dire « carte » »: "
       'stands (a « carte » said once the next player has played is too late: the '
       'forgotten « carte » can still be caught) or clears (a late « carte » still '
       'clears it)'),
    _l("David le fou, « dès qu'un joueur fait une erreur … le joueur qui voit l'erreur "
       'la signale »: log (a flag on a forgotten « carte » is right when the log shows a'
       ' play that left one card without a « carte » in time, whatever the hand holds '
       'since) or hand_now (only while « carte » is still owed now)'),
    _l('Le mot doux: the seat swore; it draws two cards from the stock, without playing '
       '(needs the mot_doux option)'),
)
