"""Catching forgotten announcements: la Zouzou and la Méga One's 'contre' (PL-ZZ-…, PL-MO-1)
and David le fou's flags and the host's rulings on them (PL-DF-…)."""

from __future__ import annotations

from referee.engines.base import Event, Flag, Impossible, Verdict
from referee.engines.messages import Message, msg
from referee.engines.plouc.checks import check_running, check_seat
from referee.engines.plouc.moves import Contre, FlagCall, Ruling
from referee.engines.plouc.state import OpenFlag, PloucState
from referee.engines.plouc.table import draw, give

# Rules whose breach the log itself proves (David le fou flags on them are settled by the engine).
PROVABLE = frozenset({"PL-ANN-1", "PL-ANN-2"})
# Every clause a David le fou flag may cite (the catalogue's clauses a player can break).
FLAGGABLE = frozenset(
    {
        "PL-TURN-1", "PL-TURN-2", "PL-TURN-3", "PL-PLAY-1", "PL-PLAY-2", "PL-ACE-1",
        "PL-ACE-2", "PL-Q-1", "PL-10-1", "PL-7-1", "PL-7-2", "PL-KS-1", "PL-KS-2", "PL-SQ-1",
        "PL-SQ-2", "PL-ANN-1", "PL-ANN-2", "PL-ZERO-1", "PL-3C-1", "PL-MD-1", "PL-SIX-1",
        "PL-MAI-1",
    }
)


def forgot(state: PloucState, target: int) -> tuple[str, int] | None:
    """The announcement ``target`` owes now and the event it was due from, if any."""
    if state.phase == "plouc" and state.finisher == target:
        return "PL-ANN-2", state.finisher_seq
    if state.seats[target].carte_due:
        return "PL-ANN-1", state.seats[target].carte_due_seq
    return None


def still_in_time(state: PloucState, target: int, rule: str) -> bool:
    """PL-ANN-3 / PL-ZZ-1 (option ``contre_when``, ``turn_over``): the "carte" ``target`` owes
    belongs to the turn that left one card; until another seat has played or drawn, it may
    still be said, so it is not forgotten yet."""
    return (rule == "PL-ANN-1" and state.options.contre_when == "turn_over"
            and not state.seats[target].carte_late)


def upheld_contre(state: PloucState, caller: int, target: int) -> bool:
    """Whether ``caller``'s contre on ``target`` would be upheld now (what a pad offers)."""
    owed = forgot(state, target)
    return (caller != target and owed is not None
            and not still_in_time(state, target, owed[0]))


def contre(state: PloucState, event: Event, move: Contre) -> Verdict:
    """PL-ZZ-1 / PL-ZZ-2 / PL-MO-1 / PL-ZZ-3: 'contre' on a seat that forgot to announce."""
    opts = state.options
    if not opts.punishes_forgetting:
        raise Impossible.of("PL-ZZ-1", "plouc.contre.not_played", "type")
    caller = check_seat(state, event.seat)
    target = check_seat(state, move.target_seat, "payload.target_seat")
    if state.phase in ("deal", "over", "flag"):
        check_running(state)
    if caller == target:
        raise Impossible.of("PL-ZZ-1", "plouc.contre.on_self", "seat")
    owed = forgot(state, target)
    if owed is not None and still_in_time(state, target, owed[0]):
        raise Impossible.of("PL-ZZ-1", "plouc.contre.may_still_say_carte",
                            "payload.target_seat", seat=target)
    if owed is not None and opts.mega_one and state.seats[caller].hand < 2:
        raise Impossible.of("PL-MO-1", "plouc.contre.mega_one_no_card", "seat", seat=caller,
                            count=state.seats[caller].hand)
    if owed is None:
        return wrong_contre(state, event, caller, target)
    rule, due_seq = owed
    word = "carte" if rule == "PL-ANN-1" else "plouc"
    if rule == "PL-ANN-1":
        state.seats[target].caught(due_seq)
    if opts.mega_one:
        give(state, caller, target, event.seq)
        penalty = msg("plouc.penalty.gives_a_card", seat=caller, to_seat=target)
        verdict_rule, effects = "PL-MO-1", list[Message]()
    else:
        drawn, effects = draw(state, target, 1, event.seq)
        penalty = msg("plouc.penalty.draws", seat=target, count=drawn)
        verdict_rule = "PL-ZZ-1" if word == "carte" else "PL-ZZ-2"
    finding = Flag(due_seq, rule, msg("plouc.flag.did_not_say", seat=target, word=word),
                   penalty)
    return Verdict.missplay(verdict_rule, msg("plouc.contre.right", seat=target, word=word),
                            penalty, *effects, offender=target, flags=(finding,))


def wrong_contre(state: PloucState, event: Event, caller: int, target: int) -> Verdict:
    """PL-ZZ-3 / PL-DF-3: a 'contre' on a seat that owes nothing."""
    reason = msg("plouc.contre.wrong", seat=target)
    if state.options.david_le_fou:
        drawn, effects = draw(state, caller, 1, event.seq)
        return Verdict.missplay("PL-DF-3", reason,
                                msg("plouc.penalty.wrong_flag_draws", seat=caller, count=drawn),
                                *effects, offender=caller)
    word = "plouc" if state.finisher == target else "carte"
    return Verdict.missplay("PL-ZZ-3", reason, msg("plouc.penalty.none_for_contre", word=word),
                            offender=caller)


def check_flag(state: PloucState, event: Event, move: FlagCall) -> tuple[int, int]:
    """PL-DF-1 / PL-DF-2: a flag a player may raise now; the flagger and the offender."""
    opts = state.options
    if not opts.david_le_fou:
        raise Impossible.of("PL-DF-1", "plouc.flag.not_played", "type")
    flagger = check_seat(state, event.seat)
    offender = check_seat(state, move.offender_seat, "payload.offender_seat")
    if state.phase in ("deal", "over", "flag"):
        check_running(state)
    if flagger == offender:
        raise Impossible.of("PL-DF-1", "plouc.flag.on_self", "payload.offender_seat")
    if move.rule not in FLAGGABLE:
        raise Impossible.of("PL-DF-1", "plouc.flag.not_a_rule", "payload.rule", rule=move.rule)
    if move.about_seq is not None and move.about_seq >= event.seq > 0:
        raise Impossible.of("PL-DF-1", "plouc.flag.earlier_event", "payload.about_seq")
    if opts.sanction == "mega_one" and state.seats[flagger].hand < 2:
        raise Impossible.of("PL-DF-2", "plouc.flag.mega_one_no_card", "seat", seat=flagger,
                            count=state.seats[flagger].hand)
    return flagger, offender


def flag(state: PloucState, event: Event, move: FlagCall) -> Verdict:
    """PL-DF-1 / PL-DF-4: a flag the log settles at once, or one that stops the game until the
    host rules."""
    flagger, offender = check_flag(state, event, move)
    rule, about = move.rule, move.about_seq
    if rule not in PROVABLE:
        state.phase_before_flag, state.phase = state.phase, "flag"
        state.flag = OpenFlag(flagger, offender, rule, event.seq, about, move.note)
        return Verdict.ok("PL-DF-4", msg("plouc.flag.stops", seat=flagger,
                                         offender_seat=offender, rule=rule))
    if rule == "PL-ANN-1" and state.options.carte_flag == "log":
        lapse = forgotten_carte(state, offender, about)
        if lapse is None:
            why = (msg("plouc.flag.why.no_forgotten_carte", seat=offender) if about is None
                   else msg("plouc.flag.why.no_forgotten_carte_after", seat=offender,
                            about_seq=about))
            return wrong_flag(state, flagger, offender, rule, event.seq, why)
        state.seats[offender].caught(lapse)
        return sanction(state, flagger, offender, rule, event.seq, lapse)
    owed = forgot(state, offender)
    if owed is None or owed[0] != rule:
        why = (msg("plouc.flag.why.owes_no_carte", seat=offender) if rule == "PL-ANN-1"
               else msg("plouc.flag.why.no_such_forgotten"))
        return wrong_flag(state, flagger, offender, rule, event.seq, why)
    if rule == "PL-ANN-1":
        state.seats[offender].caught(owed[1])
    return sanction(state, flagger, offender, rule, event.seq, owed[1])


def forgotten_carte(state: PloucState, offender: int, about: int | None) -> int | None:
    """PL-DF-4, settled from the log: the event (``about``, else the latest) that left
    ``offender`` with one card and no "carte" said in time, not yet caught."""
    unsaid = state.seats[offender].unsaid
    if about is None:
        return unsaid[-1] if unsaid else None
    return about if about in unsaid else None


def sanction(state: PloucState, flagger: int, offender: int, rule: str, seq: int,
             about: int | None) -> Verdict:
    """PL-DF-2: a right flag; the offender pays by the sanction chosen before play."""
    if state.options.sanction == "mega_one":
        give(state, flagger, offender, seq)
        penalty = msg("plouc.penalty.gives_a_card", seat=flagger, to_seat=offender)
        effects: list[Message] = []
    else:
        drawn, effects = draw(state, offender, 1, seq)
        penalty = msg("plouc.penalty.draws", seat=offender, count=drawn)
    reason = msg("plouc.flag.right", seat=flagger, offender_seat=offender, rule=rule)
    flags = (Flag(about, rule, msg("plouc.flag.flagged_by", seat=flagger), penalty),) if about \
        else ()
    return Verdict.missplay("PL-DF-2", reason, penalty, *effects, offender=offender, flags=flags)


def wrong_flag(state: PloucState, flagger: int, offender: int, rule: str, seq: int,
               why: Message) -> Verdict:
    """PL-DF-3: a wrong flag; the flagger draws one card."""
    drawn, effects = draw(state, flagger, 1, seq)
    return Verdict.missplay(
        "PL-DF-3",
        msg("plouc.flag.wrong", seat=flagger, offender_seat=offender, rule=rule,
            why=why.as_dict()),
        msg("plouc.penalty.draws", seat=flagger, count=drawn),
        *effects,
        offender=flagger,
    )


def ruling(state: PloucState, event: Event, move: Ruling) -> Verdict:
    """PL-DF-4: the host rules on the flag that stopped the game."""
    if state.phase != "flag" or state.flag is None:
        raise Impossible.of("PL-DF-4", "plouc.ruling.no_flag")
    open_flag = state.flag
    if (move.upheld and state.options.sanction == "mega_one"
            and state.seats[open_flag.flagger].hand < 2):
        raise Impossible.of("PL-DF-2", "plouc.ruling.no_card_to_give", "payload.upheld",
                            seat=open_flag.flagger)
    state.phase, state.flag = state.phase_before_flag, None
    if move.upheld:
        return sanction(state, open_flag.flagger, open_flag.offender, open_flag.rule,
                        event.seq, open_flag.about_seq)
    return wrong_flag(state, open_flag.flagger, open_flag.offender, open_flag.rule, event.seq,
                      msg("plouc.flag.why.host_says_so"))
