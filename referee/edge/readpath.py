"""Which requests may read from the replica, and the read-your-writes token they carry.

Browsing pages and their API lists (history, players, nights) may be served by the replica;
everything else — moves, judging, the match page, the board, streams — reads the primary.
After a write, the response carries the primary's WAL position (LSN) in a cookie and in the
``Referee-LSN`` header; a later read, on any instance, sends it back (the browser sends the
cookie; an API client may send the header), so the replica serves it only once it has
replayed that write.
"""

from __future__ import annotations

from flask import Flask, Response, g, request

from referee.service.database import replica

#: GET endpoints that only browse read models: the replica may answer them.
BROWSING = frozenset({
    "matches.Matches", "people.Players", "people.Player", "people.Nights", "people.Night",
    "web.browse", "web.players", "web.player", "web.night",
})
COOKIE = "referee_lsn"
HEADER = "Referee-LSN"
COOKIE_MAX_AGE = 3600


def reader_lsn() -> int:
    """The reader's own latest write, from the header or the cookie (0 when none)."""
    found = [replica.parse_lsn(request.headers.get(HEADER)),
             replica.parse_lsn(request.cookies.get(COOKIE))]
    return max((lsn for lsn in found if lsn is not None), default=0)


def init_app(app: Flask) -> None:
    if not app.config.get("DATABASE_REPLICA_URL"):
        return

    @app.before_request
    def choose_reads() -> None:
        policy = replica.ReadPolicy(
            replica_ok=request.method in ("GET", "HEAD") and request.endpoint in BROWSING,
            min_lsn=reader_lsn())
        g.referee_read_policy = (policy, replica.begin_request(policy))

    @app.after_request
    def carry_lsn(response: Response) -> Response:
        policy, _ = g.get("referee_read_policy", (None, None))
        if policy is None:
            return response
        if policy.served_by:
            response.headers["Referee-Read-From"] = policy.served_by
        if policy.written_lsn is not None:
            lsn = replica.format_lsn(max(policy.written_lsn, policy.min_lsn))
            response.headers[HEADER] = lsn
            response.set_cookie(COOKIE, lsn, max_age=COOKIE_MAX_AGE, httponly=True,
                                samesite="Lax")
        return response

    @app.teardown_request
    def forget_policy(_error: BaseException | None) -> None:
        _, token = g.pop("referee_read_policy", (None, None))
        if token is not None:
            replica.end_request(token)
