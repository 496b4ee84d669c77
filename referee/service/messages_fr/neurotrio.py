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
}
