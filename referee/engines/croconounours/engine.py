"""CrocoNounours: two to four sides of three warriors fight on a 7×7 board with playing cards.

The engine never sees a hand: it counts the cards in each hand, in the stock and on the discard
pile, and checks each card played (every played card is public) against what the pack still holds
out of sight. Each handler judges first (raising ``Impossible`` with the rule and the reason) and
only then changes the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engines import cards as deck_cards
from referee.engines.base import (
    HOST,
    NO_CARDS,
    OWN_CARDS,
    Engine,
    Event,
    Impossible,
    InvalidOptions,
    Line,
    Standings,
    Verdict,
    Viewer,
    register,
)
from referee.engines.cards import Card, Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.schemas import EVENT_TYPES, WARRIOR_COLOURS, OptionsSchema

HAND_LIMIT = 7
OPENING_HAND = 7
MAX_DRAW = 3
JOKER_COUNTS = {54: 2, 52: 0, 32: 0}
SUIT_OF_STEP = {"straight": Suit.CLUBS, "diagonal": Suit.SPADES}
SUIT_OF_BLOW = {"straight": Suit.DIAMONDS, "diagonal": Suit.HEARTS}
DODGE_SUIT = {Suit.HEARTS: Suit.CLUBS, Suit.DIAMONDS: Suit.SPADES}


# --------------------------------------------------------------------------------------------
# State


@dataclass
class Warrior:
    """A warrior on the board; ``colour`` is its colour now (a wounded green is orange)."""

    id: str
    seat: int
    colour: str
    square: Square | None
    eaten_by: str | None = None

    @property
    def standing(self) -> bool:
        return self.square is not None


@dataclass
class Attack:
    """An attack waiting for the attacked side's defence."""

    attacker: str
    target: str
    card: str
    suit: str  # the suit the attacking card counts as ("H" or "D")
    intent: str  # "wound" or "push"
    shot: bool  # a yellow warrior's shot from two squares away


@dataclass(frozen=True)
class Aim:
    """A judged attack: what is struck, with which suit, and the rule that allows it."""

    victim: Warrior | None  # None: an obstacle
    square: Square
    suit: Suit
    shot: bool
    rule: str


@dataclass
class CrocoState:
    seats: int
    side_of_seat: tuple[int, ...]
    deck_size: int
    deck_counts: dict[str, int]
    layout: tuple[tuple[str, ...], ...] | None  # None: plain board (coloured squares off)
    obstacles_per_side: int  # 0: obstacles off
    free_choice: bool
    free_draw: bool
    roster: dict[int, tuple[str, ...]]
    shot_past_one_obstacle_blocked: bool = False
    diagonal_obstacles_stop_pushes: bool = False
    campaign_reserve: str = "packets"
    packets: dict[int, int] = field(default_factory=dict)
    check_reports: bool = True
    phase: str = "first_player"
    contenders: list[int] = field(default_factory=list)
    first_seat: int | None = None
    turn_seat: int | None = None
    queue: list[int] = field(default_factory=list)  # seats still to deploy / place obstacles
    corners: dict[int, Square] = field(default_factory=dict)
    warriors: dict[str, Warrior] = field(default_factory=dict)
    obstacles: list[Square] = field(default_factory=list)
    obstacles_eaten: int = 0
    hands: list[int] = field(default_factory=list)
    stock: int = 0
    discard: list[str] = field(default_factory=list)  # bottom first; every card face up
    reshuffles: int = 0
    pending: Attack | None = None
    round: int = 0
    rounds: list[dict[str, int]] = field(default_factory=list)
    middle_seat: int | None = None
    winner_side: int | None = None
    sealed: dict[int, tuple[str, ...]] = field(default_factory=dict)  # free choice, secret
    # what a host's report is checked against (CN-MISS-1)
    had_turn: set[int] = field(default_factory=set)  # seats whose turn has ended
    acted: set[int] = field(default_factory=set)  # seats that have moved or attacked


# --------------------------------------------------------------------------------------------
# Cards


def card_value(card: Card, *, defending: bool = False) -> int:
    """Ace above king; the joker above all, and above another joker when it defends."""
    if card.is_joker:
        return 16 if defending else 15
    return 14 if card.rank == 1 else card.rank


def counts_as(card: Card, suit: Suit) -> bool:
    """A joker is any suit its player names; the rule's choice is always the one needed."""
    return card.is_joker or card.suit == suit


def is_black(card: Card) -> bool:
    """Black cards move warriors (a joker can be one)."""
    return card.suit is None or card.suit.is_black


def is_red(card: Card) -> bool:
    """Red cards attack (a joker can be one)."""
    return card.suit is None or card.suit.is_red


def deck_composition(size: int) -> dict[str, int]:
    """How many of each card the pack holds: 54 with two jokers, 52, or 32 (7 to ace)."""
    ranks = [1, *range(7, 14)] if size == 32 else list(range(1, 14))
    pack = deck_cards.standard_deck(jokers=JOKER_COUNTS[size], ranks=ranks)
    return dict(Counter(str(c) for c in pack))


# --------------------------------------------------------------------------------------------
# Small questions about the state


def side_name(state: CrocoState, side: int) -> str:
    seats = seats_of_side(state, side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "team of seats " + " and ".join(str(s) for s in seats)


def seats_of_side(state: CrocoState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.seats) if state.side_of_seat[s] == side)


def sides(state: CrocoState) -> list[int]:
    return sorted(set(state.side_of_seat))


def seat_standing(state: CrocoState, seat: int) -> bool:
    return any(w.standing for w in state.warriors.values() if w.seat == seat)


def side_standing(state: CrocoState, side: int) -> int:
    return sum(
        1 for w in state.warriors.values() if w.standing and state.side_of_seat[w.seat] == side
    )


def occupant(state: CrocoState, square: Square) -> Warrior | None:
    for w in state.warriors.values():
        if w.square == square:
            return w
    return None


def is_free(state: CrocoState, square: Square) -> bool:
    return (
        board.on_board(square) and square not in state.obstacles and occupant(state, square) is None
    )


def on_own_colour(state: CrocoState, w: Warrior) -> bool:
    """Coloured squares: the warrior stands on its colour (the centre is everyone's colour)."""
    if state.layout is None or w.square is None:
        return False
    colour = board.square_colour(state.layout, w.square)
    return colour == board.WILD or colour == w.colour


def protected(state: CrocoState, target: Warrior, attacker: Warrior) -> bool:
    """Whether the target can only be pushed, never wounded, by this attacker."""
    return on_own_colour(state, target) and not on_own_colour(state, attacker)


def can_step(state: CrocoState, frm: Square, to: Square) -> bool:
    """A warrior on ``frm`` may move to ``to`` one square away (a move or a dodge, CN-OBS-3)."""
    return is_free(state, to) and not board.squeezed_between(frm, to, state.obstacles)


def can_be_pushed(state: CrocoState, frm: Square, to: Square) -> bool:
    """A warrior or obstacle pushed from ``frm`` lands on ``to`` (CN-PUSH-1). The ban on
    passing between two diagonal obstacles is about moving (« lors de son déplacement »): it
    stops a push only with the option ``diagonal_obstacles_stop_pushes``."""
    if not is_free(state, to):
        return False
    return not (
        state.diagonal_obstacles_stop_pushes and board.squeezed_between(frm, to, state.obstacles)
    )


def steps(state: CrocoState, w: Warrior, kind: str) -> list[Square]:
    """The squares ``w`` can step to straight (``kind`` "straight") or diagonally."""
    if w.square is None:
        return []
    directions = board.STRAIGHT if kind == "straight" else board.DIAGONAL
    return sorted(s for s in board.neighbours(w.square, directions) if can_step(state, w.square, s))


def team_colours(state: CrocoState, seat: int) -> tuple[str, ...] | None:
    """The colours a seat deploys; None while its free choice is not made yet (CN-TEAM-2)."""
    if seat in state.roster:
        return state.roster[seat]
    return state.sealed.get(seat) if state.free_choice else WARRIOR_COLOURS


def push_square(attacker: Square, target: Square) -> Square:
    return board.step(target, board.offset(attacker, target))


def draw_most(state: CrocoState, seat: int) -> int:
    """The most cards the seat may draw now: 3, never over 7 in hand, nor past the cards left."""
    return min(MAX_DRAW, max(0, HAND_LIMIT - state.hands[seat]), state.stock + len(state.discard))


def draw_needed(state: CrocoState, seat: int) -> int:
    """Cards the seat must still draw this turn before acting (0 with the free-draw option)."""
    return 0 if state.free_draw else draw_most(state, seat)


def out_of_sight(state: CrocoState, card: str) -> int:
    """Copies of ``card`` that may still be in a hand or the stock (not face up on the discard)."""
    return state.deck_counts.get(card, 0) - state.discard.count(card)


def reach(state: CrocoState, w: Warrior) -> dict[str, list[str]]:
    """The squares ``w`` can step to or strike now, by the card it takes: club and spade steps,
    diamond and heart blows, yellow shots. For a UI offering moves (and the tests' move
    generator). On coloured squares a warrior on its own colour may still refuse a wound
    (CN-SQ-2): the attack's intent decides that.
    """
    if w.square is None:
        return {}
    blows: dict[str, list[str]] = {"diamond": [], "heart": [], "shot": []}
    for key, directions in (("diamond", board.STRAIGHT), ("heart", board.DIAGONAL)):
        for s in board.neighbours(w.square, directions):
            if blow_target(state, w, s) is not None:
                blows[key].append(board.name(s))
    if w.colour == "yellow":
        for t in state.warriors.values():
            if t.square is not None and is_enemy(state, w, t) and shot_open(state, w, t):
                blows["shot"].append(board.name(t.square))
    return {
        "club": [board.name(s) for s in steps(state, w, "straight")],
        "spade": [board.name(s) for s in steps(state, w, "diagonal")],
        **{k: sorted(v) for k, v in blows.items()},
    }


def is_enemy(state: CrocoState, a: Warrior, b: Warrior) -> bool:
    return state.side_of_seat[a.seat] != state.side_of_seat[b.seat]


def blow_target(state: CrocoState, w: Warrior, square: Square) -> str | None:
    """An enemy warrior's id or ``"obstacle"`` on a neighbouring square ``w`` can strike."""
    assert w.square is not None
    if board.squeezed_between(w.square, square, state.obstacles):
        return None
    if square in state.obstacles:
        return "obstacle"
    t = occupant(state, square)
    return t.id if t is not None and is_enemy(state, w, t) else None


def shot_open(state: CrocoState, w: Warrior, t: Warrior) -> bool:
    assert w.square is not None and t.square is not None
    return board.distance(w.square, t.square) == 2 and not board.shot_blocked(
        w.square, t.square, state.obstacles, state.shot_past_one_obstacle_blocked
    )


# --------------------------------------------------------------------------------------------
# The engine


class CrocoNounoursEngine(Engine[CrocoState]):
    id = "croconounours"
    title = "CrocoNounours"
    rules_file = "croconounours.fr.txt"
    catalogue = "docs/rules/croconounours.md"
    min_seats = 2
    max_seats = 4
    options_schema = OptionsSchema
    event_types = EVENT_TYPES
    host_only = frozenset({"missplay"})
    costly_moves = frozenset({"no_defence"})  # the attack lands in full
    state_version = 2  # 2: reading options and what reports are checked against
    states_cards = {
        "first_player": NO_CARDS,  # the cards drawn for first player are shown face up
        "choose_team": NO_CARDS,
        "deploy": NO_CARDS,
        "obstacles": NO_CARDS,
        "discard": OWN_CARDS,
        "draw": NO_CARDS,
        "move": OWN_CARDS,
        "attack": OWN_CARDS,
        "defend": OWN_CARDS,
        "no_defence": NO_CARDS,
        "end_turn": NO_CARDS,
        "missplay": NO_CARDS,
    }
    reportable_missplays = {
        "CN-DRAW-1": "A player drew more cards than allowed (more than 3, or over 7 in hand)",
        "CN-ACT-1": "A card was played on a warrior without the action it pays for",
        "CN-TURN-2": "A player discarded or drew after acting (phases out of order)",
    }

    # ---------------------------------------------------------------- set-up

    def setup(self, options: Mapping[str, Any], seats: int) -> CrocoState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions(
                "CN-MULTI-1", f"CrocoNounours is played by 2 to 4 players, not {seats}", "seats"
            )
        teams = seats == 4 and bool(options.get("teams", False))
        side_of_seat = tuple(s % 2 if teams else s for s in range(seats))
        roster: dict[int, tuple[str, ...]] = {}
        for key, colours in (options.get("roster") or {}).items():
            if not key.isdigit() or int(key) >= seats:
                raise InvalidOptions(
                    "CN-CAMP-1",
                    f"The roster names seat {key!r}, not a seat of this match",
                    "options.roster",
                )
            if not 1 <= len(colours) <= 3:
                raise InvalidOptions(
                    "CN-CAMP-1",
                    f"Seat {key} brings {len(colours)} warriors: a campaign side has 1 to 3 "
                    "(a side with none left has lost the campaign)",
                    "options.roster",
                )
            roster[int(key)] = tuple(colours)
        packets: dict[int, int] = {}
        for key, count in (options.get("packets") or {}).items():
            if not key.isdigit() or int(key) >= seats:
                raise InvalidOptions(
                    "CN-CAMP-1",
                    f"The packets name seat {key!r}, not a seat of this match",
                    "options.packets",
                )
            if count < 3:
                raise InvalidOptions(
                    "CN-CAMP-1",
                    f"Seat {key}'s packet holds {count} candies: a team takes 3, so its "
                    "campaign is over (« jusqu'à épuisement de vos paquets de bonbons »)",
                    "options.packets",
                )
            packets[int(key)] = int(count)
        layout = None
        if options.get("coloured_squares"):
            rows = options.get("layout")
            layout = board.parse_layout(rows) if rows else board.DEFAULT_LAYOUT
        deck = int(options.get("deck", 54))
        return CrocoState(
            seats=seats,
            side_of_seat=side_of_seat,
            deck_size=deck,
            deck_counts=deck_composition(deck),
            layout=layout,
            obstacles_per_side=int(options.get("obstacles_per_side", 3))
            if options.get("obstacles")
            else 0,
            free_choice=bool(options.get("free_choice")),
            free_draw=bool(options.get("free_draw", True)),
            roster=roster,
            shot_past_one_obstacle_blocked=bool(options.get("shot_past_one_obstacle_blocked")),
            diagonal_obstacles_stop_pushes=bool(options.get("diagonal_obstacles_stop_pushes")),
            campaign_reserve=str(options.get("campaign_reserve") or "packets"),
            packets=packets,
            check_reports=bool(options.get("check_reports", True)),
            contenders=list(range(seats)),
            hands=[0] * seats,
            stock=deck,
        )

    # ---------------------------------------------------------------- apply

    def apply(self, state: CrocoState, event: Event) -> Verdict:
        handler = getattr(self, f"_on_{event.type}", None)
        if handler is None:
            raise Impossible("CN-TURN-1", f"{event.type!r} is not a CrocoNounours move", "type")
        if event.type == "missplay":
            return self._on_missplay(state, event)
        if state.phase == "over":
            raise Impossible("CN-END-1", "The match is over: a side has no warrior left", "type")
        return handler(state, event)

    def _on_missplay(self, state: CrocoState, event: Event) -> Verdict:
        rule = event.payload["rule"]
        if not event.by_host:
            raise Impossible("CN-MISS-1", "Only the host reports a missplay", "seat")
        if rule not in self.reportable_missplays:
            raise Impossible(
                "CN-MISS-1",
                f"{rule} is not a fault the table can report in CrocoNounours",
                "payload.rule",
            )
        if state.check_reports and (why := self.report_impossible(state, event.seat, rule)):
            raise Impossible(rule, f"This fault cannot have happened: {why}", "payload.rule")
        who = "the table" if event.seat is None else f"seat {event.seat}"
        return Verdict.missplay(
            rule,
            f"The host reports {who}: {self.reportable_missplays[rule]}",
            "The rules name no penalty: the fault is recorded and play goes on",
        )

    def report_impossible(self, state: CrocoState, seat: int | None, rule: str) -> str | None:
        """Why the table cannot have seen ``rule`` broken (by ``seat``) yet; None: it can.

        Every reportable fault is made in a turn, so none before the hands are dealt; drawing
        too many or a card played without its action needs a turn of that seat (this one or an
        earlier one), phases out of order a seat that has acted (it drew or discarded after).
        """
        if state.phase in ("first_player", "deploy", "obstacles"):
            return "the set-up is not over, nobody has played a turn yet"
        if seat is None:
            return None
        who = f"seat {seat}"
        had_turn = seat in state.had_turn or seat == state.turn_seat
        if rule in ("CN-DRAW-1", "CN-ACT-1") and not had_turn:
            return f"{who} has not had a turn yet, so it has drawn nothing and played no card"
        if rule == "CN-TURN-2" and seat not in state.acted:
            return f"{who} has never moved nor attacked, so it cannot have drawn after acting"
        return None

    # first player ----------------------------------------------------------

    def _on_first_player(self, state: CrocoState, event: Event) -> Verdict:
        if state.phase != "first_player":
            raise Impossible("CN-SETUP-1", "The first player is already decided", "type")
        draws, seat = event.payload.get("draws"), event.payload.get("seat")
        if (draws is None) == (seat is None):
            raise Impossible(
                "CN-SETUP-1",
                "Give either the cards drawn (draws) or the first player's seat",
                "payload",
            )
        if seat is not None:
            if seat not in state.contenders:
                raise Impossible(
                    "CN-SETUP-1", f"Seat {seat} is not drawing for first player", "payload.seat"
                )
            self._start_deployment(state, seat)
            return Verdict.ok("CN-SETUP-1", f"Seat {seat} is the first player")
        drawn = self._check_draws(state, draws)
        best = max(card_value(c) for c in drawn.values())
        top = sorted(s for s, c in drawn.items() if card_value(c) == best)
        if len(top) > 1:
            state.contenders = top
            return Verdict.ok(
                "CN-SETUP-1",
                f"Seats {', '.join(map(str, top))} tie with the highest card and draw again",
            )
        self._start_deployment(state, top[0])
        return Verdict.ok(
            "CN-SETUP-1",
            f"Seat {top[0]} drew the highest card ({drawn[top[0]]}) and is the first player",
            "The drawn cards go back into the pack, which is shuffled",
        )

    def _check_draws(self, state: CrocoState, draws: Mapping[str, str]) -> dict[int, Card]:
        seats = {int(k) for k in draws if k.isdigit()}
        if len(seats) != len(draws) or seats != set(state.contenders):
            raise Impossible(
                "CN-SETUP-1",
                f"Seats {', '.join(map(str, state.contenders))} draw for first player, "
                "one card each",
                "payload.draws",
            )
        shown = Counter(draws.values())
        for card, n in shown.items():
            if n > state.deck_counts.get(card, 0):
                raise Impossible(
                    "CN-DECK-1",
                    f"A {state.deck_size}-card pack does not hold {n} × {card}",
                    "payload.draws",
                )
        return {int(k): Card.parse(v) for k, v in draws.items()}

    def _start_deployment(self, state: CrocoState, first: int) -> None:
        state.first_seat = first
        state.contenders = []
        state.queue = [(first + i) % state.seats for i in range(state.seats)]
        state.phase = "deploy"

    # deployment --------------------------------------------------------------

    def _on_deploy(self, state: CrocoState, event: Event) -> Verdict:
        if state.phase != "deploy":
            raise Impossible(
                "CN-SETUP-2", f"Deployment is not under way (phase {state.phase})", "type"
            )
        seat = self._expect_seat(state, event, state.queue[0], "CN-SETUP-2", "deploy")
        corner = self._square(event.payload["corner"], "payload.corner", "CN-SETUP-2")
        if corner not in board.CORNERS:
            raise Impossible(
                "CN-SETUP-2",
                f"{board.name(corner)} is not a corner of the board",
                "payload.corner",
            )
        used = set(state.corners.values())
        if corner in used:
            raise Impossible(
                "CN-SETUP-3", f"Corner {board.name(corner)} is already taken", "payload.corner"
            )
        if state.seats == 2 and state.corners:
            other = board.opposite_corner(next(iter(state.corners.values())))
            if corner != other:
                raise Impossible(
                    "CN-SETUP-3",
                    f"The opponent deploys in the opposite corner, {board.name(other)}",
                    "payload.corner",
                )
        placed = {
            self._square(k, "payload.warriors", "CN-SETUP-2"): v
            for k, v in event.payload["warriors"].items()
        }
        unchosen = [s for s in range(state.seats) if team_colours(state, s) is None]
        if unchosen:
            raise Impossible(
                "CN-TEAM-2",
                f"Seat {', '.join(map(str, unchosen))} has not chosen its team in secret yet "
                "(choose_team): deployment waits for every choice",
                "type",
            )
        team = team_colours(state, seat)
        assert team is not None
        allowed = board.corner_squares(corner)
        size = len(team)
        if len(placed) != len(event.payload["warriors"]) or len(placed) != size:
            raise Impossible(
                "CN-SETUP-2", f"Seat {seat} deploys {size} warriors", "payload.warriors"
            )
        if corner not in placed or any(s not in allowed for s in placed):
            raise Impossible(
                "CN-SETUP-2",
                f"The first warrior stands in corner {board.name(corner)} and the others straight "
                f"next to it ({', '.join(board.name(s) for s in allowed[1:])})",
                "payload.warriors",
            )
        if sorted(placed.values()) != sorted(team):
            rule = (
                "CN-CAMP-1"
                if seat in state.roster
                else "CN-TEAM-2"
                if state.free_choice
                else "CN-TEAM-1"
            )
            raise Impossible(
                rule,
                f"Seat {seat}'s warriors are {', '.join(sorted(team))}, "
                f"not {', '.join(sorted(placed.values()))}",
                "payload.warriors",
            )
        # judged: deploy
        state.corners[seat] = corner
        names: Counter[str] = Counter()
        for square in sorted(placed, key=lambda s: (s != corner, s)):
            colour = placed[square]
            names[colour] += 1
            wid = f"{seat}-{colour}" + (f"-{names[colour]}" if names[colour] > 1 else "")
            state.warriors[wid] = Warrior(wid, seat, colour, square)
        state.queue.pop(0)
        effects = [
            f"Warriors of seat {seat}: "
            + ", ".join(
                f"{w.id} on {board.name(w.square)}"
                for w in state.warriors.values()
                if w.seat == seat and w.square is not None
            )
        ]
        if not state.queue:
            if state.obstacles_per_side:
                state.phase = "obstacles"
                state.queue = [(state.first_seat + i) % state.seats for i in range(state.seats)]
                effects.append("Each player now places obstacles, the first player first")
            else:
                effects.append(self._deal(state))
        return Verdict.ok(
            "CN-SETUP-2", f"Seat {seat} deploys in corner {board.name(corner)}", *effects
        )

    def _deal(self, state: CrocoState) -> str:
        """Hands of 7 (8 for the player caught in the middle at 3 players), then play starts."""
        if state.seats == 3:
            free = next(c for c in board.CORNERS if c not in state.corners.values())
            middle = board.opposite_corner(free)
            state.middle_seat = next(s for s, c in state.corners.items() if c == middle)
        for seat in range(state.seats):
            state.hands[seat] = OPENING_HAND + (1 if seat == state.middle_seat else 0)
        state.stock = state.deck_size - sum(state.hands)
        state.phase = "discard"
        state.turn_seat = state.first_seat
        state.round = 1
        extra = (
            f"; seat {state.middle_seat}, caught between the two others, takes 8"
            if state.middle_seat is not None
            else ""
        )
        return f"Hands of 7 are dealt{extra}; seat {state.first_seat} plays first"

    def _on_choose_team(self, state: CrocoState, event: Event) -> Verdict:
        """The free choice of colours, sealed until the warriors are deployed."""
        seat = event.seat
        if not state.free_choice:
            raise Impossible(
                "CN-TEAM-2",
                "Teams are one red, one green and one yellow: the free choice is not in play",
                "type",
            )
        if seat is None or not 0 <= seat < state.seats:
            raise Impossible("CN-TEAM-2", "The seat choosing its team logs its choice", "seat")
        if state.corners or state.phase not in ("first_player", "deploy"):
            raise Impossible("CN-TEAM-2", "Teams are chosen before anyone deploys", "type")
        if seat in state.roster:
            raise Impossible(
                "CN-CAMP-1", f"Seat {seat} plays its campaign survivors, not a new team", "seat"
            )
        if seat in state.sealed:
            raise Impossible("CN-TEAM-2", f"Seat {seat} has already chosen its team", "seat")
        colours = tuple(event.payload["colours"])
        if "orange" in colours:
            raise Impossible(
                "CN-TEAM-3", "Nobody has an orange warrior at the start", "payload.colours"
            )
        state.sealed[seat] = colours
        return Verdict.ok(
            "CN-TEAM-2", f"Seat {seat} chooses its team in secret; deployment will reveal it"
        )

    # obstacles ---------------------------------------------------------------

    def _on_obstacles(self, state: CrocoState, event: Event) -> Verdict:
        if state.phase != "obstacles":
            raise Impossible(
                "CN-OBS-1",
                "Obstacles are placed after deployment, with the obstacles option, not now",
                "type",
            )
        seat = self._expect_seat(state, event, state.queue[0], "CN-OBS-1", "place obstacles")
        squares = [self._square(s, "payload.squares", "CN-OBS-1") for s in event.payload["squares"]]
        n = state.obstacles_per_side
        if len(squares) != n or len(set(squares)) != n:
            raise Impossible(
                "CN-OBS-1",
                f"Each player places {n} obstacles on {n} different squares",
                "payload.squares",
            )
        for s in squares:
            if not is_free(state, s):
                raise Impossible(
                    "CN-OBS-1", f"Square {board.name(s)} is not empty", "payload.squares"
                )
            near = [
                w
                for w in state.warriors.values()
                if w.square is not None
                and state.side_of_seat[w.seat] != state.side_of_seat[seat]
                and board.distance(w.square, s) == 1
            ]
            if near:
                raise Impossible(
                    "CN-OBS-1",
                    f"Square {board.name(s)} is next to enemy warrior {near[0].id}",
                    "payload.squares",
                )
        state.obstacles.extend(squares)
        state.queue.pop(0)
        effects = []
        if not state.queue:
            effects.append(self._deal(state))
        return Verdict.ok(
            "CN-OBS-1",
            f"Seat {seat} places obstacles on {', '.join(board.name(s) for s in squares)}",
            *effects,
        )

    # turn: discard and draw ----------------------------------------------------

    def _on_discard(self, state: CrocoState, event: Event) -> Verdict:
        seat = self._turn_check(state, event, "discard")
        if state.phase != "discard":
            raise Impossible(
                "CN-TURN-2", "The discard phase comes first in a turn; it is over", "type"
            )
        cards = list(event.payload["cards"])
        self._check_cards(state, seat, cards, "payload.cards")
        state.discard.extend(cards)
        state.hands[seat] -= len(cards)
        state.phase = "draw"
        return Verdict.ok(
            "CN-DISC-1",
            f"Seat {seat} discards {', '.join(cards) if cards else 'nothing'}",
        )

    def _on_draw(self, state: CrocoState, event: Event) -> Verdict:
        seat = self._turn_check(state, event, "draw")
        if state.phase not in ("discard", "draw"):
            raise Impossible("CN-TURN-2", "The draw phase comes before the actions", "type")
        count = event.payload["count"]
        hand = state.hands[seat]
        if count and hand + count > HAND_LIMIT:
            raise Impossible(
                "CN-DRAW-1",
                f"Seat {seat} holds {hand} cards: drawing {count} would make more than 7",
                "payload.count",
            )
        available = state.stock + len(state.discard)
        if count > available:
            raise Impossible(
                "CN-DRAW-2",
                f"Only {available} cards are left in the stock and the discard pile",
                "payload.count",
            )
        # CN-MULTI-3: the player caught in the middle may start with 8, and then draws nothing
        needed = min(MAX_DRAW, max(0, HAND_LIMIT - hand), available)
        if not state.free_draw and count != needed:
            raise Impossible(
                "CN-DRAW-1",
                f"Seat {seat} holds {hand} cards and draws {needed}: 3 cards, or fewer only "
                "to stay at 7 (the free_draw option allows fewer)",
                "payload.count",
            )
        effects = []
        if count > state.stock:
            effects.append(self._reshuffle(state))
        state.stock -= count
        state.hands[seat] += count
        state.phase = "action"
        return Verdict.ok("CN-DRAW-1", f"Seat {seat} draws {count}", *effects)

    def _reshuffle(self, state: CrocoState) -> str:
        n = len(state.discard)
        state.stock += n
        state.discard.clear()
        state.reshuffles += 1
        return f"The stock ran out: the discard pile ({n} cards) is shuffled into a new stock"

    # turn: actions ------------------------------------------------------------

    def _on_move(self, state: CrocoState, event: Event) -> Verdict:
        seat = self._action_check(state, event)
        w = self._own_warrior(state, seat, event.payload["warrior"])
        card_text = event.payload["card"]
        card = Card.parse(card_text)
        to = self._square(event.payload["to"], "payload.to", "CN-MOVE-3")
        assert w.square is not None
        if not is_black(card):
            raise Impossible(
                "CN-ACT-2",
                f"{card_text} is red: a warrior moves with a black card (club or spade)",
                "payload.card",
            )
        kind = self._step_kind(w.square, to, "CN-MOVE-3")
        suit = SUIT_OF_STEP[kind]
        if not counts_as(card, suit):
            rule = "CN-MOVE-1" if kind == "straight" else "CN-MOVE-2"
            raise Impossible(
                rule,
                f"{board.name(w.square)} to {board.name(to)} is a {kind} step: it takes a "
                f"{suit.word[:-1]}, not {card_text}",
                "payload.card",
            )
        self._check_step(state, w.square, to, "CN-MOVE-3", "payload.to")
        self._check_cards(state, seat, [card_text], "payload.card")
        # judged: move
        frm = w.square
        w.square = to
        self._play(state, seat, [card_text])
        state.acted.add(seat)
        rule = "CN-MOVE-1" if kind == "straight" else "CN-MOVE-2"
        return Verdict.ok(
            rule, f"{w.id} steps {kind} from {board.name(frm)} to {board.name(to)} with {card_text}"
        )

    def _on_attack(self, state: CrocoState, event: Event) -> Verdict:
        seat = self._action_check(state, event)
        w = self._own_warrior(state, seat, event.payload["warrior"])
        card_text, intent = event.payload["card"], event.payload["intent"]
        aim = self._aim(state, w, Card.parse(card_text), card_text, event.payload["target"], intent)
        self._check_cards(state, seat, [card_text], "payload.card")
        # judged: the card is played and the blow struck
        self._play(state, seat, [card_text])
        state.acted.add(seat)
        victim = aim.victim
        what = victim.id if victim is not None else f"the obstacle on {board.name(aim.square)}"
        reason = (
            f"{w.id} {'shoots' if aim.shot else 'attacks'} {what} with {card_text} to {intent} it"
        )
        if victim is None:
            return Verdict.ok(
                aim.rule, reason, *self._strike_obstacle(state, w, aim.square, intent)
            )
        state.pending = Attack(w.id, victim.id, card_text, aim.suit.value, intent, aim.shot)
        state.phase = "defence"
        if state.hands[victim.seat] == 0:
            _, effects = self._resolve(state)
            return Verdict.ok(
                aim.rule, reason, f"Seat {victim.seat} has no card to defend with", *effects
            )
        answer = "may dodge (a shot cannot be parried)" if aim.shot else "may dodge or parry"
        return Verdict.ok(aim.rule, reason, f"Seat {victim.seat} {answer}")

    def _aim(
        self,
        state: CrocoState,
        w: Warrior,
        card: Card,
        card_text: str,
        target_text: str,
        intent: str,
    ) -> Aim:
        """Whether ``w`` can strike ``target_text`` with ``card`` (and how), or why not."""
        assert w.square is not None
        if not is_red(card):
            raise Impossible(
                "CN-ACT-2",
                f"{card_text} is black: a warrior attacks with a red card (diamond or heart)",
                "payload.card",
            )
        victim, square = self._target(state, w, target_text)
        dist = board.distance(w.square, square)
        if dist == 2 and w.colour == "yellow":
            self._check_shot(state, w, victim, square, intent)
            aim = Aim(victim, square, card.suit or Suit.HEARTS, True, "CN-YEL-1")
        elif dist == 1:
            kind = "straight" if board.is_straight(w.square, square) else "diagonal"
            suit = SUIT_OF_BLOW[kind]
            rule = "CN-ATK-1" if kind == "straight" else "CN-ATK-2"
            if not counts_as(card, suit):
                raise Impossible(
                    rule,
                    f"{board.name(square)} is {kind}ly next to {w.id}: that attack takes a "
                    f"{suit.word[:-1]}, not {card_text}",
                    "payload.card",
                )
            if board.squeezed_between(w.square, square, state.obstacles):
                raise Impossible(
                    "CN-OBS-3",
                    f"Two obstacles stand diagonally between {board.name(w.square)} and "
                    f"{board.name(square)}",
                    "payload.target",
                )
            aim = Aim(victim, square, suit, False, rule)
        else:
            yellow = w.colour == "yellow"
            raise Impossible(
                "CN-YEL-1" if yellow else "CN-ATK-1",
                f"{board.name(square)} is out of reach of {w.id} on {board.name(w.square)}: "
                + (
                    "it strikes its neighbours or shoots two squares away, no farther"
                    if yellow
                    else "it strikes its neighbours only"
                ),
                "payload.target",
            )
        if victim is not None and protected(state, victim, w):
            self._check_protected(state, w, victim, square, intent)
        return aim

    def _target(
        self, state: CrocoState, w: Warrior, target_text: str
    ) -> tuple[Warrior | None, Square]:
        """The enemy warrior (or None for an obstacle) and the square attacked."""
        square = board.parse_square(target_text)
        if square is None:
            victim = self._find_warrior(state, target_text, "payload.target")
            assert victim.square is not None
            square = victim.square
        else:
            victim = occupant(state, square)
            if victim is None and square not in state.obstacles:
                raise Impossible(
                    "CN-ATK-4",
                    f"Nobody and no obstacle stands on {board.name(square)}",
                    "payload.target",
                )
        if victim is not None and not is_enemy(state, w, victim):
            raise Impossible(
                "CN-ATK-4", f"{victim.id} is not an adversary of {w.id}", "payload.target"
            )
        return victim, square

    def _check_shot(
        self, state: CrocoState, w: Warrior, victim: Warrior | None, square: Square, intent: str
    ) -> None:
        assert w.square is not None
        if victim is None:
            raise Impossible(
                "CN-OBS-2",
                "An obstacle is attacked normally, from next to it, not shot",
                "payload.target",
            )
        if intent != "wound":
            raise Impossible(
                "CN-YEL-2", "A yellow warrior's shot only wounds, it never pushes", "payload.intent"
            )
        if board.shot_blocked(
            w.square, square, state.obstacles, state.shot_past_one_obstacle_blocked
        ):
            raise Impossible(
                "CN-OBS-4",
                f"Obstacles block the shot from {board.name(w.square)} to {board.name(square)}",
                "payload.target",
            )

    def _check_protected(
        self, state: CrocoState, w: Warrior, victim: Warrior, square: Square, intent: str
    ) -> None:
        """Coloured squares: a warrior on its own colour can only be pushed by this attacker."""
        assert w.square is not None
        if intent == "wound":
            raise Impossible(
                "CN-SQ-2",
                f"{victim.id} stands on its own colour: {w.id}, off its own colour, can only "
                "push it",
                "payload.intent",
            )
        if not can_be_pushed(state, square, push_square(w.square, square)):
            raise Impossible(
                "CN-SQ-2",
                f"{victim.id} stands on its own colour and the square behind it is blocked: "
                f"{w.id} can neither push nor wound it",
                "payload.target",
            )

    def _strike_obstacle(
        self, state: CrocoState, w: Warrior, square: Square, intent: str
    ) -> list[str]:
        assert w.square is not None
        dest = push_square(w.square, square)
        if intent == "push" and can_be_pushed(state, square, dest):
            state.obstacles[state.obstacles.index(square)] = dest
            return [f"The obstacle is pushed to {board.name(dest)} (obstacles never defend)"]
        state.obstacles.remove(square)
        state.obstacles_eaten += 1
        why = "it cannot be pushed back, so it is wounded: " if intent == "push" else ""
        return [f"The obstacle on {board.name(square)} never defends; {why}removed and eaten"]

    # defence -------------------------------------------------------------------

    def _on_no_defence(self, state: CrocoState, event: Event) -> Verdict:
        attack, target = self._defence_check(state, event)
        rule, effects = self._resolve(state)
        return Verdict.ok(rule, f"{target.id} does not defend against {attack.attacker}", *effects)

    def _on_defend(self, state: CrocoState, event: Event) -> Verdict:
        attack, target = self._defence_check(state, event)
        assert target.square is not None
        cards_text = list(event.payload["cards"])
        played = [Card.parse(c) for c in cards_text]
        if event.payload["kind"] == "parry":
            rule, to = self._check_parry(state, attack, played), None
        else:
            rule, to = self._check_dodge(state, attack, target, played, event.payload.get("to"))
        self._check_cards(state, target.seat, cards_text, "payload.cards")
        # judged: the defence succeeds and the attack has no effect
        self._play(state, target.seat, cards_text)
        state.pending = None
        state.phase = "action"
        if to is None:
            return Verdict.ok(
                rule,
                f"{target.id} parries with {', '.join(cards_text)}",
                "The attack has no effect",
            )
        frm, target.square = target.square, to
        return Verdict.ok(
            rule,
            f"{target.id} dodges with {', '.join(cards_text)} and steps from "
            f"{board.name(frm)} to {board.name(to)}",
            "The attack has no effect",
        )

    def _check_parry(self, state: CrocoState, attack: Attack, played: Sequence[Card]) -> str:
        """The attack's suit, one card higher or two of any value (one more against red)."""
        if attack.shot:
            raise Impossible(
                "CN-YEL-3", "A yellow warrior's shot cannot be parried", "payload.kind"
            )
        extra = 1 if state.warriors[attack.attacker].colour == "red" else 0
        count_rule = "CN-RED-1" if extra else "CN-PARRY-1"
        self._check_beats(played, Suit(attack.suit), attack, extra, "CN-PARRY-1", count_rule)
        return count_rule

    def _check_dodge(
        self,
        state: CrocoState,
        attack: Attack,
        target: Warrior,
        played: Sequence[Card],
        to_text: str | None,
    ) -> tuple[str, Square]:
        """The dodge's cards, and the square the dodger steps to as the dodge suit allows."""
        assert target.square is not None
        if to_text is None:
            raise Impossible("CN-DODGE-2", "A dodge says where the warrior steps", "payload.to")
        to = self._square(to_text, "payload.to", "CN-DODGE-2")
        step_kind = self._step_kind(target.square, to, "CN-DODGE-2")
        needed = SUIT_OF_STEP[step_kind]
        if attack.shot:
            rule = "CN-YEL-3"
            if len(played) != 1 or not is_black(played[0]):
                raise Impossible(
                    rule, "A shot is dodged with one black card, of any value", "payload.cards"
                )
            suit = played[0].suit or needed
        else:
            rule = "CN-DODGE-1"
            suit = DODGE_SUIT[Suit(attack.suit)]
            self._check_beats(played, suit, attack, 0, rule, rule)
        if needed != suit:
            raise Impossible(
                "CN-DODGE-2",
                f"A dodge with {suit.word} steps "
                f"{'straight' if suit == Suit.CLUBS else 'diagonally'}: "
                f"{board.name(target.square)} to {board.name(to)} is a {step_kind} step",
                "payload.to",
            )
        self._check_step(state, target.square, to, "CN-DODGE-2", "payload.to")
        return rule, to

    def _check_beats(
        self,
        played: Sequence[Card],
        suit: Suit,
        attack: Attack,
        extra: int,
        suit_rule: str,
        count_rule: str,
    ) -> None:
        """One card of ``suit`` above the attacking card, or two of any value; ``extra`` more
        against a red attacker's parry."""
        what = "dodge" if suit.value != attack.suit else "parry"
        attack_value = card_value(Card.parse(attack.card))
        off = [str(c) for c in played if not counts_as(c, suit)]
        if off:
            raise Impossible(
                suit_rule,
                f"This {what} takes {suit.word}: {', '.join(off)} is not one",
                "payload.cards",
            )
        n = len(played)
        best = max(card_value(c, defending=True) for c in played)
        if n == 2 + extra or (n == 1 + extra and best > attack_value):
            return
        one = suit.word[:-1]
        if extra:
            raise Impossible(
                count_rule,
                f"Against a red warrior a parry takes one more {one}: a {one} beating the "
                f"attack plus any {one}, or 3 {suit.word} of any value (here {n})",
                "payload.cards",
            )
        if n == 1:
            raise Impossible(
                count_rule,
                f"A single {one} must beat the attacking card; add another {one} to {what} "
                "whatever their values",
                "payload.cards",
            )
        raise Impossible(
            count_rule,
            f"A {what} takes one {one} beating the attack or 2 of any value, not {n}",
            "payload.cards",
        )

    def _resolve(self, state: CrocoState) -> tuple[str, list[str]]:
        """The attack lands: wound, or push (a wound when the warrior cannot go back).

        Returns the rule that decided what happened, and what happened.
        """
        attack = state.pending
        assert attack is not None
        state.pending = None
        state.phase = "action"
        attacker, target = state.warriors[attack.attacker], state.warriors[attack.target]
        assert attacker.square is not None and target.square is not None
        if attack.intent == "push":
            dest = push_square(attacker.square, target.square)
            if can_be_pushed(state, target.square, dest):
                frm = target.square
                target.square = dest
                return "CN-PUSH-1", [
                    f"{target.id} is pushed from {board.name(frm)} to {board.name(dest)}"
                ]
            effects = [f"{target.id} cannot be pushed back, so it is wounded instead"]
            rule = "CN-PUSH-1"
        else:
            effects = []
            rule = "CN-WOUND-1"
        if target.colour == "green":
            rule = "CN-RED-2" if attacker.colour == "red" else "CN-GREEN-1"
        return rule, effects + self._wound(state, attacker, target)

    def _wound(self, state: CrocoState, attacker: Warrior, target: Warrior) -> list[str]:
        if target.colour == "green" and attacker.colour != "red":
            target.colour = "orange"
            return [f"{target.id} is wounded for the first time: the green warrior turns orange"]
        assert target.square is not None
        where = board.name(target.square)
        target.square = None
        target.eaten_by = attacker.id
        red = " (a green wounded by red is eliminated outright)" if target.colour == "green" else ""
        effects = [f"{target.id} is wounded on {where}: eliminated and eaten by {attacker.id}{red}"]
        effects.extend(self._check_end(state, state.side_of_seat[target.seat]))
        return effects

    def _check_end(self, state: CrocoState, hit_side: int) -> list[str]:
        """A side with no warrior left loses; the last side standing wins."""
        if side_standing(state, hit_side) > 0:
            return []
        effects = [f"{side_name(state, hit_side).capitalize()} has no warrior left and is out"]
        alive = [s for s in sides(state) if side_standing(state, s) > 0]
        if len(alive) <= 1:
            state.phase = "over"
            state.pending = None
            state.winner_side = alive[0] if alive else None
            state.rounds.append(self._round_totals(state))
            if alive:
                effects.append(f"{side_name(state, alive[0]).capitalize()} wins")
        return effects

    # end of turn -----------------------------------------------------------------

    def _on_end_turn(self, state: CrocoState, event: Event) -> Verdict:
        seat = self._action_check(state, event)
        assert state.first_seat is not None
        nxt = seat
        for i in range(1, state.seats + 1):
            candidate = (seat + i) % state.seats
            if seat_standing(state, candidate):
                nxt = candidate
                break
        effects = []
        pos = (nxt - state.first_seat) % state.seats
        if pos <= (seat - state.first_seat) % state.seats:
            state.rounds.append(self._round_totals(state))
            state.round += 1
            effects.append(f"Round {state.round} begins")
        state.had_turn.add(seat)
        state.turn_seat = nxt
        state.phase = "discard"
        return Verdict.ok("CN-TURN-1", f"Seat {seat} ends its turn; seat {nxt} plays", *effects)

    def _round_totals(self, state: CrocoState) -> dict[str, int]:
        return {self._side_key(state, s): side_standing(state, s) for s in sides(state)}

    # checks shared by the handlers --------------------------------------------------

    def _expect_seat(self, state: CrocoState, event: Event, seat: int, rule: str, what: str) -> int:
        if event.seat != seat:
            raise Impossible(
                rule, f"It is seat {seat}'s turn to {what}, not seat {event.seat}'s", "seat"
            )
        return seat

    def _turn_check(self, state: CrocoState, event: Event, what: str) -> int:
        if state.phase in ("first_player", "deploy", "obstacles"):
            raise Impossible("CN-TURN-2", "The game has not started: set-up is under way", "type")
        if state.phase == "defence":
            assert state.pending is not None
            defender = state.warriors[state.pending.target].seat
            raise Impossible(
                "CN-DEF-1",
                f"Seat {defender} must first answer the attack on {state.pending.target} "
                "(defend or no_defence)",
                "type",
            )
        assert state.turn_seat is not None
        return self._expect_seat(state, event, state.turn_seat, "CN-TURN-1", what)

    def _action_check(self, state: CrocoState, event: Event) -> int:
        seat = self._turn_check(state, event, "play")
        if state.phase != "action":
            needed = draw_needed(state, seat)
            if needed:
                raise Impossible(
                    "CN-TURN-2",
                    f"Seat {seat} draws first ({needed} cards) before acting",
                    "type",
                )
        return seat

    def _defence_check(self, state: CrocoState, event: Event) -> tuple[Attack, Warrior]:
        if state.phase != "defence" or state.pending is None:
            raise Impossible("CN-DEF-1", "No attack is waiting for a defence", "type")
        target = state.warriors[state.pending.target]
        self._expect_seat(state, event, target.seat, "CN-DEF-1", "answer the attack")
        return state.pending, target

    def _square(self, text: str, where: str, rule: str) -> Square:
        square = board.parse_square(text)
        if square is None:
            raise Impossible(rule, f"{text!r} is not a square of the 7×7 board (a1 to g7)", where)
        return square

    def _step_kind(self, frm: Square, to: Square, rule: str) -> str:
        if board.is_straight(frm, to):
            return "straight"
        if board.is_diagonal(frm, to):
            return "diagonal"
        raise Impossible(
            rule,
            f"{board.name(to)} is not next to {board.name(frm)}: a step is one square",
            "payload.to",
        )

    def _check_step(
        self, state: CrocoState, frm: Square, to: Square, rule: str, where: str
    ) -> None:
        if to in state.obstacles:
            raise Impossible(rule, f"An obstacle stands on {board.name(to)}", where)
        other = occupant(state, to)
        if other is not None:
            raise Impossible(rule, f"{other.id} already stands on {board.name(to)}", where)
        if board.squeezed_between(frm, to, state.obstacles):
            raise Impossible(
                "CN-OBS-3",
                f"Two diagonal obstacles block the way from {board.name(frm)} to {board.name(to)}",
                where,
            )

    def _find_warrior(self, state: CrocoState, ref: str, where: str) -> Warrior:
        """A warrior by its name ("0-green"), or by side and colour now ("0-orange")."""
        key = ref.strip().lower()
        w = state.warriors.get(key)
        if w is None:
            seat_text, _, colour = key.partition("-")
            matches = [
                v
                for v in state.warriors.values()
                if str(v.seat) == seat_text and v.colour == colour and v.standing
            ]
            if len(matches) == 1:
                w = matches[0]
        if w is None:
            raise Impossible("CN-TEAM-1", f"There is no warrior {ref!r}", where)
        if not w.standing:
            raise Impossible("CN-WOUND-1", f"{w.id} was eliminated: it is off the board", where)
        return w

    def _own_warrior(self, state: CrocoState, seat: int, ref: str) -> Warrior:
        w = self._find_warrior(state, ref, "payload.warrior")
        if w.seat != seat:
            raise Impossible(
                "CN-ACT-1",
                f"{w.id} belongs to seat {w.seat}: seat {seat} plays its own warriors",
                "payload.warrior",
            )
        return w

    def _check_cards(self, state: CrocoState, seat: int, cards: Sequence[str], where: str) -> None:
        """The seat holds that many cards and the pack still hides each of them."""
        if len(cards) > state.hands[seat]:
            raise Impossible(
                "CN-CARD-2",
                f"Seat {seat} holds {state.hands[seat]} cards and cannot play {len(cards)}",
                where,
            )
        for card, n in Counter(cards).items():
            if card not in state.deck_counts:
                raise Impossible(
                    "CN-DECK-1", f"There is no {card} in a {state.deck_size}-card pack", where
                )
            left = out_of_sight(state, card)
            if n > left:
                raise Impossible(
                    "CN-CARD-1",
                    f"{card} cannot be in seat {seat}'s hand: the pack holds "
                    f"{state.deck_counts[card]} and {state.deck_counts[card] - left} "
                    "already lie face up on the discard pile",
                    where,
                )

    def _play(self, state: CrocoState, seat: int, cards: Sequence[str]) -> None:
        state.hands[seat] -= len(cards)
        state.discard.extend(cards)
        if state.phase in ("discard", "draw"):
            state.phase = "action"

    # ---------------------------------------------------------------- standings and view

    def _side_key(self, state: CrocoState, side: int) -> str:
        seats = seats_of_side(state, side)
        return str(seats[0]) if len(seats) == 1 else "+".join(map(str, seats))

    def _reserve(self, state: CrocoState, side: int) -> dict[str, Any]:
        """CN-CAMP-1: each seat's « Warriors en réserve »: by default the candies left in its
        packet (the count it brought, less its warriors eaten; None when no count was given);
        with ``campaign_reserve`` 'survivors', the colours of its warriors still standing."""
        seats = seats_of_side(state, side)
        if state.campaign_reserve == "survivors":
            return {
                str(s): [w.colour for w in state.warriors.values() if w.seat == s and w.standing]
                for s in seats
            }
        eaten = Counter(w.seat for w in state.warriors.values() if not w.standing)
        return {
            str(s): state.packets[s] - eaten[s] if s in state.packets else None for s in seats
        }

    def standings(self, state: CrocoState) -> Standings:
        lines = []
        for side in sides(state):
            mine = [w for w in state.warriors.values() if state.side_of_seat[w.seat] == side]
            team = [
                c
                for s in seats_of_side(state, side)
                for c in (team_colours(state, s) or WARRIOR_COLOURS)
            ]
            eaten_by_side = [
                w.id
                for w in state.warriors.values()
                if w.eaten_by is not None
                and state.side_of_seat[state.warriors[w.eaten_by].seat] == side
            ]
            lines.append(
                Line(
                    side=self._side_key(state, side),
                    seats=seats_of_side(state, side),
                    total=side_standing(state, side),
                    detail={
                        "standing": [w.id for w in mine if w.standing],
                        "eaten": [w.id for w in mine if not w.standing],
                        "warriors_eaten": len([w for w in mine if not w.standing]),
                        "ate": eaten_by_side,
                        "wounded_green": [
                            w.id for w in mine if w.standing and w.colour == "orange"
                        ],
                        "reserve": self._reserve(state, side),
                        "survivors": {
                            str(s): [w.colour for w in mine if w.seat == s and w.standing]
                            for s in seats_of_side(state, side)
                        },
                        "team_size": len(team),
                    },
                )
            )
        finished = state.phase == "over"
        winners: tuple[int, ...] = ()
        outcome = ""
        if finished and state.winner_side is not None:
            winners = seats_of_side(state, state.winner_side)
            n = side_standing(state, state.winner_side)
            outcome = (
                f"{side_name(state, state.winner_side).capitalize()} wins with "
                f"{n} warrior{'s' if n != 1 else ''} standing"
            )
        elif finished:
            outcome = "No warrior is left standing"
        return Standings(
            unit="warriors standing",
            lower_is_better=False,
            lines=tuple(lines),
            finished=finished,
            winners=winners,
            outcome=outcome,
            target=None,
            rounds=tuple(dict(r) for r in state.rounds),
        )

    def _dodge_squares(self, state: CrocoState, attack: Attack) -> list[str]:
        """Where the attacked warrior could step if it dodges (a UI offers these)."""
        target = state.warriors[attack.target]
        if attack.shot:
            squares = steps(state, target, "straight") + steps(state, target, "diagonal")
        else:
            kind = "straight" if DODGE_SUIT[Suit(attack.suit)] == Suit.CLUBS else "diagonal"
            squares = steps(state, target, kind)
        return sorted(board.name(s) for s in squares)

    def _team_seen(self, state: CrocoState, seat: int, viewer: Viewer) -> list[str | None]:
        """A secret free choice shows to its seat and the host only, until deployment."""
        team = team_colours(state, seat)
        if team is None:
            return [None] * 3
        if seat in state.sealed and seat not in state.corners and viewer not in (seat, "host"):
            return [None] * len(team)
        return list(team)

    def turn(self, state: CrocoState) -> int | None:
        if state.phase in ("over", "first_player"):
            return None
        if state.phase in ("deploy", "obstacles"):
            return state.queue[0]
        if state.phase == "defence" and state.pending is not None:
            return state.warriors[state.pending.target].seat
        return state.turn_seat

    def public_payload(self, state: CrocoState, event: Event, viewer: Viewer) -> Mapping[str, Any]:
        """A free choice of colours is secret: only its seat and the host read it in the log
        (the deployment shows the warriors to everyone)."""
        if event.type == "choose_team" and viewer not in (HOST, event.seat):
            return {"colours": ["sealed"] * len(event.payload["colours"])}
        return event.payload

    def view(self, state: CrocoState, viewer: Viewer) -> dict[str, Any]:
        """The table as ``viewer`` sees it. The engine never knows a hand's cards, so hands are
        counted only; the one secret it holds is a free choice of colours (CN-TEAM-2)."""
        cells: list[list[dict[str, Any]]] = []
        for row in reversed(range(board.SIZE)):
            line = []
            for col in range(board.SIZE):
                sq = (col, row)
                w = occupant(state, sq)
                line.append(
                    {
                        "square": board.name(sq),
                        "colour": board.square_colour(state.layout, sq) if state.layout else None,
                        "warrior": None
                        if w is None
                        else {
                            "id": w.id,
                            "seat": w.seat,
                            "colour": w.colour,
                            "on_own_colour": on_own_colour(state, w),
                        },
                        "obstacle": sq in state.obstacles,
                    }
                )
            cells.append(line)
        pending = None
        if state.pending is not None:
            a = state.pending
            attacker = state.warriors[a.attacker]
            pending = {
                "attacker": a.attacker,
                "target": a.target,
                "card": a.card,
                "suit": a.suit,
                "intent": a.intent,
                "shot": a.shot,
                "defender_seat": state.warriors[a.target].seat,
                "dodge_suit": "black" if a.shot else DODGE_SUIT[Suit(a.suit)].value,
                "parry_suit": None if a.shot else a.suit,
                "parry_extra_card": attacker.colour == "red" and not a.shot,
                "dodge_to": self._dodge_squares(state, a),
            }
        to_play = self.turn(state)
        seats = []
        for s in range(state.seats):
            mine = [w for w in state.warriors.values() if w.seat == s]
            seats.append(
                {
                    "seat": s,
                    "side": self._side_key(state, state.side_of_seat[s]),
                    "hand_size": state.hands[s],
                    "hand": [None] * state.hands[s],
                    "corner": board.name(state.corners[s]) if s in state.corners else None,
                    "team": self._team_seen(state, s, viewer),
                    "team_chosen": team_colours(state, s) is not None,
                    "warriors": [
                        {
                            "id": w.id,
                            "colour": w.colour,
                            "square": None if w.square is None else board.name(w.square),
                            "eaten_by": w.eaten_by,
                            "reach": reach(state, w)
                            if to_play == s and state.phase in ("discard", "draw", "action")
                            else {},
                        }
                        for w in mine
                    ],
                    "out": bool(mine) and not seat_standing(state, s),
                    "draw_needed": draw_needed(state, s)
                    if to_play == s and state.phase in ("discard", "draw")
                    else 0,
                    "draw_most": draw_most(state, s)
                    if to_play == s and state.phase in ("discard", "draw")
                    else 0,
                }
            )
        return {
            "game": self.id,
            "phase": state.phase,
            "turn": to_play,
            "round": state.round,
            "first_player": state.first_seat,
            "contenders": list(state.contenders),
            "middle_seat": state.middle_seat,
            "seats": seats,
            "board": cells,
            "layout": board.layout_rows(state.layout) if state.layout else None,
            "obstacles": [board.name(s) for s in state.obstacles],
            "obstacles_eaten": state.obstacles_eaten,
            "stock_size": state.stock,
            "discard_top": state.discard[-1] if state.discard else None,
            "discard_size": len(state.discard),
            "discard": list(state.discard),
            "deck_size": state.deck_size,
            "pending_attack": pending,
        }


ENGINE = register(CrocoNounoursEngine())
