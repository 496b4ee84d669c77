"""The scripted matches the corpus plays: each game, its corrections and disputes, a quick
scoring match and a game night. Each scenario plays moves (kept with their answers, whether
201, 422 or 409) and then reads everything back as every viewer."""

from __future__ import annotations

from collections.abc import Callable

from tests.corpus.session import Match, Session
from tests.night_fixture import build_night

Scenario = Callable[[Session], None]

NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny"]


def turn(seat: int, value: int, source: str = "stock") -> list[tuple[object, ...]]:
    return [("draw", seat, {"source": source}), ("discard", seat, {"value": value})]


def reveal(s: Session, m: Match, pools: list[list[int]]) -> None:
    """The hands revealed: for each seat, as many values of its pool as it holds cards."""
    state = s.call("GET", f"/api/matches/{m.id}/state", "host", match=m)
    sizes = [seat["cards"] for seat in state["table"]["seats"]]
    s.move(m, "reveal", None, {"hands": [pool[:n] for pool, n in zip(pools, sizes,
                                                                      strict=True)]})


def pads(s: Session, m: Match) -> None:
    """The pads mid-match, as each seat and the host hold them, and the TV board."""
    for viewer in s.viewers(m):
        if viewer != "public":
            s.page(f"/m/{m.id}/play", viewer, m)
    s.page(f"/m/{m.id}/board", "public", m)


def read_all(s: Session, match: Match, at: list[int], what_if: dict[str, object] | None,
             cli_options: list[str]) -> None:
    """Every reading of ``match``: API, pages, stream, sheet, command line."""
    s.read_api(match, at, what_if)
    s.read_pages(match, at)
    s.read_stream(match)
    s.csv(f"/api/matches/{match.id}/sheet.csv")
    s.cli("replay", str(match.id))
    s.cli("replay", str(match.id), "--lang", "fr" if s.lang == "en" else "en")
    s.cli("what-if", str(match.id), *cli_options)
    s.cli("what-if", str(match.id), *cli_options, "--json")


def people(s: Session) -> None:
    """The players' records and the history, as the public reads them."""
    players = s.call("GET", "/api/players")
    ids = [p["id"] for p in (players or {}).get("items", [])]
    for player in ids[:3]:
        s.call("GET", f"/api/players/{player}")
        s.call("GET", f"/api/players/{player}/stats")
        s.csv(f"/api/players/{player}/matches.csv")
        s.page(f"/players/{player}")
        s.page(f"/players/{player}/chart.svg")
    if len(ids) > 1:
        s.call("GET", f"/api/players/{ids[0]}/versus/{ids[1]}")
        s.page(f"/players/{ids[0]}/versus?other={ids[1]}")
    s.call("GET", "/api/matches")
    s.page("/")
    s.page("/history")
    s.page("/players")
    s.csv("/history.csv")


# --- CitronCoco, four players, two rounds -------------------------------------------------------

def citroncoco(s: Session) -> None:
    """Quick plays right and wrong, powers (7, 9, 12, 10, 11), a reported fault, Citron Coco
    calls; a take-back, a void, a correction, a challenge and its ruling; a dry run, a stale
    If-Match and a stale ``seen``; refusals."""
    m = s.create("citroncoco", NAMES[:4], {"target": 60})
    s.moves(m, [
        *turn(0, 7),
        ("power", 0, {"target_seat": 1, "slot": 2}),
        ("quick_play", 2, {"slot": 1, "value": 7}),
        ("quick_play", 3, {"slot": 2, "value": 4}),
        ("draw", 1, {"source": "stock"}), ("replace", 1, {"slot": 3, "value": 9}),
        ("power", 1, {"target_seat": 2}),
        ("draw", 2, {"source": "discard"}), ("replace", 2, {"slot": 2, "value": 12}),
        ("power", 2, {"target_seat": 2, "slot": 1, "other_seat": 3, "other_slot": 1}),
    ])
    s.move(m, "missplay", 3, {"rule": "CC-MISS-3", "note": "Dan looked at his card"},
           by="host")
    s.move(m, "draw", 2, {"source": "stock"})  # not Chloé's turn: 422
    s.move(m, "draw", 3, {"source": "stock"}, by="seat 1")  # another seat's token: 403
    s.move(m, "draw", 3, {"source": "cellar"})  # a bad payload: 422 with where
    s.moves(m, [
        *turn(3, 5), *turn(0, 3), ("citron_coco", 0, {}),
        *turn(1, 6), *turn(2, 8), *turn(3, 4),
    ])
    s.move(m, "reveal", None, {"hands": [[1, 1, 2, 2], [3, 5, 6, 10], [10, 9, 11, 8],
                                         [11, 4, 6, 5, 2, 1]]})
    first_round = s.last_seq(m)
    # round 2: Chloé, the round's loser, starts
    s.move(m, "draw", 2, {"source": "stock"})
    s.move(m, "void", 2, {"seq": s.last_seq(m), "reason": "tapped draw by mistake"})
    s.move(m, "draw", 2, {"source": "stock"}, dry_run=True)
    s.moves(m, [*turn(2, 10)])
    s.move(m, "power", 2, {"target_seat": 3, "slot": 1, "value": 2})
    s.move(m, "draw", 3, {"source": "stock"}, if_match=first_round)  # stale: 409
    s.moves(m, [*turn(3, 11), *turn(3, 5)])
    wrong = s.move(m, "quick_play", 1, {"slot": 1, "value": 3})
    s.move(m, "void", None, {"seq": wrong["seq"] if wrong and "seq" in wrong else 1,
                             "reason": "logged on the wrong seat"})
    s.move(m, "void", None, {"seq": s.last_seq(m), "reason": "again"})  # a void of a void
    s.moves(m, [*turn(0, 5)])
    discard = s.last_seq(m)
    fix = {"type": "discard", "seat": 0, "payload": {"value": 6}}
    s.move(m, "correct", None, {"seq": discard, "reason": "it was a 6", "move": fix},
           dry_run=True)
    s.move(m, "correct", None, {"seq": discard, "reason": "it was a 6", "move": fix})
    pads(s, m)
    s.move(m, "quick_play", 1, {"slot": 2, "value": 5}, seen=discard - 1)
    s.moves(m, [*turn(1, 4)])
    challenge = s.move(m, "challenge", 2, {"seq": s.last_seq(m), "claim": "Bob peeked"})
    if challenge and "seq" in challenge:
        s.move(m, "ruling", None, {"challenge": challenge["seq"], "upheld": True,
                                   "rule": "CC-MISS-3", "note": "seen by all"})
    s.moves(m, [*turn(2, 3), ("citron_coco", 2, {}), *turn(3, 6), *turn(0, 8), *turn(1, 1),
                ("forgo_power", 1, {})])
    reveal(s, m, [[12, 12, 13, 13, 7, 7], [3, 2, 1, 4, 9, 9], [5, 6, 7, 8, 12, 12],
                  [2, 3, 4, 9, 10, 10]])
    read_all(s, m, [3, 5, first_round, first_round + 4],
             {"caller_wins_ties": True, "target": 40}, ["--option", "target=40"])
    s.page(f"/m/{m.id}/correct/{discard}", "host", m)
    people(s)


# --- CitronCoco in teams ----------------------------------------------------------------------

def citroncoco_teams(s: Session) -> None:
    """Two teams of two: a sum quick play with the partner, Nano, a round to the reveal."""
    m = s.create("citroncoco-teams", NAMES[:4], {"nano": True, "target": 100})
    s.moves(m, [
        *turn(0, 5),
        ("quick_play", 1, {"slot": 1, "value": 5}),
        ("draw", 1, {"source": "stock"}), ("replace", 1, {"slot": 2, "value": 8}),
        ("quick_play", 0, {"slot": 2, "value": 3, "other_seat": 2, "other_slot": 1,
                           "other_value": 5}),
        *turn(2, 1),
        ("power", 2, {"target_seat": 3}),
        *turn(3, 6),
        ("citron_coco", 3, {}),
        ("nano", 0, {}),
        ("nano_alpha", 1, {}),
    ])
    pads(s, m)
    s.moves(m, [
        *turn(0, 4), *turn(1, 9), ("power", 1, {"target_seat": 0}), *turn(2, 2),
        ("forgo_power", 2, {}),
    ])
    reveal(s, m, [[1, 2, 3, 4, 6, 7], [10, 11, 12, 13, 10, 11], [7, 8, 9, 10, 12, 2],
                  [1, 2, 3, 4, 3, 4]])
    read_all(s, m, [2, 5], {"nano": False}, ["--option", "nano=false"])
    people(s)


# --- Neurotrio --------------------------------------------------------------------------------

def neurotrio(s: Session) -> None:
    """The domain grows (placements scored), a pass, « deux cartes », a neuro with a sealed
    bid and an open one, a declined bid, an impossible placement."""
    m = s.create("neurotrio", NAMES[:3])
    s.moves(m, [
        ("start_domain", None, {"card": "coeur-noir-1"}),
        ("place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1}),
        ("place", 1, {"card": "coeur-vert-2", "row": 1, "col": 1}),
        ("place", 2, {"card": "coeur-vert-1", "row": 1, "col": 0}),
        ("pass", 0, {}),
        ("place", 1, {"card": "rose-noir-2", "row": 0, "col": 5}),
        ("place", 1, {"card": "rose-noir-1", "row": 0, "col": 2}),
        ("place", 1, {"card": "coeur-noir-3", "row": 0, "col": 2}),
        ("neuro", 2, {}),
        ("bid", 2, {"base": 5, "row": 0, "col": 0}),
        ("bid", 0, {"base": 3, "row": 1, "col": 1, "token": "2"}),
        ("decline", 1, {}),
    ])
    pads(s, m)
    s.moves(m, [
        ("place", 2, {"card": "etoile-noir-1", "row": -1, "col": 0}),
        ("deux_cartes", 0, {}),
        ("place", 0, {"card": "coeur-vert-3", "row": 1, "col": 2}),
        ("pass", 1, {}),
    ])
    read_all(s, m, [1, 4, 9], {"duty_penalty": "per_pass"},
             ["--option", "duty_penalty=per_pass"])
    people(s)


# --- CrocoNounours ------------------------------------------------------------------------------

def croconounours(s: Session) -> None:
    """The first player, deployment, draws, moves, an attack and its defence, a turn's end."""
    m = s.create("croconounours", NAMES[:2])
    s.moves(m, [
        ("first_player", None, {"seat": 0}),
        ("deploy", 0, {"corner": "a1", "warriors": {"a1": "red", "a2": "green",
                                                    "b1": "yellow"}}),
        ("deploy", 1, {"corner": "g7", "warriors": {"g7": "red", "g6": "green",
                                                    "f7": "yellow"}}),
        ("draw", 0, {"count": 3}),
    ])
    pads(s, m)
    s.moves(m, [
        ("move", 0, {"warrior": "0-green", "card": "9S", "to": "b3"}),
        ("move", 0, {"warrior": "0-red", "card": "5C", "to": "a2"}),
        ("end_turn", 0, {}),
        ("move", 1, {"warrior": "1-green", "card": "8S", "to": "f5"}),
        ("move", 1, {"warrior": "1-red", "card": "4C", "to": "g6"}),
        ("move", 1, {"warrior": "1-red", "card": "7S", "to": "h9"}),
        ("end_turn", 1, {}),
        ("draw", 0, {"count": 2}),
        ("move", 0, {"warrior": "0-green", "card": "3S", "to": "c4"}),
        ("move", 0, {"warrior": "0-yellow", "card": "7S", "to": "c2"}),
        ("end_turn", 0, {}),
        ("draw", 1, {"count": 2}),
        ("move", 1, {"warrior": "1-green", "card": "10S", "to": "e4"}),
        ("end_turn", 1, {}),
        ("draw", 0, {"count": 2}),
        ("attack", 0, {"warrior": "0-yellow", "card": "8D", "target": "e4",
                       "intent": "wound"}),
        ("defend", 1, {"kind": "parry", "cards": ["9D"]}),
        ("no_defence", 1, {}),
        ("end_turn", 0, {}),
        ("draw", 1, {"count": 1}),
        ("attack", 1, {"warrior": "1-green", "card": "6H", "target": "d5",
                       "intent": "wound"}),
        ("attack", 1, {"warrior": "1-green", "card": "6D", "target": "d4",
                       "intent": "push"}),
        ("end_turn", 1, {}),
    ])
    read_all(s, m, [3, 6], {"coloured_squares": True}, ["--option", "coloured_squares=true"])
    people(s)


# --- Carte et Plouc -------------------------------------------------------------------------------

def plouc(s: Session) -> None:
    """Special cards (a 10 reverses, a 7 makes draw, an ace asks a suit, a jack), a draw, a
    forgotten « carte » caught by a contre (Zouzou), a flag and the host's ruling."""
    m = s.create("plouc", NAMES[:3], {"zouzou": True, "david_le_fou": True, "hand_size": 3})
    s.moves(m, [
        ("turn_up", None, {"card": "5S"}),
        ("play", 0, {"cards": ["5H"]}),
        ("play", 1, {"cards": ["10S"]}),
        ("play", 1, {"cards": ["7S"]}),
        ("draw", 0, {}),
        ("contre", 2, {"target_seat": 1}),
    ])
    pads(s, m)
    s.moves(m, [
        ("play", 0, {"cards": ["AS"], "suit": "D"}),
        ("flag", 2, {"offender_seat": 0, "rule": "PL-ANN-1"}),
        ("play", 2, {"cards": ["KD"]}),
        ("play", 1, {"cards": ["QD"]}),
        ("announce", 1, {"word": "carte"}),
        ("play", 1, {"cards": ["2D", "2C"]}),
        ("play", 1, {"cards": ["2D"]}),
        ("announce", 1, {"word": "plouc"}),
    ])
    read_all(s, m, [2, 5], {"zouzou": False}, ["--option", "zouzou=false"])
    people(s)


# --- Quick scoring ------------------------------------------------------------------------------

def rounds(s: Session) -> None:
    """``"mode": "rounds"``: CitronCoco and Plouc rounds scored by the rules, one refused,
    one voided, a move refused in that mode."""
    m = s.create("citroncoco", NAMES[:3], {"target": 50}, mode="rounds")
    s.move(m, "round", None, {"caller": 0, "hands": [[1, 1, 1, 1], [3, 3, 3, 3],
                                                     [4, 4, 4, 4]]})
    s.move(m, "round", None, {"caller": 0, "hands": [[1, 1, 1, 1, 1], [2], [3]]})
    s.move(m, "draw", 0, {"source": "stock"})
    s.move(m, "round", None, {"caller": 2, "totals": [6, 14, 20]})
    s.move(m, "void", None, {"seq": 2, "reason": "wrong totals"})
    s.move(m, "round", None, {"caller": 1, "totals": [30, 2, 25]})
    s.move(m, "round", None, {"caller": 1, "totals": [20, 5, 15]})
    read_all(s, m, [1, 3], {"target": 100}, ["--option", "target=100"])
    p = s.create("plouc", NAMES[:3], mode="rounds")
    s.move(p, "round", None, {"winner": 2, "cards": [4, 1, 0]})
    s.move(p, "round", None, {"winner": 2, "cards": [0, 1, 0]})
    read_all(s, p, [1], None, [])
    people(s)


# --- A game night -------------------------------------------------------------------------------

def night(s: Session) -> None:
    """A night of imported matches with known times, a live one, its board, results and
    pages; placement points changed."""
    built = build_night(s.api)
    night_id = built["night"]
    live = Match(built["matches"][2], built["host"], [], ["Alice", "Dan"])
    s.tokens[built["host"]] = f"<host token of match {live.id}>"
    s.tokens[built["night_token"]] = f"<host token of night {night_id}>"
    for match_id in built["matches"]:
        s.call("GET", f"/api/matches/{match_id}")
        s.call("GET", f"/api/matches/{match_id}/timeline")
        s.csv(f"/api/matches/{match_id}/sheet.csv")
        s.page(f"/m/{match_id}")
    s.move(live, "draw", 0, {"source": "stock"}, by="host")
    s.read_stream(live)
    s.call("GET", f"/api/nights/{night_id}")
    s.call("GET", "/api/nights")
    s.call("GET", f"/api/nights/{night_id}/board")
    s.csv(f"/api/nights/{night_id}/results.csv")
    for path in ("", "/tv", "/recap", "/board.svg", "/board.png"):
        s.page(f"/nights/{night_id}{path}")
    s.call("PUT", f"/api/nights/{night_id}/points", "host", {"placement_points": [4, 2, 1]},
           token=built["night_token"])
    s.call("PUT", f"/api/nights/{night_id}/points", "public", {"placement_points": [4, 2, 1]})
    s.call("GET", f"/api/nights/{night_id}/board")
    s.csv(f"/api/nights/{night_id}/results.csv")
    s.page(f"/nights/{night_id}")
    s.cli("replay", str(built["matches"][0]))
    s.cli("what-if", str(built["matches"][0]), "--option", "target=100")
    people(s)


SCENARIOS: dict[str, Scenario] = {
    "citroncoco": citroncoco,
    "citroncoco-teams": citroncoco_teams,
    "neurotrio": neurotrio,
    "croconounours": croconounours,
    "plouc": plouc,
    "rounds": rounds,
    "night": night,
}
