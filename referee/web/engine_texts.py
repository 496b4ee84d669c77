"""The texts the engines publish for the pages (their options' and moves' descriptions, their
faults' wordings), marked here so the catalogue carries them: the pages show each one translated
(``translated`` filter). tests/test_translations.py fails when an engine publishes a text
this list lacks; add it here and translate it."""

from __future__ import annotations

from referee.edge.i18n import lazy_gettext as _l

ENGINE_TEXTS = (
    _l('Rule id of the fault, from the catalogue'),
    _l('What the table saw, in words'),
    _l("Where the seat draws the first card of its turn: 'stock' (face down) or "
       "'discard' (the top card, if it is not the seat's own)."),
    _l('Value of the drawn card, discarded face up directly.'),
    _l("Position (1 = leftmost) in the seat's row of the card replaced by the drawn card."),
    _l('Value of the replaced card, now discarded face up.'),
    _l("Seat the power aims at: who gets the stock's top card (1), whose card is looked "
       'at (2, 7), who gets the coin (9), whose card is turned face up (10), first card '
       'of a swap (12).'),
    _l("Position of the card aimed at in target_seat's row (2, 7, 10, 12)."),
    _l('Value of the card turned face up by a 10 (Spy).'),
    _l('Seat of the second card of a 12 (Queen) swap.'),
    _l('Position of the second card of a 12 (Queen) swap.'),
    _l('Value of the card whose power this is, when the seat has several powers to use '
       '(a discard and a quick play); default: the oldest.'),
    _l('Value of the card whose power the seat gives up, when it owes several; default: '
       'the oldest.'),
    _l("Position of the quick-played card in the seat's own row."),
    _l('Value of that card, shown as it is discarded.'),
    _l('Sum quick play only: seat holding the second card (each for themself: your own '
       'seat; in teams: your teammate).'),
    _l('Sum quick play only: position of the second card.'),
    _l('Sum quick play only: value of the second card.'),
    _l("Sum quick play only: which card lands on top of the discard ('own' = slot/value,"
       " 'other' = the second card); only its power activates."),
    _l('The hands turned over at the end of the round: for each seat (0, 1, …) the '
       'values of its cards in row order (position 1 first).'),
    _l('The event logged wrongly'),
    _l('The move that should have been logged in its place'),
    _l('Why, shown in the timeline'),
    _l('The event challenged'),
    _l('What the challenger says happened'),
    _l('The seat accused (default: the seat of the challenged event)'),
    _l('The challenge ruled on'),
    _l('True: the accused seat committed a fault'),
    _l("The fault, one of the game's reportable missplays (when upheld)"),
    _l('The event that was logged by mistake'),
    _l('Why it is voided, shown in the timeline'),
    _l('The seat that called Citron Coco; null when the round ended on an emptied hand '
       '(CC-END-1)'),
    _l("Each seat's revealed hand, card values, seat 0 first"),
    _l("Or each seat's coconuts in hand, seat 0 first"),
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
    _l('The seat that answered Nano!, or null'),
    _l('The seat that answered Nano Alpha!, or null'),
    _l('Allow a quick play on a card discarded by a quick play during the current turn '
       '(the team text forbids it).'),
    _l('The two teams of two seats, partners face to face (default seats 0 and 2 against'
       ' 1 and 3).'),
    _l('« Always more, for the gamblers »: after a CitronCoco call the next player may '
       "answer Nano! (x2) and then the caller's teammate Nano Alpha! (x4) on the losing "
       "team's points."),
    _l('A player gave information to their teammate.'),
    _l('The card each seat drew, e.g. {"0": "QS", "1": "7D"}; on a tie only the tied '
       'seats draw again'),
    _l("Or simply the first player's seat, if the table drew offline"),
    _l("With the free choice: the colours of this player's 3 warriors (red, green, "
       'yellow; repeats allowed), e.g. ["red", "red", "yellow"]; kept secret until '
       'deployment'),
    _l('The corner. A square: file a–g then rank 1–7, e.g. "d4" (the centre), "a1" (a corner)'),
    _l('Square -> warrior colour, e.g. {"a1": "red", "a2": "green", "b1": "yellow"}: one'
       ' in the corner, the others straight next to it'),
    _l('The squares of this player\'s obstacles, e.g. ["c3", "d5"]'),
    _l('The cards discarded face up (any number, none included)'),
    _l('Cards drawn from the stock (at most 3, hand never over 7)'),
    _l('A warrior, written "<seat>-<colour>" as deployed, e.g. "0-red", "1-green" (a '
       'green that turned orange keeps its name; "1-orange" is understood too). With the'
       ' free choice of colours a second warrior of a colour is "0-red-2".'),
    _l('The black card played: a club to step straight, a spade to step diagonally (a '
       'joker: the suit the step needs)'),
    _l('Where it steps. A square: file a–g then rank 1–7, e.g. "d4" (the centre), "a1" '
       '(a corner)'),
    _l('The attacker. A warrior, written "<seat>-<colour>" as deployed, e.g. "0-red", '
       '"1-green" (a green that turned orange keeps its name; "1-orange" is understood '
       'too). With the free choice of colours a second warrior of a colour is "0-red-2".'),
    _l('The red card played: a diamond straight, a heart diagonally, any red card for a '
       "yellow warrior's shot (a joker: the suit needed)"),
    _l('The enemy warrior (A warrior, written "<seat>-<colour>" as deployed, e.g. '
       '"0-red", "1-green" (a green that turned orange keeps its name; "1-orange" is '
       'understood too). With the free choice of colours a second warrior of a colour is'
       ' "0-red-2".) or the square attacked (an obstacle\'s square, or any warrior\'s '
       'square)'),
    _l('wound (blesser) or push (repousser); a shot only wounds'),
    _l('dodge (esquive) or parry (parade)'),
    _l('The cards played to defend'),
    _l('For a dodge: where the warrior steps. A square: file a–g then rank 1–7, e.g. '
       '"d4" (the centre), "a1" (a corner)'),
    _l('The winning side: the seat, or the team (0: seats 0 and 2, 1: seats 1 and 3) at '
       'four in teams'),
    _l('Warriors left standing on each side, side 0 first'),
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
    _l('« On choisit au hasard une carte et on la pose, face visible »: the starting '
       'card of the domain, laid at (0, 0).'),
    _l('The card laid on the domain.'),
    _l('Row relative to the starting card (0); rows grow downward.'),
    _l('Column relative to the starting card (0); columns grow to the right.'),
    _l('The base card (« carton de base ») 1 to 10 laid on the domain card; each is used'
       ' once in the game.'),
    _l('Row of the domain card bid on.'),
    _l('Column of the domain card bid on.'),
    _l("The bidder's token laid face down: 0, 1, 2, nature, colour or force. Give it "
       "only from the bidder's own device: it stays sealed (shown to that seat and the "
       'host) until the treasure is known. Leave it out when the table reveals it at the'
       ' end (reveal_bids).'),
    _l('The cards the last player still holds when the game stops.'),
    _l('The tokens turned face up at the end, each by its base card.'),
    _l("Each player's victory points by source, seat 0 first"),
    _l('The last player still holding cards'),
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
    _l('The first card of the stock, turned face up'),
    _l('The cards laid, in the order they go down (one or more of one value); the last '
       'one is the new top of the discard'),
    _l('With aces only: the new suit named (S, H, D or C)'),
    _l('Cards drawn, as a check (optional): 1 when unable to play, or what the 7s and '
       'king of spades made the player draw'),
    _l("'carte' with one card left, 'plouc' when the last card is down"),
    _l("Seat caught forgetting 'carte' or 'plouc'"),
    _l('Seat the flagger says made an error'),
    _l('Rule id of the error, from the catalogue (e.g. PL-ANN-1)'),
    _l('Seq of the event the error was made in, if any'),
    _l('What the flagger saw'),
    _l('True: the flag was right (the offender is sanctioned)'),
    _l("The host's reason"),
    _l('Seat the slapper swaps hands with'),
    _l('The seat that laid its last card first (« plouc »)'),
    _l("Cards left in each hand, seat 0 first (the winner's is 0)"),
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
