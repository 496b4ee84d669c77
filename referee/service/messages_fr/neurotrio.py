"""Neurotrio : la chasse au trésor, en français : ce que dit le moteur (ids ``neurotrio.…``).

Les cases s'écrivent ``(ligne, colonne)`` à partir de la carte de départ ; les cartes comme la
table les tape (``coeur-noir-2``) ; les attributs et les cartons par leurs mots.
"""

MESSAGES: dict[str, str] = {
    # mise en place
    "neurotrio.setup.seats": "La chasse au trésor se joue de 3 à 8 joueurs, pas {count}",
    "neurotrio.setup.dealer": "Le donneur doit être l'une des places 0 à {highest}",
    "neurotrio.setup.colours": "Donnez trois noms de couleur différents, chacun un mot sans "
    "trait d'union",
    "neurotrio.seat.needed": "Ce coup demande une place de 0 à {highest}",
    "neurotrio.deck.colour": "{card} n'est pas dans ce jeu : ses couleurs de fond sont "
    "{colours}",
    # la carte de départ
    "neurotrio.start.already": "Le domaine a déjà son point de départ",
    "neurotrio.start.laid": "Le domaine part de {card} en (0, 0)",
    # à qui de jouer
    "neurotrio.turn.start_first": "Posez d'abord la carte de départ du domaine",
    "neurotrio.turn.stopped": "Le jeu s'est arrêté : plus de coups",
    "neurotrio.place.while_bidding": "{seat} ne peut pas poser de carte : le domaine attend la "
    "fin du tour d'enchères",
    "neurotrio.pass.while_bidding": "{seat} ne peut pas passer : le domaine attend la fin du "
    "tour d'enchères",
    "neurotrio.place.not_your_turn": "{seat} ne peut pas poser de carte : c'est au tour "
    "{turn_seat:de}",
    "neurotrio.pass.not_your_turn": "{seat} ne peut pas passer : c'est au tour {turn_seat:de}",
    # poser une carte
    "neurotrio.place.refused": "{seat} ne peut pas poser : {why}",
    "neurotrio.place.occupied": "({row}, {col}) porte déjà {card}",
    "neurotrio.place.apart": "({row}, {col}) n'est accolée à aucune carte du domaine",
    "neurotrio.place.grid_closed": "({row}, {col}) ferait {rows} {rows:ligne|lignes} et {cols} "
    "{cols:colonne|colonnes} ; seules {open_rows} {open_rows:ligne|lignes} et {open_cols} "
    "{open_cols:colonne|colonnes} sont ouvertes",
    "neurotrio.place.grid_shape": "({row}, {col}) ferait {rows} {rows:ligne|lignes} et {cols} "
    "{cols:colonne|colonnes} ; aucun des deux nombres ne peut dépasser le double de l'autre",
    "neurotrio.place.incompatible": "{card} en ({row}, {col}) n'est accolée qu'à {other} en "
    "({other_row}, {other_col}), qui {shares} ; deux cartes compatibles ont au moins deux "
    "attributs en commun",
    "neurotrio.place.too_few_compatible": "{card} en ({row}, {col}) est accolée à {count} "
    "cartes et doit être compatible avec au moins deux, mais {why}",
    "neurotrio.place.fails": "{other} en ({other_row}, {other_col}) {shares}",
    "neurotrio.place.fails_and": "{other} en ({other_row}, {other_col}) {shares} ; {more}",
    "neurotrio.shares.only": "n'a en commun que {attribute}",
    "neurotrio.shares.nothing": "n'a rien en commun",
    "neurotrio.place.no_third": "Les deux exemplaires de {card} sont déjà dans le domaine : pas "
    "de troisième",
    "neurotrio.place.placed": "{seat} a posé {card} en ({row}, {col}), compatible avec "
    "{compatible} de ses {count} {count:voisine|voisines}",
    "neurotrio.place.scores": "{seat} a posé {card} en ({row}, {col}), compatible avec "
    "{compatible} de ses {count} voisines : +{points} {points:point|points} de victoire",
    # passer
    "neurotrio.pass.passes": "{seat} passe avec {count} {count:carte|cartes} en main",
    # « deux cartes »
    "neurotrio.duty.not_building": "On annonce « deux cartes » pendant la construction du "
    "domaine",
    "neurotrio.duty.not_two": "{seat} a {count} {count:carte|cartes} en main : on annonce "
    "« deux cartes » quand il en reste deux",
    "neurotrio.duty.already_said": "{seat} a déjà annoncé « deux cartes »",
    "neurotrio.duty.says": "{seat} annonce « deux cartes »",
    # une ligne et une colonne de plus
    "neurotrio.open.not_building": "On ouvre lignes et colonnes pendant la construction du "
    "domaine",
    "neurotrio.open.not_blocked": "Tous les joueurs qui ont encore des cartes doivent être "
    "bloqués ; {waiting_seats} n'{waiting_seats:a|ont} pas passé depuis le dernier changement "
    "du domaine",
    "neurotrio.open.opens": "{holder_seats} ne {holder_seats:peut|peuvent} plus poser : on ouvre "
    "une ligne et une colonne de plus",
    # « neuro » et les enchères
    "neurotrio.neuro.round_on": "Un tour d'enchères est déjà en cours",
    "neurotrio.neuro.no_more": "Plus d'enchères : un seul joueur a encore des cartes en main",
    "neurotrio.neuro.no_play_since": "On dit « neuro » dès qu'un joueur vient de jouer (passer "
    "ou poser une carte), et personne n'a joué depuis le dernier tour d'enchères",
    "neurotrio.neuro.no_bases": "Les dix cartons de base sont tous sur le domaine",
    "neurotrio.neuro.no_tokens": "{seat} a utilisé ses six cartons et doit donc enchérir en "
    "disant « neuro »",
    "neurotrio.neuro.says": "{seat} dit « neuro » : le tour d'enchères {round} part {seat:de}, "
    "dans le sens horaire",
    "neurotrio.bid.no_round": "Aucun tour d'enchères n'est en cours",
    "neurotrio.bid.not_your_turn": "{seat} ne peut pas enchérir maintenant : c'est au tour "
    "{turn_seat:de} d'enchérir",
    "neurotrio.bid.base_used": "Le carton de base {base} est déjà sur le domaine",
    "neurotrio.bid.no_card": "Il n'y a pas de carte du domaine en ({row}, {col}) sur laquelle "
    "enchérir",
    "neurotrio.bid.token_used": "{seat} a déjà utilisé son carton « {token} »",
    "neurotrio.bid.sealed": "{seat} pose le carton de base {base} sur {card} en ({row}, {col}) "
    "avec un carton (scellé)",
    "neurotrio.bid.face_down": "{seat} pose le carton de base {base} sur {card} en ({row}, "
    "{col}) avec un carton (face cachée, dévoilé à la fin)",
    "neurotrio.decline.caller": "{seat} a dit « neuro » et doit enchérir",
    "neurotrio.decline.declines": "{seat} n'enchérit pas",
    # la fin : la dernière main, les cartons
    "neurotrio.reveal.not_yet": "La dernière main se montre quand un seul joueur a encore des "
    "cartes",
    "neurotrio.reveal.not_last": "C'est {seat}, le dernier joueur, qui montre sa main",
    "neurotrio.reveal.already": "{seat} a déjà montré sa main",
    "neurotrio.reveal.count": "{seat} a {held} {held:carte|cartes} en main, pas {count}",
    "neurotrio.reveal.too_many": "{card} apparaîtrait {count} fois ; le jeu la contient en "
    "double",
    "neurotrio.reveal.shows": "{seat} montre {count} {count:carte|cartes} : toutes les mains "
    "sont connues et le trésor est {card}",
    "neurotrio.tokens.not_yet": "Les cartons ne sont dévoilés qu'à la fin du jeu",
    "neurotrio.tokens.no_bid": "Aucune enchère ne repose sur le carton de base {base}",
    "neurotrio.tokens.known": "Le carton posé sur le carton de base {base} est déjà connu",
    "neurotrio.tokens.only_one": "{seat} n'a qu'un seul carton « {token} »",
    "neurotrio.tokens.turned": "{count} {count:carton dévoilé|cartons dévoilés}",
    # l'obligation de « deux cartes » signalée par l'hôte
    "neurotrio.missplay.not_reportable": "{rule} n'est pas une faute que l'hôte signale ; seule "
    "NT-DUTY-2 l'est",
    "neurotrio.missplay.nobody_announced": "Personne n'a annoncé « deux cartes » : on a encore "
    "le droit de passer",
    "neurotrio.missplay.no_two_cards": "Aucune main n'est encore descendue à deux cartes : on a "
    "encore le droit de passer",
    "neurotrio.missplay.hands_known": "Toutes les mains sont connues : le moteur a réglé "
    "l'obligation de « deux cartes » d'après les mains",
    "neurotrio.missplay.no_pass": "{seat} n'a pas passé depuis le début de l'obligation de « "
    "deux cartes » : aucune obligation manquée",
    "neurotrio.missplay.already_lost": "{seat} a déjà perdu ses dix points pour l'obligation de "
    "« deux cartes » : on ne les perd qu'une fois",
    "neurotrio.missplay.all_reported": "{seat} a passé {count} fois sous l'obligation, et "
    "chaque passe est déjà signalé",
    "neurotrio.missplay.passed_able": "{seat} a passé sous l'obligation de « deux cartes » en "
    "pouvant poser une carte",
    # ce que la fin prouve
    "neurotrio.flag.duty": "{seat} a passé sous l'obligation de « deux cartes » en pouvant poser "
    "{card} en ({row}, {col})",
    "neurotrio.flag.not_blocked": "Rien ne bloquait {seat} : {card} pouvait se poser en ({row}, "
    "{col})",
    # sanctions
    "neurotrio.penalty.points": "−{points} {points:point|points} de victoire",
    "neurotrio.penalty.already_charged": "rien de plus : déjà décompté",
    "neurotrio.penalty.once": "rien de plus : le joueur ne perd ses dix points qu'une fois",
    # effets
    "neurotrio.effect.plays_first": "{seat} joue en premier",
    "neurotrio.effect.holds": "{seat} a {count} {count:carte|cartes} en main",
    "neurotrio.effect.two_cards_duty": "une main est descendue à deux cartes : personne ne peut "
    "passer en pouvant poser",
    "neurotrio.effect.duty_from_now": "désormais personne ne peut passer en pouvant poser une "
    "carte",
    "neurotrio.effect.pass_costs": "−1 point de victoire",
    "neurotrio.effect.pass_checked": "vérifié d'après sa main à la fin (obligation de « deux "
    "cartes »)",
    "neurotrio.effect.open_limits": "jusqu'à {rows} {rows:ligne|lignes} et {cols} "
    "{cols:colonne|colonnes}",
    "neurotrio.effect.open_checked": "vérifié d'après les mains à la fin",
    "neurotrio.effect.finished_first": "{seat} a posé toutes ses cartes en premier : +{points} "
    "{points:point|points} de victoire",
    "neurotrio.effect.finished_second": "{seat} a posé toutes ses cartes, le second : "
    "+{points} {points:point|points} de victoire",
    "neurotrio.effect.finished_third": "{seat} a posé toutes ses cartes, le troisième : "
    "+{points} {points:point|points} de victoire",
    "neurotrio.effect.finished_later": "{seat} a posé toutes ses cartes, {rank}e : pas de "
    "bonus",
    "neurotrio.effect.game_stops": "il ne reste des cartes qu'à {seat} : le jeu s'arrête, {seat} "
    "perd {points} {points:point|points} de victoire pour {count} {count:carte|cartes} et montre "
    "sa main",
    "neurotrio.effect.bids_first": "{seat} doit enchérir en premier",
    "neurotrio.effect.may_bid": "{seat} peut enchérir",
    "neurotrio.effect.round_ends": "le tour d'enchères est fini : {seat} reprend la "
    "construction du domaine",
    "neurotrio.effect.treasure_in_domain": "le trésor est {card} (dans le domaine en ({row}, "
    "{col}))",
    "neurotrio.effect.treasure_in_hand": "le trésor est {card} (dans la main {seat:de})",
    "neurotrio.effect.duty_broken_per_pass": "{count} {count:passe a|passes ont} manqué à "
    "l'obligation de « deux cartes » : −{points} chacun",
    "neurotrio.effect.duty_broken_per_player": "{offender_seats} {offender_seats:a|ont} manqué "
    "à l'obligation de « deux cartes » : −{points} par joueur, une fois",
    "neurotrio.effect.tokens_pending": "{count} {count:carton|cartons} encore à dévoiler",
    "neurotrio.effect.still_face_down": "{count} encore face cachée",
    # en manches seulement : la partie enregistrée à sa fin
    "neurotrio.rounds.logged": "Cette partie est finie : sa fin est déjà enregistrée.",
    "neurotrio.rounds.no_seat": "Il n'y a pas de place {seat_number} à cette table.",
    "neurotrio.rounds.finish_bonuses": "Les premiers joueurs à avoir posé toutes leurs cartes "
    "reçoivent, dans l'ordre, {bonuses} points de victoire, une fois chacun.",
    "neurotrio.rounds.no_bonus_for_last": "{seat} avait encore des cartes : pas de points pour "
    "avoir fini.",
    "neurotrio.rounds.last_loses": "Le dernier joueur ({seat}) perd au moins {points} "
    "{points:point|points} de victoire pour les cartes encore en main.",
    # le résultat
    "neurotrio.outcome.wins": "{winner_seats} gagne avec {points} points de victoire",
    "neurotrio.outcome.shared": "{winner_seats} se partagent la victoire avec {points} points "
    "de victoire",
    "neurotrio.outcome.waiting": "Le domaine est fini ; on attend les cartes cachées et les "
    "cartons",
    "neurotrio.report.duty": "Après l'annonce « deux cartes », un joueur a passé en pouvant "
    "poser une carte, et la table l'a prouvé en cours de jeu : {points} points de victoire "
    "perdus (une seule fois, même si le moteur prouve la même faute à la fin). Le passe doit "
    "avoir suivi l'annonce, et les mains ne doivent pas encore être connues.",
    "neurotrio.card.shape": "« {text} » n'est pas une carte : écrivez nature-couleur-force, comme "
    "coeur-noir-2",
    'neurotrio.card.nature': '« {text} » : la nature est coeur, etoile ou rose',
    'neurotrio.card.colour': '« {text} » : la couleur est un mot, comme noir',
    'neurotrio.card.force': '« {text} » : la force est 1, 2 ou 3',
}
