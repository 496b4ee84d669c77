"""CrocoNounours, in English: what the engine says (ids ``croconounours.…``)."""

MESSAGES: dict[str, str] = {
    # options
    "croconounours.setup.seats": "CrocoNounours is played by 2 to 4 players, not {count}",
    "croconounours.setup.roster_seat": "The roster names seat {key!r}, not a seat of this match",
    "croconounours.setup.packets_seat": "The packets name seat {key!r}, not a seat of this match",
    "croconounours.setup.packets_short": "{seat}'s packet holds {count} candies: a team takes 3, "
    "so its campaign is over (« jusqu'à épuisement de vos paquets de bonbons »)",
    "croconounours.setup.roster_size": "{seat} brings {count} warriors: a campaign side has 1 to "
    "3 (a side with none left has lost the campaign)",
    # whose move it is
    "croconounours.turn.play": "It is {turn_seat}'s turn to play, not {seat}'s",
    "croconounours.turn.deploy": "It is {turn_seat}'s turn to deploy, not {seat}'s",
    "croconounours.turn.obstacles": "It is {turn_seat}'s turn to place obstacles, not {seat}'s",
    "croconounours.turn.answer": "It is {turn_seat}'s turn to answer the attack, not {seat}'s",
    "croconounours.turn.setup_under_way": "The game has not started: set-up is under way",
    "croconounours.turn.draw_first": "{seat} draws first ({count} cards) before acting",
    "croconounours.turn.ended": "{seat} ends their turn; {next_seat} plays",
    "croconounours.turn.round": "Round {count} begins",
    # the first player
    "croconounours.first.decided": "The first player is already decided",
    "croconounours.first.draws_or_seat": "Give either the cards drawn (draws) or the first "
    "player's seat",
    "croconounours.first.not_drawing": "{seat} is not drawing for first player",
    "croconounours.first.chosen": "{seat} is the first player",
    "croconounours.first.tie": "{seats} tie with the highest card and draw again",
    "croconounours.first.highest": "{seat} drew the highest card ({card}) and is the first player",
    "croconounours.first.reshuffled": "The drawn cards go back into the pack, which is shuffled",
    "croconounours.first.who_draws": "{seats} draw for first player, one card each",
    "croconounours.first.not_in_pack": "A {size}-card pack does not hold {count} × {card}",
    # teams
    "croconounours.team.no_free_choice": "Teams are one red, one green and one yellow: the free "
    "choice is not in play",
    "croconounours.team.needs_seat": "The seat choosing its team logs its choice",
    "croconounours.team.too_late": "Teams are chosen before anyone deploys",
    "croconounours.team.campaign": "{seat} plays their campaign survivors, not a new team",
    "croconounours.team.already": "{seat} has already chosen their team",
    "croconounours.team.no_orange": "Nobody has an orange warrior at the start",
    "croconounours.team.chosen": "{seat} chooses their team in secret; deployment will reveal it",
    # deployment
    "croconounours.deploy.not_now": "Deployment is not under way: this is {phase}",
    "croconounours.deploy.not_a_corner": "{square} is not a corner of the board",
    "croconounours.deploy.corner_taken": "Corner {square} is already taken",
    "croconounours.deploy.opposite": "The opponent deploys in the opposite corner, {square}",
    "croconounours.deploy.choices_missing": "{seats} {seats:has|have} not chosen their team in "
    "secret yet: deployment waits for every choice",
    "croconounours.deploy.count": "{seat} deploys {count} warriors",
    "croconounours.deploy.squares": "The first warrior stands in corner {corner} and the others "
    "straight next to it ({squares})",
    "croconounours.deploy.colours": "{seat}'s warriors are {colours}, not {given}",
    "croconounours.deploy.done": "{seat} deploys in corner {corner}",
    "croconounours.deploy.warriors": "{seat}'s warriors {warriors} stand on {squares}",
    "croconounours.deal.dealt": "Hands of 7 are dealt; {first_seat} plays first",
    "croconounours.deal.middle": "Hands of 7 are dealt; {middle_seat}, caught between the two "
    "others, takes 8; {first_seat} plays first",
    # obstacles
    "croconounours.obstacles.next": "Each player now places obstacles, the first player first",
    "croconounours.obstacles.not_now": "Obstacles are placed after deployment, with the obstacles "
    "option, not now",
    "croconounours.obstacles.count": "Each player places {count} obstacles on {count} different "
    "squares",
    "croconounours.obstacles.not_empty": "Square {square} is not empty",
    "croconounours.obstacles.next_to_enemy": "Square {square} is next to enemy warrior {warrior}",
    "croconounours.obstacles.placed": "{seat} places obstacles on {squares}",
    # squares, warriors, cards
    "croconounours.board.no_such_square": "{square!r} is not a square of the 7×7 board (a1 to g7)",
    "croconounours.warrior.unknown": "There is no warrior {warrior!r}",
    "croconounours.warrior.eliminated": "{warrior} was eliminated: it is off the board",
    "croconounours.warrior.not_yours": "{warrior} belongs to {owner_seat}: {seat} plays their own "
    "warriors",
    "croconounours.cards.more_than_held": "{seat} holds {held} cards and cannot play {count}",
    "croconounours.cards.not_in_pack": "There is no {card} in a {size}-card pack",
    "croconounours.cards.all_seen": "{card} cannot be in {seat}'s hand: the pack holds {copies} "
    "and {shown} already lie face up on the discard pile",
    # discard and draw
    "croconounours.discard.over": "The discard phase comes first in a turn; it is over",
    "croconounours.discard.nothing": "{seat} discards nothing",
    "croconounours.discard.cards": "{seat} discards {cards}",
    "croconounours.draw.after_actions": "The draw phase comes before the actions",
    "croconounours.draw.over_seven": "{seat} holds {held} cards: drawing {count} would make more "
    "than 7",
    "croconounours.draw.not_enough": "Only {count} cards are left in the stock and the discard "
    "pile",
    "croconounours.draw.exactly": "{seat} holds {held} {held:card|cards} and draws {count}: 3 "
    "cards, or fewer only to stay at 7 (the option “Draw fewer than 3” allows fewer)",
    "croconounours.draw.drawn": "{seat} draws {count} {count:card|cards}",
    "croconounours.draw.reshuffled": "The stock ran out: the discard pile ({count} cards) is "
    "shuffled into a new stock",
    # steps
    "croconounours.move.red_card": "{card} is red: a warrior moves with a black card (club or "
    "spade)",
    "croconounours.move.not_next": "{to} is not next to {start}: a step is one square",
    "croconounours.move.wrong_suit": "{start} to {to} is a {kind} step: it takes {suit}, not "
    "{card}",
    "croconounours.move.obstacle_there": "An obstacle stands on {square}",
    "croconounours.move.occupied": "{warrior} already stands on {square}",
    "croconounours.move.squeezed": "Two diagonal obstacles block the way from {start} to {to}",
    "croconounours.move.stepped": "{warrior} steps {kind} from {start} to {to} with {card}",
    # attacks
    "croconounours.attack.black_card": "{card} is black: a warrior attacks with a red card "
    "(diamond or heart)",
    "croconounours.attack.wrong_suit": "{square} is a {kind} neighbour of {warrior}: that attack "
    "takes {suit}, not {card}",
    "croconounours.attack.squeezed": "Two obstacles stand diagonally between {start} and {square}",
    "croconounours.attack.out_of_reach": "{square} is out of reach of {warrior} on {start}: it "
    "strikes its neighbours only",
    "croconounours.attack.out_of_reach_yellow": "{square} is out of reach of {warrior} on "
    "{start}: it strikes its neighbours or shoots two squares away, no farther",
    "croconounours.attack.nobody_there": "Nobody and no obstacle stands on {square}",
    "croconounours.attack.not_an_enemy": "{target} is not an adversary of {warrior}",
    "croconounours.attack.obstacle_not_shot": "An obstacle is attacked normally, from next to it, "
    "not shot",
    "croconounours.attack.shot_wounds": "A yellow warrior's shot only wounds, it never pushes",
    "croconounours.attack.shot_blocked": "Obstacles block the shot from {start} to {square}",
    "croconounours.attack.push_only": "{target} stands on its own colour: {warrior}, off its own "
    "colour, can only push it",
    "croconounours.attack.untouchable": "{target} stands on its own colour and the square behind "
    "it is blocked: {warrior} can neither push nor wound it",
    "croconounours.attack.attacks": "{warrior} attacks {target} with {card} to {intent} it",
    "croconounours.attack.shoots": "{warrior} shoots {target} with {card} to {intent} it",
    "croconounours.attack.attacks_obstacle": "{warrior} attacks the obstacle on {square} with "
    "{card} to {intent} it",
    "croconounours.attack.shoots_obstacle": "{warrior} shoots the obstacle on {square} with "
    "{card} to {intent} it",
    "croconounours.obstacle.pushed": "The obstacle is pushed to {square} (obstacles never defend)",
    "croconounours.obstacle.eaten": "The obstacle on {square} never defends; removed and eaten",
    "croconounours.obstacle.eaten_unpushable": "The obstacle on {square} never defends; it cannot "
    "be pushed back, so it is wounded: removed and eaten",
    # defence
    "croconounours.defence.waiting": "{defender_seat} must first answer the attack on {target}: "
    "defend, or log no defence",
    "croconounours.defence.nothing_to_answer": "No attack is waiting for a defence",
    "croconounours.defence.no_card": "{seat} has no card to defend with",
    "croconounours.defence.may_dodge": "{seat} may dodge (a shot cannot be parried)",
    "croconounours.defence.may_dodge_or_parry": "{seat} may dodge or parry",
    "croconounours.defence.none": "{target} does not defend against {warrior}",
    "croconounours.defence.no_effect": "The attack has no effect",
    "croconounours.defence.parried": "{warrior} parries with {cards}",
    "croconounours.defence.dodged": "{warrior} dodges with {cards} and steps from {start} to {to}",
    "croconounours.parry.shot": "A yellow warrior's shot cannot be parried",
    "croconounours.parry.wrong_suit": "This parry takes {suit}: {cards} is not one",
    "croconounours.parry.too_low": "A single card of {suit} must beat the attacking card; add "
    "another of {suit} to parry whatever their values",
    "croconounours.parry.count": "A parry takes one card of {suit} beating the attack or 2 of any "
    "value, not {count}",
    "croconounours.parry.against_red": "Against a red warrior a parry takes one more card of "
    "{suit}: one beating the attack plus any other, or 3 of {suit} of any value (here {count})",
    "croconounours.dodge.where": "A dodge says where the warrior steps",
    "croconounours.dodge.shot": "A shot is dodged with one black card, of any value",
    "croconounours.dodge.wrong_suit": "This dodge takes {suit}: {cards} is not one",
    "croconounours.dodge.too_low": "A single card of {suit} must beat the attacking card; add "
    "another of {suit} to dodge whatever their values",
    "croconounours.dodge.count": "A dodge takes one card of {suit} beating the attack or 2 of any "
    "value, not {count}",
    "croconounours.dodge.wrong_step": "A dodge with {suit} steps one way only: {start} to {to} is "
    "a {kind} step",
    # the blow lands
    "croconounours.push.pushed": "{warrior} is pushed from {start} to {to}",
    "croconounours.push.wounded_instead": "{warrior} cannot be pushed back, so it is wounded "
    "instead",
    "croconounours.wound.green": "{warrior} is wounded for the first time: the green warrior "
    "turns orange",
    "croconounours.wound.eaten": "{warrior} is wounded on {square}: eliminated and eaten by "
    "{attacker}",
    "croconounours.wound.green_by_red": "{warrior} is wounded on {square}: eliminated and eaten "
    "by {attacker} (a green wounded by red is eliminated outright)",
    "croconounours.end.side_out": "{side_seats} {side_seats:has|have} no warrior left and "
    "{side_seats:is|are} out",
    "croconounours.end.side_wins": "{side_seats} {side_seats:wins|win}",
    # reports
    "croconounours.missplay.not_reportable": "{rule} is not a fault the table can report in "
    "CrocoNounours",
    "croconounours.missplay.seat": "The host reports {seat}: {fault}",
    "croconounours.missplay.table": "The host reports the table: {fault}",
    "croconounours.missplay.in_setup": "This fault cannot have happened: the set-up is not over, "
    "nobody has played a turn yet",
    "croconounours.missplay.no_turn_yet": "This fault cannot have happened: {seat} has not had a "
    "turn yet, so it has drawn nothing and played no card",
    "croconounours.missplay.never_acted": "This fault cannot have happened: {seat} has never "
    "moved nor attacked, so it cannot have drawn after acting",
    "croconounours.missplay.no_penalty": "The rules name no penalty: the fault is recorded and "
    "play goes on",
    "croconounours.fault.overdrawn": "A player drew more cards than allowed (more than 3, or over "
    "7 in hand)",
    "croconounours.fault.no_action": "A card was played on a warrior without the action it pays "
    "for",
    "croconounours.fault.out_of_order": "A player discarded or drew after acting (phases out of "
    "order)",
    # the outcome
    "croconounours.outcome.last_side": "{winner_seats} {winner_seats:wins|win} with {count} "
    "{count:warrior|warriors} standing",
    "croconounours.outcome.nobody_left": "No warrior is left standing",
    # --- quick scoring (rounds only), forfeits and the faults the host reports ---
    "croconounours.rounds.logged": "This game is over: its end is already logged.",
    "croconounours.rounds.no_side": "There is no side {side}.",
    "croconounours.rounds.too_many": "{side_seats} deployed {deployed} warriors, not {count}.",
    "croconounours.rounds.none_out": "The game ends when a side has no warrior left: one "
    "side's count is 0.",
    "croconounours.rounds.cannot_have_won": "{side_seats} cannot have won with {count} "
    "{count:warrior|warriors} standing.",
    "croconounours.rounds.still_standing": "The last side with warriors wins: {side_seats} "
    "still {side_seats:has|have} {count} {count:warrior|warriors} standing.",
    "croconounours.layout.shape": "A layout is 7 rows of 7 letters (R, O, G, Y, * for the "
    "centre, . plain)",
    "croconounours.layout.letters": "Unknown square colour letters {letters}: use R, O, G, Y, * "
    "or .",
}
