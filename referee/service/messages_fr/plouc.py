"""Le Carte et Plouc de Charlotte, en français : ce que dit le moteur (ids ``plouc.…``)."""

MESSAGES: dict[str, str] = {
    # mise en place
    "plouc.setup.seats": "Le Carte et Plouc se joue de 2 à 9 joueurs, pas {count}",
    "plouc.setup.no_dealer": "Il n'y a pas de place {seat_number} pour distribuer",
    "plouc.setup.no_first": "Il n'y a pas de place {seat_number} pour commencer",
    "plouc.setup.deck_short": "{count} mains de {size} cartes et une carte retournée demandent "
    "plus de 52 cartes",
    "plouc.setup.zouzou_or_mega_one": "La Zouzou et la Méga One sont deux façons de sanctionner "
    "la même chose : choisissez-en une",
    # les phases de la partie
    "plouc.log.no_seat": "Le coup ne nomme aucun joueur",
    "plouc.phase.deal": "Le donneur n'a pas encore retourné la première carte",
    "plouc.phase.over": "La partie est finie : {winner_seat} a gagné",
    "plouc.phase.flag": "Le jeu est arrêté jusqu'à ce que l'hôte tranche le signalement",
    "plouc.phase.plouc": "{seat} a posé sa dernière carte : on attend « plouc »",
    # la donne
    "plouc.deal.already_turned_up": "La première carte est déjà retournée",
    "plouc.deal.dealer_turns_up": "C'est le donneur, {seat}, qui retourne la première carte",
    "plouc.deal.turned_up": "{card} est retournée ; la carte retournée n'a pas de pouvoir",
    # jouer
    "plouc.play.twice": "La même carte est posée deux fois dans un même coup",
    "plouc.play.joker": "Le Carte et Plouc se joue sans les jokers",
    "plouc.play.already_down": "{card} est déjà sur la défausse : une carte ne se joue pas deux "
    "fois dans un même jeu",
    "plouc.play.mixed_values": "Les cartes posées ensemble doivent toutes avoir la même valeur",
    "plouc.play.more_than_held": "{seat} a {held} {held:carte|cartes} en main, pas {count}",
    "plouc.play.suit_without_ace": "Seul un as change de couleur",
    "plouc.play.follows_nothing": "{card} n'est ni de la couleur demandée ({suit}) ni de la "
    "valeur de {top}",
    "plouc.play.lays": "{seat} pose {cards}",
    "plouc.ace.on_top": "On ne peut mettre un as que de la couleur de la carte précédente : sur "
    "{top}, c'est {suit}",
    "plouc.ace.in_play": "On ne peut mettre un as que de la couleur demandée : {suit}",
    "plouc.ace.name_a_suit": "Le joueur de l'as doit annoncer une nouvelle couleur",
    "plouc.ace.same_suit": "L'as fait changer de couleur : annoncez une autre couleur que {suit}",
    "plouc.ace.same_as_last": "L'as fait changer de couleur : {top} est sur la défausse, annoncez "
    "une autre couleur que {suit}",
    "plouc.owed.no_answer": "{seat} doit piocher {count} {count:carte|cartes} : rien ne répond au "
    "7 de pique posé sur le roi de pique",
    "plouc.owed.seven_of_spades": "{seat} doit piocher {count} {count:carte|cartes} ou répondre "
    "au roi de pique par le 7 de pique",
    "plouc.owed.seven_of_spades_alone": "Seul le 7 de pique, posé seul, répond au roi de pique ; "
    "le joueur suivant pioche {count} {count:carte|cartes}",
    "plouc.owed.seven": "{seat} doit piocher {count} {count:carte|cartes} ou répondre par un 7",
    "plouc.finish.three_of_clubs": "Il est interdit {seat:à} de finir son plouc avec le 3 de "
    "trèfle : {seat} pioche à la place",
    "plouc.finish.special": "Il est interdit {seat:à} de terminer par une carte spéciale "
    "({card}) pour faire le « plouc » : {seat} pioche à la place",
    # piocher
    "plouc.draw.count": "{seat} pioche {count} {count:carte|cartes} maintenant, pas {claimed}",
    "plouc.draw.passes": "{seat} ne peut pas jouer : pioche {count} {count:carte|cartes} et passe "
    "son tour",
    "plouc.draw.draws": "{seat} pioche {count} {count:carte|cartes}",
    # annonces
    "plouc.announce.carte_not_one": "{seat} a {count} {count:carte|cartes} en main : on dit « "
    "carte » quand il ne reste qu'une seule carte",
    "plouc.announce.carte_late": "{seat} dit « carte » trop tard : un autre joueur a joué depuis "
    "que {seat} n'a plus qu'une carte",
    "plouc.announce.carte_late_again": "{seat} a déjà dit « carte », trop tard : le « carte » "
    "oublié reste acquis, le redire n'y change rien",
    "plouc.announce.carte": "{seat} dit « carte » : plus qu'une carte en main",
    "plouc.announce.plouc_too_soon": "{seat} n'a pas posé sa dernière carte : on dit « plouc » "
    "sur la dernière carte",
    "plouc.announce.plouc": "Plouc ! {seat} n'a plus de carte et gagne",
    # contre (la Zouzou, la Méga One)
    "plouc.contre.not_played": "On ne dit « contre » qu'avec la Zouzou ou la Méga One",
    "plouc.contre.on_self": "On ne se dit pas « contre » à soi-même",
    "plouc.contre.mega_one_no_card": "{seat} a {count} {count:carte|cartes} en main : avec la "
    "Méga One, qui dit « contre » donne une de ses cartes, et une dernière carte ne se pose "
    "qu'en plouc",
    "plouc.contre.wrong": "{seat} ne doit aucune annonce maintenant : le « contre » est faux",
    "plouc.contre.right": "Contre ! {seat} a oublié de dire « {word} »",
    # David le fou
    "plouc.flag.not_played": "On ne signale une erreur qu'avec le David le fou",
    "plouc.flag.on_self": "On ne signale pas sa propre erreur",
    "plouc.flag.not_a_rule": "{rule} n'est pas une règle qu'un joueur peut enfreindre",
    "plouc.flag.earlier_event": "Un signalement porte sur un coup déjà joué",
    "plouc.flag.mega_one_no_card": "{seat} a {count} {count:carte|cartes} en main : la sanction "
    "est la Méga One, et qui signale doit donc avoir une carte à donner et une à garder",
    "plouc.flag.stops": "{seat} signale une erreur {offender_seat:de} ({rule}) : le jeu s'arrête "
    "jusqu'à ce que l'hôte tranche",
    "plouc.flag.right": "{seat} a raison : {offender_seat} a enfreint {rule}",
    "plouc.flag.wrong": "{seat} a signalé à tort une erreur {offender_seat:de} ({rule}) : {why}",
    "plouc.flag.why.no_forgotten_carte": "la partie ne montre aucun « carte » oublié par {seat} "
    "qui puisse encore être relevé",
    "plouc.flag.why.no_forgotten_carte_after": "la partie ne montre aucun « carte » oublié par "
    "{seat} après le coup {about_seq} qui puisse encore être relevé",
    "plouc.flag.why.owes_no_carte": "{seat} n'a pas à dire « carte » maintenant",
    "plouc.flag.why.no_such_forgotten": "la partie ne montre aucune annonce oubliée de ce genre",
    "plouc.flag.why.host_says_so": "l'hôte en a décidé ainsi",
    "plouc.flag.did_not_say": "{seat} n'a pas dit « {word} »",
    "plouc.flag.flagged_by": "signalé par {seat}",
    "plouc.ruling.no_flag": "Aucun signalement n'attend de décision",
    "plouc.ruling.no_card_to_give": "{seat} n'a pas de carte à donner et à garder : déclarez le "
    "signalement faux ou annulez-le",
    # le zéro
    "plouc.slap.not_played": "On ne tape sur la défausse qu'avec le zéro",
    "plouc.slap.no_fresh_two": "Aucun 2 qui vient d'être posé n'est sur la défausse (ou on a déjà "
    "tapé dessus)",
    "plouc.slap.with_self": "Qui tape échange son tas de cartes avec un autre joueur",
    "plouc.slap.swaps": "{seat} a tapé en premier sur le 2 et échange son tas de cartes avec "
    "{with_seat}",
    # le mot doux
    "plouc.missplay.not_reportable": "{rule} n'est pas une faute que l'hôte signale dans ce jeu",
    "plouc.missplay.no_mot_doux": "La règle du mot doux n'est pas jouée dans cette partie",
    "plouc.missplay.swore": "{seat} a dit un gros mot",
    # sanctions
    "plouc.penalty.draws": "{seat} pioche {count} {count:carte|cartes}",
    "plouc.penalty.wrong_flag_draws": "{seat} pioche {count} {count:carte|cartes} (signalement "
    "faux)",
    "plouc.penalty.gives_a_card": "{seat} donne une de ses cartes {to_seat:à}",
    "plouc.penalty.none_for_contre": "aucune : la règle ne prévoit pas de sanction pour un « "
    "contre » faux ({word})",
    "plouc.penalty.draws_no_play": "{seat} pioche {count} {count:carte|cartes}, sans jouer",
    # effets
    "plouc.effect.plays_first": "{seat} joue en premier",
    "plouc.effect.slap_open": "un 2 est sur la défausse : le premier qui tape dessus échange son "
    "tas de cartes",
    "plouc.effect.no_slap_last_card": "on ne tape pas : le 2 est une dernière carte et la partie "
    "attend le « plouc »",
    "plouc.effect.nothing_to_draw": "plus aucune carte à piocher : la pioche et la défausse sont "
    "épuisées ({count} {count:piochée|piochées})",
    "plouc.effect.stock_renewed": "la pioche était vide : la défausse, sauf sa carte du dessus, "
    "est devenue la pioche",
    "plouc.effect.plays_again": "{seat} rejoue",
    "plouc.effect.no_card_to_play_again": "{seat} n'a plus de carte pour rejouer",
    "plouc.effect.suit_now": "la couleur est maintenant {suit}",
    "plouc.effect.reversals": "{count} {count:changement|changements} de sens : le jeu tourne "
    "{direction} ; {then}",
    "plouc.effect.next_draws_unanswerable": "le joueur suivant pioche {count} "
    "{count:carte|cartes} : rien ne répond au 7 de pique posé sur le roi",
    "plouc.effect.next_draws_unless_seven": "le joueur suivant pioche {count} "
    "{count:carte|cartes}, sauf à répondre par un 7",
    "plouc.effect.next_draws_unless_seven_of_spades": "le joueur suivant pioche {count} "
    "{count:carte|cartes}, sauf à répondre par le 7 de pique",
    "plouc.effect.skipped": "{count} {count:joueur passe|joueurs passent} leur tour",
    "plouc.effect.square": "carré {value:de} : {then}",
    "plouc.effect.square_drawer": "{drawer_seat} pioche {count} {count:carte|cartes} et joue "
    "après {seat:que} a rejoué",
    "plouc.effect.must_say_plouc": "{seat} a posé sa dernière carte et doit dire « plouc »",
    "plouc.effect.would_owe": "{seat} devrait piocher {count} {count:carte|cartes} si le jeu "
    "continuait",
    "plouc.effect.to_play": "{seat:à} de jouer",
    "plouc.effect.must_draw_or_answer": "{seat} doit piocher {count} {count:carte|cartes} ou "
    "répondre",
    "plouc.effect.must_say_carte": "{seat} n'a plus qu'une carte et doit dire « carte »",
    "plouc.effect.drew_and_plays_again": "{seat} a pioché plus d'une carte et rejoue "
    "immédiatement (PL-TURN-3)",
    "plouc.effect.forgotten_carte_stands": "le « carte » oublié reste acquis et peut encore être "
    "relevé",
    "plouc.effect.hands_now": "{seat} a maintenant {count} {count:carte|cartes}, {with_seat} "
    "{other_count}",
    # le résultat
    "plouc.outcome.plouc": "{seat} gagne : plouc !",
    "plouc.outcome.in_play": "En cours : le moins de cartes ({count}) est chez {leader_seats}",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "plouc.rounds.logged": "Cette partie est finie : sa fin est déjà enregistrée.",
    "plouc.rounds.no_seat": "Il n'y a pas de place {seat_number} à cette table.",
    "plouc.rounds.winner_holds": "{seat} ne gagne qu'en posant sa dernière carte, et en a encore "
    "{count} {count:carte|cartes}.",
    "plouc.rounds.first_only": "Un seul joueur sort : {winner_seat} a dit « plouc » en premier, "
    "il reste donc des cartes à {seat}.",
    "plouc.rounds.too_many_cards": "Les mains comptent {count} {count:carte|cartes} ; avec la "
    "carte du dessus de la défausse, le paquet n'en a que {size}.",
    "plouc.rounds.ends": "{seat} a posé sa dernière carte en premier et gagne ; cartes restantes "
    ": {left}.",
    "plouc.report.mot_doux": "La règle du mot doux : un joueur a dit un gros mot, et pioche 2 "
    "cartes de la pioche, sans jouer (avec l'option du mot doux)",
}
