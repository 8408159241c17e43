"""Helpers for the variant tests (no tests here): a stacked deck and scripted answers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kozel_tutor.cards import Card, CardSet
from kozel_tutor.rules import Rules
from kozel_tutor.seats import Seat
from kozel_tutor.variants.questions import Question


def deck_order(rules: Rules, dealer: Seat, hands: dict[Seat, str]) -> list[Card]:
    """The shuffled deck that makes ``DealState.deal`` give each seat exactly ``hands[seat]``."""
    remaining = {seat: CardSet.parse(text).sorted() for seat, text in hands.items()}
    assert sorted(c.index for h in remaining.values() for c in h) == sorted(
        c.index for c in rules.deck_cards), "the hands must hold the whole deck"
    order: list[Card] = []
    for packet in rules.packets:
        for step in range(1, 5):
            seat = dealer.offset(step)
            order += remaining[seat][:packet]
            remaining[seat] = remaining[seat][packet:]
    return order


class StackedDeck(random.Random):
    """A random generator whose shuffles lay out the given decks in turn (the last repeats)."""

    def __init__(self, decks: Sequence[Sequence[Card]], seed: int = 0) -> None:
        super().__init__(seed)
        self.decks = [list(d) for d in decks]

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        deck = self.decks.pop(0) if len(self.decks) > 1 else self.decks[0]
        assert sorted(c.index for c in deck) == sorted(c.index for c in x)
        x[:] = deck


def answers(table: dict[type, object], default: Callable[[Question], object] | None = None
            ) -> Callable[[Question], object]:
    """Answer each question type from ``table`` (an answer or a function of the question)."""
    def answer(question: Question) -> object:
        for kind, reply in table.items():
            if isinstance(question, kind):
                return reply(question) if callable(reply) else reply
        if default is not None:
            return default(question)
        raise AssertionError(f"unexpected question {question!r}")
    return answer
