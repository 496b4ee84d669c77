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

#: Descriptions the engines give (English), used as they are.
DESCRIPTIONS: dict[str, dict[str, str]] = {}
