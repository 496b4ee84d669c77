"""The play page (a seat's pad) of a 500-event match, read 200 times through the Flask test
client: its mean and p95 time, and the statements and authentications one read costs. ``--page``
reads another page of the match as that seat (``/m/{id}``, ``/m/{id}/board``, ...).

    .venv/bin/python bench/play_page.py [--events 500] [--samples 200] [--page /m/{id}/play]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import fresh_app, imported_match, percentile  # noqa: E402

from referee import database  # noqa: E402
from referee.service import access, matches  # noqa: E402


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--events", type=int, default=500)
    args.add_argument("--samples", type=int, default=200)
    args.add_argument("--page", default="/m/{id}/play")
    options = args.parse_args()
    app = fresh_app("sqlite")
    app.config["RATELIMIT_ENABLED"] = False
    logging.disable(logging.INFO)
    match_id, host = imported_match(app, options.events)
    seat_token = matches.reissue_seat_token(database(app), match_id, host, 1)
    phone = app.test_client()
    phone.get(f"/m/{match_id}/join?token={seat_token}")
    path = options.page.format(id=match_id)
    assert phone.get(path).status_code == 200  # caches warm
    counts = {"statements": 0, "authentications": 0}
    event.listen(database(app).engine, "before_cursor_execute",
                 lambda *_: counts.__setitem__("statements", counts["statements"] + 1))
    real = access.authenticate

    def counted(*a: object, **k: object) -> access.Access:
        counts["authentications"] += 1
        return real(*a, **k)  # type: ignore[arg-type]

    for module in list(sys.modules.values()):  # wherever it was imported by name
        if getattr(module, "authenticate", None) is real:
            module.authenticate = counted  # type: ignore[attr-defined]
    samples = []
    for _ in range(options.samples):
        start = time.perf_counter()
        assert phone.get(path).status_code == 200
        samples.append((time.perf_counter() - start) * 1000)
    print(f"{path}, {options.events} events, {options.samples} reads: "
          f"mean {statistics.mean(samples):.2f} ms, p50 {percentile(samples, 50):.2f} ms, "
          f"p95 {percentile(samples, 95):.2f} ms; per read "
          f"{counts['statements'] / options.samples:.1f} statements, "
          f"{counts['authentications'] / options.samples:.1f} authentications")


if __name__ == "__main__":
    main()
