"""The caps on a stream server's live streams: sized from the connections it may hold, never
past its descriptors (a stream is a connection, not a thread)."""

from __future__ import annotations

from referee.service.streams import RESERVED_DESCRIPTORS, StreamCaps


def test_streams_never_take_every_descriptor() -> None:
    """From no room at all to a million files, the caps leave RESERVED_DESCRIPTORS for the
    database, the listener and the 503s, and no match or address goes past the total."""
    for files in (0, 1, 100, RESERVED_DESCRIPTORS, 1024, 4096, 65536, 1_048_576):
        caps = StreamCaps.for_descriptors(files)
        assert 0 <= caps.total <= max(0, files - RESERVED_DESCRIPTORS)
        assert caps.per_match <= caps.total and caps.per_address <= caps.total


def test_a_total_set_above_the_descriptors_is_held_below_them() -> None:
    """REFEREE_STREAM_LIMIT=50000 in a process that may open 20,000 files: 19,744."""
    assert StreamCaps.for_descriptors(20_000, total=50_000).total == 20_000 - RESERVED_DESCRIPTORS


def test_the_default_caps_of_a_stream_server() -> None:
    """With room to spare: 10,000 streams, 500 of one match (a final watched by a hall), 64
    of one address (a club behind one router)."""
    assert StreamCaps.for_descriptors(1_048_576) == StreamCaps(
        total=10_000, per_match=500, per_address=64)
