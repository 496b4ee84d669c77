"""What differs between the two CitronCoco games, as one value the rules consult (the
python-chess variant way, without a subclass): the sides, the 2's target, the addition quick
play, the quick play on a quick play, the scoring, the match's end, the last quick play, the
Queen's memory, the answers to a call and the faults the host reports.

``INDIVIDUAL`` is each for themself; the team game's value is ``teams.TEAMS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from referee.engines.citroncoco import scoring
from referee.engines.citroncoco.options import Options
from referee.engines.citroncoco.state import CitronCocoState
from referee.engines.messages import Message, Outcome, msg

Scored = tuple[list[int], str, Message]  # per-side scores, the clause applied, what it says

FAULTS: Mapping[str, str] = {  # a reportable fault -> its message id
    "CC-MISS-3": "citroncoco.fault.looked",
    "CC-MISS-4": "citroncoco.fault.wrong_power",
    "CC-COIN-3": "citroncoco.fault.coin_power",
    "CC-MISS-5": "citroncoco.fault.looked_at_penalty",
}


def one_side_each(options: Options, seats: int) -> list[list[int]]:
    return [[s] for s in range(seats)]


def side_number(st: CitronCocoState, side: int) -> str:
    return str(side)


def fellow_solo(st: CitronCocoState, seat: int) -> tuple[set[int], str]:
    """Each for themself the 2 looks at one's own card, when the option allows it."""
    if st.options.fellow_solo:
        return {seat}, "CC-FELLOW-2"
    return set(), "CC-FELLOW-1"


def sum_by_option(st: CitronCocoState) -> bool:
    return st.options.sum_quick_play


def own_cards_only(st: CitronCocoState, seat: int, other_seat: int) -> Message | None:
    """Each for themself a sum uses two of your own cards; an opponent's is a missplay."""
    if other_seat != seat:
        return msg("citroncoco.quick.sum_not_own", seat=seat, other_seat=other_seat)
    return None


def no_answers(st: CitronCocoState, moves: dict[int, list[str]]) -> None:
    """Each for themself nobody answers a Citron Coco."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One CitronCoco game's differences from the rules every CitronCoco game shares."""

    id: str
    title: str
    seats: tuple[int, int]  # the fewest and the most seats
    seats_rule: str
    make_sides: Callable[[Options, int], list[list[int]]]
    side_name: Callable[[CitronCocoState, int], str]
    fellow_targets: Callable[[CitronCocoState, int], tuple[set[int], str]]
    sum_rules: tuple[str, str]  # the rule allowing a sum quick play, the one its partner breaks
    sum_allowed: Callable[[CitronCocoState], bool]
    sum_partner_fault: Callable[[CitronCocoState, int, int], Message | None]
    quick_on_quick_rule: str
    score_round: Callable[[CitronCocoState, list[int]], Scored]
    result: Callable[[CitronCocoState], Outcome | None]
    offer_answers: Callable[[CitronCocoState, dict[int, list[str]]], None]
    final_quick_play: bool = False  # teams: one last quick play on the final discard
    swap_memory_per_turn: bool = False  # teams: « not … twice the same swap in one turn »
    faults: Mapping[str, str] = field(default_factory=lambda: dict(FAULTS))

    def __post_init__(self) -> None:
        VARIANTS[self.id] = self  # a state names its game by id (``CitronCocoState.variant``)

    def gives_power(self, st: CitronCocoState, seat: int, value: int) -> bool:
        """A discarded special card gives its power (the 2 only with someone to look at)."""
        return value != 2 or bool(self.fellow_targets(st, seat)[0])


VARIANTS: dict[str, Variant] = {}  # every variant made, by id: each for themself, teams


def variant_of(st: CitronCocoState) -> Variant:
    """The game ``st`` is played as, whose differences the rules consult."""
    return VARIANTS[st.variant]


INDIVIDUAL = Variant(
    id="citroncoco", title="CitronCoco (each for themself)", seats=(2, 6),
    seats_rule="CC-SEATS-1", make_sides=one_side_each, side_name=side_number,
    fellow_targets=fellow_solo, sum_rules=("CC-QP-5", "CC-QP-6"), sum_allowed=sum_by_option,
    sum_partner_fault=own_cards_only, quick_on_quick_rule="CC-QP-8",
    score_round=scoring.score_round, result=scoring.result, offer_answers=no_answers,
)
