"""CrocoNounours, en français : ce que dit le moteur (ids ``croconounours.…``)."""

MESSAGES: dict[str, str] = {
    # options
    "croconounours.setup.seats": "CrocoNounours se joue de 2 à 4 joueurs, pas {count}",
    "croconounours.setup.roster_seat": "La réserve nomme la place « {key} », qui n'est pas une "
    "place de cette partie",
    "croconounours.setup.packets_seat": "Les paquets de bonbons nomment la place « {key} », qui "
    "n'est pas une place de cette partie",
    "croconounours.setup.packets_short": "Le paquet de bonbons {seat:de} n'en contient plus que "
    "{count} : une équipe en prend 3, sa campagne est donc finie (« jusqu'à épuisement de vos "
    "paquets de bonbons »)",
    "croconounours.setup.roster_size": "{seat} amène {count} {count:Warrior|Warriors} : un camp "
    "de campagne en a 1 à 3 (un camp qui n'en a plus a perdu la campagne)",
    # à qui de jouer
    "croconounours.turn.play": "C'est au tour {turn_seat:de} de jouer, pas {seat:de}",
    "croconounours.turn.deploy": "C'est au tour {turn_seat:de} de déployer, pas {seat:de}",
    "croconounours.turn.obstacles": "C'est au tour {turn_seat:de} de placer ses obstacles, pas "
    "{seat:de}",
    "croconounours.turn.answer": "C'est au tour {turn_seat:de} de répondre à l'attaque, pas "
    "{seat:de}",
    "croconounours.turn.setup_under_way": "La partie n'a pas commencé : la mise en place est en "
    "cours",
    "croconounours.turn.draw_first": "{seat} pioche d'abord ({count} {count:carte|cartes}) avant "
    "d'agir",
    "croconounours.turn.ended": "{seat} termine son tour ; {next_seat} joue",
    "croconounours.turn.round": "Le tour de jeu {count} commence",
    # le premier joueur
    "croconounours.first.decided": "Le premier joueur est déjà désigné",
    "croconounours.first.draws_or_seat": "Donnez soit les cartes piochées (draws), soit la place "
    "du premier joueur",
    "croconounours.first.not_drawing": "{seat} ne pioche pas pour désigner le premier joueur",
    "croconounours.first.chosen": "{seat} joue en premier",
    "croconounours.first.tie": "{seats} {seats:a|ont} la carte la plus forte à égalité et "
    "{seats:pioche|piochent} une nouvelle carte",
    "croconounours.first.highest": "{seat} a obtenu la carte la plus forte ({card}) et joue en "
    "premier",
    "croconounours.first.reshuffled": "Les cartes piochées sont remises dans le paquet, qui est "
    "mélangé",
    "croconounours.first.who_draws": "{seats} {seats:pioche|piochent} une carte par personne "
    "pour désigner qui joue en premier",
    "croconounours.first.not_in_pack": "Un paquet de {size} cartes ne contient pas {count} × "
    "{card}",
    # les équipes
    "croconounours.team.no_free_choice": "Les équipes sont un Warrior rouge, un vert et un jaune "
    ": le libre choix des couleurs n'est pas joué",
    "croconounours.team.needs_seat": "Le choix de l'équipe s'enregistre pour la place qui la "
    "compose",
    "croconounours.team.too_late": "Les équipes se composent avant que quiconque déploie",
    "croconounours.team.campaign": "{seat} joue les survivants de sa campagne, pas une nouvelle "
    "équipe",
    "croconounours.team.already": "{seat} a déjà composé son équipe",
    "croconounours.team.no_orange": "Personne n'a de Warrior orange au début de la partie",
    "croconounours.team.chosen": "{seat} compose son équipe en secret ; le déploiement la révélera",
    # le déploiement
    "croconounours.deploy.not_now": "Le déploiement n'est pas en cours : c'est {phase}",
    "croconounours.deploy.not_a_corner": "{square} n'est pas un coin du plateau",
    "croconounours.deploy.corner_taken": "Le coin {square} est déjà pris",
    "croconounours.deploy.opposite": "L'adversaire déploie dans le coin opposé, {square}",
    "croconounours.deploy.choices_missing": "{seats} n'{seats:a|ont} pas encore composé "
    "{seats:son|leur} équipe en secret : le déploiement attend tous les choix",
    "croconounours.deploy.count": "{seat} déploie {count} {count:Warrior|Warriors}",
    "croconounours.deploy.squares": "Le premier Warrior se place dans le coin {corner} et les "
    "autres sur les cases adjacentes en ligne droite ({squares})",
    "croconounours.deploy.colours": "Les Warriors {seat:de} sont {colours}, pas {given}",
    "croconounours.deploy.done": "{seat} déploie dans le coin {corner}",
    "croconounours.deploy.warriors": "Les Warriors {seat:de}, {warriors}, se placent sur {squares}",
    "croconounours.deal.dealt": "Chaque joueur pioche une main de 7 cartes ; {first_seat} joue en "
    "premier",
    "croconounours.deal.middle": "Chaque joueur pioche une main de 7 cartes ; {middle_seat}, "
    "coincé entre les deux autres, en prend 8 ; {first_seat} joue en premier",
    # les obstacles
    "croconounours.obstacles.next": "Chaque joueur place maintenant ses obstacles, en commençant "
    "par le premier joueur",
    "croconounours.obstacles.not_now": "Les obstacles se placent après le déploiement, avec "
    "l'option des obstacles, pas maintenant",
    "croconounours.obstacles.count": "Chaque joueur place {count} {count:obstacle|obstacles} sur "
    "{count} {count:case|cases} {count:différente|différentes}",
    "croconounours.obstacles.not_empty": "La case {square} n'est pas vide",
    "croconounours.obstacles.next_to_enemy": "La case {square} est adjacente {warrior:à}, un "
    "Warrior ennemi",
    "croconounours.obstacles.placed": "{seat} place des obstacles sur {squares}",
    # cases, Warriors, cartes
    "croconounours.board.no_such_square": "« {square} » n'est pas une case du plateau de 7×7 (a1 "
    "à g7)",
    "croconounours.warrior.unknown": "Aucun Warrior ne répond à « {warrior} »",
    "croconounours.warrior.eliminated": "{warrior:cap} a été éliminé et n'est plus sur le "
    "plateau",
    "croconounours.warrior.not_yours": "{warrior:cap} appartient {owner_seat:à} : {seat} joue ses "
    "propres Warriors",
    "croconounours.cards.more_than_held": "{seat} a {held} {held:carte|cartes} en main et ne peut "
    "pas en jouer {count}",
    "croconounours.cards.not_in_pack": "Il n'y a pas de {card} dans un paquet de {size} cartes",
    "croconounours.cards.all_seen": "{card} ne peut pas être dans la main {seat:de} : le paquet "
    "en contient {copies} et {shown} {shown:est déjà|sont déjà} face visible sur la défausse",
    # défausse et pioche
    "croconounours.discard.over": "La phase de défausse, qui vient en premier dans un tour, est "
    "terminée",
    "croconounours.discard.nothing": "{seat} ne défausse rien",
    "croconounours.discard.cards": "{seat} défausse {cards}",
    "croconounours.draw.after_actions": "La phase de pioche vient avant la phase d'action",
    "croconounours.draw.over_seven": "{seat} a {held} {held:carte|cartes} en main : en piocher "
    "{count} dépasserait 7 cartes",
    "croconounours.draw.not_enough": "Il ne reste que {count} {count:carte|cartes} dans la pioche "
    "et la défausse",
    "croconounours.draw.exactly": "{seat} a {held} {held:carte|cartes} en main et en pioche "
    "{count} : on pioche 3 cartes, moins seulement pour ne pas dépasser 7 (l'option « Piocher "
    "moins de 3 cartes » permet d'en piocher moins)",
    "croconounours.draw.drawn": "{seat} pioche {count} {count:carte|cartes}",
    "croconounours.draw.reshuffled": "La pioche est vide : la défausse ({count} "
    "{count:carte|cartes}) est mélangée pour constituer une nouvelle pioche",
    # déplacements
    "croconounours.move.red_card": "{card} est rouge : un Warrior se déplace avec une carte noire "
    "(trèfle ou pique)",
    "croconounours.move.not_next": "{to} n'est pas adjacente à {start} : un déplacement est d'une "
    "case",
    "croconounours.move.wrong_suit": "De {start} à {to}, le déplacement est {kind} et demande du "
    "{suit}, pas {card}",
    "croconounours.move.obstacle_there": "Un obstacle se trouve sur {square}",
    "croconounours.move.occupied": "{warrior:cap} se trouve déjà sur {square}",
    "croconounours.move.squeezed": "Deux obstacles adjacents en diagonale empêchent de passer de "
    "{start} à {to}",
    "croconounours.move.stepped": "{warrior:cap} se déplace {kind} de {start} à {to} avec {card}",
    # attaques
    "croconounours.attack.black_card": "{card} est noire : un Warrior attaque avec une carte "
    "rouge (carreau ou cœur)",
    "croconounours.attack.wrong_suit": "{square} est adjacente {kind} {warrior:à} : cette attaque "
    "demande du {suit}, pas {card}",
    "croconounours.attack.squeezed": "Deux obstacles adjacents en diagonale se trouvent entre "
    "{start} et {square}",
    "croconounours.attack.out_of_reach": "{square} est hors de portée {warrior:de} sur {start} : "
    "seules les cases adjacentes sont à sa portée",
    "croconounours.attack.out_of_reach_yellow": "{square} est hors de portée {warrior:de} sur "
    "{start} : à sa portée, les cases adjacentes, ou un tir à 2 cases exactement, pas plus loin",
    "croconounours.attack.nobody_there": "Ni Warrior ni obstacle ne se trouve sur {square}",
    "croconounours.attack.not_an_enemy": "{target:cap} n'est pas un adversaire {warrior:de}",
    "croconounours.attack.obstacle_not_shot": "Un obstacle s'attaque normalement, depuis une case "
    "adjacente, pas par un tir",
    "croconounours.attack.shot_wounds": "Le tir d'un Warrior jaune ne sert qu'à blesser, jamais à "
    "repousser",
    "croconounours.attack.shot_blocked": "Des obstacles gênent le tir de {start} sur {square}",
    "croconounours.attack.push_only": "{target:cap} est sur une case de sa propre couleur : "
    "{warrior}, qui n'est pas sur une case de sa couleur, ne peut que le repousser",
    "croconounours.attack.untouchable": "{target:cap} est sur une case de sa propre couleur et la "
    "case de recul est bloquée : {warrior} ne peut ni le repousser ni le blesser",
    "croconounours.attack.attacks": "{warrior:cap} attaque {target} avec {card} pour le {intent}",
    "croconounours.attack.shoots": "{warrior:cap} tire sur {target} avec {card} pour le {intent}",
    "croconounours.attack.attacks_obstacle": "{warrior:cap} attaque l'obstacle sur {square} avec "
    "{card} pour le {intent}",
    "croconounours.attack.shoots_obstacle": "{warrior:cap} tire sur l'obstacle sur {square} avec "
    "{card} pour le {intent}",
    "croconounours.obstacle.pushed": "L'obstacle est repoussé sur {square} (un obstacle ne se "
    "défend jamais)",
    "croconounours.obstacle.eaten": "L'obstacle sur {square} ne se défend jamais : on le retire "
    "du jeu et on le mange",
    "croconounours.obstacle.eaten_unpushable": "L'obstacle sur {square} ne se défend jamais et "
    "ne peut pas être repoussé : blessé, on le retire du jeu et on le mange",
    # la défense
    "croconounours.defence.waiting": "{defender_seat} doit d'abord répondre à l'attaque sur "
    "{target} : se défendre, ou noter « pas de défense »",
    "croconounours.defence.nothing_to_answer": "Aucune attaque n'attend de défense",
    "croconounours.defence.no_card": "{seat} n'a pas de carte pour se défendre",
    "croconounours.defence.may_dodge": "{seat} peut esquiver (un tir ne se pare pas)",
    "croconounours.defence.may_dodge_or_parry": "{seat} peut esquiver ou parer",
    "croconounours.defence.none": "{target:cap} ne se défend pas contre {warrior}",
    "croconounours.defence.no_effect": "L'attaque n'a pas lieu",
    "croconounours.defence.parried": "{warrior:cap} pare avec {cards}",
    "croconounours.defence.dodged": "{warrior:cap} esquive avec {cards} et se déplace de {start} "
    "à {to}",
    "croconounours.parry.shot": "Le tir d'un Warrior jaune ne peut pas être paré",
    "croconounours.parry.wrong_suit": "Cette parade demande du {suit} : {cards} n'en "
    "{cards:est|sont} pas",
    "croconounours.parry.too_low": "Une seule carte de {suit} doit être plus forte que la carte "
    "de l'attaque ; ajoutez-en une autre de {suit} pour parer sans tenir compte des valeurs",
    "croconounours.parry.count": "Une parade demande une carte de {suit} plus forte que l'attaque "
    "ou 2 cartes de n'importe quelle valeur, pas {count}",
    "croconounours.parry.against_red": "Contre un Warrior rouge, une parade demande une carte de "
    "plus de {suit} : une plus forte que l'attaque plus une autre, ou 3 cartes de {suit} de "
    "n'importe quelle valeur (ici {count})",
    "croconounours.dodge.where": "Une esquive dit sur quelle case le Warrior se déplace",
    "croconounours.dodge.shot": "Un tir s'esquive avec une carte noire, de n'importe quelle valeur",
    "croconounours.dodge.wrong_suit": "Cette esquive demande du {suit} : {cards} n'en "
    "{cards:est|sont} pas",
    "croconounours.dodge.too_low": "Une seule carte de {suit} doit être plus forte que la carte "
    "de l'attaque ; ajoutez-en une autre de {suit} pour esquiver sans tenir compte des valeurs",
    "croconounours.dodge.count": "Une esquive demande une carte de {suit} plus forte que "
    "l'attaque ou 2 cartes de n'importe quelle valeur, pas {count}",
    "croconounours.dodge.wrong_step": "Une esquive avec du {suit} ne se déplace que dans un sens "
    ": de {start} à {to}, c'est un déplacement {kind}",
    # le coup porte
    "croconounours.push.pushed": "{warrior:cap} est repoussé de {start} à {to}",
    "croconounours.push.wounded_instead": "{warrior:cap} ne peut pas être repoussé et est donc "
    "blessé à la place",
    "croconounours.wound.green": "{warrior:cap} est blessé pour la première fois : le Warrior "
    "vert devient orange",
    "croconounours.wound.eaten": "{warrior:cap} est blessé sur {square} : éliminé et mangé par "
    "{attacker}",
    "croconounours.wound.green_by_red": "{warrior:cap} est blessé sur {square} : éliminé et mangé "
    "par {attacker} (un Warrior vert blessé par un rouge est définitivement éliminé)",
    "croconounours.end.side_out": "{side_seats} n'{side_seats:a|ont} plus de Warrior : "
    "{side_seats:son|leur} camp est éliminé",
    "croconounours.end.side_wins": "{side_seats} {side_seats:gagne|gagnent}",
    # signalements
    "croconounours.missplay.not_reportable": "{rule} n'est pas une faute de jeu que la table peut "
    "signaler à CrocoNounours",
    "croconounours.missplay.seat": "L'hôte signale {seat} : {fault}",
    "croconounours.missplay.table": "L'hôte signale la table : {fault}",
    "croconounours.missplay.in_setup": "Cette faute n'a pas pu avoir lieu : la mise en place "
    "n'est pas finie, personne n'a encore joué de tour",
    "croconounours.missplay.no_turn_yet": "Cette faute n'a pas pu avoir lieu : {seat} n'a pas "
    "encore joué de tour, donc rien pioché ni joué de carte",
    "croconounours.missplay.never_acted": "Cette faute n'a pas pu avoir lieu : aucun Warrior "
    "{seat:de} ne s'est déplacé ni n'a attaqué, donc pas de pioche après une action",
    "croconounours.missplay.no_penalty": "La règle ne prévoit pas de sanction : la faute est "
    "enregistrée et le jeu continue",
    "croconounours.fault.overdrawn": "Un joueur a pioché plus de cartes que permis (plus de 3, ou "
    "plus de 7 en main)",
    "croconounours.fault.no_action": "Une carte a été jouée sur un Warrior sans l'action que "
    "cette carte paie",
    "croconounours.fault.out_of_order": "Un joueur a défaussé ou pioché après avoir agi (phases "
    "dans le désordre)",
    # le résultat
    "croconounours.outcome.last_side": "{winner_seats} {winner_seats:gagne|gagnent} avec {count} "
    "{count:Warrior|Warriors} encore debout",
    "croconounours.outcome.nobody_left": "Aucun Warrior ne reste debout",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "croconounours.rounds.logged": "Cette partie est finie : sa fin est déjà enregistrée.",
    "croconounours.rounds.no_side": "Il n'y a pas de camp {side}.",
    "croconounours.rounds.too_many": "{side_seats} {side_seats:a|ont} déployé {deployed} "
    "Warriors, pas {count}.",
    "croconounours.rounds.none_out": "La partie se termine quand un camp n'a plus de Warriors "
    "sur la table : l'un des camps doit en compter 0.",
    "croconounours.rounds.cannot_have_won": "{side_seats} ne {side_seats:peut|peuvent} pas "
    "avoir gagné avec {count} {count:Warrior|Warriors} encore debout.",
    "croconounours.rounds.still_standing": "Le dernier camp qui a encore des Warriors gagne : "
    "{side_seats} en {side_seats:a|ont} encore {count} debout.",
    "croconounours.layout.shape": "Un plateau s'écrit en 7 lignes de 7 lettres (R, O, G, Y, * "
    "pour le centre, . pour une case sans couleur)",
    "croconounours.layout.letters": "Lettres de couleur de case inconnues : {letters} ; "
    "utilisez R, O, G, Y, * ou .",
}
