"""Le Citron Coco en individuel, en français : ce que dit le moteur (ids ``citroncoco.…``)."""

MESSAGES: dict[str, str] = {
    # mise en place
    "citroncoco.setup.seats": "{game} se joue de {low} à {high} joueurs, pas {count}.",
    "citroncoco.setup.deck_short": "Un paquet de {cards} cartes ne permet pas de distribuer "
    "{size} cartes à {count} joueurs en gardant une pioche.",
    "citroncoco.setup.no_first": "Il n'y a pas de place {seat_number} à une table de {count}.",
    # piocher
    "citroncoco.draw.stock": "{seat} pioche dans la pioche.",
    "citroncoco.draw.discard": "{seat} pioche le {value} dans la défausse.",
    "citroncoco.draw.holding": "{seat} a une carte piochée en main : d'abord la défausser ou la "
    "mettre à la place d'une de ses cartes.",
    "citroncoco.draw.not_your_turn": "{seat} ne peut pas piocher : c'est au tour {turn_seat:de}.",
    "citroncoco.draw.plays_again": "{seat} ne peut pas piocher : {turn_seat} rejoue (11 : "
    "ravitaillement).",
    "citroncoco.draw.discard_empty": "La défausse est vide : piochez dans la pioche.",
    "citroncoco.draw.own_discard": "{seat} ne peut pas reprendre sa propre carte, tout juste "
    "défaussée.",
    "citroncoco.draw.nothing_left": "La pioche est vide et la défausse n'a aucune carte à "
    "retourner.",
    "citroncoco.stock.remade": "la pioche est épuisée : {count} {count:carte|cartes} de la "
    "défausse {count:forme|forment} la nouvelle pioche",
    "citroncoco.stock.empty": "il ne reste aucune carte à piocher",
    "citroncoco.stock.unseen_card": "{seat} prend une carte de la pioche sans la regarder",
    # jouer la carte piochée
    "citroncoco.play.nothing_drawn": "{seat} n'a pas de carte piochée à jouer : un tour commence "
    "par la pioche.",
    "citroncoco.play.not_your_turn": "{seat} ne peut pas jouer : c'est au tour {turn_seat:de}.",
    "citroncoco.play.not_the_drawn": "{seat} a pioché le {drawn} dans la défausse, pas un {value}.",
    "citroncoco.play.discard": "{seat} défausse directement le {value} pioché.",
    "citroncoco.play.replace": "{seat} met la carte piochée en position {slot} et défausse le "
    "{value} remplacé.",
    # les cartes et le paquet
    "citroncoco.card.needs_slot": "Indiquez la position de la carte.",
    "citroncoco.card.no_slot": "{seat} a {count} {count:carte|cartes} : il n'y a pas de position "
    "{slot}.",
    "citroncoco.card.known_other": "La carte {seat:de} en position {slot} est connue : c'est un "
    "{known}, pas un {value}.",
    "citroncoco.deck.no_such_value": "Le paquet n'a aucune carte de valeur {value}.",
    "citroncoco.deck.all_known": "Le paquet a {total} {total:carte|cartes} de valeur {value} et "
    "{known} {known:est déjà connue|sont déjà connues} : ce {value} est impossible.",
    # les pouvoirs
    "citroncoco.power.may_use": "{seat} peut utiliser le pouvoir du {value} ({power})",
    "citroncoco.power.unused": "{seat} n'a pas utilisé le pouvoir du {value}",
    "citroncoco.power.automatic": "Le pouvoir du {value} s'applique tout seul : aucun coup à "
    "enregistrer.",
    "citroncoco.power.none_owed": "{seat} n'a aucun pouvoir à utiliser : sa dernière carte "
    "défaussée n'en a pas, ou le tour suivant a commencé.",
    "citroncoco.power.not_owed": "{seat} n'a pas de pouvoir du {value} à utiliser (pouvoirs à "
    "utiliser : {owed}).",
    "citroncoco.power.needs_target": "Le {value} ({power}) a besoin d'un joueur visé.",
    "citroncoco.power.no_such_seat": "Il n'y a pas de place {seat_number} à cette table.",
    "citroncoco.power.no_card_to_give": "Il ne reste aucune carte à donner.",
    "citroncoco.power.assault": "{seat} donne la première carte de la pioche {target_seat:à}, "
    "sans que personne ne la voie (1 : Assault).",
    "citroncoco.power.fellow": "{seat} regarde la carte {target_seat:de} en position {slot} (2 : "
    "Fellow).",
    "citroncoco.power.fellow_no_teammate": "Le 2 (Fellow) n'a pas de pouvoir : il n'y a pas "
    "de coéquipier.",
    "citroncoco.power.fellow_wrong_seat": "Mauvais pouvoir : le 2 (Fellow) {seat:de} regarde "
    "une carte {allowed_seats:de}, pas {target_seat:de}.",
    "citroncoco.power.seadog": "{seat} regarde la carte {target_seat:de} en position {slot} (7 : "
    "Seadog).",
    "citroncoco.power.witch": "{seat} donne la pièce {target_seat:à} (9 : Witch).",
    "citroncoco.power.spy": "{seat} retourne face visible la carte {target_seat:de} en position "
    "{slot} (10 : Spy).",
    "citroncoco.power.queen": "{seat} échange la carte {target_seat:de} en position {slot} avec "
    "celle {other_seat:de} en position {other_slot} (12 : Queen).",
    "citroncoco.power.captain": "{seat} regarde la prochaine carte de la pioche (-1 : "
    "Captain).",
    "citroncoco.spy.needs_value": "Donnez la valeur de la carte retournée face visible.",
    "citroncoco.spy.already_face_up": "La carte {seat:de} en position {slot} est déjà face "
    "visible.",
    "citroncoco.spy.face_up": "la carte {seat:de} en position {slot} reste face visible : un "
    "{value}",
    "citroncoco.supply.plays_again": "{seat} rejouera (11 : ravitaillement)",
    "citroncoco.captain.skips_next": "{seat} passera son prochain tour (13 : Captain)",
    "citroncoco.captain.skips": "{seat} passe son tour (13 : Captain)",
    "citroncoco.queen.needs_other_seat": "Le 12 (Queen) échange deux cartes : indiquez le joueur "
    "de la seconde carte.",
    "citroncoco.queen.same_card": "Un échange demande deux cartes différentes.",
    "citroncoco.queen.repeated": "{seat} refait le dernier échange ({target_seat} position {slot} "
    "avec {other_seat} position {other_slot}) : il est impossible d'effectuer deux fois de suite "
    "le même échange ; les cartes reprennent leur place.",
    # la pièce
    "citroncoco.coin.held": "{seat} a la pièce",
    "citroncoco.coin.kept": "{seat} garde la pièce",
    "citroncoco.coin.blocks": "{seat} a la pièce : le pouvoir du {value} n'est pas activé et la "
    "pièce retourne au centre de la table",
    "citroncoco.coin.used_anyway": "{seat} a la pièce et a tout de même utilisé le pouvoir du "
    "{value}.",
    # sanctions
    "citroncoco.penalty.card": "une carte de pénalité piochée dans la pioche",
    "citroncoco.penalty.unseen": "une carte de pénalité piochée dans la pioche, sans la regarder",
    "citroncoco.penalty.card_and_coin": "une carte de pénalité piochée dans la pioche, et la "
    "pièce ne change pas de main",
    "citroncoco.penalty.cards_back": "les cartes reprennent leur place et {seat} pioche une carte "
    "de pénalité",
    # jeux rapides
    "citroncoco.quick.played": "{seat} fait un jeu rapide : {value} sur le {top}.",
    "citroncoco.quick.played_sum": "{seat} fait un jeu rapide : {value} + {other_value} sur le "
    "{top}.",
    "citroncoco.quick.wrong_value": "Jeu rapide faux {seat:de} : {value} sur un {top}.",
    "citroncoco.quick.wrong_sum": "Jeu rapide faux {seat:de} : {value} + {other_value} sur un "
    "{top}.",
    "citroncoco.quick.wrong": "Jeu rapide faux {seat:de} : {why}.",
    "citroncoco.quick.on_quick": "Jeu rapide faux {seat:de} : le {top} de la défausse vient lui "
    "aussi d'un jeu rapide de ce tour.",
    "citroncoco.quick.sum_not_own": "une somme ne peut utiliser que les cartes {seat:de}, pas "
    "celles {other_seat:de}",
    "citroncoco.quick.no_sum": "Cette partie se joue sans le jeu rapide par la somme de deux "
    "cartes.",
    "citroncoco.quick.sum_incomplete": "Un jeu rapide par la somme indique le joueur, la position "
    "et la valeur de la seconde carte.",
    "citroncoco.quick.no_such_seat": "Il n'y a pas de place {seat_number}.",
    "citroncoco.quick.same_card": "Une somme demande deux cartes différentes.",
    "citroncoco.quick.round_over": "La manche est finie : plus de jeu rapide.",
    "citroncoco.quick.last_turns_played": "Chaque joueur a joué son dernier tour : la manche est "
    "finie.",
    "citroncoco.quick.discard_empty": "La défausse est vide : il n'y a pas de carte sur laquelle "
    "faire un jeu rapide.",
    # le Citron Coco et la fin d'une manche
    "citroncoco.call.called": "{seat} crie « Citron Coco » : chaque autre joueur joue une "
    "dernière fois.",
    "citroncoco.call.already": "{seat} a déjà crié « Citron Coco » dans cette manche.",
    "citroncoco.call.not_now": "{seat} ne peut crier « Citron Coco » qu'à la fin de son propre "
    "tour, avant que le joueur suivant ait pioché.",
    "citroncoco.call.gives_up_power": "{seat} renonce à son pouvoir non utilisé",
    "citroncoco.call.last_turns_played": "Chaque joueur a joué son dernier tour après le « Citron "
    "Coco » : enregistrez les cartes retournées.",
    "citroncoco.round.reveal_due": "La manche est finie : enregistrez les cartes retournées.",
    "citroncoco.round.hand_empty": "{seat} n'a plus de carte : la manche prend fin",
    "citroncoco.round.held_back": "la carte piochée pas encore jouée retourne sur la pioche",
    "citroncoco.reveal.not_over": "La manche n'est pas finie : on retourne les cartes après les "
    "derniers tours d'un « Citron Coco » ou quand un joueur n'a plus de carte.",
    "citroncoco.reveal.all_seats": "Donnez le jeu des {count} joueurs.",
    "citroncoco.reveal.count": "{seat} a {count} {count:carte|cartes}, pas {given}.",
    "citroncoco.reveal.power_owed": "La dernière carte défaussée, le {value} {seat:de} "
    "({power}), a encore son pouvoir à utiliser : la manche prend fin une fois le pouvoir "
    "réalisé ou abandonné.",
    "citroncoco.reveal.may": "les cartes peuvent être retournées",
    "citroncoco.power.given_up": "{seat} renonce au pouvoir du {value} ({power}).",
    "citroncoco.round.scored": "Manche {round} : {scored}.",
    "citroncoco.round.last": "Manche {round} : {scored}. {outcome}",
    "citroncoco.round.dealt": "la manche {round} est distribuée ; {seat} commence",
    # le décompte et le résultat
    "citroncoco.score.hands": "chaque joueur marque les noix de coco de son jeu",
    "citroncoco.score.call_succeeds": "le « Citron Coco » {seat:de} réussit : les autres marquent "
    "les noix de coco de leur jeu, {seat} retire {coconuts} de son score",
    "citroncoco.score.call_fails": "le « Citron Coco » {seat:de} échoue : {seat} marque "
    "{coconuts}, les autres zéro",
    "citroncoco.outcome.won": "{winner_seats} gagne avec {coconuts} noix de coco ; {sunk_seats} "
    "{sunk_seats:coule|coulent} ({sunk_totals}).",
    "citroncoco.outcome.won_shared": "{winner_seats} gagnent avec {coconuts} noix de coco ; "
    "{sunk_seats} {sunk_seats:coule|coulent} ({sunk_totals}).",
    # fautes de jeu que signale l'hôte
    "citroncoco.missplay.unknown": "« {rule} » n'est pas une faute de jeu que la table signale ; "
    "au choix : {rules}.",
    "citroncoco.missplay.reported": "{seat} : {fault}",
    "citroncoco.missplay.reported_note": "{seat} : {fault} ({note})",
    "citroncoco.missplay.no_coin": "{seat} ne peut pas avoir fait cette faute : pas de pièce en "
    "main, et la pièce n'a bloqué aucun de ses pouvoirs depuis la dernière pioche (« Lorsqu'un "
    "joueur qui possède le jeton défausse une carte spéciale et effectue tout de même le pouvoir "
    "»).",
    "citroncoco.missplay.no_power": "{seat} ne peut pas avoir fait cette faute : aucune carte "
    "spéciale défaussée dans cette manche ne lui a donné de pouvoir à utiliser (aucune, ou la "
    "pièce l'a bloqué).",
    "citroncoco.missplay.no_penalty": "{seat} ne peut pas avoir fait cette faute : aucune carte "
    "de pénalité piochée dans cette manche, donc aucune à regarder.",
    "citroncoco.fault.looked": "Un joueur a regardé une carte sans y être autorisé.",
    "citroncoco.fault.wrong_power": "Un joueur, après avoir défaussé une carte spéciale, n'a pas "
    "effectué le bon pouvoir.",
    "citroncoco.fault.coin_power": "Le détenteur de la pièce a défaussé une carte spéciale et "
    "effectué tout de même le pouvoir (carte de pénalité, et la pièce ne change pas de main).",
    "citroncoco.fault.looked_at_penalty": "Un joueur a regardé une carte de pénalité.",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "citroncoco.rounds.over": "La partie est finie : un navire a coulé.",
    "citroncoco.rounds.no_seat": "Il n'y a pas de place {seat_number} à cette table.",
    "citroncoco.rounds.no_empty_hand": "Une manche sans « Citron Coco » se termine quand un "
    "joueur a vidé son jeu : l'un des jeux doit être vide.",
    "citroncoco.rounds.too_many_of_value": "Les jeux montrent {count} {count:carte|cartes} de "
    "valeur {value} ; le paquet en compte {held}.",
    "citroncoco.rounds.too_few": "Avec ce paquet, les jeux réunis ne peuvent pas compter moins "
    "de {lowest} noix de coco.",
    "citroncoco.forfeit.power": "{seat} renonce au pouvoir du {value} ({power})",
    "citroncoco.rounds.hands_or_totals": "Donnez soit les jeux, soit les totaux.",
    "citroncoco.setup.empty_deck": "Le paquet doit compter au moins une carte.",
}
