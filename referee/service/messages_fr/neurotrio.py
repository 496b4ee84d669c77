"""Neurotrio : la chasse au trésor, en français : ce que dit le moteur (ids ``neurotrio.…``)."""

MESSAGES: dict[str, str] = {
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "neurotrio.report.duty": "Après l'annonce « deux cartes », le joueur a passé alors qu'il "
    "pouvait poser une carte, et la table l'a prouvé en cours de jeu : il perd {points} points "
    "de victoire (une seule fois, même si le moteur prouve la même faute à la fin). Le joueur "
    "doit avoir passé après l'annonce, et les mains ne doivent pas encore être connues.",
    "neurotrio.card.shape": "« {text} » n'est pas une carte : écrivez nature-couleur-force, "
    "comme coeur-noir-2",
    "neurotrio.card.nature": "« {text} » : la nature est coeur, etoile ou rose",
    "neurotrio.card.colour": "« {text} » : la couleur est un mot, comme noir",
    "neurotrio.card.force": "« {text} » : la force est 1, 2 ou 3",
    "neurotrio.rounds.logged": "Cette partie est finie : sa fin est déjà enregistrée.",
    "neurotrio.rounds.no_seat": "Il n'y a pas de place {seat_number} à cette table.",
    "neurotrio.rounds.finish_bonuses": "Les premiers joueurs à avoir posé toutes leurs cartes "
    "reçoivent, dans l'ordre, {bonuses} points de victoire, une fois chacun.",
    "neurotrio.rounds.no_bonus_for_last": "{seat} avait encore des cartes : pas de points pour "
    "avoir fini.",
    "neurotrio.rounds.last_loses": "Le dernier joueur ({seat}) perd au moins {points} point de "
    "victoire pour les cartes qu'il a encore en main.",
}
