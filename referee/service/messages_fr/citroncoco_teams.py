"""Le ©CitronCoco en équipes, en français : ce qu'ajoute le jeu en équipes
(ids ``citroncoco.teams.…``)."""

MESSAGES: dict[str, str] = {
    "citroncoco.teams.setup.teams": "Il faut deux équipes de deux joueurs, chacune des places 0 à "
    "3 dans exactement une équipe.",
    "citroncoco.teams.quick.two_own": "une addition ne peut pas utiliser deux de vos propres "
    "cartes",
    "citroncoco.teams.quick.opponent_card": "une addition ne peut pas utiliser une carte d'un "
    "adversaire ({other_seat})",
    "citroncoco.teams.score.hands": "chaque équipe marque les noix de coco de son jeu",
    "citroncoco.teams.score.call": "l'équipe {team} a le moins de noix de coco et marque zéro ; "
    "l'équipe {loser_team} marque {coconuts}",
    "citroncoco.teams.score.call_times": "l'équipe {team} a le moins de noix de coco et marque "
    "zéro ; l'équipe {loser_team} marque {coconuts} ×{times}",
    "citroncoco.teams.outcome.tie": "Les deux équipes atteignent ensemble {coconuts} noix de coco "
    ": la partie est nulle.",
    "citroncoco.teams.outcome.won": "L'équipe {team} ({winner_seats}) gagne : l'équipe "
    "{loser_team} coule avec {coconuts} noix de coco.",
    "citroncoco.teams.fault.told_teammate": "Un joueur a donné une information à son coéquipier.",
    "citroncoco.teams.nano.off": "Cette partie se joue sans « Nano » ni « Nano Alpha ».",
    "citroncoco.teams.nano.not_now": "« Nano » et « Nano Alpha » répondent à un « Citron Coco », "
    "avant que le joueur suivant ait pioché.",
    "citroncoco.teams.nano.already": "On a déjà répondu « Nano ».",
    "citroncoco.teams.nano.next_only": "Seul le joueur suivant ({next_seat}) peut répondre « Nano "
    "! »",
    "citroncoco.teams.nano.called": "{seat} répond « Nano ! » : les points de l'équipe perdante "
    "sont doublés.",
    "citroncoco.teams.nano_alpha.once": "« Nano Alpha ! » répond à un « Nano ! », une seule fois.",
    "citroncoco.teams.nano_alpha.mate_only": "Seul le coéquipier du lanceur ({mate_seat}) peut "
    "répondre « Nano Alpha ! »",
    "citroncoco.teams.nano_alpha.called": "{seat} répond « Nano Alpha ! » : les points de "
    "l'équipe perdante sont quadruplés.",
}
