"""The player interface shared by the app, the arena and the tutor.

A player sees only a :class:`~kozel_tutor.state.SeatView` (its own hand and the open table) and
returns a :class:`Decision`: the card and why it chose it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ..cards import Card, Suit
from ..i18n import Message
from ..state import SeatView

__all__ = ["CandidateStats", "Decision", "Player", "Progress", "TrumpDecision"]

Progress = Callable[[float], None]
"""Called with the fraction done (0..1) while a slow player thinks."""


@dataclass(frozen=True)
class CandidateStats:
    """How a sampling player rated one card: mean deal score and points over its samples.

    ``outcomes`` holds the (deal score, points) of every sample, in the order the samples were
    drawn, the same for every card of one decision (so two cards can be compared layout by
    layout); empty when the player did not keep them."""

    card: Card
    mean_score: float
    mean_points: float
    samples: int
    outcomes: tuple[tuple[float, float], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Decision:
    """A chosen card with its explanation: a named rule (``reason``) and/or per-card statistics."""

    card: Card
    reason: Message | None = None
    candidates: tuple[CandidateStats, ...] = field(default=())


@dataclass(frozen=True)
class TrumpDecision:
    suit: Suit
    reason: Message | None = None


class Player(Protocol):
    """Anything that can sit at the table."""

    name: str

    def choose(self, view: SeatView, progress: Progress | None = None) -> Decision:
        """Pick a legal card for ``view.seat`` (``view.legal`` is non-empty)."""

    def call_trump(self, view: SeatView) -> TrumpDecision:
        """Name the trump suit from the seat's hand (``called`` rule)."""
