"""The Hint's words about the rule of thumb: it says the rule, not only the rule's card; a card
with points is the cheapest, never the emptiest; the cards are "played", not "put"."""

from __future__ import annotations

import random
import re

import pytest

from kozel_tutor.ai.advice import _reasons
from kozel_tutor.ai.base import CandidateStats, Decision
from kozel_tutor.ai.heuristic import rule_decision
from kozel_tutor.ai.reasons import AI_MESSAGES, reason, rule_words
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, Phase

PRESETS = ["standard", "classic", "nizhny", "kozly24"]
WORDLESS = {"ai_only_card"}
"""A reason of the rule player that is no rule of thumb."""


def rule_decisions(name: str, deals: int) -> list[tuple[Card, str, str, str]]:
    """Every card the rule player (medium) chooses in ``deals`` deals of preset ``name``: the
    card, its reason's key and its words in English and Russian."""
    rules = find_rules(name)
    out = []
    for deal_no in range(deals):
        state = DealState.deal(rules, dealer=Seat(deal_no % 4), rng=random.Random(500 + deal_no))
        while not state.is_over:
            view = state.view(state.to_move)
            if state.phase is Phase.CALL:
                state.call_trump(call_trump(view.hand, rules).suit)
                continue
            decision = rule_decision(view)
            assert decision.reason is not None
            out.append((decision.card, decision.reason.key, decision.reason.text("en"),
                        decision.reason.text("ru")))
            state.play(decision.card)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_every_rule_the_hint_may_quote_has_words_in_both_languages(name: str) -> None:
    seen = set()
    for card, key, _, _ in rule_decisions(name, 12):
        said = rule_words(reason(key.removeprefix("ai_"), card=card))
        if key in WORDLESS:
            assert said is None
            continue
        assert said is not None, key
        for lang in ("en", "ru"):
            words = said.in_lang(lang)
            assert words and words[0].islower() and "{" not in words, (key, words)
            assert card.name_in(lang) not in words, "the rule names no card of its own"
        seen.add(key)
    assert len(seen) >= 8, seen


def test_the_rule_words_cover_every_reason_the_rule_player_has() -> None:
    """Not only the reasons these deals happened to give: every rule key of the message table
    (the search's, the hint's and the trump call's own words aside)."""
    not_rules = {"ai_only_card", "ai_careless", "ai_fallback", "ai_call_trump"}
    for key in AI_MESSAGES:
        if key in not_rules or key.startswith(("ai_best_expected", "ai_advice_")):
            continue
        assert rule_words(reason(key.removeprefix("ai_"), card=Card.parse("6S"))) is not None, key


@pytest.mark.parametrize(("clearly", "lang", "expected"), [
    (True, "en", "The simple rule — with no sure winner, lead a cheap card and keep your points "
                 "— says the six of spades, but here the jack of hearts is better."),
    (False, "en", "The simple rule — with no sure winner, lead a cheap card and keep your "
                  "points — says the six of spades; tried the same way, the jack of hearts does "
                  "at least as well."),
    (True, "ru", "Простое правило — без верной взятки ходите с дешёвой карты и берегите очки — "
                 "указывает на шестёрку пик, но здесь лучше валет червей."),
    (False, "ru", "Простое правило — без верной взятки ходите с дешёвой карты и берегите очки — "
                  "указывает на шестёрку пик; в этих раскладах валет червей не хуже."),
])
def test_the_hint_states_the_rule_it_quotes(clearly: bool, lang: str, expected: str) -> None:
    # the learner's report: "A rule of thumb says the six of spades" named the card, not the rule
    six, jack = Card.parse("6S"), Card.parse("JH")
    rule = Decision(six, reason("lead_low", card=six))
    if clearly:     # better in every layout
        stats = (CandidateStats(jack, 2.0, 66.0, 2, ((2.0, 66.0),) * 2),
                 CandidateStats(six, -2.0, 50.0, 2, ((-2.0, 50.0),) * 2))
    else:           # the same in every layout
        same = ((2.0, 66.0), (-2.0, 50.0))
        stats = (CandidateStats(jack, 0.0, 58.0, 2, same), CandidateStats(six, 0.0, 58.0, 2, same))
    assert _reasons(rule, Decision(jack, None, stats))[-1].text(lang) == expected


def test_a_rule_without_words_is_quoted_by_its_card() -> None:
    six, jack = Card.parse("6S"), Card.parse("JH")
    rule = Decision(six, reason("careless", card=six))
    best = Decision(jack, None, (CandidateStats(jack, 2.0, 66.0, 2, ((2.0, 66.0),) * 2),
                                 CandidateStats(six, -2.0, 50.0, 2, ((-2.0, 50.0),) * 2)))
    assert _reasons(rule, best)[-1].text("en") == (
        "A rule of thumb says the six of spades, but here the jack of hearts is better.")


@pytest.mark.parametrize("name", PRESETS)
def test_a_card_with_points_is_the_cheapest_and_only_a_card_without_is_the_emptiest(
        name: str) -> None:
    said_cheapest = 0
    for card, key, en, ru in rule_decisions(name, 12):
        if "emptiest" in en or re.search(r"\bпуст(ая|ую|ой)\b", ru):
            assert card.points == 0, (card, en, ru)
        if key in ("ai_give_cheapest", "ai_cannot_beat_cheapest", "ai_partner_winning_cheapest",
                   "ai_partner_may_lose_cheapest", "ai_cheapest_beats"):
            assert card.points > 0 and "cheapest" in en and "дешёв" in ru, (card, en, ru)
            said_cheapest += 1
    assert said_cheapest, "some deal gives away a card with points as the cheapest"


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The opponents take this trick: give them your cheapest card, the king of diamonds."),
    ("ru", "Эту взятку берут соперники: отдайте им самую дешёвую карту — короля бубен."),
])
def test_the_king_of_diamonds_is_not_called_empty(lang: str, expected: str) -> None:
    assert reason("give_emptiest", card=Card.parse("KD")).text(lang) == expected


def test_an_opponents_queen_of_clubs_is_played_not_put() -> None:
    text = reason("catch_queen", card=Card.parse("6C"), penalty=4).text("en")
    assert text.startswith("An opponent played the queen of clubs to this trick:")
    assert " put " not in " ".join(words["en"] for words in AI_MESSAGES.values())
