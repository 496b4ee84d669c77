"""The service answers with data; the edges word it for their reader (``referee.edge.wording``).

Requirement: "the service never reads a locale. One function words a message for a reader,
called only at the edges (the API's answers; stream events; pages and scripts; CSV and BG
Stats; images; CLI)."
"""

from __future__ import annotations

from referee.edge.wording import said_cost, said_errors, said_missplays, said_play
from referee.engines.messages import Message, msg
from referee.service import bgstats, sheets
from referee.service.costs import Cost
from referee.service.games import describe_game
from referee.service.messages import Unsaid, outcome_of

NAMES = ["Alice", "Bob", "Chloé"]
PLOUC_WON = {"result": {"winners": [1], "termination": "plouc.outcome.plouc",
                        "figures": {"seat": 1}}}


def test_an_outcome_is_data_until_a_reader_reads_it() -> None:
    """PL-WIN-1: the match's outcome names its winner, in each reader's language; the stored
    sentence only where no data says it."""
    said = outcome_of(PLOUC_WON, NAMES, "seat 1 wins: plouc!")
    assert isinstance(said, Unsaid) and said.said is not None
    assert said.worded("fr") == "Bob gagne : plouc !"
    assert said.worded("en") == said.worded() != said.worded("fr")
    assert outcome_of({"result": None}, NAMES, "as stored").worded("fr") == "as stored"


def test_a_sheet_words_its_outcomes_for_the_reader_it_is_written_for() -> None:
    """A CSV sheet holds the outcome as data until it is written out in the reader's
    language; a cell a spreadsheet would run stays inert."""
    rows = [[7, outcome_of(PLOUC_WON, NAMES)], [8, "=1+1"]]
    french = sheets.to_csv(("match_id", "outcome"), rows, "fr")
    english = sheets.to_csv(("match_id", "outcome"), rows)
    assert french.splitlines()[1] == "7,Bob gagne : plouc !"
    assert "Bob gagne" not in english and english.splitlines()[2] == "8,'=1+1"


def test_a_bg_stats_play_carries_its_comment_in_the_readers_words() -> None:
    """The link carries the play as worded: its comment in the reader's language."""
    play = {"sourceName": "Referee", "comments": outcome_of(PLOUC_WON, NAMES)}
    sent = said_play({"play": play}, "fr")
    assert sent["play"]["comments"] == "Bob gagne : plouc !"
    assert sent["link"] == bgstats.link(sent["play"]) and list(sent) == ["link", "play"]
    assert isinstance(play["comments"], Unsaid)  # the service's answer is left as it was


def test_an_engines_word_in_a_schema_error_reads_in_the_readers_language() -> None:
    """A card written wrong is the engine's message, kept as data in the error's details and
    worded by the edge; marshmallow's own strings pass as they are."""
    errors = {"payload": {"card": msg("plouc.draw.draws", seat=1, count=3).as_dict(),
                          "other": ["Missing data for required field."]}}
    worded = said_errors(errors, "fr")
    assert worded["payload"]["card"] == "le joueur 2 pioche 3 cartes"  # no names: the seat, from 1
    assert worded["payload"]["other"] == ["Missing data for required field."]
    assert said_errors(errors, "en")["payload"]["card"].endswith("draws 3 cards")


def test_a_costly_move_is_worded_for_the_table_that_confirms_it() -> None:
    """A move that ends the match (confirmed before it is logged): its forfeits and outcome
    are the engine's messages, worded by the players' names in the reader's language."""
    outcome = Message("plouc.outcome.plouc", {"seat": 1, "winner_seats": [1]})
    cost = Cost("announce", 1, {"kind": "ok", "rule": "PL-WIN-1"}, ("",), False, True, "",
                (), "cards", ((), outcome))
    worded = said_cost(cost, NAMES, "fr")
    assert worded.outcome == "Bob gagne : plouc !" and worded.forfeits == ()
    assert said_cost(cost, NAMES, "en").outcome != worded.outcome


def test_a_games_reportable_faults_are_messages_the_edges_word() -> None:
    """The faults the host may report (CC-FAULT) are described by the engine's messages: the
    service's description holds no sentence, each edge words them in its reader's language."""
    faults = describe_game("citroncoco")["reportable_missplays"]
    assert faults and all(isinstance(said, Message) for said in faults.values())
    english, french = said_missplays(faults, "en"), said_missplays(faults, "fr")
    assert set(english) == set(french) == set(faults)
    assert all(english[rule] != french[rule] for rule in faults)
