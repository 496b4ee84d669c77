"""Every sentence an engine says reads in French and in English, with the players' names.

Requirement: "Everything a person reads is translated: … the verdict sentences (rendered from
the verdicts' message ids and parameters, with the players' names), standings and outcomes,
effects and penalties …"; "A test renders every message id of every engine in both languages
with sample parameters."
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

import pytest

from referee.engines.messages import Message, msg
from referee.service import messages
from referee.service.messages import (
    LOCALES,
    catalogue,
    choice_label,
    fields_of,
    game_title,
    locale_of,
    message_ids,
    option_description,
    option_label,
    outcome_text,
    render,
    unit_label,
)

NAMES = ["Alice", "Bob", "Chloé", "Ézéchiel"]
NESTED = {"message_id": "plouc.effect.plays_again", "params": {"seat": 2}}
SAMPLES: dict[str, Any] = {
    "warrior": "1-green", "target": "0-red-2", "attacker": "3-yellow",
    "warriors": ["0-red", "0-yellow"], "cards": ["7S", "7H"], "card": "QH", "suit": "H",
    "direction": "counter_clockwise", "kind": "diagonal", "intent": "push",
    "phase": "action", "colours": ["red", "green"], "given": ["red", "red"],
    "squares": ["a1", "b1"], "square": "d4", "start": "c3", "to": "c4", "corner": "a1",
    "then": NESTED, "why": NESTED, "scored": NESTED, "outcome": NESTED, "fault": NESTED,
    "rules": ["CC-MISS-3", "CC-MISS-4"], "rule": "PL-CARTE-1", "owed": [9, 12],
    "sunk_totals": [203, 150], "word": "carte", "power": "Seadog", "type": "quick_play",
    "team": "A", "loser_team": "B", "game": "CitronCoco", "note": "vu par tous", "key": "hands",
    "top": "9H", "drawn": 5, "value": 7, "other_value": 4, "known": 3,
}
# English words that must never be left in a French sentence
ENGLISH = re.compile(r"\b(seat|seats|the|and|wins|turn|nobody|card|cards|its|with)\b")
# codes a sentence must say in words: snake_case ids; and the 11's power, which the French rule
# text calls « ravitaillement » (CC-POW-1), never "Supply" in French
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SUPPLY = re.compile(r"\bSupply\b")


def sample(key: str, count: int) -> Any:
    """A parameter of the kind ``key`` names, counting ``count`` where it is a number or a
    list of seats (so both agreements are rendered)."""
    if key in SAMPLES:
        return SAMPLES[key]
    if key == "seats" or key.endswith("_seats"):
        return [0, 1] if count > 1 else [3]
    if key == "seat" or key.endswith("_seat"):
        return {"seat": 0, "turn_seat": 1, "target_seat": 3}.get(key, 2)
    return count


def every_message() -> list[str]:
    return sorted(message_ids())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("message_id", every_message())
def test_every_message_renders_in_every_language(message_id: str, locale: str) -> None:
    """No missing parameter, no field left unfilled, names not numbers, and French in French."""
    for count in (1, 2):
        params = {k: sample(k, count) for k in fields_of(catalogue("en")[message_id])}
        text = render(Message(message_id, params), NAMES, locale)
        assert text and "{" not in text and "}" not in text, (message_id, text)
        assert "seat 0" not in text and "joueur 0" not in text, (message_id, text)
        assert not CODE.search(text), (message_id, text)
        if locale == "fr":
            assert not ENGLISH.search(text), (message_id, text)
            assert not SUPPLY.search(text), (message_id, text)


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_each_language_has_exactly_the_english_ids_and_fields(locale: str) -> None:
    """Same ids, and each template asks for the same parameters as the English one."""
    english, other = catalogue("en"), catalogue(locale)
    assert sorted(other) == sorted(english)
    for message_id, template in english.items():
        assert fields_of(other[message_id]) == fields_of(template), message_id


@pytest.mark.parametrize("locale", LOCALES)
def test_every_format_spec_is_one_the_renderer_knows(locale: str) -> None:
    """``{count:carte|cartes}``, ``{seat:de}``, ``{warrior:cap}``: nothing else."""
    for message_id, template in catalogue(locale).items():
        for _, name, spec, _ in Formatter().parse(template):
            if name and spec:
                assert "|" in spec or spec in ("de", "à", "que", "le", "du", "au", "cap"), (
                    message_id, spec)


def test_french_reads_in_the_rule_texts_words() -> None:
    """Carte et Plouc: « pioche », « carte »; names elided before a vowel (« d'Alice »)."""
    fr = "fr"
    assert render(msg("plouc.draw.draws", seat=1, count=1), NAMES, fr) == "Bob pioche 1 carte"
    assert render(msg("plouc.draw.draws", seat=1, count=3), NAMES, fr) == "Bob pioche 3 cartes"
    assert render(msg("move.not_your_turn", seat=1, turn_seat=0), NAMES, fr) == (
        "C'est au tour d'Alice, pas de Bob")
    assert render(msg("plouc.effect.suit_now", suit="D"), None, fr) == (
        "la couleur est maintenant carreau")
    assert render(msg("plouc.outcome.in_play", count=2, leader_seats=[0, 2]), NAMES, fr) == (
        "En cours : le moins de cartes (2) est chez Alice et Chloé")


def test_plural_and_lists_agree_in_both_languages() -> None:
    """French counts 0 and 1 as singular; English only 1; lists of seats agree with verbs."""
    said = msg("croconounours.end.side_wins", side_seats=[0, 2])
    assert render(said, NAMES, "en") == "Alice and Chloé win"
    assert render(said, NAMES, "fr") == "Alice et Chloé gagnent"
    alone = msg("croconounours.end.side_wins", side_seats=[1])
    assert render(alone, NAMES, "en") == "Bob wins"
    assert render(alone, NAMES, "fr") == "Bob gagne"
    none = msg("croconounours.draw.drawn", seat=0, count=0)
    assert render(none, NAMES, "en") == "Alice draws 0 cards"
    assert render(none, NAMES, "fr") == "Alice pioche 0 carte"


def test_warriors_are_their_owners_coloured_warriors() -> None:
    """CrocoNounours: « le Warrior rouge d'Alice », never "0-red"."""
    said = msg("croconounours.attack.attacks", warrior="0-red", target="1-green", card="9D",
               intent="wound")
    assert render(said, NAMES, "en") == "Alice's red warrior attacks Bob's green warrior with " \
        "9♦ to wound it"
    assert render(said, NAMES, "fr") == "Le Warrior rouge d'Alice attaque le Warrior vert de " \
        "Bob avec 9♦ pour le blesser"


def test_nobody_for_no_seat() -> None:
    said = msg("plouc.phase.over", winner_seat=None)
    assert render(said, NAMES, "en") == "The game is over: nobody won"
    assert render(said, NAMES, "fr") == "La partie est finie : personne a gagné"


def test_the_reader_language_is_given_by_the_edge_defaulting_to_english() -> None:
    """This layer holds no reader's language: the edges give theirs (a tag comes down to a
    spoken locale); without one, English."""
    said = msg("plouc.effect.plays_again", seat=0)
    assert render(said, NAMES) == "Alice plays again"
    assert render(said, NAMES, "fr-FR") == "Alice rejoue"
    assert render(said, NAMES, "en") == "Alice plays again"
    assert not hasattr(messages, "reading_in") and not hasattr(messages, "current_locale")


@pytest.mark.parametrize(("tag", "locale"), [("fr", "fr"), ("fr-CA", "fr"),
                                              ("fr_FR.UTF-8", "fr"), ("en-GB", "en"),
                                              ("de", "en"), ("", "en"), (None, "en")])
def test_language_tags_come_down_to_a_spoken_locale(tag: str | None, locale: str) -> None:
    assert locale_of(tag) == locale


def test_cards_read_as_the_table_writes_them() -> None:
    """Ranks in the reader's language (French: valet, dame, roi -> V, D, R), suits as signs."""
    said = msg("plouc.play.lays", seat=0, cards=["QH", "10S", "JC"])
    assert render(said, NAMES, "en") == "Alice lays Q♥ 10♠ J♣"
    assert render(said, NAMES, "fr") == "Alice pose D♥ 10♠ V♣"
    joker = msg("croconounours.defence.parried", warrior="0-green", cards=["JK"])
    assert render(joker, NAMES, "fr") == "Le Warrior vert d'Alice pare avec Joker"


def every_option() -> list[tuple[str, str]]:
    from referee import engines  # noqa: F401  (importing them fills the registry)
    from referee.engines import REGISTRY

    return [(game, option) for game, engine in sorted(REGISTRY.items())
            for option in engine.options_schema().fields]


@pytest.mark.parametrize(("game", "option"), every_option())
def test_every_option_has_a_name_and_a_description_in_french(game: str, option: str) -> None:
    """Requirement: "game and option names (in the rule texts' own French words)"."""
    for locale in LOCALES:
        assert catalogue(locale)[f"game.{game}.{option}.label"]
        assert catalogue(locale)[f"game.{game}.{option}.description"]
    assert option_label(game, option, "fr") == catalogue("fr")[f"game.{game}.{option}.label"]
    assert option_description(game, option, "fr", default="the engine's") != "the engine's"


@pytest.mark.parametrize(("game", "option"), every_option())
def test_no_option_is_described_with_codes(game: str, option: str) -> None:
    """An option's description names its choices as the form shows them (« ten points per
    pass »), never by their codes ('per_pass', next_player), in either language."""
    from referee import engines  # noqa: F401
    from referee.engines import REGISTRY

    engine_words = REGISTRY[game].options_schema().fields[option].metadata.get("description", "")
    for locale in LOCALES:
        text = option_description(game, option, locale, default=engine_words)
        assert not CODE.search(text) and "'" + option not in text, (locale, text)


def test_games_are_named_in_the_rule_texts_words() -> None:
    from referee import engines  # noqa: F401
    from referee.engines import REGISTRY

    assert game_title("citroncoco", "fr") == "Le Citron Coco en individuel"
    assert game_title("plouc", "fr") == "Le Carte et Plouc de Charlotte"
    assert game_title("citroncoco", "en") == "CitronCoco (each for themself)"
    for game in REGISTRY:
        assert game_title(game, "fr") != game and game_title(game, "en") != game
    assert game_title("citroncoco-teams", "fr") == "Le Citron Coco en équipes"
    assert option_label("plouc", "zouzou", "fr") == "La Zouzou"
    assert unit_label("coconuts", "fr") == "noix de coco"
    assert game_title("citroncoco-teams") == game_title("citroncoco-teams", "en")


def test_a_stored_outcome_reads_again_from_its_data() -> None:
    """A match summary keeps its standings as data: the outcome is worded at read time, with
    the names; a summary with no data keeps its stored sentence."""
    totals = {"result": {"winners": [1], "termination": "plouc.outcome.plouc",
                         "figures": {"seat": 1}}}
    assert outcome_text(totals, NAMES, "seat 1 wins: plouc!", "fr") == "Bob gagne : plouc !"
    running = {"result": None, "outcome_data": {"message_id": "plouc.outcome.in_play",
                                                "params": {"count": 1, "leader_seats": [2]}}}
    assert outcome_text(running, NAMES, "", "en") == "In play: fewest cards (1) held by Chloé"
    assert outcome_text({"result": None}, NAMES, "as stored", "fr") == "as stored"


@pytest.mark.parametrize(("value", "english", "french"), [
    ("Q", "square of queens", "carré de dames"), ("A", "square of aces", "carré d'as"),
    ("7", "square of 7s", "carré de 7")])
def test_a_square_names_its_rank_in_words(value: str, english: str, french: str) -> None:
    """« La règle du carré » (PL-SQ-1): the rank of the four cards, in the reader's words."""
    said = msg("plouc.effect.square", value=value, then=NESTED)
    assert render(said, NAMES, "en") == f"{english}: Chloé plays again"
    assert render(said, NAMES, "fr") == f"{french} : Chloé rejoue"


def every_choice() -> list[tuple[str, str, str]]:
    from marshmallow import validate

    from referee import engines  # noqa: F401
    from referee.engines import REGISTRY

    return [(game, option, str(value)) for game, engine in sorted(REGISTRY.items())
            for option, field in engine.options_schema().fields.items()
            for check in field.validators if isinstance(check, validate.OneOf)
            for value in check.choices]


@pytest.mark.parametrize(("game", "option", "value"), every_choice())
def test_every_choice_of_an_option_is_said_in_both_languages(game: str, option: str,
                                                             value: str) -> None:
    english, french = (choice_label(game, option, value, loc) for loc in ("en", "fr"))
    assert english != value and french != value and english != french


def test_neurotrio_speaks_of_the_domain_in_its_rule_texts_words() -> None:
    """Neurotrio: « domaine », « enchère », « carton de base », the attributes in words."""
    fails = msg("neurotrio.place.incompatible", card="coeur-noir-2", row=0, col=1,
                other="rose-vert-1", other_row=0, other_col=0,
                shares=msg("neurotrio.shares.only", attribute="colour").as_dict())
    assert render(fails, NAMES, "fr") == (
        "cœur noir 2 en (0, 1) n'est accolée qu'à rose vert 1 en (0, 0), qui n'a en commun "
        "que la couleur de fond ; deux cartes compatibles ont au moins deux attributs en commun")
    bid = msg("neurotrio.bid.token_used", seat=2, token="colour")
    assert render(bid, NAMES, "fr") == "Chloé a déjà utilisé son carton « couleur de fond »"
    assert render(bid, NAMES, "en") == "Chloé has already used their background colour token"
    scores = msg("neurotrio.place.scores", seat=0, card="etoile-bleu-3", row=1, col=1,
                 compatible=2, count=2, points=1)
    assert render(scores, NAMES, "en").endswith("+1 victory point")
    assert render(scores, NAMES, "fr").endswith("+1 point de victoire")


def move_types() -> list[str]:
    from referee import engines  # noqa: F401  (importing them fills the registry)
    from referee.engines import REGISTRY
    from referee.service.replay import CHALLENGE, CORRECT, RULING, VOID

    return sorted({t for engine in REGISTRY.values() for t in engine.event_types}
                  | {VOID, CHALLENGE, RULING, CORRECT, "round"})


@pytest.mark.parametrize("move_type", move_types())
def test_a_move_named_in_a_sentence_is_the_games_word(move_type: str) -> None:
    """A move quoted in a sentence reads as the pads name it (« jeu rapide », "quick play"),
    never as its code (``quick_play``, « discard »)."""
    for locale in LOCALES:
        text = render(msg("move.host_only", type=move_type), NAMES, locale)
        assert not CODE.search(text), text
        if locale == "fr":
            assert messages.words("fr")["type"][move_type] in text, text
    assert render(msg("move.host_only", type="quick_play"), None, "fr") == (
        "Seul l'hôte enregistre le coup « jeu rapide »")
    assert render(msg("platform.correct.corrected", corrected=4, type="draw",
                      to_type="discard", instead="Alice défausse."), None, "fr") == (
        "Coup n° 4 (« pioche ») corrigé en « défausse ». À sa place : Alice défausse. Tous "
        "les coups suivants sont jugés à nouveau.")
    assert render(msg("move.host_only", type="quick_play"), NAMES, "en") == (
        "Only the host logs a 'quick play'")


def test_citroncoco_powers_are_named_as_the_french_rule_text_names_them() -> None:
    """The French rule text names the powers « 7 (Seadog) », « 9 (Witch) »…, and the 11 also
    « ravitaillement »: a French sentence uses those names."""
    said = msg("citroncoco.power.may_use", seat=0, value=7, power="Seadog")
    assert render(said, NAMES, "fr") == "Alice peut utiliser le pouvoir du 7 (Seadog)"
    assert render(said, NAMES, "en") == "Alice may use the 7's power (Seadog)"
    supply = msg("citroncoco.power.given_up", seat=1, value=11, power="Supply")
    assert render(supply, NAMES, "fr") == "Bob renonce au pouvoir du 11 (ravitaillement)."


# the impersonal turns French needs (« il y a », « il reste »): no player is meant
IMPERSONAL = re.compile(r"\b[Ii]l (y a|n'y a|ne reste|reste|en reste|est interdit|"
                        r"est impossible|faut)\b")
PRONOUN = re.compile(r"\b([Ii]ls?|[Ee]lles?|lui-même|elle-même|celui qui|celle qui)\b|\bs'il\b|"
                     r"\bqu'(il|elle)\b")


@pytest.mark.parametrize("message_id", every_message())
def test_no_french_sentence_assumes_a_players_gender(message_id: str) -> None:
    """Players have no recorded gender: a French sentence names the player again or turns
    the sentence impersonally, never « il » or « elle » (nor « celui qui »)."""
    text = IMPERSONAL.sub("", catalogue("fr")[message_id])
    assert not PRONOUN.search(text), text
