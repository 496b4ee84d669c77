"""Ce que tous les jeux disent de la même façon, en français : les contrôles communs des coups,
les mots des paramètres codés, et la petite grammaire dont le rendu a besoin."""

from collections.abc import Callable

MESSAGES: dict[str, str] = {
    "move.unknown": "« {type} » n'est pas un coup de ce jeu",
    "move.host_only": "Seul l'hôte enregistre un « {type} »",
    "move.needs_seat": "Un « {type} » s'enregistre pour un joueur : dites lequel",
    "move.no_such_seat": "Il n'y a pas de place {seat_number} à cette table",
    "move.not_your_turn": "C'est au tour {turn_seat:de}, pas {seat:de}",
    "move.game_over": "La partie est finie : plus de « {type} »",
}

#: Les mots des paramètres donnés en code (``suit="H"`` -> « cœur »).
WORDS: dict[str, dict[str, str]] = {
    "suit": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "direction": {"clockwise": "dans le sens horaire",
                  "counter_clockwise": "dans le sens antihoraire"},
    "colour": {"red": "rouge", "green": "vert", "yellow": "jaune", "orange": "orange"},
    "kind": {"straight": "en ligne droite", "diagonal": "en diagonale"},
    "intent": {"push": "repousser", "wound": "blesser"},
    "phase": {"first_player": "le tirage du premier joueur", "teams": "le choix des équipes",
              "deploy": "le déploiement", "obstacles": "la pose des obstacles",
              "discard": "la phase de défausse", "draw": "la phase de pioche",
              "action": "la phase d'action", "defence": "une défense", "over": "la fin"},
    "unit": {"coconuts": "noix de coco", "victory points": "points de victoire",
             "warriors standing": "Warriors encore debout", "cards in hand": "cartes en main"},
}
WORDS["colours"] = WORDS["given"] = WORDS["colour"]

#: Les hauteurs comme on les écrit : as, valet, dame, roi.
RANKS = {"A": "A", "J": "V", "Q": "D", "K": "R"}
JOKER = "Joker"
AND = " et "
NOBODY = "personne"
UNNAMED_SEAT = "le joueur {seat}"

VOWELS = tuple("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


def is_plural(count: int) -> bool:
    """En français, zéro et un sont au singulier : « 0 carte », « 1 carte », « 2 cartes »."""
    return abs(count) >= 2


def warrior(owner: str, colour: str, number: str) -> str:
    """« le Warrior rouge d'Alice », « le Warrior vert 2 de Bob »."""
    return f"le Warrior {colour}{' ' + number if number else ''} {de(owner)}"


def de(text: str) -> str:
    """« de Bob », « d'Alice », « du joueur 2 », « du Warrior rouge de Bob »."""
    if text.startswith("le "):
        return "du " + text[3:]
    if text.startswith("les "):
        return "des " + text[4:]
    if text.startswith(VOWELS):
        return "d'" + text
    return "de " + text


def a(text: str) -> str:
    """« à Bob », « au joueur 2 »."""
    if text.startswith("le "):
        return "au " + text[3:]
    if text.startswith("les "):
        return "aux " + text[4:]
    return "à " + text


def que(text: str) -> str:
    """« que Bob », « qu'Alice »."""
    return ("qu'" if text.startswith(VOWELS) else "que ") + text


#: Les formats qu'un modèle peut mettre sur un nom : ``{seat:de}``, ``{seat:à}``, ``{seat:que}``.
PREPOSITIONS: dict[str, Callable[[str], str]] = {"de": de, "à": a, "que": que}
