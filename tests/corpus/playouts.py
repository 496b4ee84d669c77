"""Random playouts at engine level, seeded: for each game, a log of moves the engine accepts
(made by the engines' own test helpers), then that log replayed from a fresh set-up with every
verdict, the standings after each event and the views of every seat, the host and the public
(every ``VIEW_EVERY`` events and at the end), worded in English and French."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from unittest.mock import patch

from referee.engines import get_engine
from referee.engines.base import Event, Standings, Verdict
from referee.engines.citroncoco.core import CitronCocoEngine
from referee.engines.messages import Message
from referee.service.messages import renderer

GAMES = ("citroncoco", "citroncoco-teams", "neurotrio", "croconounours", "plouc")
PLAYOUTS = 200
VIEW_EVERY = 50
NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès"]


@dataclass
class Log:
    """A playout's log: the match's options and seats, and the events the engine accepted."""

    options: dict[str, Any]
    seats: int
    events: list[Event]


# --- the logs, one maker per game ---------------------------------------------------------------

CITRON_OPTIONS: list[dict[str, Any]] = [{}, {"sum_quick_play": True}, {"target": 60},
                                        {"fellow_solo": True, "power_before_reveal": True}]


def citron_engine(game: str) -> CitronCocoEngine:
    engine = get_engine(game)
    assert isinstance(engine, CitronCocoEngine)
    return engine


def citroncoco_log(seed: int) -> Log:
    from tests.engines.citroncoco.helpers import random_playout

    rng = random.Random(seed)
    seats = rng.randint(2, 6)
    options = dict(rng.choice(CITRON_OPTIONS))
    table, _ = random_playout(citron_engine("citroncoco"), seats, seed, 250, **options)
    return Log(options, seats, table.log)


def citroncoco_teams_log(seed: int) -> Log:
    from tests.engines.citroncoco.helpers import random_playout

    choices: list[dict[str, Any]] = [{}, {"nano": True}, {"target": 60}]
    options = dict(random.Random(seed).choice(choices))
    table, _ = random_playout(citron_engine("citroncoco-teams"), 4, seed, 250, **options)
    return Log(options, 4, table.log)


def neurotrio_log(seed: int) -> Log:
    from tests.engines.neurotrio import test_playouts as test_neurotrio_playouts
    from tests.engines.neurotrio.helpers import Table, make_deal
    from tests.engines.neurotrio.test_playouts import READINGS, Ledger, act, play_random

    rng = random.Random(seed)
    seats = rng.randint(3, 8)
    reading = dict(rng.choice(READINGS))
    table = Table(make_deal(rng, seats, rng.randrange(seats)), reading)
    table.start()
    book = Ledger([0] * seats, [0] * seats, tokens=[[] for _ in range(seats)])
    # the tests' ``act`` checks each move against the moves the view offers, which costs a
    # view per move; the same moves are logged here without that check
    with patch.object(test_neurotrio_playouts, "act", lambda t, type_, seat, **payload:
                      t.log(type_, seat, **payload)):
        play_random(table, rng, book, checks=False)
    last = table.state.last_player
    assert last is not None, "a finished domain has its last player"
    act(table, "reveal", last, cards=list(table.hands[last]))
    if book.hidden:
        act(table, "reveal_bids", None,
            tokens=[{"base": b, "token": k} for b, k in book.hidden.items()])
    return Log({**reading, "dealer": table.deal.dealer}, seats, table.events)


def croconounours_log(seed: int) -> Log:
    from tests.engines.croconounours.test_playouts import OPTION_SETS, play

    rng = random.Random(seed)
    seats = rng.choice([2, 2, 3, 4])
    options = dict(rng.choice(OPTION_SETS))
    if (options.get("roster") or options.get("packets")) and seats != 2:
        options = {}
    return Log(options, seats, play(seed, seats, options, limit=250))


def plouc_log(seed: int) -> Log:
    """A table with real cards: the seat to play lays a legal play or draws; now and then a
    side move (an announcement, a contre, a slap, a flag) that the engine may refuse."""
    from referee.engines.plouc import ENGINE, full_deck, legal_plays
    from tests.engines.plouc.test_playouts import Playout, SimTable

    rng = random.Random(seed)
    seats = rng.randint(2, 9)
    contre = rng.choice(["none", "zouzou", "mega_one"])
    raw = {"zouzou": contre == "zouzou", "mega_one": contre == "mega_one",
           **{name: rng.random() < 0.5 for name in ("david_le_fou", "zero", "trois_de_trefle",
                                                     "mot_doux", "six", "maitresse")},
           "aces": rng.choice(["previous_card", "suit_in_play"]),
           "dealer": rng.randrange(seats)}
    options = dict(ENGINE.options_schema().load(raw))
    state = ENGINE.setup(options, seats)
    deck = full_deck()
    rng.shuffle(deck)
    size = state.options.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
    p = Playout(options, state, SimTable(hands, deck[seats * size:]))
    p.apply(p.event("turn_up", options["dealer"], {"card": p.sim.stock[-1]}))
    for _ in range(300):
        if state.phase == "over":
            break
        if state.phase == "flag":
            p.attempt(p.event("ruling", None, {"upheld": rng.random() < 0.5}, by_host=True))
            if state.phase == "flag":
                p.apply(p.event("ruling", None, {"upheld": False}, by_host=True))
            continue
        if state.phase == "plouc" and rng.random() < 0.7:
            p.apply(p.event("announce", state.finisher, {"word": "plouc"}))
            continue
        if state.phase == "play" and rng.random() < 0.85:
            seat = state.turn
            plays = legal_plays(state, p.sim.hands[seat])
            if plays and rng.random() < 0.9:
                cards, suit = rng.choice(plays)
                p.apply(p.event("play", seat, {"cards": cards, **({"suit": suit} if suit
                                                                   else {})}))
            else:
                p.apply(p.event("draw", seat, {}))
            continue
        seat, other = rng.randrange(seats), rng.randrange(seats)
        due = [i for i, s in enumerate(state.seats) if s.carte_due]
        side = rng.choice([
            p.event("announce", due[0] if due else seat, {"word": "carte"}),
            p.event("contre", seat, {"target_seat": other}),
            p.event("slap", seat, {"with_seat": other}),
            p.event("missplay", seat, {"rule": "PL-MD-1"}, by_host=True),
            p.event("flag", seat, {"offender_seat": other,
                                   "rule": rng.choice(["PL-ANN-1", "PL-ANN-2", "PL-TURN-2"])}),
        ])
        p.attempt(side)
    return Log(options, seats, p.events)


MAKERS: dict[str, Callable[[int], Log]] = {
    "citroncoco": citroncoco_log,
    "citroncoco-teams": citroncoco_teams_log,
    "neurotrio": neurotrio_log,
    "croconounours": croconounours_log,
    "plouc": plouc_log,
}


# --- a log replayed and recorded ------------------------------------------------------------------

def data(value: Any) -> Any:
    """A view made JSON-ready (messages as their data, tuples as lists, keys as text)."""
    if isinstance(value, Message):
        return {"message_id": value.id, "params": data(dict(value.params))}
    if isinstance(value, dict):
        return {str(k): data(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [data(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    return value


def verdict_record(verdict: Verdict, names: list[str]) -> dict[str, Any]:
    said = verdict.as_dict(renderer(names, "en"))
    french = verdict.as_dict(renderer(names, "fr"))
    said["fr"] = {key: french[key] for key in ("reason", "penalty", "effects", "flags")}
    return said


def standings_record(standings: Standings, names: list[str]) -> dict[str, Any]:
    said = standings.as_dict(renderer(names, "en"))
    said["outcome_fr"] = renderer(names, "fr")(standings.outcome)
    return said


def record(game: str, seed: int) -> dict[str, Any]:
    """The playout of ``game`` made from ``seed``, replayed and recorded."""
    log = MAKERS[game](seed)
    engine = get_engine(game)
    names = NAMES[:log.seats]
    state = engine.setup(engine.options_schema().load(dict(log.options)), log.seats)
    steps = []
    before: dict[str, Any] | None = None
    for n, event in enumerate(log.events, start=1):
        verdict = engine.apply(state, event)
        step: dict[str, Any] = {
            "seq": event.seq, "type": event.type, "seat": event.seat,
            "payload": data(dict(event.payload)), "by_host": event.by_host,
            "verdict": verdict_record(verdict, names),
        }
        standings = standings_record(engine.standings(state), names)
        if standings != before:  # kept when they change, to keep the records small
            step["standings"] = before = standings
        if n % VIEW_EVERY == 0 or n == len(log.events):
            step["views"] = {str(viewer): data(engine.view(state, viewer))
                             for viewer in [*range(log.seats), "host", None]}
        steps.append(step)
    return {"game": game, "seed": seed, "seats": log.seats, "options": data(log.options),
            "events": steps}


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      default=repr)


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def seed_of(game: str, index: int) -> int:
    """The seed of a game's ``index``-th playout (fixed: the games do not share seeds)."""
    return GAMES.index(game) * 100_000 + index
