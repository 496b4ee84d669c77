"""What the log and the read models keep of what an engine said: data, never a sentence.

A verdict, a finding on an earlier event and the standings are kept as their kind, rule,
message ids and parameters (``message_id``/``params``, ``penalty_data``, ``effects_data``,
``outcome_data``, ``result``): the language of the request that logged a move must not decide
what its row says. Each reader's sentences are said from that data where the answer is made
(``referee.service.messages.reword``); rows kept by older versions, which hold sentences beside
the same data, are said again from their data too, their text shown only where the catalogue
lacks the id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the store keeps what the engines said as data: it names their types only
    from referee.engines.base import Standings, Verdict
    from referee.engines.messages import Said


#: The sentences a verdict, a finding or the standings would carry beside their data.
SENTENCE_KEYS = ("reason", "penalty", "effects", "outcome")


def _unsaid(said: Said | None) -> str:
    """No sentence for a message (its data is stored beside it); an engine's own sentence,
    given where it has no message to give, is kept as it is: it is all the data there is."""
    return said if isinstance(said, str) else ""


def _data_only(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a verdict, finding or standings made with ``_unsaid``) without the sentence
    keys left empty: what the log and the read models keep."""
    for key in SENTENCE_KEYS:
        value = data.get(key, "")
        if value is None or value == "" or (isinstance(value, list) and not any(value)):
            data.pop(key, None)
    if isinstance(data.get("flags"), list):
        data["flags"] = [_data_only(dict(flag)) for flag in data["flags"]]
    return data


def verdict_data(verdict: Verdict) -> dict[str, Any]:
    """A verdict as the log keeps it: kind, rule, message ids and parameters (the reason's,
    the penalty's, each effect's, each finding's), never a sentence in a reader's language;
    ``reword`` says its sentences for each reader."""
    return _data_only(verdict.as_dict(_unsaid))


def standings_data(standings: Standings) -> dict[str, Any]:
    """Standings as the read models keep them: totals, winners, the result and the running
    outcome as data (``result``, ``outcome_data``), never the outcome's sentence."""
    return _data_only(standings.as_dict(_unsaid))


def data_of(judged: dict[str, Any], key: str) -> Any:
    """A judgement's ``key`` as data, to compare two judgements: the penalty's and effects'
    message ids and parameters (``penalty_data``, ``effects_data``) where it holds them, else
    its words (a judgement written before they were kept)."""
    if key in ("penalty", "effects"):
        return judged.get(f"{key}_data", judged.get(key))
    return judged.get(key)
