"""The baseline: a legal card at random.  The bottom rung of the arena's ladder."""

from __future__ import annotations

import random

from ..cards import Suit
from ..state import SeatView
from .base import Decision, Progress, TrumpDecision

__all__ = ["RandomPlayer"]


class RandomPlayer:
    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: SeatView, progress: Progress | None = None) -> Decision:
        return Decision(self.rng.choice(sorted(view.legal)))

    def call_trump(self, view: SeatView) -> TrumpDecision:
        return TrumpDecision(self.rng.choice(list(Suit)))
