"""CitronCoco in teams, in English: what the team game adds (ids ``citroncoco.teams.…``)."""

MESSAGES: dict[str, str] = {
    "citroncoco.teams.setup.teams": "Two teams of two seats are needed, each of seats 0 to 3 in "
    "exactly one.",
    "citroncoco.teams.quick.two_own": "an addition cannot use two of your own cards",
    "citroncoco.teams.quick.opponent_card": "an addition cannot use an opponent's card "
    "({other_seat})",
    "citroncoco.teams.score.hands": "each team scores the coconuts in its hands",
    "citroncoco.teams.score.call": "team {team} has fewer coconuts and scores 0; team "
    "{loser_team} scores {coconuts}",
    "citroncoco.teams.score.call_times": "team {team} has fewer coconuts and scores 0; team "
    "{loser_team} scores {coconuts} x{times}",
    "citroncoco.teams.outcome.tie": "Both teams reach {coconuts} coconuts together: the match is "
    "a tie.",
    "citroncoco.teams.outcome.won": "Team {team} ({winner_seats}) wins: team {loser_team} sinks "
    "with {coconuts} coconuts.",
    "citroncoco.teams.fault.told_teammate": "A player gave information to their teammate.",
    "citroncoco.teams.nano.off": "This match is played without Nano and Nano Alpha.",
    "citroncoco.teams.nano.not_now": "Nano and Nano Alpha answer a CitronCoco call, before the "
    "next player draws.",
    "citroncoco.teams.nano.already": "Nano has already been answered.",
    "citroncoco.teams.nano.next_only": "Only the next player ({next_seat}) may answer Nano!",
    "citroncoco.teams.nano.called": "{seat} answers Nano!: the losing team's points are doubled.",
    "citroncoco.teams.nano_alpha.once": "Nano Alpha! answers a Nano!, once.",
    "citroncoco.teams.nano_alpha.mate_only": "Only the caller's teammate ({mate_seat}) may answer "
    "Nano Alpha!",
    "citroncoco.teams.nano_alpha.called": "{seat} answers Nano Alpha!: the losing team's points "
    "are quadrupled.",
}
