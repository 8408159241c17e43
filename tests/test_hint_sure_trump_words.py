"""The Hint never says "no sure winner" («Верных взяток нет») to a learner who holds the highest
trump still out: that trump takes a trick whenever it is played, whoever holds the others.

QA saw it on the first lead of a deal, the learner holding the Q♣: the rule player (medium, the
hint's rule of thumb) keeps that trump and leads a cheap card, and now says why in words that
are true.  A hand of nothing but trumps leads the highest: a sure trick, said so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from kozel_tutor.ai.advice import Adviser, _reasons
from kozel_tutor.ai.base import CandidateStats, Decision
from kozel_tutor.ai.heuristic import rule_decision
from kozel_tutor.ai.knowledge import TableFacts
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, CardSet
from kozel_tutor.rules import find_rules, legal_mask
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, Phase

NO_SURE_WINNER = ("No sure winner", "no sure winner", "Верных взяток нет", "без верной взятки")
"""The words that say the hand has no sure trick (the lead-low reasons and their rule)."""

# E deals, S (the learner) leads the first trick with the Q♣, the 8♣ and the J♦ as trumps
FIRST_LEAD = {"N": "6C JC AC 6S TH QH 8D TD QD", "E": "7C 9C TC KC 8H 9H AH KD AD",
              "S": "8C QC 7S 8S KS 6H KH 9D JD", "W": "9S TS JS QS AS 7H JH 6D 7D"}
KEEP_TOP = {
    "en": "You hold the highest trump still out, which takes a trick whenever you play it, so "
          "there is no hurry: lead the cheap six of hearts and keep your points.",
    "ru": "У вас старший из оставшихся козырей, и когда бы им ни сыграли, взятка будет "
          "ваша, так что спешить некуда: зайдите с шестёрки червей — это дешёвая карта — и "
          "берегите очки."}
KEEP_TOP_RULE = {"en": "keep the highest trump for later and lead a cheap card",
                 "ru": "старший козырь приберегите на потом, а ходите с дешёвой карты"}

# six tricks later (all four queens gone) S leads from 7♣ 8♣ J♣, nothing but trumps
ALL_TRUMPS = {"N": "QS 6H 9H QH KH AH 6D JD KD", "E": "6C 9C QC KC 6S TS JS AS 7D",
              "S": "7C 8C JC 7S 8S JH 9D TD QD", "W": "TC AC 9S KS 7H 8H TH 8D AD"}
ALL_TRUMPS_PLAYS = ["7S", "9S", "QH", "6S", "AH", "KC", "QD", "7H", "8S", "KS", "QS", "TS",
                    "6D", "7D", "9D", "AD", "8D", "KD", "QC", "TD", "AS", "JH", "8H", "KH"]
TOP_TRUMP = {"en": "You hold only trumps, and the jack of clubs is the highest one still out: "
                   "lead it and it surely takes the trick.",
             "ru": "У вас одни козыри, а валет треф — старший из оставшихся козырей: зайдите с "
                   "валета треф, и взятка ваша наверняка."}

PRESETS = [("standard", {}), ("standard", {"trump": "called"}), ("standard", {"deck": 32}),
           ("nizhny", {}), ("kozly24", {}), ("classic", {})]


def deal(hands: dict[str, str], plays: Sequence[str] = (), dealer: Seat = Seat.E) -> DealState:
    state = DealState(find_rules("standard"), [CardSet.parse(hands[s.name]) for s in Seat],
                      dealer=dealer)
    for token in plays:
        state.play(Card.parse(token))
    return state


def says_no_sure_winner(text: str) -> bool:
    return any(words in text for words in NO_SURE_WINNER)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_holding_the_top_trump_the_rule_keeps_it_and_says_it_can_wait(lang: str) -> None:
    view = deal(FIRST_LEAD).view(Seat.S)
    assert TableFacts(view).top_trump == Card.parse("QC") and not view.trick
    for memory in (True, False):    # medium, and easy (which forgets nothing yet)
        decision = rule_decision(view, memory)
        assert decision.card == Card.parse("6H"), "the card is the same as before"
        assert decision.reason is not None and decision.reason.key == "ai_lead_low_keep_top"
        assert decision.reason.text(lang) == KEEP_TOP[lang]


def test_the_tables_hint_says_no_untruth_about_sure_tricks_in_either_language() -> None:
    view = deal(FIRST_LEAD).view(Seat.S)
    advice = Adviser(random.Random(1)).advise(view)     # what the table's Hint button asks
    assert advice.card in view.legal
    for lang in ("en", "ru"):
        text = advice.text(lang)
        assert not says_no_sure_winner(text), text
        assert KEEP_TOP[lang] in text or f"— {KEEP_TOP_RULE[lang]} —" in text, text


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The simple rule — keep the highest trump for later and lead a cheap card — says "
           "the six of hearts, but here the eight of clubs is better."),
    ("ru", "Простое правило — старший козырь приберегите на потом, а ходите с дешёвой карты — "
           "указывает на шестёрку червей, но здесь лучше восьмёрка треф."),
])
def test_when_the_search_differs_the_hint_quotes_the_rule_that_keeps_the_top_trump(
        lang: str, expected: str) -> None:
    rule = rule_decision(deal(FIRST_LEAD).view(Seat.S))
    eight, six = Card.parse("8C"), Card.parse("6H")
    best = Decision(eight, None, (CandidateStats(eight, 2.0, 66.0, 2, ((2.0, 66.0),) * 2),
                                  CandidateStats(six, -2.0, 50.0, 2, ((-2.0, 50.0),) * 2)))
    assert _reasons(rule, best)[-1].text(lang) == expected


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hand_of_only_trumps_leads_the_highest_and_calls_it_a_sure_trick(lang: str) -> None:
    state = deal(ALL_TRUMPS, ALL_TRUMPS_PLAYS)
    view = state.view(Seat.S)
    assert state.to_move is Seat.S and view.hand == CardSet.parse("7C 8C JC")
    facts = TableFacts(view)
    assert any(facts.may_hold(o, facts.suit_of(Card.parse("7C"))) for o in facts.opponents)
    decision = rule_decision(view)
    assert decision.card == Card.parse("JC")
    assert decision.reason is not None and decision.reason.text(lang) == TOP_TRUMP[lang]


def _beaten(state: DealState, card: Card) -> bool:
    """Whether a seat after the leader, on the real cards, can beat ``card`` led now."""
    order = state.order
    for seat in (state.to_move.offset(k) for k in (1, 2, 3)):
        legal = legal_mask(order, state.hands[seat], [card.index], state.led)
        if any(legal >> c & 1 and order.beats(Card(c), card) for c in range(36)):
            return True
    return False


@pytest.mark.parametrize(("name", "options"), PRESETS)
def test_a_lead_never_says_no_sure_winner_while_the_hand_holds_the_top_trump(
        name: str, options: dict[str, object]) -> None:
    rules = find_rules(name, **options)
    checked = 0
    for deal_no in range(30):
        state = DealState.deal(rules, dealer=Seat(deal_no % 4), rng=random.Random(300 + deal_no))
        while not state.is_over:
            view = state.view(state.to_move)
            if state.phase is Phase.CALL:
                state.call_trump(call_trump(view.hand, rules).suit)
                continue
            for memory in (True, False):
                decision = rule_decision(view, memory)
                assert decision.reason is not None
                top = TableFacts(view).top_trump     # what the seat can know
                if not view.trick and top is not None and top in view.hand:
                    for lang in ("en", "ru"):
                        assert not says_no_sure_winner(decision.reason.text(lang)), (
                            name, decision.card, decision.reason.text(lang))
                    checked += 1
                if decision.reason.key == "ai_lead_top_trump":
                    assert not _beaten(state, decision.card), "it surely takes the trick"
            state.play(rule_decision(view).card)
    assert checked > 20
