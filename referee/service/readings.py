"""The readings a match keeps: what its options meant when it was created.

A match stores its full option set at creation (every option, defaults filled in), so a later
change of a default never changes how an existing match is judged. Matches stored before their
readings were made explicit lack the options added since; ``READINGS_BEFORE_0002`` gives, per
game, the value of each option whose absence meant the earlier reading. Revision 0002 writes
them into the stored matches, and importing an export of format version 1 fills them in, so a
match replays with the verdicts it had. Never edit these values: a later change of default adds
its own table beside this one.

Options added since need no migration: ``READ_WHEN_ABSENT`` gives the reading a stored (or
exported) option set means by leaving one out, the one every match created before the option
had. A new match stores its full set, the option included, so only older matches lack it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

_CITRONCOCO = {
    "power_before_reveal": False,  # the reveal forfeited the last card's power (CC-END-1)
    "check_reports": False,  # every host report was accepted (CC-MISS-1, CC-COIN-3)
}

#: game -> option -> the value that gives the reading matches had before revision 0002.
READINGS_BEFORE_0002: Mapping[str, Mapping[str, Any]] = {
    "citroncoco": _CITRONCOCO,
    "citroncoco-teams": _CITRONCOCO,
    "croconounours": {
        "free_draw": False,  # draw 3, fewer only to stay at 7 (CN-DRAW-1)
        "teams": True,  # teams by default at 4 (CN-MULTI-2)
        "shot_past_one_obstacle_blocked": True,  # any obstacle the line crosses (CN-OBS-4)
        "diagonal_obstacles_stop_pushes": True,  # pushes too (CN-OBS-3)
        "campaign_reserve": "survivors",  # the reserve was the survivors (CN-CAMP-1)
        "check_reports": False,  # every host report was accepted (CN-MISS-1)
    },
    "plouc": {
        "carte_flag": "hand_now",
        "late_carte": "clears",
        "square_of_sevens": "after_replay",
        "king_of_spades_answer": "stack",
        "aces": "suit_in_play",
    },
    "neurotrio": {
        "duty_starts": "announcement",
        "duty_penalty": "per_pass",
    },
}

#: Options that did not exist before revision 0002 (undoing it takes them out again).
INTRODUCED_IN_0002: Mapping[str, frozenset[str]] = {
    "citroncoco": frozenset(_CITRONCOCO),
    "citroncoco-teams": frozenset(_CITRONCOCO),
    "croconounours": frozenset({
        "shot_past_one_obstacle_blocked", "diagonal_obstacles_stop_pushes", "campaign_reserve",
        "packets", "check_reports",
    }),
    "plouc": frozenset({"carte_flag", "late_carte", "square_of_sevens",
                        "king_of_spades_answer", "aces"}),
    "neurotrio": frozenset({"duty_penalty"}),
}


#: game -> option -> the value that gives the reading matches had before revision 0012: a
#: quick play could cover one quick-played this turn (CC-QP-8, the default was on), a contre
#: was upheld as soon as the hand held one card (PL-ZZ-1), and quick scoring took any figures
#: above the deck's floor (CC-RND-2, CN-RND-2). Revision 0012 writes them
#: into the stored matches that lack them; an export of format version 1 or 2 gets them too.
READINGS_BEFORE_0012: Mapping[str, Mapping[str, Any]] = {
    # a wrong value on a card quick-played this turn broke CC-QP-8, not CC-MISS-2; quick
    # scoring's totals were held to the deck's floor only (CC-RND-2)
    "citroncoco": {"quick_play_on_quick_play": True, "value_fault_first": False,
                   "check_rounds": False},
    "citroncoco-teams": {"check_rounds": False},
    "croconounours": {"check_rounds": False},  # quick scoring: three warriors a player
    "plouc": {"contre_when": "immediate"},
}

#: Options that did not exist before revision 0012 (undoing it takes them out again).
INTRODUCED_IN_0012: Mapping[str, frozenset[str]] = {
    "citroncoco": frozenset({"value_fault_first", "check_rounds"}),
    "citroncoco-teams": frozenset({"check_rounds"}),
    "croconounours": frozenset({"check_rounds"}),
    "plouc": frozenset({"contre_when"})}

#: The readings an export's format version lacks, oldest first: version 1 lacks both tables,
#: version 2 (the options are the match's full set) the readings of revision 0012.
_READINGS_BY_VERSION: tuple[tuple[int, Mapping[str, Mapping[str, Any]]], ...] = (
    (1, READINGS_BEFORE_0002), (2, READINGS_BEFORE_0012))


def with_earlier_readings(game: str, options: Mapping[str, Any], known: Collection[str],
                          version: int = 1) -> dict[str, Any]:
    """``options`` of a match exported in format ``version`` (or stored before revision
    0002: version 1), each absent option the game ``known``s at the reading it had then,
    the older table first; an option the match names keeps its value."""
    earlier: dict[str, Any] = {}
    for last, table in _READINGS_BY_VERSION:
        if version <= last:
            earlier.update({k: v for k, v in table.get(game, {}).items()
                            if k in known and k not in earlier})
    return {**earlier, **options}
