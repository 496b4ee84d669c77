"""The games and their options, in English: titles and short option labels (the options'
descriptions are the engines' own, in their schemas)."""

TITLES: dict[str, str] = {
    "citroncoco": "CitronCoco (each for themself)",
    "citroncoco-teams": "CitronCoco in teams",
    "croconounours": "CrocoNounours",
    "neurotrio": "Neurotrio: the treasure hunt",
    "plouc": "Carte et Plouc",
}

_CITRONCOCO = {
    "first_seat": "First player",
    "target": "Coconuts that sink a ship",
    "deck": "Deck",
    "caller_wins_ties": "A tied Citron Coco succeeds",
    "quick_play_on_quick_play": "Quick play on a quick play",
    "round_starter": "Who starts each later round",
    "power_before_reveal": "The last power before the reveal",
    "check_reports": "Check the reported faults",
}

#: game -> option -> its short label
LABELS: dict[str, dict[str, str]] = {
    "citroncoco": {**_CITRONCOCO, "sum_quick_play": "Sum of two cards",
                   "fellow_solo": "The 2 (Fellow) on your own cards"},
    "citroncoco-teams": {**_CITRONCOCO, "teams": "Teams", "nano": "Nano and Nano Alpha"},
    "croconounours": {
        "deck": "Pack", "coloured_squares": "Coloured squares", "layout": "Board layout",
        "obstacles": "Obstacles", "obstacles_per_side": "Obstacles per player",
        "free_choice": "Free choice of colours", "teams": "Teams at 4",
        "free_draw": "Draw fewer than 3",
        "shot_past_one_obstacle_blocked": "One obstacle blocks an off-line shot",
        "diagonal_obstacles_stop_pushes": "Diagonal obstacles stop pushes",
        "campaign_reserve": "Campaign reserve", "packets": "Candy packets",
        "check_reports": "Check the reported faults", "roster": "Campaign survivors",
    },
    "neurotrio": {
        "dealer": "Dealer", "colours": "Background colours", "max_rows": "Open rows",
        "max_cols": "Open columns", "duty_starts": "When the duty to lay starts",
        "duty_penalty": "Penalty for breaking the duty",
        "open_more_after_passes": "Open more only after every pass",
    },
    "plouc": {
        "dealer": "Dealer", "first_seat": "First player", "hand_size": "Cards dealt",
        "zouzou": "La Zouzou", "mega_one": "La Méga One", "david_le_fou": "David le fou",
        "sanction": "David le fou's sanction", "zero": "Le zéro",
        "trois_de_trefle": "Le 3 de trèfle", "mot_doux": "Le mot doux", "six": "Le 6",
        "maitresse": "La maîtresse", "aces": "Aces", "king_of_spades_answer": "Answering the "
        "king of spades", "square_of_sevens": "A square of 7s", "late_carte": "A late « carte »",
        "carte_flag": "Flagging a forgotten « carte »",
    },
}

#: What an option does, where the engine's own description names its choices by their codes
#: ('per_pass', next_player): the same words with the choices said as the form shows them.
#: Every other option reads the engine's description as it is.
ROUND_STARTER = ("Who starts each later round: « the round's loser » (the seat that scored most "
                 "coconuts in the previous round) or « the next player » (the next seat in "
                 "order).")
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "citroncoco": {"round_starter": ROUND_STARTER},
    "citroncoco-teams": {"round_starter": ROUND_STARTER},
    "croconounours": {
        "free_choice": "Each player secretly chooses the colours of their 3 warriors (red, "
        "green or yellow, repeats allowed), revealed at deployment",
        "campaign_reserve": "What a campaign's « Warriors en réserve » are: « the candies left "
        "in the packets » (still in each side's packet, minus those eaten) or « the warriors "
        "left standing » at the end of the match",
    },
    "neurotrio": {
        "duty_starts": "« Quand un joueur n'a plus que deux cartes dans sa main, il annonce « "
        "deux cartes » ; à partir de ce moment-là, chaque joueur est obligé de poser une carte "
        "s'il le peut »: « as soon as a hand holds two cards » (the text: announced or not) or "
        "« once « deux cartes » is said ».",
        "duty_penalty": "« Si on peut prouver qu'il n'a pas respecté cette règle … il perd dix "
        "points de victoire »: « ten points once per player » (the text: once for each player "
        "proven to have broken the duty) or « ten points per pass » (for each pass proven).",
        "open_more_after_passes": "« quand plusieurs joueurs ont encore des cartes … mais sont "
        "tous bloqués, on ouvre une ligne et une colonne de plus »: open a row and a column only "
        "after every seat still holding cards has passed since the domain last changed.",
    },
    "plouc": {
        "zouzou": "La Zouzou: a forgotten « carte » or « plouc », caught by another's "
        "« contre »: the forgetter draws one card",
        "mega_one": "La Méga One: as la Zouzou, but the player who said « contre » gives one of "
        "their cards",
        "sanction": "David le fou's sanction for a right flag: la Zouzou (the offender draws "
        "one) or la Méga One (the flagger gives the offender one of their cards)",
        "aces": "« On ne peut mettre un as que de la couleur de la carte précédente » and « on "
        "doit changer de couleur »: « on a card of its own suit » (the text: so never on an ace, "
        "and the suit named differs from every suit the aces leave on top) or « on the suit "
        "named » (an ace goes on the suit an ace named; with several aces the suit named need "
        "only differ from the suit the first followed)",
        "king_of_spades_answer": "« Sauf si le joueur suivant met le 7 de pique, c'est le "
        "joueur suivant qui pioche 7 cartes »: « the 7 of spades alone » (the text: it alone "
        "answers the king, and the following player draws the 7 cards) or « 7s stack on it » "
        "(other 7s may go down with it and may answer it in turn, 2 more cards each)",
        "square_of_sevens": "« Si l'on pose les 4 cartes 7 … le joueur suivant doit piocher 8 "
        "cartes »: « the next player draws 8 » (the text's example: the player after the "
        "square's player draws the 8 cards and plays after that player's replay) or « whoever "
        "is next after the replay draws 8 » (a 10 or a 6 in the replay included)",
        "late_carte": "« Si un joueur n'a plus qu'une seule carte en main, il doit dire « carte "
        "» »: « the forgotten « carte » can still be caught » (a « carte » said once the next "
        "player has played is too late) or « a late « carte » clears it »",
        "carte_flag": "David le fou, « dès qu'un joueur fait une erreur … le joueur qui voit "
        "l'erreur la signale »: « as the log shows it » (a flag on a forgotten « carte » is "
        "right when the log shows a play that left one card without a « carte » in time, "
        "whatever the hand holds since) or « while « carte » is owed now »",
    },
}

#: game -> option -> value -> what the value means, in short
CHOICES: dict[str, dict[str, dict[str, str]]] = {
    "citroncoco": {"round_starter": {"loser": "the round's loser", "left": "the next player"}},
    "citroncoco-teams": {"round_starter": {"loser": "the round's loser",
                                           "left": "the next player"}},
    "croconounours": {"deck": {"54": "54 cards (two jokers)", "52": "52 cards",
                               "32": "32 cards (7 to ace)"},
                      "campaign_reserve": {"packets": "the candies left in the packets",
                                           "survivors": "the warriors left standing"}},
    "neurotrio": {"duty_starts": {"two_cards": "as soon as a hand holds two cards",
                                  "announcement": "once « deux cartes » is said"},
                  "duty_penalty": {"per_player": "ten points once per player",
                                   "per_pass": "ten points per pass"}},
    "plouc": {
        "sanction": {"zouzou": "la Zouzou: the offender draws one",
                     "mega_one": "la Méga One: the flagger gives a card"},
        "aces": {"previous_card": "on a card of its own suit", "suit_in_play": "on the suit named"},
        "king_of_spades_answer": {"seven_of_spades": "the 7 of spades alone",
                                  "stack": "7s stack on it"},
        "square_of_sevens": {"next_player": "the next player draws 8",
                             "after_replay": "whoever is next after the replay draws 8"},
        "late_carte": {"stands": "the forgotten « carte » can still be caught",
                       "clears": "a late « carte » clears it"},
        "carte_flag": {"log": "as the log shows it", "hand_now": "while « carte » is owed now"},
    },
}
