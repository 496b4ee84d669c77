"""The fan-out of docs/scaling.md at 10,000 tables, in one process: 55,000 streams with fake
connections on 8 stream servers, each match's streams routed to one server by a consistent hash
of its id (nginx's ``hash $match consistent`` in front of them), each server with its own hub
(``referee.service.live.Hub``) woken by a bus that brings every append's (match, seq) to every
server, as PostgreSQL's NOTIFY brings it to each server's one listener; the streams are the
real ones (``referee.service.streams.Followed``), reading a log kept in memory.

- Every stream gets every event of its match, in order, and none of another match's.
- A stream server restarted while moves are logged loses nothing: its streams end, their
  clients reconnect with the last id they got (``Last-Event-ID``) and resume from the log;
  what the bus said while the new process was not yet listening is lost, the log is not.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import random
import threading
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import pytest

from referee.service.live import Hub
from referee.service.streams import Followed, Reader, Rendered, StreamSettings

TABLES = 10_000
STREAMS = 55_000
SERVERS = 8
MOVES_PER_TABLE = 2
SETTINGS = StreamSettings(heartbeat=60.0, recheck=0.05)
T = TypeVar("T")


class Log:
    """The event log, as the streams read it: per match, its events' seqs in order."""

    def __init__(self) -> None:
        self.events: dict[int, int] = defaultdict(int)  # match -> its last seq

    def append(self, match_id: int) -> int:
        self.events[match_id] += 1
        return self.events[match_id]

    def head(self, match_id: int) -> int:
        return self.events[match_id]

    def moves(self, match_id: int, after: int, _latest: int) -> Rendered:
        """Up to 200 events after ``after``, as a stream sends them (its match in the data)."""
        last = min(self.events[match_id], after + 200)
        return [(seq, f"id: {seq}\nevent: move\ndata: {match_id}:{seq}\n\n")
                for seq in range(after + 1, last + 1)]


def route(match_id: int, servers: int) -> int:
    """The stream server of a match: rendezvous hashing, so that adding or removing a server
    moves only the matches it gains or loses."""
    return max(range(servers), key=lambda server: hashlib.blake2b(
        f"{server}:{match_id}".encode(), digest_size=8).digest())


class InMemory(Reader):
    """The streams' reads of a log kept in memory, made in the loop itself (a thread would
    only add its hand-offs to a read that takes microseconds)."""

    def __init__(self) -> None:
        super().__init__(1)

    async def once(self, key: Hashable, read: Callable[[], T]) -> T:
        return read()

    async def run(self, read: Callable[[], T]) -> T:
        return read()


@dataclass
class Listening:
    """What the hub asks of its listener: whether it is connected."""

    ready: threading.Event = field(default_factory=threading.Event)


class StreamServer:
    """One stream server process: its hub, listening or not yet."""

    def __init__(self) -> None:
        self.hub = Hub()
        self.listening = Listening()
        self.hub.listener = cast(Any, self.listening)
        self.listening.ready.set()

    def heard(self, match_id: int, seq: int) -> None:
        """A notification from the bus: lost while the process is not listening."""
        if self.listening.ready.is_set():
            self.hub.ring(match_id, seq)

    def restart(self) -> None:
        """The process stops (its streams end) and a new one starts, not listening yet."""
        self.hub.closing.set()
        self.hub.ring_all()
        self.__init__()  # type: ignore[misc]
        self.listening.ready.clear()

    def listens(self) -> None:
        """The new process's listener has connected: every stream looks at the log."""
        self.listening.ready.set()
        self.hub.ring_all()


@dataclass
class Screen:
    """A fake connection following one match: what it received, and how often it connected."""

    match_id: int
    received: list[int] = field(default_factory=list)
    strangers: int = 0  # events of another match
    connections: int = 0


class World:
    def __init__(self) -> None:
        self.log = Log()
        self.servers = [StreamServer() for _ in range(SERVERS)]
        self.reader = InMemory()
        self.stopping = False
        rng = random.Random(2026)
        counts = [5] * (TABLES // 2) + [6] * (TABLES - TABLES // 2)  # 5.5 a table
        self.screens = [Screen(match) for match, n in enumerate(counts, start=1)
                        for _ in range(n)]
        rng.shuffle(self.screens)
        assert len(self.screens) == STREAMS
        self.order = [match for match in range(1, TABLES + 1)
                      for _ in range(MOVES_PER_TABLE)]
        rng.shuffle(self.order)

    async def follow(self, screen: Screen) -> None:
        """Connect, read until the stream ends, reconnect with the last id received."""
        while not self.stopping:
            server = self.servers[route(screen.match_id, SERVERS)]
            last = screen.received[-1] if screen.received else 0
            followed = Followed(server.hub, screen.match_id, last,
                                lambda: self.log.head(screen.match_id),
                                lambda after, latest: self.log.moves(screen.match_id, after,
                                                                     latest),
                                settings=SETTINGS)
            screen.connections += 1
            try:
                async for text in followed.events(self.reader):
                    if not text.startswith("id: "):
                        continue
                    match_id, seq = text.rsplit("data: ", 1)[1].split(":")
                    if int(match_id) != screen.match_id:
                        screen.strangers += 1
                    screen.received.append(int(seq))
            finally:
                followed.close()

    def append(self, match_id: int) -> None:
        """A move logged (its transaction committed), announced to every stream server."""
        seq = self.log.append(match_id)
        for server in self.servers:
            server.heard(match_id, seq)

    def caught_up(self) -> bool:
        return all(len(s.received) == self.log.head(s.match_id) for s in self.screens)

    async def stop(self) -> None:
        self.stopping = True
        for server in self.servers:
            server.hub.closing.set()
            server.hub.ring_all()


async def play(world: World, restarted: int) -> None:
    """Every table's moves logged in a shuffled order while the screens follow; halfway, one
    stream server restarts, and listens again 0.2 s later."""
    followers = [asyncio.ensure_future(world.follow(screen)) for screen in world.screens]
    await asyncio.sleep(0.5)  # every screen connected
    half = len(world.order) // 2
    for n, match_id in enumerate(world.order):
        world.append(match_id)
        if n == half:
            world.servers[restarted].restart()
            asyncio.get_running_loop().call_later(0.2, world.servers[restarted].listens)
        if n % 1000 == 0:
            await asyncio.sleep(0.01)
    for _ in range(600):
        if world.caught_up():
            break
        await asyncio.sleep(0.05)
    await world.stop()
    await asyncio.wait(followers, timeout=10)


@pytest.fixture(scope="module")
def world() -> World:
    world = World()
    gc.disable()  # 55,000 streams' objects: the collector's passes over them would be the cost
    try:
        asyncio.run(play(world, restarted=3))
    finally:
        gc.enable()
        world.reader.close()
    return world


def test_every_stream_gets_every_event_of_its_match_in_order(world: World) -> None:
    """55,000 streams, 20,000 moves on 10,000 tables: each stream's events are its match's
    seqs 1..N, in order, no gap and no double."""
    wrong = [s for s in world.screens
             if s.received != list(range(1, world.log.head(s.match_id) + 1))]
    assert wrong == []
    assert sum(len(s.received) for s in world.screens) == STREAMS * MOVES_PER_TABLE


def test_no_stream_gets_another_matchs_event(world: World) -> None:
    assert sum(s.strangers for s in world.screens) == 0


def test_a_restarted_stream_server_loses_nothing(world: World) -> None:
    """The restarted server's streams reconnected (Last-Event-ID) and missed nothing, though
    the bus's notifications to it were lost while it was not listening."""
    moved = [s for s in world.screens if route(s.match_id, SERVERS) == 3]
    assert moved and all(s.connections == 2 for s in moved)
    assert all(s.received == list(range(1, world.log.head(s.match_id) + 1)) for s in moved)
    assert all(s.connections == 1 for s in world.screens if route(s.match_id, SERVERS) != 3)


def test_the_routing_spreads_the_tables_and_moves_few_when_a_server_is_added() -> None:
    """The consistent hash gives each of 8 servers its share of 10,000 tables (within 10%),
    and a ninth server takes about a ninth of them from the others, moving no other."""
    shares = defaultdict(int)
    moved = 0
    for match_id in range(1, TABLES + 1):
        before, after = route(match_id, SERVERS), route(match_id, SERVERS + 1)
        shares[before] += 1
        moved += before != after
        assert after in (before, SERVERS)
    assert all(abs(n - TABLES / SERVERS) < TABLES / SERVERS * 0.1 for n in shares.values())
    assert abs(moved - TABLES / (SERVERS + 1)) < TABLES / (SERVERS + 1) * 0.15
