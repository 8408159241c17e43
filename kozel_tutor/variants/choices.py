"""Answering the procedure questions: the AI (:class:`HeuristicChooser`) and a random baseline.

The AI's choices rest on :mod:`.evaluation`:

* **boast** – before the deal nothing is known, so it *simulates*: for each boast it runs the
  procedure on a few random stocks (answering its own lay questions) and estimates the side's
  final card points from the trick(s) made and the strength of the resulting hands; it asks for
  the boast with the best estimate if that beats a normal deal.
* **lay** (pants) – the boaster leads the card most likely to take the blind trick, weighed by
  the points at stake; a follower lays the card worth least to keep.
* **redeal** – demand one when the hand is clearly below an average hand; but the redeal the
  rules refuse (the third in a row: the dealing side loses) only when the dealer is an opponent.
* **last trump** – give it unless it is one of the three highest trumps (a lone low trump is
  soon drawn out; in the partner's hand it lengthens their trumps).  The partner gives back the
  card worth least to them.
* **leader** – the partner with the stronger hand leads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card, CardSet
from ..rules import CardOrder, Rules
from ..seats import Seat
from .boasts import run_boast
from .evaluation import average_strength, card_worth, hand_strength, side_share
from .questions import (
    BoastQuestion,
    GiveBackQuestion,
    GiveTrumpQuestion,
    LayQuestion,
    LeaderQuestion,
    Question,
    RedealQuestion,
    drive,
)

__all__ = ["HeuristicChooser", "RandomChooser"]


class RandomChooser:
    """Answers every question with a random option (the baseline, and for conformance tests)."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def __call__(self, question: Question) -> object:
        return self.rng.choice(question.options)


class HeuristicChooser:
    """The AI's answers; ``samples`` random stocks per boast when weighing boasts."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None, samples: int = 24,
                 redeal_ratio: float = 0.6) -> None:
        self.rng = rng or random.Random()
        self.samples = samples
        self.redeal_ratio = redeal_ratio

    def __call__(self, question: Question) -> object:
        rules = question.rules
        if rules is None:
            return question.options[0]
        order = rules.card_order()
        if isinstance(question, BoastQuestion):
            return self.boast(question, rules)
        if isinstance(question, LayQuestion):
            return self.lay(question, order)
        if isinstance(question, RedealQuestion):
            if question.refused_dealer is not None:
                # the refused redeal loses the deal for the dealing side: never claim it
                # against one's own side, always against the other
                return question.seat.team != question.refused_dealer.team
            limit = average_strength(rules) * self.redeal_ratio
            if question.reason == "no_queen":
                limit = average_strength(rules)
            return hand_strength(order, question.hand) < limit
        if isinstance(question, GiveTrumpQuestion):
            return order.trumps.index(question.trump) >= 3
        if isinstance(question, GiveBackQuestion):
            return _least_worth(order, question.options, question.hand)
        if isinstance(question, LeaderQuestion):
            hands = dict(question.hands)
            return max(question.options, key=lambda s: (hand_strength(order, hands[s]), -s))
        return question.options[0]

    # -- boasts -----------------------------------------------------------------------------

    def boast(self, question: BoastQuestion, rules: Rules) -> object:
        """The option with the best simulated share of the card points for our side; a boast
        must beat a normal deal by a point to be chosen."""
        estimates = self.boast_estimates(question, rules)
        best: object = None
        best_value = estimates[None]
        for option, value in estimates.items():
            if option is not None and value > best_value + 1.0:
                best, best_value = option, value
        return best

    def boast_estimates(self, question: BoastQuestion, rules: Rules) -> dict[object, float]:
        """Expected final card points of the asking side for a normal deal (``None``) and for
        each boast (which partner boasts does not change the odds, so each boast is weighed
        once, for the first partner offered)."""
        team = question.seat.team
        order = rules.card_order()
        # A normal deal favours neither side: half the points.
        estimates: dict[object, float] = {None: 60.0}
        tried: set[str] = set()
        for option in question.options:
            if option is None or option[1] in tried:
                continue
            tried.add(option[1])
            estimates[option] = self._expected(rules, order, option, team)
        return estimates

    def _expected(self, rules: Rules, order: CardOrder, option: tuple[Seat, str],
                  team: int) -> float:
        rng = random.Random(self.rng.random())
        deck = list(rules.deck_cards)
        seat, name = option
        total = 0.0
        for _ in range(self.samples):
            stock = deck[:]
            rng.shuffle(stock)
            outcome = drive(run_boast(name, rules, seat, stock, rng), self._lay_answer)
            taken = (outcome.taken_points[team], outcome.taken_points[1 - team])
            ours = [outcome.hands[s] for s in Seat if s.team == team]
            theirs = [outcome.hands[s] for s in Seat if s.team != team]
            total += side_share(order, ours, theirs, taken)
        return total / self.samples

    def _lay_answer(self, question: Question) -> object:
        assert isinstance(question, LayQuestion) and question.rules is not None
        return self.lay(question, question.rules.card_order())

    # -- laying a card during pants ---------------------------------------------------------

    def lay(self, question: LayQuestion, order: CardOrder) -> Card:
        options: Sequence[Card] = question.options
        if question.leads:
            return max(options, key=lambda c: (_lead_value(order, c, question.hand), -c.index))
        return _least_worth(order, options, question.hand)


def _lead_value(order: CardOrder, card: Card, hand: CardSet) -> float:
    """Expected gain of leading ``card`` blind: three cards of about 4 points each are at stake
    if it wins, its own points go to the opponents half the time if it loses."""
    above = [c for c in order.suit_cards(order.suit_of[card.index])
             if order.strength[c.index] > order.strength[card.index] and c not in hand]
    win = 0.7 ** len(above)
    return win * (12 + card.points) - (1 - win) * 0.5 * card.points


def _least_worth(order: CardOrder, options: Sequence[Card], hand: CardSet) -> Card:
    def worth(card: Card) -> tuple[float, int, int]:
        return card_worth(order, card, hand | CardSet([card])), card.points, card.index

    return min(options, key=worth)
