"""Ce que tous les jeux disent de la même façon, en français : les contrôles communs des coups,
les mots des paramètres codés, et la petite grammaire dont le rendu a besoin."""

from collections.abc import Callable

MESSAGES: dict[str, str] = {
    "move.unknown": "« {type} » n'est pas un coup de ce jeu",
    "move.host_only": "Seul l'hôte enregistre le coup « {type} »",
    "move.needs_seat": "Le coup « {type} » s'enregistre pour un joueur : dites lequel",
    "move.no_such_seat": "Il n'y a pas de place {seat_number} à cette table",
    "move.not_your_turn": "C'est au tour {turn_seat:de}, pas {seat:de}",
    "move.game_over": "La partie est finie : le coup « {type} » n'est plus possible",
    # ce que dit la plateforme des annulations, corrections et contestations
    "platform.challenge.recorded": "Contestation du coup n° {challenged} enregistrée ; l'hôte "
    "tranchera.",
    "platform.ruling.dismissed": "Contestation {challenge} rejetée.",
    "platform.void.voided": "Coup n° {voided} (« {type} ») annulé : {why}. Tous les coups "
    "suivants sont jugés à nouveau.",
    "platform.correct.corrected": "Coup n° {corrected} (« {type} ») corrigé en « {to_type} ». À "
    "sa place : {instead} Tous les coups suivants sont jugés à nouveau.",
    "platform.correct.corrected_why": "Coup n° {corrected} (« {type} ») corrigé en « {to_type} » "
    ": {why}. À sa place : {instead} Tous les coups suivants sont jugés à nouveau.",
    # --- résultats seuls (décompte rapide) : une manche, ou la partie, notée d'un coup ---
    "rounds.round_only": "Cette partie ne note que les résultats des manches : enregistrez une "
    "manche, pas le coup « {type} ».",
    "rounds.one_per_seat": "Donnez une valeur par joueur pour {key} : {count}, pas {given}.",
    "cards.not_a_card": "« {text} » n'est pas une carte : écrivez la valeur puis la couleur, "
    "comme 7S, 10H, QD, AC ou JK",
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
    "value": {"A": "as", "J": "valets", "Q": "dames", "K": "rois"},
    "nature": {"coeur": "cœur", "etoile": "étoile", "rose": "rose"},
    "attribute": {"nature": "la nature", "colour": "la couleur de fond", "force": "la force"},
    "token": {"colour": "couleur de fond"},
    # les coups nommés dans une phrase (``type``, ``to_type``), dans les mots des règles
    "type": {"announce": "annonce", "attack": "attaque", "bid": "enchère",
             "challenge": "contestation", "choose_team": "choix de l'équipe",
             "citron_coco": "Citron Coco", "contre": "contre", "correct": "correction",
             "decline": "refus d'enchérir", "defend": "défense", "deploy": "déploiement",
             "deux_cartes": "deux cartes", "discard": "défausse", "draw": "pioche",
             "end_turn": "fin du tour", "first_player": "tirage du premier joueur",
             "flag": "signalement d'une erreur", "forgo_power": "renoncement au pouvoir",
             "missplay": "faute de jeu", "move": "déplacement", "nano": "Nano",
             "nano_alpha": "Nano Alpha", "neuro": "Neuro", "no_defence": "pas de défense",
             "obstacles": "pose des obstacles",
             "open_more": "ouverture d'une ligne et d'une colonne", "pass": "passe",
             "place": "pose d'une carte", "play": "pose de cartes", "power": "pouvoir",
             "quick_play": "jeu rapide", "replace": "remplacement",
             "reveal": "mains dévoilées", "reveal_bids": "enchères dévoilées",
             "round": "manche", "ruling": "décision", "slap": "tape sur la défausse",
             "start_domain": "première carte du domaine",
             "turn_up": "première carte retournée", "void": "annulation"},
    # les pouvoirs du Citron Coco (``power``) sous les noms que leur donne la règle française
    # (« 7 (Seadog) ») ; le 11, qu'elle appelle aussi « ravitaillement », sous ce nom-là
    "power": {"Assault": "Assault", "Fellow": "Fellow", "Seadog": "Seadog", "Witch": "Witch",
              "Spy": "Spy", "Supply": "ravitaillement", "Queen": "Queen", "Captain": "Captain"},
    # les listes qu'un décompte rapide donne, une valeur par joueur (``key``)
    "key": {"hands": "les jeux", "totals": "les totaux", "warriors": "les Warriors encore "
            "debout", "points": "les points de victoire", "cards": "les cartes en main"},
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
