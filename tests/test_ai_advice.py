"""The hint's tutor (``kozel_tutor.ai.advice``): a legal card or a trump suit, from what the
learner sees, with the reasons in both languages."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.ai.advice import Advice, Adviser, _reasons
from kozel_tutor.ai.base import CandidateStats, Decision
from kozel_tutor.ai.reasons import reason
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, Phase


def _learner_to_play(seed: int, cards_before: int = 0) -> DealState:
    """A standard deal (clubs trump), played by first legal cards until S is to play and at
    least ``cards_before`` cards are down."""
    deal = DealState.deal(find_rules("standard"), dealer=Seat.E, rng=random.Random(seed))
    while deal.to_move != Seat.S or len(deal.history) < cards_before:
        deal.play(sorted(deal.legal_plays())[0])
    return deal


@pytest.mark.parametrize("seed", range(4))
def test_the_hint_is_a_legal_card_said_first_in_both_languages(seed: int) -> None:
    deal = _learner_to_play(seed, cards_before=4 * seed)
    advice = Adviser(random.Random(seed)).advise(deal.view(Seat.S))
    assert advice.card in deal.legal_plays() and advice.suit is None
    assert advice.text("en").startswith(f"Hint: the {advice.card.name_in('en')}. ")
    assert advice.text("ru").startswith(f"Подсказка: {advice.card.name_in('ru')}. ")
    assert advice.reasons, "a hint always says why"
    if len(deal.legal_plays()) > 1:
        assert any(r.key == "ai_advice_search" for r in advice.reasons), "the search's numbers"


def test_the_hint_reports_progress_while_it_searches() -> None:
    deal = _learner_to_play(1)
    seen: list[float] = []
    Adviser(random.Random(1)).advise(deal.view(Seat.S), seen.append)
    assert seen and seen[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in seen)


def test_a_forced_card_is_advised_without_a_search() -> None:
    for seed in range(40):
        deal = _learner_to_play(seed, cards_before=32)
        if len(deal.legal_plays()) == 1:
            break
    else:
        pytest.fail("no deal with a single legal card for S in its last trick")
    advice = Adviser(random.Random(0)).advise(deal.view(Seat.S))
    (only,) = deal.legal_plays()
    assert advice.card == only
    assert advice.reasons == (reason("only_card", card=only),)


def test_the_learner_who_calls_trumps_is_told_a_suit_and_why() -> None:
    rules = find_rules("standard", trump="called")
    for seed in range(20):
        deal = DealState.deal(rules, dealer=Seat.E, rng=random.Random(seed))
        if deal.phase is Phase.CALL and deal.to_move == Seat.S:
            break
    else:
        pytest.fail("S never had to call")
    advice = Adviser(random.Random(0)).advise(deal.view(Seat.S))
    expected = call_trump(deal.hand(Seat.S), rules)
    assert advice.card is None and advice.suit == expected.suit
    assert advice.text("en").startswith(f"Hint: make {expected.suit.name_in('en')} trumps.")
    assert advice.text("ru").startswith("Подсказка: козыри — ")


def test_without_a_solved_layout_the_players_own_words_stand() -> None:
    ace = Card.parse("AH")
    fallback = Decision(ace, reason("fallback", card=ace))
    assert _reasons(Decision(ace, None), fallback) == (fallback.reason,)


def test_when_the_rule_of_thumb_agrees_its_words_come_first() -> None:
    ace = Card.parse("AH")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(ace, reason("best_expected", samples=24, card=ace, score="+1.00",
                                points="70.0"), (CandidateStats(ace, 1.0, 70.4, 24),))
    reasons = _reasons(rule, best)
    assert reasons[0] == rule.reason and len(reasons) == 2
    assert reasons[1].text("en") == ("In 24 possible layouts of the hidden cards it brings 70 "
                                     "points and +1.0 a deal on average.")
    assert reasons[1].text("ru") == ("Разыграно раскладов скрытых карт: 24. В среднем эта карта "
                                     "приносит очков: 70, за раздачу: +1,0.")   # a decimal comma


def test_when_the_rule_of_thumb_disagrees_the_hint_says_so() -> None:
    ace, seven = Card.parse("AH"), Card.parse("7C")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(seven, reason("best_expected", samples=24, card=seven, score="+1.00",
                                  points="70.0"),
                    (CandidateStats(seven, 1.0, 70.0, 24), CandidateStats(ace, 0.5, 66.0, 24)))
    reasons = _reasons(rule, best)
    assert reasons[0].key == "ai_advice_search" and len(reasons) == 2
    assert reasons[1].text("en") == ("A rule of thumb says the ace of hearts, but here the "
                                     "seven of clubs is better.")
    assert "туз червей" in reasons[1].text("ru") and "семёрка треф" in reasons[1].text("ru")


def test_an_advice_names_a_card_or_a_suit() -> None:
    with pytest.raises(ValueError):
        Advice().text("en")
    assert Advice(suit=Suit.HEARTS).text("en") == "Hint: make hearts trumps."
