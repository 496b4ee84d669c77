"""What the Carte et Plouc engine knows of the table: public cards, counts, whose turn, what is
owed. It never sees a hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engines.plouc.options import PloucOptions


@dataclass
class SeatState:
    """What the table knows of one seat: how many cards, and where they came from."""

    hand: int = 0
    carte_due: bool = False  # holds one card after having more, and has not said "carte"
    carte_due_seq: int = 0  # the event that brought the hand down to one card
    carte_late: bool = False  # another seat has played or drawn since: "carte" is too late
    late_said: bool = False  # the late "carte" has been said (and left standing): not twice
    unsaid: list[int] = field(default_factory=list)  # PL-DF-4: forgotten "carte"s not yet caught
    dealt: int = 0
    drawn: int = 0
    played: int = 0
    received: int = 0  # Méga One gifts
    given: int = 0
    swapped: int = 0  # net cards gained by le zéro swaps

    def change(self, delta: int, seq: int) -> None:
        """Every hand change goes through here: 'carte' becomes due when the hand drops to one."""
        before = self.hand
        self.hand += delta
        if self.hand == 1 and before > 1:
            self.owe_carte(seq)
        elif self.hand != 1:
            self.carte_due = False

    def owe_carte(self, seq: int) -> None:
        """PL-ANN-1: from event ``seq`` the seat holds one card and owes "carte"; until said in
        time, the log holds it as a forgotten "carte" (PL-DF-4)."""
        self.carte_due, self.carte_due_seq, self.carte_late = True, seq, False
        self.late_said = False
        self.unsaid.append(seq)

    def caught(self, seq: int) -> None:
        """The forgotten "carte" of event ``seq`` has been punished: it cannot be twice."""
        if seq in self.unsaid:
            self.unsaid.remove(seq)


@dataclass
class OpenFlag:
    """A David le fou flag the log cannot settle: the game stops until the host rules."""

    flagger: int
    offender: int
    rule: str
    seq: int
    about_seq: int | None
    note: str


@dataclass
class PloucState:
    """The table as the engine knows it: public cards, counts, whose turn, what is owed."""

    options: PloucOptions
    seats: list[SeatState]
    dealer: int
    first: int
    phase: str = "deal"  # deal, play, plouc, flag, over
    turn: int = 0
    direction: int = 1  # 1 clockwise (increasing seat numbers), -1 the other way
    stock: int = 0
    discard: list[str] = field(default_factory=list)  # bottom to top, every card public
    suit: str = ""  # the suit in play: the top card's, or the one named with an ace
    run_rank: int = 0  # rank of the run of equal values on top of the discard (the square)
    run_len: int = 0
    owed: int = 0  # cards the seat to play must draw, unless it answers
    owed_answer: str = ""  # "7" (any 7) or "7S" (only the 7 of spades) answers the owed draw
    passing: int = 0  # draw built up this turn, owed by the next seat to play
    passing_answer: str = ""
    skips: int = 0  # players the 6s of this turn skip
    replay: bool = False  # the seat to play is playing again (queen, 10, square, penalty draw)
    slap_open: bool = False  # le zéro: a 2 is on top and nobody has slapped it yet
    finisher: int | None = None  # emptied their hand; the game ends on their "plouc"
    finisher_seq: int = 0
    winner: int | None = None
    flag: OpenFlag | None = None
    phase_before_flag: str = "play"
    reshuffles: int = 0
    square_seat: int | None = None  # PL-SQ-2: who draws the square of 7s' cards after the replay

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def next_seat(self, steps: int) -> int:
        return (self.turn + self.direction * steps) % self.seat_count
