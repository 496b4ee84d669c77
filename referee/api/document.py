"""What the OpenAPI document says beyond the schemas: who may call each operation, the links
between creating a match, logging a move and reading it back, and the answers a move may get.

The document is generated from the code (flask-smorest); this completes it in one place, so
that a client (or a fuzzer) knows which operations need a token, which take one optionally (a
seat sees its own hand, the public sees the table) and which need none.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Api

from referee.service.bounds import INT32_MAX
from referee.service.games import game_ids

BEARER: dict[str, list[str]] = {"bearer": []}
PUBLIC: list[dict[str, Any]] = []  # no token needed
OPTIONAL = [{}, BEARER]  # without a token: the public's view; with one: that seat's or the host's
REQUIRED = [BEARER]
OPTIONAL_NIGHT = [{}, BEARER]  # a token only to file the match into a night: the night's host's

# (method, path) -> (operationId, security)
OPERATIONS: dict[tuple[str, str], tuple[str, list[dict[str, Any]]]] = {
    ("get", "/api/games"): ("listGames", PUBLIC),
    ("get", "/api/games/{game_id}"): ("getGame", PUBLIC),
    ("get", "/api/matches"): ("listMatches", PUBLIC),
    ("post", "/api/matches"): ("createMatch", OPTIONAL_NIGHT),
    ("post", "/api/matches/import"): ("importMatch", OPTIONAL_NIGHT),
    ("get", "/api/matches/{match_id}"): ("getMatch", PUBLIC),
    ("post", "/api/matches/{match_id}/seats/{seat}/token"): ("reissueSeatToken", REQUIRED),
    ("get", "/api/matches/{match_id}/events"): ("listEvents", OPTIONAL),
    ("post", "/api/matches/{match_id}/events"): ("logMove", REQUIRED),
    ("get", "/api/matches/{match_id}/timeline"): ("getTimeline", OPTIONAL),
    ("get", "/api/matches/{match_id}/state"): ("getState", OPTIONAL),
    ("get", "/api/matches/{match_id}/standings"): ("getStandings", PUBLIC),
    ("get", "/api/matches/{match_id}/export"): ("exportMatch", OPTIONAL),
    ("get", "/api/players"): ("listPlayers", PUBLIC),
    ("get", "/api/players/{player_id}"): ("getPlayer", PUBLIC),
    ("get", "/api/nights"): ("listNights", PUBLIC),
    ("post", "/api/nights"): ("createNight", PUBLIC),
    ("get", "/api/nights/{night_id}"): ("getNight", PUBLIC),
    ("get", "/api/matches/{match_id}/stream"): ("streamMatch", PUBLIC),
    ("post", "/api/matches/{match_id}/what-if"): ("whatIf", PUBLIC),
    ("get", "/api/matches/{match_id}/legal-moves"): ("listLegalMoves", OPTIONAL),
    ("get", "/api/matches/{match_id}/sheet.csv"): ("matchSheetCsv", PUBLIC),
    ("get", "/api/matches/{match_id}/bgstats"): ("matchBgStats", PUBLIC),
    ("get", "/api/nights/{night_id}/results.csv"): ("nightResultsCsv", PUBLIC),
    ("get", "/api/nights/{night_id}/board"): ("getNightBoard", PUBLIC),
    ("put", "/api/nights/{night_id}/points"): ("setNightPoints", REQUIRED),
    ("get", "/api/nights/{night_id}/roster"): ("getNightRoster", PUBLIC),
    ("post", "/api/nights/{night_id}/roster"): ("addNightPlayer", REQUIRED),
    ("delete", "/api/nights/{night_id}/roster/{player_id}"): ("removeNightPlayer", REQUIRED),
    ("get", "/api/nights/{night_id}/rounds"): ("listNightRounds", PUBLIC),
    ("post", "/api/nights/{night_id}/rounds"): ("seatNightRound", REQUIRED),
    ("put", "/api/nights/{night_id}/rounds/{number}"): ("adjustNightRound", REQUIRED),
    ("post", "/api/nights/{night_id}/rounds/{number}/start"): ("startNightRound", REQUIRED),
    ("get", "/api/players/{player_id}/matches.csv"): ("playerMatchesCsv", PUBLIC),
    ("get", "/api/players/{player_id}/stats"): ("getPlayerStats", PUBLIC),
    ("get", "/api/players/{player_id}/versus/{other_id}"): ("getHeadToHead", PUBLIC),
}

def numbers_up_to(most: int) -> str:
    """A regular expression for the numbers 0 to ``most`` (leading zeros aside), so that a
    document's pattern says the bound the code checks."""
    digits = str(most)
    shorter = ["[0-9]"] + ([f"[1-9][0-9]{{1,{len(digits) - 2}}}"] if len(digits) > 2 else [])
    same = [f"{digits[:i]}[{'1' if i == 0 else '0'}-{int(d) - 1}][0-9]{{{len(digits) - i - 1}}}"
            for i, d in enumerate(digits) if int(d) > (1 if i == 0 else 0)]
    return "|".join([*shorter, *same, digits])


#: A seq as ``referee.api.matches.SEQ_TAG`` reads it, up to the bound it checks.
IF_MATCH = rf'^(W/)?"?0*({numbers_up_to(INT32_MAX)})"?$'

HOST = "Bearer {$response.body#/host_token}"
NEW_MATCH = "$response.body#/id"
SAME_MATCH = "$request.path.match_id"


def _link(operation: str, description: str, **parameters: str) -> dict[str, Any]:
    return {"operationId": operation, "description": description, "parameters": parameters}


def created_links() -> dict[str, Any]:
    """From a new (or imported) match to what its host does next."""
    return {
        "GetMatch": _link("getMatch", "The match just made", match_id=NEW_MATCH),
        "LogMove": _link("logMove", "Log a move with the host's token", match_id=NEW_MATCH,
                         **{"header.Authorization": HOST}),
        "ListEvents": _link("listEvents", "Its log", match_id=NEW_MATCH),
        "GetState": _link("getState", "The table as the host sees it", match_id=NEW_MATCH,
                          **{"header.Authorization": HOST}),
        "GetTimeline": _link("getTimeline", "Its timeline", match_id=NEW_MATCH),
        "GetStandings": _link("getStandings", "Its standings", match_id=NEW_MATCH),
        "ExportMatch": _link("exportMatch", "Its whole log", match_id=NEW_MATCH,
                             **{"header.Authorization": HOST}),
        "ReissueSeatToken": _link("reissueSeatToken", "A seat's join link again",
                                  match_id=NEW_MATCH, **{"header.Authorization": HOST}),
    }


def night_links() -> dict[str, Any]:
    """From a new night to what its host does next (matches are filed with the same token)."""
    night = "$response.body#/id"
    return {
        "GetNight": _link("getNight", "The night just made", night_id=night),
        "GetNightBoard": _link("getNightBoard", "Its leaderboard", night_id=night),
        "SetNightPoints": _link("setNightPoints", "Set its points with the night's host token",
                                night_id=night, **{"header.Authorization": HOST}),
    }


def logged_links() -> dict[str, Any]:
    """From a logged move to reading it back."""
    return {
        "ListEvents": _link("listEvents", "The log from this move on", match_id=SAME_MATCH,
                            after="$response.body#/seq"),
        "GetState": _link("getState", "The table right after this move", match_id=SAME_MATCH,
                          at="$response.body#/seq"),
        "GetStandings": _link("getStandings", "The totals now", match_id=SAME_MATCH),
    }


IMPOSSIBLE = {
    "description": "Refused, nothing appended: the move cannot have happened given the table "
    "(`kind: impossible`, with the rule that says so), or its payload does not fit its type "
    "(`errors` field by field).",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


STALE = {
    "description": "Not logged: the table changed since the client looked (`If-Match` or "
    "`seen`: `since` lists the moves since), another move took its place at the same time, "
    "or a request with the same `Idempotency-Key` is still being judged (send it again in a "
    "moment).",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


BAD_IF_MATCH = {
    "description": "`If-Match` is not a seq like \"12\", or names one past what a seq can be "
    "(`where: header.If-Match`); nothing was logged.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


UNAVAILABLE = {
    "description": "The database is unavailable just now (stopped, unreachable, full, locked, "
    "read-only): try again after `Retry-After` seconds (`where: database`). On a move whose "
    "COMMIT was cut off, it may or may not be logged: send it again with its Idempotency-Key.",
    "headers": {"Retry-After": {"description": "Seconds to wait before trying again",
                                "schema": {"type": "integer"}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def _error(description: str, **extra: Any) -> dict[str, Any]:
    return {"description": description, **extra,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


UNAUTHENTICATED = _error("The token sent opens nothing here (unknown, or another match's): "
                         "send the host's token, a seat's, or none (`where: header."
                         "Authorization`).")
FORBIDDEN = _error("The token is known but may not do this: a seat's token for the host's "
                   "move or another seat's, a token that is not the night's host's.")
NOT_FOUND = _error("Nothing is there: no such match, seat, game, player or night (`where` "
                   "names the path parameter).")
TOO_LARGE = _error("The request's body is larger than this operation takes (`where: body`): "
                   "64 KiB, or `REFEREE_IMPORT_MAX_BYTES` for an import.")
UNFIT = _error("The request is well formed but says something that cannot be: `where` names "
               "what (`query.…`, `header.…`, `body.…`), `errors` field by field.")
TOO_MANY = _error("Too many of these from this address just now: try again after "
                  "`Retry-After` seconds.",
                  headers={"Retry-After": {"description": "Seconds to wait before trying "
                                           "again", "schema": {"type": "integer"}}})
#: The operations that count per address (``referee.web.security.LIMITED``).
RATE_LIMITED = {"createMatch", "importMatch", "createNight"}


def error_answers(path: str, operation: dict[str, Any]) -> None:
    """The errors an operation may answer, declared where they can happen: 404 where a path
    names something, 400 where an If-Match is read, 401 where a token is read, 403 where one
    may lack the right, 413 and 422 where a body or parameters come in, 429 where creations
    are counted, 503 anywhere (a database outage)."""
    answers = operation["responses"]
    security = operation.get("security", PUBLIC)
    parameters = operation.get("parameters", [])
    if "{" in path:
        answers.setdefault("404", NOT_FOUND)
    if any(p.get("name") == "If-Match" for p in parameters):
        answers.setdefault("400", BAD_IF_MATCH)
    if BEARER in security:
        answers.setdefault("401", UNAUTHENTICATED)
        if {} not in security or any(p.get("name") == "as" for p in parameters) \
                or security is OPTIONAL_NIGHT:
            answers.setdefault("403", FORBIDDEN)
    if "requestBody" in operation:
        answers.setdefault("413", TOO_LARGE)
    if "requestBody" in operation or parameters:
        if "$ref" in answers.get("422", {}):  # flask-smorest's bare "Unprocessable Entity"
            del answers["422"]
        answers.setdefault("422", UNFIT)
    if operation.get("operationId") in RATE_LIMITED:
        answers.setdefault("429", TOO_MANY)
    answers.setdefault("503", UNAVAILABLE)


def complete(api: Api) -> None:
    """Declare security and operation ids, add the links and the documented answers."""
    paths: dict[str, dict[str, Any]] = api.spec._paths  # the document flask-smorest serves
    name_operations(paths)
    link_answers(paths)
    for path, operations in paths.items():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                error_answers(path, operation)
    create = api.spec.components.schemas.get("MatchCreate")
    if create is not None:  # the games there are (any other is refused, 422)
        create["properties"]["game"]["enum"] = game_ids()
    for named in ("SeatIn", "PresentIn"):  # a seat, a player present: by name or by id,
        schema = api.spec.components.schemas.get(named)  # one of the two
        if schema is not None:
            schema["oneOf"] = [{"required": ["name"]}, {"required": ["player_id"]}]


def name_operations(paths: dict[str, dict[str, Any]]) -> None:
    """Each operation's id and who may call it."""
    for (method, path), (operation_id, security) in OPERATIONS.items():
        operation = paths.get(path, {}).get(method)
        if operation is not None:
            operation["operationId"] = operation_id
            operation["security"] = security


def link_answers(paths: dict[str, dict[str, Any]]) -> None:
    """Where a created match or night and a logged move lead; what a move's 422 and If-Match
    say."""
    for path in ("/api/matches", "/api/matches/import"):
        created = paths.get(path, {}).get("post", {}).get("responses", {}).get("201")
        if created is not None:
            created["links"] = created_links()
    night = paths.get("/api/nights", {}).get("post", {}).get("responses", {}).get("201")
    if night is not None:
        night["links"] = night_links()
    log = paths.get("/api/matches/{match_id}/events", {}).get("post")
    if log is None:
        return
    log["responses"]["201"]["links"] = logged_links()
    log["responses"]["422"] = IMPOSSIBLE
    log["responses"]["409"] = STALE
    for parameter in log.get("parameters", []):  # what the service reads (a 400 otherwise)
        if parameter.get("name") == "If-Match":
            parameter["schema"]["pattern"] = IF_MATCH
