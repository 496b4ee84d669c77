"""Les jeux et leurs options, en français, dans les mots des règles : titres, noms courts et
descriptions des options."""

TITLES: dict[str, str] = {
    "citroncoco": "Le Citron Coco en individuel",
    "citroncoco-teams": "Le Citron Coco en équipes",
    "croconounours": "CrocoNounours",
    "neurotrio": "Neurotrio : la chasse au trésor",
    "plouc": "Le Carte et Plouc de Charlotte",
}

_CITRONCOCO = {
    "first_seat": "Premier joueur",
    "target": "Noix de coco qui coulent un navire",
    "deck": "Composition du paquet",
    "caller_wins_ties": "Un « Citron Coco » à égalité réussit",
    "quick_play_on_quick_play": "Jeu rapide sur un jeu rapide",
    "round_starter": "Qui commence les manches suivantes",
    "power_before_reveal": "Le dernier pouvoir avant de retourner les cartes",
    "check_reports": "Vérifier les fautes signalées",
}

#: jeu -> option -> son nom court
LABELS: dict[str, dict[str, str]] = {
    "citroncoco": {**_CITRONCOCO, "sum_quick_play": "La somme de deux cartes",
                   "fellow_solo": "Le 2 (Fellow) sur ses propres cartes"},
    "citroncoco-teams": {**_CITRONCOCO, "teams": "Équipes", "nano": "Nano et Nano Alpha"},
    "croconounours": {
        "deck": "Paquet de cartes", "coloured_squares": "Couleur des cases",
        "layout": "Plateau", "obstacles": "Décor (obstacles)",
        "obstacles_per_side": "Obstacles par joueur",
        "free_choice": "Libre choix des couleurs", "teams": "Par équipe à 4",
        "free_draw": "Piocher moins de 3 cartes",
        "shot_past_one_obstacle_blocked": "Un obstacle gêne un tir hors ligne",
        "diagonal_obstacles_stop_pushes": "Les obstacles en diagonale arrêtent les poussées",
        "campaign_reserve": "Réserve de campagne", "packets": "Paquets de bonbons",
        "check_reports": "Vérifier les fautes signalées", "roster": "Survivants de campagne",
    },
    "neurotrio": {
        "dealer": "Donneur", "colours": "Couleurs de fond", "max_rows": "Lignes ouvertes",
        "max_cols": "Colonnes ouvertes", "duty_starts": "Début de l'obligation de poser",
        "duty_penalty": "Sanction de l'obligation non respectée",
        "open_more_after_passes": "Ouvrir plus seulement après tous les passes",
    },
    "plouc": {
        "dealer": "Donneur", "first_seat": "Premier joueur", "hand_size": "Cartes distribuées",
        "zouzou": "La Zouzou", "mega_one": "La Méga One", "david_le_fou": "Le David le fou",
        "sanction": "Sanction du David le fou", "zero": "Le zéro",
        "trois_de_trefle": "Le 3 de trèfle", "mot_doux": "La règle du mot doux", "six": "Le 6",
        "maitresse": "La maîtresse", "aces": "Les as",
        "king_of_spades_answer": "Répondre au roi de pique", "square_of_sevens": "Le carré de 7",
        "late_carte": "Un « carte » en retard",
        "carte_flag": "Signaler un « carte » oublié",
    },
}

_CC_DESCRIPTIONS = {
    "first_seat": "Le joueur qui commence la première manche : « Le perdant de la dernière "
    "partie commence ».",
    "target": "Les noix de coco qui coulent un navire et finissent la partie (200).",
    "deck": "La composition du paquet, valeur de carte -> nombre de cartes. Par défaut : un jeu "
    "de 52 cartes, as 1, 2 à 10, valet 11, dame 12, rois rouges -1, rois noirs 13.",
    "caller_wins_ties": "Le lanceur d'un « Citron Coco » à égalité pour le moins de noix de "
    "coco gagne la manche (par défaut, une égalité n'est pas « le moins » : le Citron Coco "
    "échoue).",
    "round_starter": "Qui commence chaque manche suivante : « le perdant de la manche » (le "
    "joueur qui a marqué le plus de noix de coco à la manche précédente) ou « le joueur suivant "
    "».",
    "power_before_reveal": "On ne retourne les cartes qu'une fois le pouvoir de la dernière "
    "carte défaussée réalisé ou abandonné (« la manche prend fin après que ce pouvoir ait été "
    "réalisé »). Sinon : retourner les cartes fait perdre ce pouvoir (comme les parties étaient "
    "jugées avant).",
    "check_reports": "Une faute de jeu signalée par l'hôte doit correspondre à la table : une "
    "faute de pièce par le joueur qui a la pièce ou dont elle a bloqué le pouvoir, un mauvais "
    "pouvoir par un joueur qui a défaussé une carte spéciale, une carte de pénalité regardée "
    "par un joueur qui en a pioché une. Sinon : tout signalement est accepté (comme les parties "
    "étaient jugées avant).",
}

#: jeu -> option -> sa description
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "citroncoco": {
        **_CC_DESCRIPTIONS,
        "sum_quick_play": "Ajoute le deuxième jeu rapide : « la somme de deux cartes » de son "
        "propre jeu égale à la carte du haut de la défausse.",
        "fellow_solo": "Le 2 (Fellow) permet de regarder une de ses propres cartes (en "
        "individuel il n'y a pas de coéquipier ; sinon le 2 n'a pas de pouvoir).",
        "quick_play_on_quick_play": "Un jeu rapide peut couvrir une carte elle-même défaussée en "
        "jeu rapide pendant le tour en cours.",
    },
    "citroncoco-teams": {
        **_CC_DESCRIPTIONS,
        "quick_play_on_quick_play": "Permet un jeu rapide sur une carte défaussée en jeu rapide "
        "pendant le tour en cours (la règle en équipes l'interdit).",
        "teams": "Les deux équipes de deux joueurs, coéquipiers face à face (par défaut les "
        "places 0 et 2 contre 1 et 3).",
        "nano": "« Toujours plus, pour les joueurs » : après un « Citron Coco », le joueur "
        "suivant peut répondre « Nano ! » (×2), puis le coéquipier du lanceur « Nano Alpha ! » "
        "(×4) sur les points de l'équipe perdante.",
    },
    "croconounours": {
        "deck": "Les cartes du paquet : 54 (deux jokers), 52, ou 32 (du 7 à l'as)",
        "coloured_squares": "Couleur des cases : un Warrior sur une case de sa propre couleur "
        "ne peut qu'être repoussé, à moins que son attaquant ne soit lui-même sur une case de sa "
        "couleur ; la case centrale prend la couleur du Warrior qui s'y trouve",
        "layout": "Votre propre plateau pour la couleur des cases : 7 lignes de 7 lettres, la "
        "ligne du haut (rang 7) d'abord : R rouge, O orange, G vert, Y jaune, * prend la couleur "
        "de son occupant, . sans couleur. Vide : le plateau du projet (12 cases de chaque "
        "couleur)",
        "obstacles": "Décor : chaque joueur place des obstacles après le déploiement, pas à côté "
        "des Warriors ennemis ; on peut les attaquer, ils ne se défendent jamais, et ils gênent "
        "les passages, les attaques et les tirs",
        "obstacles_per_side": "Les obstacles que place chaque joueur (la règle : 3 ; au plus 5)",
        "free_choice": "Chaque joueur compose en secret son équipe de 3 Warriors en choisissant "
        "librement leurs couleurs (rouge, vert ou jaune, répétitions permises), révélée au "
        "déploiement",
        "teams": "À 4 joueurs, jouer par équipe (« vous pouvez choisir de jouer par équipe ») : "
        "les places 0 et 2 contre les places 1 et 3 (deux coéquipiers ne jouent jamais l'un "
        "après l'autre). Sinon : chacun pour soi",
        "free_draw": "« pioche jusqu'à un maximum de 3 cartes » : un joueur peut piocher moins "
        "de 3 cartes (ou aucune). Sinon : un joueur pioche 3 cartes, moins seulement pour ne pas "
        "dépasser 7",
        "shot_past_one_obstacle_blocked": "Le tir hors ligne d'un Warrior jaune (a1 vers c2) "
        "est gêné par un seul obstacle sur l'une des cases qu'il traverse (b1 ou b2). Sinon : "
        "seuls un obstacle en contact droit devant, ou deux obstacles adjacents entre lesquels "
        "passe le tir, le gênent",
        "diagonal_obstacles_stop_pushes": "Deux obstacles en diagonale arrêtent une poussée "
        "entre eux, comme ils arrêtent un déplacement. Sinon : l'interdiction ne vaut que pour "
        "les déplacements (déplacements et esquives)",
        "campaign_reserve": "Ce que sont les « Warriors en réserve » d'une campagne : « les "
        "bonbons qui restent dans les paquets » (ceux du paquet de chaque camp, moins ceux qui "
        "ont été mangés) ou « les Warriors encore debout » (à la fin de la partie)",
        "packets": "Campagne : les bonbons que contient le paquet de chaque joueur au début de "
        "cette partie, par exemple {\"0\": 12, \"1\": 9} (3 d'entre eux entrent en jeu). Le "
        "classement donne la réserve de chaque joueur : ce nombre moins ses Warriors mangés",
        "check_reports": "Une faute de jeu signalée par l'hôte doit correspondre à la table (un "
        "joueur n'a trop pioché qu'après une pioche, n'a joué une carte sans son action qu'après "
        "avoir joué des cartes, …). Sinon : tout signalement est accepté",
        "roster": "Campagne : les Warriors qui restent à chaque joueur de la partie précédente "
        "(la « réserve » de son classement), par exemple {\"0\": [\"red\", \"orange\"]}. Un "
        "joueur non nommé amène une équipe complète",
    },
    "neurotrio": {
        "dealer": "La place du donneur (les places sont numérotées dans le sens des aiguilles "
        "d'une montre). « le premier joueur est à la droite du donneur » : le premier joueur est "
        "la place d'avant, donc avec le donneur 1 par défaut, la place 0 joue en premier.",
        "colours": "Les trois couleurs de fond (« couleur de fond ») comme la table les nomme ; "
        "par défaut noir, vert, bleu.",
        "max_rows": "« au début, le nombre de lignes ouvertes doit être inférieur ou égal à "
        "six » : les lignes ouvertes au début.",
        "max_cols": "« … et le nombre de colonnes ouvertes … inférieur ou égal à onze » : les "
        "colonnes ouvertes au début.",
        "duty_starts": "« Quand un joueur n'a plus que deux cartes dans sa main, il annonce « "
        "deux cartes » ; à partir de ce moment-là, chaque joueur est obligé de poser une carte "
        "s'il le peut » : « dès qu'une main n'a plus que deux cartes » (la règle : annoncées ou "
        "non) ou « une fois « deux cartes » annoncé ».",
        "duty_penalty": "« Si on peut prouver qu'il n'a pas respecté cette règle … il perd dix "
        "points de victoire » : « dix points une fois par joueur » (la règle : dix points une "
        "fois pour chaque joueur dont on prouve qu'il a manqué à l'obligation) ou « dix points "
        "par passe » (dix points pour chaque passe prouvé).",
        "open_more_after_passes": "« quand plusieurs joueurs ont encore des cartes … mais sont "
        "tous bloqués, on ouvre une ligne et une colonne de plus » : on n'ouvre une ligne et une "
        "colonne qu'une fois que chaque joueur qui a encore des cartes a passé depuis le dernier "
        "changement du domaine.",
    },
    "plouc": {
        "dealer": "La place du donneur, qui retourne la première carte de la pioche",
        "first_seat": "La place qui joue en premier ; vide : le joueur à gauche du donneur (le "
        "suivant)",
        "hand_size": "Les cartes distribuées à chacun ; vide : 7 jusqu'à 6 joueurs, 5 de 7 à 9",
        "zouzou": "La Zouzou : un « carte » ou un « plouc » oublié, relevé par le « contre » "
        "d'un autre joueur : qui a oublié pioche une carte",
        "mega_one": "La Méga One : comme la Zouzou, mais c'est le joueur qui a dit « contre » "
        "qui donne une de ses cartes",
        "david_le_fou": "Le David le fou : tout joueur peut signaler toute erreur ; un "
        "signalement juste sanctionne le fautif par la sanction choisie avant de jouer, un "
        "signalement faux fait piocher une carte à la place qui signale",
        "sanction": "La sanction du David le fou pour un signalement juste : la Zouzou (le "
        "fautif pioche une carte) ou la Méga One (la place qui signale donne une de ses cartes "
        "au fautif)",
        "zero": "Le zéro : quand un 2 apparaît sur la défausse, le premier qui tape sur le tas "
        "doit échanger son tas de cartes avec un autre joueur",
        "trois_de_trefle": "Le 3 de trèfle : il est interdit de finir son plouc avec le 3 de "
        "trèfle",
        "mot_doux": "La règle du mot doux : un gros mot coûte deux cartes de la pioche, sans "
        "jouer",
        "six": "Le 6 : le joueur suivant passe son tour, un joueur sauté par 6 posé",
        "maitresse": "La maîtresse : interdiction de terminer par une carte spéciale pour faire "
        "le « plouc »",
        "aces": "« On ne peut mettre un as que de la couleur de la carte précédente » et « on "
        "doit changer de couleur » : « sur une carte de sa couleur » (la règle : un as ne va que "
        "sur une carte de sa couleur, donc jamais sur un as, et la couleur annoncée diffère de "
        "toutes celles que les as laissent sur le dessus) ou « sur la couleur annoncée » (un as "
        "va sur la couleur annoncée par un as ; avec plusieurs as, la couleur annoncée doit "
        "seulement différer de celle que suivait le premier)",
        "king_of_spades_answer": "« Sauf si le joueur suivant met le 7 de pique, c'est le joueur "
        "suivant qui pioche 7 cartes » : « le 7 de pique seul » (la règle : seul le 7 de pique "
        "répond au roi, et le joueur d'après pioche les 7 cartes) ou « les 7 s'y ajoutent » "
        "(d'autres 7 peuvent être posés avec lui et y répondre à leur tour, 2 cartes de plus "
        "chacun)",
        "square_of_sevens": "« Si l'on pose les 4 cartes 7 … le joueur suivant doit piocher 8 "
        "cartes » : « le joueur suivant pioche 8 cartes » (l'exemple de la règle : la place qui "
        "suit celle qui a fait le carré pioche les 8 cartes et joue après le coup rejoué) ou « "
        "le joueur suivant après le coup rejoué pioche 8 cartes » (les cartes tombent sur le "
        "joueur suivant à la fin du coup rejoué, un 10 ou un 6 compris)",
        "late_carte": "« Si un joueur n'a plus qu'une seule carte en main, il doit dire « carte "
        "» » : « le « carte » oublié peut encore être relevé » (un « carte » dit après que le "
        "joueur suivant a joué est trop tard) ou « un « carte » en retard l'efface »",
        "carte_flag": "Le David le fou, « dès qu'un joueur fait une erreur … le joueur qui voit "
        "l'erreur la signale » : « d'après la partie » (signaler un « carte » oublié est juste "
        "quand la partie montre un coup qui a laissé une seule carte sans « carte » à temps, "
        "quoi que la main contienne depuis) ou « tant que « carte » est dû »",
    },
}

#: jeu -> option -> valeur -> ce que veut dire la valeur, en bref
CHOICES: dict[str, dict[str, dict[str, str]]] = {
    "citroncoco": {"round_starter": {"loser": "le perdant de la manche",
                                     "left": "le joueur suivant"}},
    "citroncoco-teams": {"round_starter": {"loser": "le perdant de la manche",
                                           "left": "le joueur suivant"}},
    "croconounours": {"deck": {"54": "54 cartes (deux jokers)", "52": "52 cartes",
                               "32": "32 cartes (du 7 à l'as)"},
                      "campaign_reserve": {"packets": "les bonbons qui restent dans les paquets",
                                           "survivors": "les Warriors encore debout"}},
    "neurotrio": {"duty_starts": {"two_cards": "dès qu'une main n'a plus que deux cartes",
                                  "announcement": "une fois « deux cartes » annoncé"},
                  "duty_penalty": {"per_player": "dix points une fois par joueur",
                                   "per_pass": "dix points par passe"}},
    "plouc": {
        "sanction": {"zouzou": "la Zouzou : le fautif pioche une carte",
                     "mega_one": "la Méga One : la place qui signale donne une carte"},
        "aces": {"previous_card": "sur une carte de sa couleur",
                 "suit_in_play": "sur la couleur annoncée"},
        "king_of_spades_answer": {"seven_of_spades": "le 7 de pique seul",
                                  "stack": "les 7 s'y ajoutent"},
        "square_of_sevens": {"next_player": "le joueur suivant pioche 8 cartes",
                             "after_replay": "le joueur suivant après le coup rejoué pioche 8 "
                             "cartes"},
        "late_carte": {"stands": "le « carte » oublié peut encore être relevé",
                       "clears": "un « carte » en retard l'efface"},
        "carte_flag": {"log": "d'après la partie", "hand_now": "tant que « carte » est dû"},
    },
}
