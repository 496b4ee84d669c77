"""The caps on live streams derived from a process's threads: streams never take them all."""

from __future__ import annotations

from referee.service.streams import StreamCaps


def test_streams_never_take_every_thread_whatever_the_thread_count() -> None:
    """From 1 to 256 threads, the default caps leave at least two threads (a quarter of
    them when more; with one thread, no stream at all) to everything else, and one match or
    one address at most half."""
    for threads in range(1, 257):
        caps = StreamCaps.for_threads(threads)
        assert 0 <= caps.total <= threads - min(threads, max(2, threads // 4))
        assert caps.per_match <= max(1, caps.total // 2)
        assert caps.per_address <= max(1, caps.total // 2)


def test_a_total_set_above_the_threads_is_held_below_them() -> None:
    """REFEREE_STREAM_LIMIT=1000 with 64 threads still leaves 16 threads free."""
    assert StreamCaps.for_threads(64, total=1000).total == 48


def test_the_caps_of_the_projects_gunicorn_settings() -> None:
    """64 threads a worker: 48 streams, 24 per match, 24 per address."""
    assert StreamCaps.for_threads(64) == StreamCaps(total=48, per_match=24, per_address=24)
