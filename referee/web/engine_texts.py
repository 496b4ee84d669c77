"""The texts the engines publish for the pages (their moves' descriptions, their faults'
wordings), marked here so the catalogue carries them: the pages show each one translated
(``translated`` filter). tests/test_translations.py fails when an engine publishes a text
this list lacks; add it here and translate it. The options are described by the ``said``
catalogue, once per language (``referee.service.messages.option_description``)."""

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
    _l('Why it is voided, shown in the timeline; a seat taking back its own move may leave it '
       'out (the timeline then says it was taken back)'),
    _l('The seat that called Citron Coco; null when the round ended on an emptied hand '
       '(CC-END-1)'),
    _l("Each seat's revealed hand, card values, seat 0 first"),
    _l("Or each seat's coconuts in hand, seat 0 first"),
    _l('A player looked at a card without permission.'),
    _l('A player who discarded a special card did not use its power correctly.'),
    _l("The coin's holder discarded a special card and used its power anyway (penalty "
       'card, and the holder keeps the coin).'),
    _l('A player looked at a penalty card.'),
    _l('The seat that answered Nano!, or null'),
    _l('The seat that answered Nano Alpha!, or null'),
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
    _l('Le mot doux: the seat swore; it draws two cards from the stock, without playing '
       '(needs the mot_doux option)'),
)
