"""What each seat (or the host) may log now in CitronCoco, in the one shape every game shares.

``offered_moves`` names the types open to each seat (the pads and the table's view read it);
``offers`` gives them with their payloads: the draw's sources, the positions a card may be
replaced at or quick-played from, the targets of the power owed, the faults the host reports.
A value only the table knows (a face-down card's) is a free field.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee.engines.citroncoco.cards import known_counts
from referee.engines.citroncoco.powers import POWERS
from referee.engines.citroncoco.rules import REGISTRY, table
from referee.engines.citroncoco.state import CitronCocoState
from referee.engines.citroncoco.turns import next_turn, reveal_due, round_over
from referee.engines.citroncoco.variant import variant_of
from referee.engines.moves import LegalMove, legal

Payload = Mapping[str, Any]


def offered_moves(st: CitronCocoState) -> dict[int, list[str]]:
    """The move types each seat may log now (payloads still to be judged)."""
    moves: dict[int, list[str]] = {s: [] for s in range(st.seats)}
    if st.phase == "over":
        return moves
    over = round_over(st)
    for seat in st.pending:
        moves[seat] += ["power", "forgo_power"]
    if st.phase == "play" and st.turn_seat is not None:
        moves[st.turn_seat] += ["discard", "replace"]
    elif not over:
        drawer = next_turn(st).seat
        if drawer is not None:
            moves[drawer].insert(0, "draw")
        if st.phase == "end" and st.caller is None and st.turn_seat is not None:
            moves[st.turn_seat].append("citron_coco")
        variant_of(st).offer_answers(st, moves)
    if st.discard and quick_open(st):
        for seat in range(st.seats):
            if st.hands[seat]:
                moves[seat].append("quick_play")
    return moves


def quick_open(st: CitronCocoState) -> bool:
    """Quick plays are open until the round is over (teams: one last on the final discard)."""
    return not round_over(st) or (
        variant_of(st).final_quick_play and st.phase == "reveal" and not st.final_quick_done)


def offers(st: CitronCocoState, seat: int | None
           ) -> tuple[LegalMove, ...]:
    """The moves open to ``seat`` with their payloads (``None``: the host's own)."""
    if st.phase == "over":
        return ()
    if seat is None:
        return host_offers(st)
    found: list[LegalMove] = []
    for name in offered_moves(st)[seat]:
        found += _OFFER[name](st, seat)
    if reveal_due(st):
        found.append(legal("reveal", seat=seat, free=("hands",)))
    found += REGISTRY.trying(st, table(st), "missplay", seat,
                             [{"rule": r} for r in variant_of(st).faults], ("note",))
    return tuple(found)


def host_offers(st: CitronCocoState) -> tuple[LegalMove, ...]:
    """The host's own: turning the hands over once the round is over."""
    if reveal_due(st):
        return (legal("reveal", free=("hands",)),)
    return ()


def draws(st: CitronCocoState, seat: int) -> tuple[LegalMove, ...]:
    sources = [{"source": "stock"}, {"source": "discard"}]
    # the draw, its checks and its rule are the same in every CitronCoco game
    return REGISTRY.trying(st, table(st), "draw", seat, sources)


def values(st: CitronCocoState) -> list[int]:
    """Values a face-down card may still show (CC-DECK-1)."""
    seen = known_counts(st)
    return [v for v, n in sorted(st.deck.items()) if seen[v] < n]


def discards(st: CitronCocoState, seat: int) -> tuple[LegalMove, ...]:
    held = st.held
    if held is not None and held.value is not None:
        return (legal("discard", [{"value": held.value}], seat=seat),)
    return (legal("discard", [{"value": v} for v in values(st)], seat=seat),)


def _row(st: CitronCocoState, seat: int) -> Iterator[Payload]:
    """Each position of ``seat``'s row with each value its card may show."""
    unseen = values(st)
    for slot, card in enumerate(st.hands[seat], start=1):
        for value in ([card.value] if card.value is not None else unseen):
            yield {"slot": slot, "value": value}


def replaces(st: CitronCocoState, seat: int) -> tuple[LegalMove, ...]:
    return (legal("replace", list(_row(st, seat)), seat=seat),)


def quick_plays(st: CitronCocoState, seat: int
                ) -> tuple[LegalMove, ...]:
    """Every own card with the values it may show; the second card of a sum is left free."""
    sums = variant_of(st).sum_allowed(st)
    free = ("other_seat", "other_slot", "other_value", "on_top") if sums else ()
    return (legal("quick_play", list(_row(st, seat)), seat=seat, free=free),)


def powers(st: CitronCocoState, seat: int) -> tuple[LegalMove, ...]:
    """The targets of each power ``seat`` may use that the power's rule accepts (the Fellow: a
    teammate's card, CCT-FELLOW-1; the Spy's value is the table's to give: each target is
    judged with a value its card may show, then offered without it)."""
    found: list[Payload] = []
    for value in st.pending.get(seat, []):
        found += [_spied(st, p) if value == 10 else p for p in _targets(st, seat, value)]
    kept = REGISTRY.trying(st, table(st), "power", seat, found)
    if not kept:
        return ()
    spy = 10 in st.pending.get(seat, [])
    payloads = [{k: v for k, v in p.items() if not (k == "value" and p.get("card") == 10)}
                for p in kept[0].payloads]
    return (legal("power", payloads, seat=seat, free=("value",) if spy else ()),)


def _spied(st: CitronCocoState, payload: Payload) -> Payload:
    """A Spy's target with a value its card may show (the one known, else one unseen)."""
    card = st.hands[payload["target_seat"]][payload["slot"] - 1]
    shown = card.value if card.value is not None else next(iter(values(st)), 0)
    return {**payload, "value": shown}


def _targets(st: CitronCocoState, seat: int, value: int) -> list[Payload]:
    """Every target the power may aim at (the Fellow: only the seats it may look at, CC-FELLOW-2,
    CCT-FELLOW-1; the rules then keep those they accept)."""
    spots = [(s, k) for s in range(st.seats) for k in range(1, len(st.hands[s]) + 1)]
    card = {"card": value}
    if value in (1, 9):
        return [{**card, "target_seat": s} for s in range(st.seats)]
    if value == 2:
        allowed = variant_of(st).fellow_targets(st, seat)[0]
        return [{**card, "target_seat": s, "slot": k} for s, k in spots if s in allowed]
    if value in (7, 10):
        return [{**card, "target_seat": s, "slot": k} for s, k in spots]
    if value == 12:
        return [{**card, "target_seat": s, "slot": k, "other_seat": o, "other_slot": j}
                for s, k in spots for o, j in spots if (s, k) != (o, j)]
    return [card] if value in POWERS else []


def nothing(st: CitronCocoState, seat: int, name: str
            ) -> tuple[LegalMove, ...]:
    return (legal(name, seat=seat),)


_OFFER = {
    "draw": draws,
    "discard": discards,
    "replace": replaces,
    "quick_play": quick_plays,
    "power": powers,
    "forgo_power": lambda st, s: (
        legal("forgo_power", [{"card": v} for v in st.pending.get(s, [])], seat=s),),
    "citron_coco": lambda st, s: nothing(st, s, "citron_coco"),
    "nano": lambda st, s: nothing(st, s, "nano"),
    "nano_alpha": lambda st, s: nothing(st, s, "nano_alpha"),
}
