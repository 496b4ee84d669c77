"""Neurotrio's moves judged and applied, one method per move type."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from referee.engines.base import (
    Event,
    Flag,
    Impossible,
    Verdict,
)
from referee.engines.moves import MoveType, Table
from referee.engines.neurotrio.cards import (
    COPIES,
    TOKENS,
    NeuroCard,
)
from referee.engines.neurotrio.domain import (
    compatible_count,
    domain_cards,
    limits_of,
    placement_fault,
    placement_points,
    seats_text,
    touching,
)
from referee.engines.neurotrio.state import (
    Bid,
    BiddingRound,
    DutyPass,
    NeurotrioState,
    Opening,
    Placed,
)
from referee.engines.neurotrio.table import NeurotrioTable


class NeurotrioRules(NeurotrioTable):
    """Each Neurotrio move: judged first (Impossible changes nothing), then applied."""

    # --- judging ---

    def play(self, state: NeurotrioState, event: Event, move: MoveType) -> Verdict:
        return self._handlers()[move.name](state, event)

    def table(self, state: NeurotrioState) -> Table:
        """Turns are checked by each move (the phase says why a seat may not play first)."""
        return Table(seats=len(state.seats), turn=None, over=state.phase == "over")

    def _handlers(self) -> dict[str, Callable[[NeurotrioState, Event], Verdict]]:
        return {
            "start_domain": self._start_domain,
            "place": self._place,
            "pass": self._pass,
            "deux_cartes": self._deux_cartes,
            "open_more": self._open_more,
            "neuro": self._neuro,
            "bid": self._bid,
            "decline": self._decline,
            "reveal": self._reveal,
            "reveal_bids": self._reveal_bids,
            "missplay": self._missplay,
        }

    def _start_domain(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase != "start":
            raise Impossible("NT-DECK-3", "The domain has already been started", "type")
        card = self._card(state, event.payload["card"], "payload.card")
        state.domain[(0, 0)] = Placed(str(card), None, 0, 0)
        state.phase = "play"
        state.turn = state.first
        return Verdict.ok(
            "NT-DECK-3",
            f"The domain starts with {card} at (0, 0)",
            f"seat {state.first} plays first",
        )

    def _place(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._active(state, event, "place a card")
        card = self._card(state, event.payload["card"], "payload.card")
        at = (int(event.payload["row"]), int(event.payload["col"]))
        domain = domain_cards(state)
        fault = placement_fault(domain, card, at, limits_of(state))
        if fault is not None:
            raise Impossible(fault.rule, f"Seat {seat} cannot place: {fault.reason}", fault.where)
        if sum(1 for text in domain.values() if text == str(card)) >= COPIES:
            raise Impossible(
                "NT-DECK-2",
                f"Both copies of {card} are already in the domain: there is no third",
                "payload.card",
            )
        points = placement_points(domain, card, at)
        # the move is possible: lay the card
        me = state.seats[seat]
        state.domain[at] = Placed(str(card), seat, len(state.domain), points)
        me.hand -= 1
        me.placement_points += points
        state.played_since_round = True
        state.passed_since_change = []
        effects = [f"seat {seat} holds {me.hand} card{'s' if me.hand != 1 else ''}"]
        if state.duty_starts == "two_cards" and state.duty_since is None and me.hand <= 2:
            state.duty_since = event.seq
            effects.append("a hand is down to two cards: nobody may pass while able to place")
        if me.hand == 0:
            effects.append(self._finish(state, seat))
        holders = self._holders(state)
        if len(holders) == 1:
            effects.append(self._stop(state, holders[0]))
        else:
            self._advance(state, seat)
        rule = "NT-DOM-5" if points else "NT-DOM-3"
        gain = f": +{points} victory point{'s' if points != 1 else ''}" if points else ""
        return Verdict.ok(
            rule,
            f"Seat {seat} placed {card} at {at}, compatible with "
            f"{compatible_count(domain, card, at)} of its {touching(domain, at)} "
            f"neighbour{'s' if touching(domain, at) != 1 else ''}{gain}",
            *effects,
        )

    def _pass(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._active(state, event, "pass")
        me = state.seats[seat]
        me.passes += 1  # the active seat always holds cards: empty hands are skipped
        state.played_since_round = True
        if seat not in state.passed_since_change:
            state.passed_since_change.append(seat)
        effects = ["−1 victory point"]
        if state.duty_since is not None:
            state.duty_passes.append(DutyPass(event.seq, seat, len(state.domain), state.opens))
            effects.append("checked against its hand at the end (« deux cartes » duty)")
        self._advance(state, seat)
        return Verdict.ok("NT-PASS-1", f"Seat {seat} passes with {me.hand} cards in hand", *effects)

    def _deux_cartes(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._seat(state, event)
        if state.phase not in ("play", "bidding"):
            raise Impossible(
                "NT-DUTY-1", "« Deux cartes » is said while the domain is being built", "type"
            )
        me = state.seats[seat]
        if me.hand != 2:
            raise Impossible(
                "NT-DUTY-1",
                f"Seat {seat} holds {me.hand} cards: « deux cartes » is said with two",
                "seat",
            )
        if me.announced:
            raise Impossible("NT-DUTY-1", f"Seat {seat} has already said « deux cartes »", "seat")
        me.announced = True
        effects = []
        if state.duty_since is None:
            state.duty_since = event.seq
            effects.append("from now on nobody may pass while able to place a card")
        return Verdict.ok("NT-DUTY-1", f"Seat {seat} says « deux cartes »", *effects)

    def _open_more(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase != "play":
            raise Impossible(
                "NT-GRID-3", "Rows and columns are opened while the domain is being built", "type"
            )
        holders = self._holders(state)
        waiting = [s for s in holders if s not in state.passed_since_change]
        if state.open_after_passes and waiting:
            raise Impossible(
                "NT-GRID-3",
                "Every seat still holding cards must be blocked; seat(s) "
                f"{seats_text(waiting)} have not passed since the domain last changed",
                "type",
            )
        state.openings.append(Opening(event.seq, len(state.domain), state.opens, tuple(holders)))
        state.opens += 1
        state.passed_since_change = []
        limits = limits_of(state)
        return Verdict.ok(
            "NT-GRID-3",
            f"Seats {seats_text(holders)} are all blocked: one more row and one more column open",
            f"up to {limits.rows} rows and {limits.cols} columns",
            "checked against the hands at the end",
        )

    def _neuro(self, state: NeurotrioState, event: Event) -> Verdict:
        seat = self._seat(state, event)
        if state.phase == "bidding":
            raise Impossible("NT-BID-2", "A bidding round is already under way", "type")
        if state.phase != "play":
            raise Impossible(
                "NT-BID-4",
                "No more bidding: a single player still holds cards",
                "type",
            )
        if not state.played_since_round:
            raise Impossible(
                "NT-BID-2",
                "« Neuro » is said just after a play (a pass or a card laid), and there has "
                "been none since the last bidding round",
                "type",
            )
        if not self._bases_left(state):
            raise Impossible("NT-BID-5", "All ten base cards are on the domain", "type")
        if state.seats[seat].bids >= len(TOKENS):
            raise Impossible(
                "NT-BID-5",
                f"Seat {seat} has used its six tokens and must bid when it calls",
                "seat",
            )
        n = len(state.seats)
        state.rounds_held += 1
        state.round = BiddingRound(state.rounds_held, seat, [(seat + k) % n for k in range(n)])
        state.phase = "bidding"
        state.played_since_round = False
        return Verdict.ok(
            "NT-BID-2",
            f"Seat {seat} says « neuro »: bidding round {state.rounds_held} runs clockwise from it",
            f"seat {seat} must bid first",
        )

    def _bidder(self, state: NeurotrioState, event: Event) -> tuple[int, BiddingRound]:
        seat = self._seat(state, event)
        if state.phase != "bidding" or state.round is None:
            raise Impossible("NT-BID-2", "No bidding round is under way", "type")
        if seat != state.round.to_bid:
            raise Impossible(
                "NT-BID-2",
                f"Seat {seat} cannot bid now: it is seat {state.round.to_bid}'s turn to bid",
                "seat",
            )
        return seat, state.round

    def _bid(self, state: NeurotrioState, event: Event) -> Verdict:
        seat, rnd = self._bidder(state, event)
        base = int(event.payload["base"])
        at = (int(event.payload["row"]), int(event.payload["col"]))
        token = event.payload.get("token")
        if base not in self._bases_left(state):
            raise Impossible(
                "NT-BID-5", f"Base card {base} is already on the domain", "payload.base"
            )
        if at not in state.domain:
            raise Impossible(
                "NT-BID-5", f"There is no domain card at {at} to bid on", "payload.row"
            )
        me = state.seats[seat]
        if token is not None and token in me.tokens:
            raise Impossible(
                "NT-BID-5", f"Seat {seat} has already used its {token} token", "payload.token"
            )
        # the bid is possible: lay the base card and the token
        state.bids.append(Bid(base, seat, at[0], at[1], token, token is not None, rnd.number))
        me.bids += 1
        if token is not None:
            me.tokens.append(token)
        card = state.domain[at].card
        effects = [self._next_bidder(state)]
        sealed = "sealed" if token is not None else "face down, revealed at the end"
        return Verdict.ok(
            "NT-BID-5",
            f"Seat {seat} lays base card {base} on {card} at {at} with a token ({sealed})",
            *effects,
        )

    def _decline(self, state: NeurotrioState, event: Event) -> Verdict:
        seat, rnd = self._bidder(state, event)
        if seat == rnd.caller:
            raise Impossible("NT-BID-2", f"Seat {seat} said « neuro » and must bid", "type")
        return Verdict.ok("NT-BID-2", f"Seat {seat} does not bid", self._next_bidder(state))

    def _reveal(self, state: NeurotrioState, event: Event) -> Verdict:
        """NT-TRES-1: the last player shows its hand; every hand is known, the treasure too."""
        last, shown, seen = self._check_reveal(state, event)
        # the hand is possible: every card is now known
        state.seats[last].remaining = [str(c) for c in shown]
        (treasure,) = [text for text, n in seen.items() if n == 1]  # NT-DECK-2: 53 = 26×2 + 1
        state.treasure = treasure
        flags = self._check_duty(state) + self._check_openings(state)
        self._score_bids(state)
        self._close_if_done(state)
        return Verdict.ok(
            "NT-TRES-1",
            f"Seat {last} shows {len(shown)} card(s): every hand is known and the treasure is "
            f"{treasure}",
            *self._revealed(state, treasure, flags),
            flags=tuple(flags),
        )

    def _check_reveal(self, state: NeurotrioState, event: Event
                      ) -> tuple[int, list[NeuroCard], Counter[str]]:
        """NT-TRES-1 / NT-DECK-2: the last player, the hand it shows, and every card then seen."""
        if state.phase not in ("reveal", "bids") or state.last_player is None:
            raise Impossible(
                "NT-TRES-1", "The last hand is shown once a single player holds cards", "type"
            )
        last = state.last_player
        if event.seat is not None and event.seat != last:
            raise Impossible(
                "NT-TRES-1", f"Seat {last} is the last player: it shows its hand", "seat"
            )
        if state.seats[last].remaining is not None:
            raise Impossible("NT-TRES-1", f"Seat {last} has already shown its hand", "type")
        shown = [self._card(state, c, "payload.cards") for c in event.payload["cards"]]
        if len(shown) != state.seats[last].hand:
            raise Impossible(
                "NT-TRES-1",
                f"Seat {last} holds {state.seats[last].hand} cards, not {len(shown)}",
                "payload.cards",
            )
        seen = Counter(p.card for p in state.domain.values()) + Counter(str(c) for c in shown)
        over = sorted(text for text, n in seen.items() if n > COPIES)
        if over:
            raise Impossible(
                "NT-DECK-2",
                f"{over[0]} would appear {seen[over[0]]} times; the deck holds it twice",
                "payload.cards",
            )
        return last, shown, seen

    def _revealed(self, state: NeurotrioState, treasure: str, flags: list[Flag]) -> list[str]:
        """What the reveal proved: where the treasure lay, the duty broken, tokens still down."""
        effects = [f"the treasure is {treasure} ({self._treasure_place(state)})"]
        proven = [f for f in flags if f.rule == "NT-DUTY-2"]
        if proven and state.duty_penalty == "per_pass":
            effects.append(f"{len(proven)} pass(es) broke the « deux cartes » duty: −10 each")
        elif proven:
            offenders = sorted({s for s, seat in enumerate(state.seats) if seat.proven_violations})
            effects.append(
                f"seat(s) {seats_text(offenders)} broke the « deux cartes » duty: −10 each "
                "player, once"
            )
        pending = sum(1 for b in state.bids if b.token is None)
        if pending:
            effects.append(f"{pending} token(s) still to be turned face up")
        return effects

    def _reveal_bids(self, state: NeurotrioState, event: Event) -> Verdict:
        if state.phase not in ("reveal", "bids"):
            raise Impossible("NT-BID-6", "Tokens are turned face up at the end of the game", "type")
        by_base = {b.base: b for b in state.bids}
        used = {i: list(s.tokens) for i, s in enumerate(state.seats)}
        turned: list[tuple[Bid, str]] = []
        for i, item in enumerate(event.payload["tokens"]):
            base, token = int(item["base"]), str(item["token"])
            bid = by_base.get(base)
            where = f"payload.tokens.{i}"
            if bid is None:
                raise Impossible("NT-BID-6", f"No bid lies on base card {base}", where)
            if bid.token is not None or any(b is bid for b, _ in turned):
                raise Impossible(
                    "NT-BID-6", f"The token on base card {base} is already known", where
                )
            if token in used[bid.seat]:
                raise Impossible("NT-BID-5", f"Seat {bid.seat} has only one {token} token", where)
            used[bid.seat].append(token)
            turned.append((bid, token))
        for bid, token in turned:
            bid.token = token
            state.seats[bid.seat].tokens.append(token)
        self._score_bids(state)
        self._close_if_done(state)
        pending = sum(1 for b in state.bids if b.token is None)
        return Verdict.ok(
            "NT-BID-6",
            f"{len(turned)} token(s) turned face up",
            *([f"{pending} still face down"] if pending else []),
        )

    def _missplay(self, state: NeurotrioState, event: Event) -> Verdict:
        rule = str(event.payload["rule"])
        if rule not in self.reportable_missplays:
            raise Impossible(
                "NT-DUTY-2",
                f"{rule} is not a fault the host reports; only NT-DUTY-2 is",
                "payload.rule",
            )
        seat = self._seat(state, event)
        if state.duty_since is None:
            why = (
                "nobody has said « deux cartes »"
                if state.duty_starts == "announcement"
                else "no hand is down to two cards yet"
            )
            raise Impossible("NT-DUTY-2", f"{why.capitalize()}: passing is still allowed", "type")
        if state.treasure is not None:
            raise Impossible(
                "NT-DUTY-2",
                "Every hand is known: the engine has settled the « deux cartes » duty from them",
                "type",
            )
        me = state.seats[seat]
        passes = sum(1 for p in state.duty_passes if p.seat == seat)
        if not passes:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has not passed since the « deux cartes » duty began: it has broken "
                "no duty",
                "seat",
            )
        if state.duty_penalty == "per_player" and me.reported_violations:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has already lost its ten points for the « deux cartes » duty: "
                "« il perd dix points de victoire » once",
                "seat",
            )
        if me.reported_violations >= passes:
            raise Impossible(
                "NT-DUTY-2",
                f"Seat {seat} has passed {passes} time(s) under the duty, and each is already "
                "reported",
                "seat",
            )
        before = self._duty_charge(state, me)
        me.reported_violations += 1
        charged = self._duty_charge(state, me) - before
        return Verdict.missplay(
            "NT-DUTY-2",
            f"Seat {seat} passed under the « deux cartes » duty although it could place a card",
            f"−{charged} victory points" if charged else "none more: already charged",
        )
